#!/usr/bin/env bash
# Set up the companion on Debian 12 / Raspberry Pi OS Bookworm and start it, or
# run its tests. Idempotent: a second run only checks what the first one did.
#
#   bash deploy/setup.sh run     set up, then start the app
#   bash deploy/setup.sh test    set up, then run the whole test suite
#
# Works as root (no sudo needed) or as a normal user with sudo (used for apt
# only, so saved games stay in that user's own data directory). Never reads
# standard input.
set -euo pipefail

mode="${1:-run}"
shift || true
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

say() { printf '%s\n' "companion setup: $*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -n true 2>/dev/null || say "sudo may ask for your password to install system packages."
        sudo "$@"
    else
        say "system packages are missing and sudo is not installed: run this as root once."
        exit 1
    fi
}

apt_packages() {
    # python3-venv brings ensurepip; libzbar0 is pyzbar's decoder; ca-certificates
    # lets pip reach the package index on a minimal system.
    local wanted="python3 python3-venv ca-certificates libzbar0"
    if [ -e /etc/rpi-issue ] || grep -qi raspberry /proc/device-tree/model 2>/dev/null; then
        wanted="$wanted python3-picamera2 python3-numpy"
    fi
    local missing=""
    for package in $wanted; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
            || missing="$missing $package"
    done
    if [ -n "$missing" ]; then
        say "installing system packages:$missing"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
        # shellcheck disable=SC2086
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
            --no-install-recommends $missing
    fi
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
        return
    fi
    say "installing the companion into .venv"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "$target"
    printf '%s\n' "$stamp" > "$stamp_file"
}

apt_packages
case "$mode" in
    run)
        python_env ""
        exec .venv/bin/companion demo "$@"
        ;;
    test)
        python_env "test"
        # The suite imports the checkout (pytest's pythonpath); the installed copy
        # proves that a normal install finds its assets (tests/test_packaging.py).
        exec .venv/bin/python -m pytest "$@"
        ;;
    *)
        say "unknown mode '$mode': use 'run' or 'test'."
        exit 2
        ;;
esac
