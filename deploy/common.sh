# Shared by setup.sh and kiosk.sh (sourced, not run). Bash only.
# shellcheck shell=bash disable=SC2034  # the lists are read by the scripts that source this

# System packages, one list per purpose so each mode can extend its own.
APT_BASE="python3 python3-venv ca-certificates libzbar0"   # the companion and pip
APT_PI="python3-picamera2 python3-numpy"                   # on a Raspberry Pi, where offered
# The touchscreen app: Kivy's wheel bundles SDL2 but needs the system's GL/EGL/GBM
# (Mesa) and libmtdev1 (without it Kivy's default touch input logs a traceback);
# espeak-ng is the voice (companion/voice, offline speech; docs/voice.md).
APT_RUN="libmtdev1 libgl1 libegl1 libgles2 libgbm1 libgl1-mesa-dri espeak-ng"
# The suite's deploy checks, and Mesa's software GL for the UI tests (SDL offscreen).
# The phones' page is tested in a real browser: Debian's Chromium and its driver.
APT_TEST="shellcheck systemd chromium chromium-driver $APT_RUN"
APT_KIOSK="dbus polkitd udisks2"                           # kiosk: permissions, USB sticks
# The pip extra each mode installs ("" for the plain package).
EXTRA_RUN=""
EXTRA_TEST="test,dev"

say() { printf '%s\n' "companion setup: $*" >&2; }

# Where the Pi's marks are read: "" is this machine; the tests point it at a fixture
# folder holding etc/rpi-issue (Raspberry Pi OS) or proc/device-tree/model.
PI_PROBE_ROOT="${COMPANION_PI_PROBE_ROOT:-}"
# Said by setup and by `companion doctor` (companion/kiosk/probes.py) alike.
NO_PI_CAMERA="the Raspberry Pi Camera Module needs Raspberry Pi OS (or Raspberry Pi's archive)"

is_pi() {
    [ -e "$PI_PROBE_ROOT/etc/rpi-issue" ] \
        || grep -qi raspberry "$PI_PROBE_ROOT/proc/device-tree/model" 2>/dev/null
}

not_installed() {
    # Prints each of the packages given that dpkg does not have installed.
    local package
    for package in "$@"; do
        # shellcheck disable=SC2016  # dpkg's own format
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
            || printf '%s\n' "$package"
    done
}

offered() {
    # True when the archives apt knows of have a version of package $1 to install.
    local candidate
    candidate="$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p')"
    [ -n "$candidate" ] && [ "$candidate" != "(none)" ]
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -n true 2>/dev/null || say "sudo may ask for your password to change the system."
        sudo "$@"
    else
        say "this step needs root and sudo is not installed: run this as root once."
        exit 1
    fi
}

apt_packages() {
    # $1...: package lists; python3-venv brings ensurepip, libzbar0 is pyzbar's
    # decoder, ca-certificates lets pip reach the index on a minimal system.
    local missing pi_missing="" updated=""
    # shellcheck disable=SC2086,SC2048  # lists of package names
    missing="$(not_installed $APT_BASE $*)"
    if is_pi; then
        # shellcheck disable=SC2086
        pi_missing="$(not_installed $APT_PI)"
    fi
    [ -n "$missing$pi_missing" ] || return 0
    # Plain Debian on a Pi lacks Raspberry Pi's packages: judge that from fresh lists
    # (or the lists at hand, when nothing else is missing and they know python3).
    if [ -n "$missing" ] || ! offered python3; then
        apt_update
        updated=1
    fi
    if [ -n "$pi_missing" ] && ! offered python3-picamera2; then
        # The rest of the Pi's list (Bookworm's numpy) is there for picamera2 alone.
        say "python3-picamera2 is not in this system's archive: $NO_PI_CAMERA," \
            "so the scanner goes on with USB webcams through OpenCV."
        pi_missing=""
    fi
    missing="$(printf '%s\n' "$missing" "$pi_missing" | tr -s ' \n' '  ')"
    missing="$(printf '%s' "$missing" | sed 's/^ *//; s/ *$//')"
    [ -n "$missing" ] || return 0
    say "installing system packages: $missing"
    [ -n "$updated" ] || apt_update
    # shellcheck disable=SC2086
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        --no-install-recommends $missing
}

