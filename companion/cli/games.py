"""`companion play`, `state`, `history`, `games`, `export`, `import`."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import IO, Any

from companion.api import history_rows, next_hint, table_view
from companion.cli.table import is_prompt_line, print_prompt_line
from companion.core.engine import Match, Result
from companion.core.errors import CompanionError
from companion.core.privacy import public_step
from companion.core.words import counted, for_count
from companion.games.registry import game as game_named
from companion.games.registry import games
from companion.paths import default_db
from companion.scanner.options import fps_type, seconds_type
from companion.session import MAX_LINE_CHARS, Session, import_game, open_db, open_session
from companion.store.journal import GameInfo, Journal
from companion.subcommand import Subcommand
from companion.terminal import (
    binary_stdin,
    clear_screen,
    command_lines,
    interval_type,
    seed_type,
)
from companion.transfer import read_export


def _db(args: argparse.Namespace) -> Path:
    return Path(args.db) if getattr(args, "db", None) else default_db()


def _say(notice: str | None) -> None:
    if notice:
        print(notice, file=sys.stderr)


# ---- play --------------------------------------------------------------------------
def _play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=games().ids,
                        help=f"which game ({games().choices()})")
    parser.add_argument("--new", action="store_true", help="start a new game")
    parser.add_argument("--script", help="a file of commands, or - for standard input")
    parser.add_argument("--json", action="store_true", help="one JSON object per result")
    parser.add_argument("--strict", action="store_true", help="stop at the first refusal")
    parser.add_argument("--seed", type=seed_type,
                        help="seed of a new game's dice and shuffles (0 to 2^63-1)")
    parser.add_argument("--camera", help="also take scans from this camera: auto, picamera2, "
                        "opencv[:INDEX] or replay:PATH (after the script, if one is given)")
    parser.add_argument("--decoder", choices=("zxing", "zbar", "opencv"), default=None,
                        help="QR decoder for --camera (default: the fastest installed)")
    parser.add_argument("--fps", type=fps_type, default=30.0, help="replay speed for --camera")
    parser.add_argument("--forget-after", type=seconds_type, default=1.5,
                        help="seconds a card must be out of view to scan again (--camera)")


def _lines(args: argparse.Namespace) -> Iterator[tuple[int, str]]:
    if args.script and args.script != "-":
        with open(args.script, "rb") as handle:
            yield from enumerate(command_lines(handle, MAX_LINE_CHARS), start=1)
        return
    stdin = binary_stdin()
    if stdin is None:
        raise CompanionError("Standard input is closed: give the commands with --script FILE.")
    interactive = _interactive(args)
    if interactive:
        print("Type a command (help lists them; state shows the board; Ctrl-D to leave). "
              "Every command is saved as soon as it is accepted.", flush=True)
        print("> ", end="", flush=True)
    for number, line in enumerate(command_lines(stdin, MAX_LINE_CHARS), start=1):
        yield number, line
        if interactive:
            print("> ", end="", flush=True)


def _interactive(args: argparse.Namespace) -> bool:
    return args.script is None and sys.stdin is not None and sys.stdin.isatty()


def _is_command(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _print_result(result: Result, number: int, as_json: bool, out: IO[str],
                  interactive: bool = False, match: Match[Any] | None = None) -> None:
    hint = next_hint(match) if match is not None else None
    if as_json:
        out.write(json.dumps({**result.to_dict(number), "next": hint}) + "\n")
    elif interactive:
        prefix = {"refused": "Refused: ", "foreign": "Foreign code: "}.get(result.kind, "")
        text = result.message
        if text.startswith("Commands: "):  # help: one command per line on a screen
            text = "Commands:\n  " + text[len("Commands: "):].replace("; ", "\n  ")
        out.write(f"{prefix}{text}\n" + (f"next: {hint}\n" if hint else ""))
    else:
        label = {"step": "ok", "info": "ok", "foreign": "foreign", "refused": "refused"}
        out.write(f"line {number} {label[result.kind]}: {result.message}\n")
    out.flush()


class _StrictStop(Exception):
    """--strict: the first refusal ends the run."""


def _run_line(session: Session, args: argparse.Namespace, interactive: bool,
              number: int, line: str) -> bool:
    """Run one typed or scripted line and print its result; True if it was refused."""
    if not _is_command(line):
        return False
    if is_prompt_line(line):
        refused = print_prompt_line(session.match, line, number, args.json, sys.stdout)
        if refused and args.strict:
            raise _StrictStop
        return refused
    result = session.run(line)
    _print_result(result, number, args.json, sys.stdout, interactive, session.match)
    if not result.ok and args.strict:
        raise _StrictStop
    return not result.ok


def run_play(args: argparse.Namespace) -> int:
    if args.camera:  # a camera that cannot work is refused before any game is touched
        from companion.cli.live import check_camera

        check_camera(args)
    session = open_session(_db(args), args.game, getattr(args, "game_id", None),
                           args.new, args.seed)
    _say(session.notice)
    verb = "Started" if not session.match.step_count else "Resumed"
    print(f"{verb} {session.game_id} ({session.game.title}, "
          f"{counted(session.match.step_count, 'step')} so far).", file=sys.stderr, flush=True)
    refused = False
    try:
        # With --camera, standard input is read beside the camera; a script file
        # given as well is played first.
        if not args.camera or args.script not in (None, "-"):
            run = partial(_run_line, session, args, _interactive(args))
            for number, line in _lines(args):
                refused |= run(number, line)
        if args.camera:
            from companion.cli.live import play_live

            typing = sys.stdin.isatty()
            refused |= play_live(args, session, partial(_run_line, session, args, typing),
                                 typing)
    except _StrictStop:
        return 2
    finally:
        session.close()
    return 1 if refused else 0


play_command = Subcommand("play", "play a game", _play_arguments, run_play)


# ---- state / history ------------------------------------------------------------------
def _state_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--as", dest="seat", help="show this seat's own private view")
    parser.add_argument("--follow", action="store_true",
                        help="keep showing the board, redrawn after every saved step "
                             "(a read-only scoreboard for a second screen; Ctrl-C stops)")
    parser.add_argument("--interval", type=interval_type, default=0.5,
                        help="seconds between looks for new steps with --follow")


def _existing(args: argparse.Namespace) -> Session:
    session = open_session(_db(args), None, getattr(args, "game_id", None))
    _say(session.notice)
    return session


def _last_step(session: Session) -> dict[str, Any] | None:
    """The newest step as the table may see it: what just changed, in plain words."""
    if not session.match.index:
        return None
    step = public_step(session.match.step(max(session.match.index)))
    return {"step": step.number, "kind": step.kind, "message": step.message}


def _print_board(session: Session, seat: str | None, as_json: bool, compact: bool) -> None:
    match = session.match
    last = _last_step(session)
    if as_json:
        shown = match.rules.view(match.state, match.catalog, seat)
        view = {"game_id": session.game_id, "last_step": last, **shown,
                "table": table_view(match, seat, shown).to_dict()}
        print(json.dumps(view, indent=None if compact else 2), flush=True)
    else:
        print(f"{session.game_id}: {session.game.title}")
        if last is not None:
            print(f"Last step ({last['step']}): {last['message']}")
        print(match.rules.render(match.state, match.catalog, seat), flush=True)


def _follow(session: Session, seat: str | None, args: argparse.Namespace) -> None:
    """Redraw the board whenever another companion saves a step; read-only, until Ctrl-C."""
    clear = sys.stdout.isatty() and not args.json
    while True:
        time.sleep(args.interval)
        if not session.changed():
            continue
        session.reload()
        if clear:
            clear_screen(sys.stdout)
        _print_board(session, seat, args.json, compact=True)


def run_state(args: argparse.Namespace) -> int:
    session = _existing(args)
    try:
        table = session.match.state.table
        seat = table.find_seat(args.seat) if args.seat else None
        _print_board(session, seat, args.json, compact=args.follow)
        if args.follow:
            _follow(session, seat, args)
    finally:
        session.close()
    return 0


state_command = Subcommand("state", "show the game", _state_arguments, run_state)


def _json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true")


def run_history(args: argparse.Namespace) -> int:
    """Every step in plain words; a hidden card is never named (see core.privacy)."""
    session = _existing(args)
    try:
        times = {row["step"]: row["at"] for row in session.journal.history(session.game_id)}
        rows = history_rows(session.match, times)
        if args.json:
            print(json.dumps(rows, indent=1))
            return 0
        for row in rows:
            mark = " (undone)" if row["undone"] else ""
            print(f"{row['step']:>4}  {row['message']}{mark}")
    finally:
        session.close()
    return 0


history_command = Subcommand("history", "list the steps", _json_flag, run_history)


# ---- games / export / import -------------------------------------------------------------
def _games_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--deleted", action="store_true",
                       help="list the deleted games instead (they can be brought back)")
    which.add_argument("--delete", metavar="GAME_ID",
                       help="delete this game: set aside whole, --restore brings it back")
    which.add_argument("--restore", metavar="GAME_ID", help="bring a deleted game back")


def run_games(args: argparse.Namespace) -> int:
    journal, notice = open_db(_db(args))
    _say(notice)
    try:
        if args.delete or args.restore:
            return _delete_or_restore(journal, args)
        saved = journal.games(deleted=args.deleted)
        if args.json:
            print(json.dumps([g.__dict__ for g in saved], indent=1))
            return 0
        if not saved:
            print("No deleted games." if args.deleted else
                  "No saved games yet. Start one with: companion play --game "
                  f"{games().ids[0]} --new")
        for g in saved:
            print(_game_line(g))
        if not args.deleted and (gone := len(journal.games(deleted=True))):
            print(f"{counted(gone, 'deleted game')}: `companion games --deleted` "
                  f"{for_count(gone, 'lists it', 'lists them')}.")
    finally:
        journal.close()
    return 0


def _game_line(g: GameInfo) -> str:
    steps = for_count(g.steps, "step")
    when = f"deleted {g.deleted[:16]}" if g.deleted else f"last played {g.updated[:16]}"
    return f"{g.game_id:<20} {g.kind:<4} {g.steps:>5} {steps:<5}  {when}"


def _delete_or_restore(journal: Journal, args: argparse.Namespace) -> int:
    game_id = str(args.delete or args.restore)[:200]
    if args.delete:
        journal.delete_game(game_id)
        said = (f"Deleted {game_id}; `companion games --restore {game_id}` brings it back "
                "exactly as it was.")
    else:
        journal.restore_game(game_id)
        said = f"Brought back {game_id}: `companion games` lists it again."
    if args.json:
        info = next(g for g in (*journal.games(), *journal.games(deleted=True))
                    if g.game_id == game_id)
        print(json.dumps(info.__dict__, indent=1))
    else:
        print(said)
    return 0


games_command = Subcommand("games", "list, delete and bring back saved games",
                           _games_arguments, run_games)


def run_export(args: argparse.Namespace) -> int:
    session = _existing(args)
    try:
        print(json.dumps(session.journal.export(session.game_id), indent=1))
    finally:
        session.close()
    return 0


export_command = Subcommand("export", "print a game as JSON", lambda p: None, run_export)


def _import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a JSON file written by `companion export`")


def run_import(args: argparse.Namespace) -> int:
    data = read_export(Path(args.file))  # a regular file, bounded, UTF-8 JSON: or one sentence
    kind = data.get("kind")
    if not isinstance(kind, str):
        raise CompanionError(f"{args.file} does not say which game it is.")
    game = game_named(kind[:40])
    journal, notice = open_db(_db(args))
    _say(notice)
    try:
        game_id = import_game(journal, data, game)
    except (KeyError, TypeError, ValueError) as exc:
        raise CompanionError(f"{args.file} could not be imported: {exc}") from exc
    finally:
        journal.close()
    print(f"Imported as {game_id}.")
    return 0


import_command = Subcommand("import", "import a game", _import_arguments, run_import)
