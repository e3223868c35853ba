"""Exploration Table Companion.

The package's first lines make Ctrl-C quiet while the `companion` command starts
(`python -m companion` or the console script): until the command's own
handling is in place (`companion.cli.main`), SIGINT ends the run with
"Stopped." and exit code 130, never a traceback. Only modules the interpreter has already loaded
are imported first, so nothing can be interrupted before the handler is set.
Before these lines only the interpreter runs: the installed `companion` command
starts it with SIGINT blocked, and a Ctrl-C pressed then is let in here, once
the handler is set (docs/journal.md says what `python -m companion` by hand
still leaves to Python).
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


def _held_by_the_launcher() -> bool:
    """True when SIGINT came in blocked: the installed `companion` command starts Python
    so (deploy/common.sh, write_launcher), and a Ctrl-C pressed during Python's own
    start waits, pending, until the line below lets it in."""
    return _signal.SIGINT in _signal.pthread_sigmask(_signal.SIG_BLOCK, ())


if _started_as_the_command():
    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        _signal.signal(_signal.SIGINT, quiet_interrupt)
    if _held_by_the_launcher():
        # A pending Ctrl-C is delivered here: "Stopped." and exit code 130. Unblocked
        # even when SIGINT is ignored (started in the background), for the children.
        _signal.pthread_sigmask(_signal.SIG_UNBLOCK, (_signal.SIGINT,))
