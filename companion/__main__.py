"""`python -m companion`: Ctrl-C at any moment once the companion's first line has run,
even while Python is still importing the companion, ends the run with "Stopped." and
exit code 130 (companion/__init__.py, companion/cli/main.py)."""

try:
    from companion.cli import main

    code = main()
except KeyboardInterrupt:  # only if the start did not set the quiet handler
    import os
    import sys

    print("Stopped.", file=sys.stderr, flush=True)
    os._exit(130)  # not SystemExit: CPython would then end the run by the signal itself

raise SystemExit(code)
