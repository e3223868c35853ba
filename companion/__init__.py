"""Exploration Table Companion.

The package's first lines make Ctrl-C quiet while the `companion` command starts
(`python -m companion` or the console script): until the command's own
handling is in place (`companion.cli.main`), SIGINT ends the run with
"Stopped." and exit code 130, never a traceback. Only modules the interpreter has already loaded
are imported first, so nothing can be interrupted before the handler is set.
A program that merely imports the package (the tests, a benchmark) keeps its
own Ctrl-C.

The handler leaves with `os._exit`, not an exception: CPython drops an
exception raised by a signal handler while it compiles a module (a start
after an update has no bytecode cache yet), and the run then went on as if
Ctrl-C had never been pressed. Nothing is open yet while the command starts.
"""

import _signal
import os
import sys


def quiet_interrupt(signum: int, frame: object) -> None:
    """Leave at once, saying "Stopped." as a command stopped later does (exit code 130)."""
    for stream in (sys.stdout, sys.stderr):
        try:  # noqa: SIM105 - contextlib is not loaded yet this early
            stream.flush()
        except Exception:  # a closed stream, or a flush interrupted by this signal
            pass
    try:  # noqa: SIM105
        os.write(2, b"Stopped.\n")
    except OSError:  # no standard error (closed by the caller)
        pass
    os._exit(130)


def _started_as_the_command() -> bool:
    first = sys.argv[0] if sys.argv else ""
    # `python -m companion` imports this package while argv[0] is still "-m".
    return first == "-m" or first.replace("\\", "/").rsplit("/", 1)[-1] in (
        "companion", "companion.exe")


if _started_as_the_command() and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, quiet_interrupt)
