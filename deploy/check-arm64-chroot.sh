#!/usr/bin/env bash
# Check the companion on a Raspberry Pi's own footing without a Pi: an arm64 Debian
# Bookworm root (debootstrap) run under qemu-user-static, the README's test command's
# install (`bash deploy/setup.sh test`, as on plain Debian on a Pi: the Pi is a
# fixture, so picamera2 is asked for and found missing), then a smoke subset:
# imports, `doctor`, `decode` of rendered photos, `app --demo` offscreen held 30 s,
# and the store and API tests. Not part of the test suite or CI: it needs root, the
# network and binfmt_misc. The install takes about an hour under emulation; the
# installed root is kept, and --reuse starts from it, so that only the smoke (and
# setup's update, quick when nothing changed) runs again.
#
#   sudo bash deploy/check-arm64-chroot.sh [--reuse] [--work DIR] [--minutes N]
#
#   --reuse       start from the installed root kept by an earlier run, if there is
#                 one: setup runs over it as an update (git pull, then setup, on a Pi)
#   --work DIR    where the roots and the log go (default /var/tmp/companion-arm64-check)
#   --minutes N   stop everything after N minutes (default 120): the commands inside
#                 the root are stopped and everything mounted in it is unmounted
#
# Everything runs as root inside the root: under qemu-user, sudo works only when
# binfmt registered qemu with its credential flag (C), which Debian's does not.
# The whole check runs at the lowest CPU priority (nice 19). Timings under
# emulation say nothing about a Pi.
set -euo pipefail
export LC_ALL=C

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work=/var/tmp/companion-arm64-check
minutes=120
reuse=""
mirror="${MIRROR:-http://deb.debian.org/debian}"
binfmt="${BINFMT_MISC:-/proc/sys/fs/binfmt_misc}/qemu-aarch64"
project=/root/exploration-companion
fixture=/root/pi-fixture
SENTENCE="the Raspberry Pi Camera Module needs Raspberry Pi OS (or Raspberry Pi's archive)"

# What it says goes to the screen (fd 3) even from inside a step, whose output is logged.
exec 3>&2
say() { printf 'check-arm64: %s\n' "$*" >&3; }
refuse() { say "$1"; exit 2; }
fail() { say "FAILED: $*"; exit 1; }

args=("$@")
while [ $# -gt 0 ]; do
    case "$1" in
        --reuse) reuse=1; shift ;;
        --work) [ -n "${2:-}" ] || refuse "--work needs a folder."
                [[ "$2" != *[[:space:]]* ]] || refuse "--work takes a folder with no spaces in its path."
                work="$2"; shift 2 ;;
        --minutes) [[ "${2:-}" =~ ^[1-9][0-9]{0,3}$ ]] \
                       || refuse "--minutes takes a whole number of minutes from 1 to 9999."
                   minutes="$2"; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
                   exit 0 ;;
        *) refuse "unknown option '$1'; see --help." ;;
    esac
