"""`companion prompt`: who acts, what the game waits for, and every action now.

The same prompt a touch screen offers (see docs/table-api.md). `--as SEAT`
opens that seat's private choices; `--after PARTIAL` lists what may follow a
partial action such as `move SHLD1`. Inside `companion play`, the verb
`prompt [PARTIAL]` answers the same way.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import IO, Any

from companion.api import table_prompt
from companion.core.engine import Match, Result
from companion.core.errors import CommandSyntaxError, CompanionError
from companion.core.prompt import DRAWERS, Prompt
from companion.paths import default_db
from companion.session import open_session
from companion.subcommand import Subcommand


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="the prompt as one JSON object")
    parser.add_argument("--as", dest="seat", help="open this seat's private choices")
    parser.add_argument("--after", metavar="PARTIAL",
                        help="list what may follow a partial action, e.g. \"move SHLD1\"")
    parser.add_argument("--drawer", choices=DRAWERS, default="table",
                        help="who draws the owed cards: the table (its pick is the main "
                             "action, the default) or the app (its draw is)")


def render(shown: Prompt) -> str:
    """The prompt in plain text for a terminal: enabled actions first in each group."""
    lines = [f"Waiting for: {shown.waiting_for}"]
    if shown.seat:
        lines.append(f"Acting: {shown.seat}")
    if shown.expects_scan:
        lines.append(f"Cards owed from: {', '.join(shown.expects_scan)} (scan, or the app draws)")
    if shown.after:
        lines.append(f"After: {shown.after}")
    group = None
    for action in shown.actions:
        if action.group != group:
            group = action.group
            lines.append(f"{group}:")
        lines.append("  " + _action_line(action.to_dict()))
    if not shown.actions:
        lines.append("Nothing can be chosen here.")
    return "\n".join(lines)


def _action_line(action: dict[str, Any]) -> str:
    cost = f" [{action['cost']}]" if action["cost"] and action["cost"] != "free" else ""
    if "command" in action:
        does = action["command"]
    elif "partial" in action:
        does = f"prompt {action['partial']} ..."
    else:
        does = action["input"]["template"].replace("{}", "VALUE")
    if not action["enabled"]:
        return f"- {action['label']}{cost}: {action['reason']}"
    return f"+ {action['label']}{cost}  ->  {does}"


def run_prompt(args: argparse.Namespace) -> int:
    db = Path(args.db) if getattr(args, "db", None) else default_db()
    session = open_session(db, None, getattr(args, "game_id", None))
    if session.notice:
        print(session.notice, file=sys.stderr)
    try:
        table = session.match.state.table
        seat = table.find_seat(args.seat) if args.seat else None
        shown = table_prompt(session.match, seat, args.after, args.drawer)
        print(json.dumps(shown.to_dict(), indent=1) if args.json else render(shown))
    finally:
        session.close()
    return 0


prompt_command = Subcommand("prompt", "show the prompt", _arguments, run_prompt)


# ---- the `prompt [PARTIAL]` verb inside `companion play` ----------------------------------
def is_prompt_line(line: str) -> bool:
    words = line.split(maxsplit=1)
    return bool(words) and words[0].lower() == "prompt"


def prompt_line(match: Match[Any], line: str) -> tuple[Result, Prompt | None]:
    """Answer `prompt [--as SEAT] [PARTIAL]` typed in `play`: the prompt, or a refusal."""
    try:
        words = shlex.split(line, comments=True)[1:]
        seat = None
        if words[:1] == ["--as"]:
            if len(words) < 2:
                raise CommandSyntaxError("prompt --as takes a seat: prompt --as Kourou")
            seat, words = match.state.table.find_seat(words[1]), words[2:]
        after = words[0] if len(words) == 1 else \
            " ".join(f'"{w}"' if " " in w else w for w in words) or None
        shown = table_prompt(match, seat, after)
    except ValueError as exc:
        return Result(False, f"That line cannot be read: {exc}.", "refused"), None
    except CompanionError as exc:
        return Result(False, str(exc), "refused"), None
    return Result(True, render(shown), "info"), shown


def print_prompt_line(match: Match[Any], line: str, number: int, as_json: bool,
                      out: IO[str]) -> bool:
    """Print the answer to a `prompt` line; True if it was refused."""
    result, shown = prompt_line(match, line)
    if as_json:
        data = {**result.to_dict(number), "prompt": shown.to_dict() if shown else None}
        out.write(json.dumps(data) + "\n")
    else:
        out.write(result.message + "\n")
    out.flush()
    return not result.ok
