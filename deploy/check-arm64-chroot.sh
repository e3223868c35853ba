#!/usr/bin/env bash
# Check the companion on a Raspberry Pi's own footing without a Pi: an arm64 Debian
# Bookworm root (debootstrap) run under qemu-user-static, the README's test command's
# install (`bash deploy/setup.sh test`, as on plain Debian on a Pi: the Pi is a
# fixture, so picamera2 is asked for and found missing), then a smoke subset:
# imports, `doctor`, `decode` of rendered photos, `app --demo` offscreen held 30 s,
# and the store and API tests. Not part of the test suite or CI: it needs root, the
# network, binfmt_misc and about an hour the first time (the root is kept).
#
#   sudo bash deploy/check-arm64-chroot.sh [--work DIR] [--minutes N]
#
#   --work DIR    where the roots and the log go (default /var/tmp/companion-arm64-check)
#   --minutes N   stop everything after N minutes (default 120)
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
mirror="${MIRROR:-http://deb.debian.org/debian}"
binfmt="${BINFMT_MISC:-/proc/sys/fs/binfmt_misc}/qemu-aarch64"
project=/root/exploration-companion
fixture=/root/pi-fixture
SENTENCE="the Raspberry Pi Camera Module needs Raspberry Pi OS (or Raspberry Pi's archive)"

say() { printf 'check-arm64: %s\n' "$*" >&2; }
refuse() { say "$1"; exit 2; }
fail() { say "FAILED: $*"; exit 1; }

args=("$@")
while [ $# -gt 0 ]; do
    case "$1" in
        --work) [ -n "${2:-}" ] || refuse "--work needs a folder."
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
root="$work/root"
log="$work/check.log"
pip_env=()
mounted=()
cleanup() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
trap 'say "stopped (time limit or signal)"; exit 124' TERM INT

in_root() {
    chroot "$root" env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
        LC_ALL=C.UTF-8 "${pip_env[@]}" "$@"
}
in_project() {
    # shellcheck disable=SC2016  # expanded inside the root
    in_root bash -c 'cd "$0" && exec "$@"' "$project" "$@"
}
bind() {
    mkdir -p "$2"
    mount --bind "$1" "$2"
    mounted+=("$2")
    [ "${3:-}" != ro ] || mount -o remount,bind,ro "$2"
}
step() {
    # $1: what; the rest: one command (set -e does not reach inside an `||`), run with
    # its output in the log and its time on the screen.
    local what="$1" start status=0
    shift
    start=$(date +%s)
    say "$what ..."
    printf '\n==== %s\n' "$what" >>"$log"
    "$@" >>"$log" 2>&1 || status=$?
    [ "$status" -eq 0 ] || fail "$what, after $(( $(date +%s) - start )) s (see $log)"
    say "$what: done in $(( $(date +%s) - start )) s"
}

make_base() {
    [ ! -e "$base/.made" ] || return 0
    rm -rf "$base"
    debootstrap --arch=arm64 --foreign --variant=minbase --include=ca-certificates \
        bookworm "$base" "$mirror"
    # Without binfmt's F flag the emulator must be inside the root.
    cp /usr/bin/qemu-aarch64-static "$base/usr/bin/" 2>/dev/null || true
    chroot "$base" /debootstrap/debootstrap --second-stage
    touch "$base/.made"
}

make_root() {
    rm -rf "$root"
    cp -a "$base" "$root"
    mount -t proc proc "$root/proc"; mounted+=("$root/proc")
    bind /dev "$root/dev"
    mount -t devpts devpts "$root/dev/pts" -o newinstance; mounted+=("$root/dev/pts")
    mount -t tmpfs tmpfs "$root/tmp"; mounted+=("$root/tmp")
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    [ ! -f /etc/pip.conf ] || cp /etc/pip.conf "$root/etc/pip.conf"
    local line path
    while IFS= read -r line; do pip_env+=("$line"); done < <(env | grep -E '^PIP_[A-Z_]+=' || true)
    # Local wheel folders named by pip's configuration, read-only (pip takes what fits).
    while read -r path; do
        [ -d "$path" ] && [ ! -e "$root$path" ] && bind "$path" "$root$path" ro
    done < <({ cat /etc/pip.conf 2>/dev/null; printf '%s\n' "${pip_env[@]}"; } \
             | grep -oE '(file://)?/[A-Za-z0-9._/-]+' | sed 's|^file://||' | sort -u)
    mkdir -p "$root$project" "$root$fixture/proc/device-tree"
    tar -C "$here" --exclude=.venv --exclude=.git --exclude=__pycache__ --exclude='.*_cache' \
        -cf - . | tar -C "$root$project" -xf -
    # Plain Debian on a Raspberry Pi 4, as setup and doctor see it.
    printf 'Raspberry Pi 4 Model B Rev 1.5\0' >"$root$fixture/proc/device-tree/model"
    [ "$(in_root uname -m)" = aarch64 ] || fail "the root does not run as aarch64"
}

install() {
    # The README's test command's install; `--version` then stands in for the suite.
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
    local out
    out="$(in_project env COMPANION_PI_PROBE_ROOT="$fixture" .venv/bin/companion doctor 2>&1)" || true
    printf '%s\n' "$out"
    ! grep -q Traceback <<<"$out" || return 1
    grep -qF "$SENTENCE" <<<"$out"
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
    # running 30 s later.
    local out=/tmp/app.log pid waited=0
    : >"$root$out"
    in_project env SDL_VIDEODRIVER=offscreen KIVY_NO_ARGS=1 KIVY_HOME=/tmp/kivy \
        COMPANION_DATA_DIR=/tmp/data .venv/bin/companion app --demo >"$root$out" 2>&1 &
    pid=$!
    until grep -q "GL: Renderer" "$root$out"; do
        kill -0 "$pid" 2>/dev/null || { cat "$root$out"; return 1; }
        [ "$waited" -lt 1200 ] || { kill "$pid"; cat "$root$out"; return 1; }
        sleep 5; waited=$((waited + 5))
    done
    sleep 30
    kill -0 "$pid" 2>/dev/null || { cat "$root$out"; return 1; }
    kill -INT "$pid"; wait "$pid" || true
    cat "$root$out"
    ! grep -q Traceback "$root$out"
}

store_and_api_tests() {
    in_project .venv/bin/python -m pytest tests/store tests/api -q -p no:cacheprovider
}

main() {
    mkdir -p "$work"
    : >"$log"
    say "work folder $work; log $log; stops after $minutes minutes"
    say "an arm64 Bookworm root (debootstrap --foreign, then its second stage emulated; once)"
    make_base >>"$log" 2>&1
    say "a fresh copy of it with the project"
    make_root >>"$log" 2>&1
    step "the install of bash deploy/setup.sh test (plain Debian, on a Pi fixture)" install
    grep -qF "$SENTENCE" "$log" || fail "setup did not say why the Camera Module cannot be used"
    step "imports" imports
    step "companion doctor" doctor
    step "companion decode of rendered photos" decode
    step "companion app --demo offscreen, held 30 s" app_demo
    step "the store and API tests" store_and_api_tests
    say "PASSED (details in $log)"
}

main