done
case "$work" in /*) ;; *) work="$PWD/$work" ;; esac

grep -qsx enabled "$binfmt" \
    || fail "arm64 programs cannot run here: qemu-aarch64 is not registered with binfmt_misc" \
            "(apt-get install qemu-user-static binfmt-support; a container may not be allowed to)."
[ "$(id -u)" -eq 0 ] || fail "run this as root (it makes and enters a chroot)."
command -v debootstrap >/dev/null || fail "debootstrap is missing: apt-get install debootstrap."

# Bounded in time and kind to the machine: once, re-run under timeout and nice.
if [ -z "${COMPANION_ARM64_BOUNDED:-}" ]; then
    export COMPANION_ARM64_BOUNDED=1
    exec timeout --kill-after=60 "${minutes}m" nice -n 19 bash "${BASH_SOURCE[0]}" "${args[@]}"
fi

base="$work/bookworm-arm64-base"
kept="$work/installed"
root="$work/root"
log="$work/check.log"
pip_env=()
child=""        # the process group of the command running in a root now
seconds=0       # how long the last step took

# Stopping, by the time limit or a signal: bash runs a trap only once the foreground
# command ends, so every command inside a root runs in the background, in its own
# process group, and the script waits for it (`wait` gives way to a trap at once).
# Then that group, and anything else still running inside our roots, is stopped, and
# everything mounted under the root is unmounted, lazily if it is busy.
inside() {
    # The processes whose root directory is $1.
    local proc
    for proc in /proc/[0-9]*; do
        [ "$(readlink "$proc/root" 2>/dev/null)" != "$1" ] || printf '%s\n' "${proc#/proc/}"
    done
}
stop_group() {
    # $1: a process group: TERM, and KILL what is left after 10 s.
    local i
    kill -TERM -- "-$1" 2>/dev/null || return 0
    for ((i = 0; i < 20; i++)); do
        kill -0 -- "-$1" 2>/dev/null || return 0
        sleep 0.5
    done
    kill -KILL -- "-$1" 2>/dev/null || true
}
stop_inside() {
    # $1: a root: whatever still runs in it (an app started in the background, say).
    local pids signal
    for signal in TERM TERM KILL; do
        pids="$(inside "$1")"
        [ -n "$pids" ] || return 0
        # shellcheck disable=SC2086  # a list of pids
        kill -"$signal" $pids 2>/dev/null || true
        sleep 2
    done
}
mounts_under() {
    # What is mounted at $1 or below it, the last mounted first.
    awk -v r="$1" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/self/mounts | tac
}
unmount_all() {
    local target
    while IFS= read -r target; do
        umount "$target" 2>/dev/null || umount -l "$target" 2>/dev/null || true
    done < <(mounts_under "$1")
}
finish() {
    trap '' TERM INT
    [ -z "$child" ] || stop_group "$child"
    stop_inside "$root"
    stop_inside "$base"
    unmount_all "$root"
    local left
    left="$(mounts_under "$root")"
    # shellcheck disable=SC2086  # one mount point a word
    [ -z "$left" ] || say "still mounted, unmount by hand:" $left
}
trap finish EXIT
trap 'trap "" TERM INT; say "stopped (time limit or signal)"; exit 124' TERM INT

run_child() {
    # "$@" in the background in its own process group; its status.
    setsid "$@" &
    child=$!
    local status=0
    wait "$child" || status=$?
    child=""
    return "$status"
}
pause() { sleep "$1" & wait $!; }

root_cmd() {
    # Sets cmd to "$@" run as root inside the root, from the project folder.
    # shellcheck disable=SC2016  # expanded inside the root
    cmd=(chroot "$root" env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
         LC_ALL=C.UTF-8 "${pip_env[@]}" bash -c 'cd "$0" && exec "$@"' "$project" "$@")
}
in_project() { root_cmd "$@"; run_child "${cmd[@]}"; }

bind() {
    mkdir -p "$2"
    mount --bind "$1" "$2"
    [ "${3:-}" != ro ] || mount -o remount,bind,ro "$2"
}
step() {
    # $1: what; the rest: one command (set -e does not reach inside an `||`), run with
    # its output in the log and its time on the screen and in the log.
    local what="$1" start status=0
    shift
    start=$(date +%s)
    say "$what ..."
    printf '\n==== %s\n' "$what" >>"$log"
    "$@" >>"$log" 2>&1 || status=$?
    seconds=$(( $(date +%s) - start ))
    local outcome="done"
    [ "$status" -eq 0 ] || outcome=FAILED
    printf '==== %s: %s after %s s\n' "$what" "$outcome" "$seconds" >>"$log"
    [ "$status" -eq 0 ] || fail "$what, after $seconds s (see $log)"
    say "$what: done in $seconds s"
}
minutes_of() { printf '%d min %02d s' $(($1 / 60)) $(($1 % 60)); }

make_base() {
    [ ! -e "$base/.made" ] || return 0
    rm -rf --one-file-system "$base"
    debootstrap --arch=arm64 --foreign --variant=minbase --include=ca-certificates \
        bookworm "$base" "$mirror"
    # Without binfmt's F flag the emulator must be inside the root.
    cp /usr/bin/qemu-aarch64-static "$base/usr/bin/" 2>/dev/null || true
    run_child chroot "$base" /debootstrap/debootstrap --second-stage
    touch "$base/.made"
}

copy_root() {
    # A fresh root, copied from $1 (nothing may be mounted in the old one).
    if [ -e "$root" ]; then
        unmount_all "$root"
        [ -z "$(mounts_under "$root")" ] || fail "something is still mounted under $root."
        rm -rf --one-file-system "$root"
    fi
    cp -a "$1" "$root"
}

copy_project() {
    # The project as it is here, beside the root's own .venv (kept from an install).
    mkdir -p "$root$project" "$root$fixture/proc/device-tree"
    find "$root$project" -mindepth 1 -maxdepth 1 ! -name .venv -exec rm -rf {} +
    tar -C "$here" --exclude=./.venv --exclude=.git --exclude=__pycache__ \
        --exclude='.*_cache' -cf - . | tar -C "$root$project" -xf -
    # Plain Debian on a Raspberry Pi 4, as setup and doctor see it.
    printf 'Raspberry Pi 4 Model B Rev 1.5\0' >"$root$fixture/proc/device-tree/model"
}

mount_root() {
    mount -t proc proc "$root/proc"
    bind /dev "$root/dev"
    mount -t devpts devpts "$root/dev/pts" -o newinstance
    mount -t tmpfs tmpfs "$root/tmp"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    [ ! -f /etc/pip.conf ] || cp /etc/pip.conf "$root/etc/pip.conf"
    local line path
    pip_env=()
    while IFS= read -r line; do pip_env+=("$line"); done < <(env | grep -E '^PIP_[A-Z_]+=' || true)
    # Local wheel folders named by pip's configuration, read-only (pip takes what fits).
    while read -r path; do
        [ -d "$path" ] && [ ! -e "$root$path" ] && bind "$path" "$root$path" ro
    done < <({ cat /etc/pip.conf 2>/dev/null; printf '%s\n' "${pip_env[@]}"; } \
             | grep -oE '(file://)?/[A-Za-z0-9._/-]+' | sed 's|^file://||' | sort -u)
    root_cmd uname -m
    [ "$(run_child "${cmd[@]}")" = aarch64 ] || fail "the root does not run as aarch64"
}

keep_root() {
    # The installed root, kept for --reuse: copied while nothing is mounted in it.
    unmount_all "$root"
    rm -rf --one-file-system "$kept.new"
    cp -a "$root" "$kept.new"
    date -u '+installed %Y-%m-%d %H:%M UTC' >"$kept.new/.installed"
    rm -rf --one-file-system "$kept"
    mv "$kept.new" "$kept"
    mount_root
}

install() {
    # The README's test command's install; `--version` then stands in for the suite.
    # Over a kept root it is an update, as `git pull && bash deploy/setup.sh` on a Pi:
    # setup installs only what is missing and the companion if its sources changed.
    in_project env COMPANION_PI_PROBE_ROOT="$fixture" bash deploy/setup.sh test --version
}

imports() {
    in_project .venv/bin/python -c '
import importlib, pkgutil, platform
import cv2, fpdf, kivy, numpy, platformdirs, pypdfium2, pyzbar.pyzbar, segno, zxingcpp
import companion
skipped = ("companion.ui",)  # the app imports Kivy'"'"'s window: checked by app --demo
names = [m.name for m in pkgutil.walk_packages(companion.__path__, "companion.")
         if not m.name.startswith(skipped)]
for name in names:
    importlib.import_module(name)
print(platform.machine(), "numpy", numpy.__version__, "cv2", cv2.__version__,
      "kivy", kivy.__version__, "zxing-cpp", zxingcpp.__version__, len(names), "modules")
'
}

doctor() {
    # Its output to a file: a command substitution would hold the trap back.
    local out="$root/tmp/doctor.log"
    in_project env COMPANION_PI_PROBE_ROOT="$fixture" .venv/bin/companion doctor >"$out" 2>&1 \
        || true
    cat "$out"
    ! grep -q Traceback "$out" || return 1
    grep -qF "$SENTENCE" "$out"
}

decode() {
    # Rendered camera photos (tests/scanner/photos.py); each one's tags must be read.
    in_project .venv/bin/python -c '
import json, subprocess, sys
sys.path[:0] = ["tests/scanner", "."]
import cv2, photos
files, truths = [], []
for seed in range(6):
    image, truth = photos.make_photo(seed, "clean")
    files.append(f"/tmp/photo-{seed}.png")
    cv2.imwrite(files[-1], image)
    truths.append(sorted(truth.tags))
run = subprocess.run([".venv/bin/companion", "decode", "--json", *files],
                     capture_output=True, text=True, timeout=1800)
read = [sorted(c["text"] for c in json.loads(l)["codes"]) for l in run.stdout.splitlines()]
print("truth", truths, "read", read)
sys.exit(0 if read == truths and "Traceback" not in run.stderr else 1)
'
}

app_demo() {
    # Started offscreen; once it has drawn (it logs its GL renderer), it must still be
    # running 30 s later. Then it is stopped (TERM: a background job ignores INT).
    local out="$root/tmp/app.log" pid waited=0 status=0
    root_cmd env SDL_VIDEODRIVER=offscreen KIVY_NO_ARGS=1 KIVY_HOME=/tmp/kivy \
        COMPANION_DATA_DIR=/tmp/data .venv/bin/companion app --demo
    setsid "${cmd[@]}" >"$out" 2>&1 &
    pid=$!
    child=$pid
    until grep -q "GL: Renderer" "$out"; do
        kill -0 "$pid" 2>/dev/null || { status=1; break; }
        [ "$waited" -lt 1200 ] || { echo "no frame after $waited s"; status=1; break; }
        pause 5
        waited=$((waited + 5))
    done
    if [ "$status" -eq 0 ]; then
        pause 30
        kill -0 "$pid" 2>/dev/null || { echo "the app stopped within 30 s"; status=1; }
    fi
    stop_group "$pid"
    wait "$pid" 2>/dev/null || true
    child=""
    cat "$out"
    [ "$status" -eq 0 ] && ! grep -q Traceback "$out"
}

store_and_api_tests() {
    # Less the 200 full games the API tests play through the prompt: they test the
    # rules more than the machine, and 50 of them took 10 min here under qemu.
    in_project .venv/bin/python -m pytest tests/store tests/api -q -p no:cacheprovider \
        --durations=5 -k "not test_prompt_driven_exploration_games_reach_final_scores"
}

fresh_or_kept_root() {
    if [ -n "$reuse" ] && [ -e "$kept/.installed" ]; then
        say "a copy of the kept installed root ($(cat "$kept/.installed")), with the project"
        copy_root "$kept"
        install_what="the install over the kept root (bash deploy/setup.sh test: an update)"
    else
        [ -z "$reuse" ] || say "no installed root is kept yet: installing afresh"
        say "a fresh copy of the base with the project"
        copy_root "$base"
        install_what="the install of bash deploy/setup.sh test (plain Debian, on a Pi fixture)"
    fi
}

main() {
    local smoke_start install_seconds
    mkdir -p "$work"
    : >"$log"
    say "work folder $work; log $log; stops after $minutes minutes"
    say "an arm64 Bookworm root (debootstrap --foreign, then its second stage emulated; once)"
    make_base >>"$log" 2>&1
    fresh_or_kept_root
    copy_project >>"$log" 2>&1
    mount_root >>"$log" 2>&1
    step "$install_what" install
    install_seconds=$seconds
    grep -qF "$SENTENCE" "$log" || fail "setup did not say why the Camera Module cannot be used"
    say "keeping the installed root for --reuse ($kept) ..."
    smoke_start=$(date +%s)
    keep_root >>"$log" 2>&1
    say "kept in $(( $(date +%s) - smoke_start )) s"
    smoke_start=$(date +%s)
    step "imports" imports
    step "companion doctor" doctor
    step "companion decode of rendered photos" decode
    step "companion app --demo offscreen, held 30 s" app_demo
    step "the store and API tests" store_and_api_tests
    say "PASSED: install $(minutes_of "$install_seconds"), smoke $(minutes_of \
$(( $(date +%s) - smoke_start ))) (details in $log)" | tee -a "$log"
}

main
