"""The `companion` command. Each subcommand's module is imported only when run,
so that scripting a game never pays for importing OpenCV or Kivy."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion import quiet_interrupt
from companion.core.errors import CompanionError
from companion.store.errors import StoreError
from companion.subcommand import Subcommand
from companion.terminal import SafeText

#: True when the package set the quiet Ctrl-C of a start (see companion/__init__.py).
_started_quietly = signal.getsignal(signal.SIGINT) is quiet_interrupt

# name -> "module:attribute" of a Subcommand
SUBCOMMANDS: dict[str, str] = {
    "play": "companion.cli.games:play_command",
    "state": "companion.cli.games:state_command",
    "history": "companion.cli.games:history_command",
    "prompt": "companion.cli.table:prompt_command",
    "games": "companion.cli.games:games_command",
    "export": "companion.cli.games:export_command",
    "import": "companion.cli.games:import_command",
    "recover": "companion.recovery:recover_command",
    "catalog": "companion.cli.catalog:catalog_command",
    "demo": "companion.cli.demo:demo_command",
    "decode": "companion.scanner.commands:decode_command",
    "scan": "companion.scanner.commands:scan_command",
    "doctor": "companion.cli.doctor:doctor_command",
    "tags": "companion.tags.commands:tags_command",
    "app": "companion.ui.command:app_command",
    "serve": "companion.phones.command:serve_command",
    "say": "companion.cli.say:say_command",
}

HELP_LINES: dict[str, str] = {
    "play": "play a game from a script, standard input or the keyboard",
    "state": "show the current game (the public view unless --as SEAT)",
    "history": "list every step of the current game",
    "prompt": "who acts, what the game waits for, and every action available now",
    "games": "list saved games",
    "export": "print a saved game as JSON",
    "import": "add a game exported as JSON",
    "recover": "copy the good steps of a damaged game into a new one, or restore a backup",
    "catalog": "list or check a game's catalog of cards",
    "demo": "play a scripted demo game and show its scoreboard",
    "decode": "decode the QR codes in image files",
    "scan": "run the camera scanner and print each scan",
    "doctor": "check cameras, decoders, display and data folder",
    "tags": "make printable tag sheets (PDF)",
    "app": "the touchscreen app (Kivy)",
    "serve": "the phones' page on the local network: the scoreboard, and each seat's secrets",
    "say": "speak a sentence with the companion's voice (--out: write a WAV file)",
}


def _global_options(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument("--db", type=Path, default=default,
                        help="saved-games file (default: in your data directory)")
    parser.add_argument("--game-id", default=default, help="which saved game to use")


def _load(name: str) -> Subcommand:
    module, _, attribute = SUBCOMMANDS[name].partition(":")
    command: Subcommand = getattr(importlib.import_module(module), attribute)
    return command


def build_parser(chosen: str | None) -> argparse.ArgumentParser:
    """The parser; only the chosen subcommand's module is imported for its options."""
    parser = argparse.ArgumentParser(
        prog="companion", description="Exploration Table Companion: keeps the bookkeeping "
        "of a physical board game (`companion play --help` lists the games it knows).")
    _global_options(parser, None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        child = sub.add_parser(name, help=HELP_LINES[name], description=HELP_LINES[name])
        _global_options(child, argparse.SUPPRESS)
        if name == chosen:
            _load(name).add_arguments(child)
    return parser


def _chosen(argv: Sequence[str]) -> str | None:
    return next((word for word in argv if word in SUBCOMMANDS), None)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; everything it prints is made safe for a terminal first."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = (SafeText(s) if s is not None else s for s in saved)  # type: ignore[assignment]
    try:
        code = _main(argv)
    except KeyboardInterrupt:  # Ctrl-C while printing the answer
        code = 130
    finally:
        sys.stdout, sys.stderr = saved
        _ignore_until_exit()
    if _interrupted and _started_quietly:
        _leave_now(code)
    return code


#: Set once Ctrl-C reached a running subcommand (see _leave_now).
_interrupted = False


def _interrupt(signum: int, frame: object) -> None:
    """Python's own Ctrl-C (KeyboardInterrupt), noting that it came."""
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def _own_ctrl_c() -> None:
    """From here on a subcommand answers Ctrl-C itself (`play` says "Stopped.", `scan` and
    `state --follow` end)."""
    if signal.getsignal(signal.SIGINT) is quiet_interrupt:
        signal.signal(signal.SIGINT, _interrupt)
        sys.unraisablehook = _interrupt_again


def _interrupt_again(unraisable: Any) -> None:
    """A Ctrl-C that came while Python ran a callback no exception leaves (an import
    lock's weak reference being dropped) cannot stop the command there: Python printed
    "Exception ignored in ..." with a traceback, and the command went on (seen once in
    40 Ctrl-Cs of `state`, tests/cli/test_ctrl_c.py). It is dropped quietly instead: the
    command finishes as if the key came a moment too late (its answer whole, its own exit
    code), and `play` takes the next Ctrl-C."""
    if not isinstance(unraisable.exc_value, KeyboardInterrupt):
        sys.__unraisablehook__(unraisable)


def _ignore_until_exit() -> None:
    """Ctrl-C between the answer and the interpreter's exit changes nothing: the command
    is done, and its exit code stands. (With a handler of Python's, the interpreter's
    finalization puts the default action back, and a Ctrl-C then killed the finished
    command by the signal, its answer printed: issue 23.)"""
    if _started_quietly:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _leave_now(code: int) -> None:
    """End a command that Ctrl-C reached with its own exit code, now. CPython 3.11
    remembers a KeyboardInterrupt that passed through parts of its evaluation even once
    caught, and at exit kills the process by SIGINT instead of exiting with its code: the
    player saw "Stopped." and the shell a death by signal (issue 23). Everything of ours
    is closed by now (every command closes its journal in a `finally`); only the output
    is flushed."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    chosen = _chosen(args_list)
    try:
        parser = build_parser(chosen)
        args = parser.parse_args(args_list)
        if args.command is None:
            parser.print_help()
            return 0
        command = _load(args.command)
        _own_ctrl_c()
        return command.run(args)
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        return 130
    except (CompanionError, StoreError) as exc:
        # Every refusal the companion raises is a sentence meant for a player.
        print(str(exc), file=sys.stderr)
        return 1
    except BrokenPipeError:
        # `companion state | head`: the reader has all it wanted.
        sys.stderr.close()
        return 0
    except OSError as exc:
        print(f"{exc.strerror or exc}: {exc.filename or ''}".strip(": "), file=sys.stderr)
        return 1
    except Exception as exc:
        return _unexpected(exc)


def _unexpected(exc: BaseException) -> int:
    from companion.paths import data_dir

    log = data_dir() / "crash.log"
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        # O_NOFOLLOW: a link planted at crash.log is never written through.
        fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8", errors="replace") as handle:
            handle.write("".join(traceback.format_exception(exc)))
        where = f" Details were written to {log}."
    except OSError:
        where = ""
    print(f"Something went wrong inside the companion ({exc.__class__.__name__}: {exc}). "
          f"Every acknowledged command is saved.{where}", file=sys.stderr)
    return 3


if __name__ == "__main__":
    raise SystemExit(main())