apt_update() {
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
}

source_stamp() {
    # What is installed depends on the extras, pyproject.toml, and the package's files.
    {
        printf '%s\n' "$1"
        find pyproject.toml README.md LICENSE companion assets -type f \
            ! -path '*/__pycache__/*' | LC_ALL=C sort | while read -r file; do
            printf '%s\n' "$file"
            cat "$file"
        done
    } | sha256sum | cut -d' ' -f1
}

python_env() {
    # $1: the pip extra ("" for none). Run from the project folder.
    # Debian's own python3, not whatever python3 is first on PATH.
    local python=/usr/bin/python3
    if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import sys" 2>/dev/null; then
        say "creating .venv (sees system packages such as picamera2 on the Pi)"
        rm -rf .venv
        "$python" -m venv --system-site-packages .venv
    fi
    local target="." stamp_file=".venv/.installed-${1:-base}"
    [ -n "${1:-}" ] && target=".[$1]"
    # A second run with the same sources installs nothing (and needs no network).
    local stamp
    stamp="$(source_stamp "$target")"
    if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ]; then
        say "the companion in .venv is up to date"
        write_launcher "$PWD/.venv/bin/python" .venv/bin/companion
        return
    fi
    say "installing the companion into .venv"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "$target"
    printf '%s\n' "$stamp" > "$stamp_file"
    write_launcher "$PWD/.venv/bin/python" .venv/bin/companion
}

test_workers() {
    # pytest-xdist's options for the suite: one worker per core, at most 4 and one per
    # 1.5 GB of free memory (a UI test's app holds up to ~500 MB, its process more), each
    # worker given whole files (--dist loadfile: a file's tests share its module's set-up).
    # COMPANION_TEST_WORKERS=N sets the count; under 2 the suite runs in one process.
    local cores free_kb workers
    cores="$(nproc 2>/dev/null || echo 1)"
    free_kb="$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo 2>/dev/null || echo 0)"
    workers="${COMPANION_TEST_WORKERS:-$(( cores < 4 ? cores : 4 ))}"
    case "$workers" in
        ''|*[!0-9]*) say "COMPANION_TEST_WORKERS must be a number of workers, not '$workers'."
                     exit 2 ;;
    esac
    if [ -z "${COMPANION_TEST_WORKERS:-}" ] && [ $(( free_kb / 1500000 )) -lt "$workers" ]; then
        workers=$(( free_kb / 1500000 ))
    fi
    if [ "$workers" -ge 2 ]; then
        printf '%s\n' "-n $workers --dist loadfile"
    fi
}

write_launcher() {
    # $1: the venv's python (absolute), $2: the `companion` command to write over the
    # one pip wrote. It starts Python with Ctrl-C (SIGINT) blocked, by env's
    # --block-signal in its first line: a blocked signal stays pending across exec, and
    # the companion's first lines (companion/__init__.py) unblock it once their
    # "Stopped." handler is set, so a Ctrl-C during Python's own start (its first
    # ~60 ms) ends the run with that one word and code 130, never a traceback or a
    # silent death by the signal (issue 23, docs/journal.md).
    local quoted line
    # env -S reads single quotes with \\ and \' as its only escapes.
    quoted="$(printf '%s' "$1" | sed "s/\\\\/\\\\\\\\/g; s/'/\\\\'/g")"
    line="#!/usr/bin/env -S --block-signal=INT '$quoted'"
    if ! /usr/bin/env --block-signal=INT true 2>/dev/null || [ "$(printf '%s' "$line" | wc -c)" -gt 250 ]; then
        # Too old an env (coreutils < 8.31), or a line the kernel would cut (256 bytes).
        say "kept pip's own 'companion' command: a Ctrl-C in Python's first" \
            "~60 ms may end it with Python's own message (see docs/journal.md)."
        return 0
    fi
    printf '%s\n%s\n' "$line" "$LAUNCHER_BODY" > "$2.new"
    chmod 755 "$2.new"
    mv -f "$2.new" "$2"
}

# The rest of the launcher: what pip writes for companion = "companion.cli:main".
LAUNCHER_BODY='import sys

from companion.cli import main

if __name__ == "__main__":
    sys.exit(main())'
