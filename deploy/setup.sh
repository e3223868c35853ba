#!/usr/bin/env bash
# Set up the companion on Debian 12 / Raspberry Pi OS Bookworm and start it, run
# its tests, or install the Raspberry Pi kiosk. Idempotent: a second run only
# checks what the first one did.
#
#   bash deploy/setup.sh run     set up, then start the app
#   bash deploy/setup.sh test    set up, then run the whole test suite
#   bash deploy/setup.sh kiosk   install the kiosk: the app starts at power-on
#                                (--uninstall removes it; see deploy/README.md)
#
# Works as root (no sudo needed) or as a normal user with sudo (used for apt
# only, so saved games stay in that user's own data directory). Never reads
# standard input.
set -euo pipefail

mode="${1:-run}"
shift || true
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$here/deploy/common.sh"

case "$mode" in
    run)
        apt_packages "$APT_RUN"
        python_env "$EXTRA_RUN"
        exec .venv/bin/companion app "$@"
        ;;
    test)
        apt_packages "$APT_TEST"
        python_env "$EXTRA_TEST"
        # The suite imports the checkout (pytest's pythonpath); the installed copy
        # proves that a normal install finds its assets (tests/test_packaging.py).
        # Its files are shared among workers, one per core (test_workers).
        workers="$(test_workers)"
        # shellcheck disable=SC2086  # the options are words, split on purpose
        exec .venv/bin/python -m pytest $workers "$@"
        ;;
    kiosk)
        exec bash "$here/deploy/kiosk.sh" "$@"
        ;;
    *)
        say "unknown mode '$mode': use 'run', 'test' or 'kiosk'."
        exit 2
        ;;
esac
