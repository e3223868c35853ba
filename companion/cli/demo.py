"""`companion demo`: a scripted game, played for real by the rules, then its scoreboard.

The touchscreen app's own demo is `companion app --demo`.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import tempfile
from pathlib import Path

from companion.catalogs import demo_path
from companion.core.errors import CompanionError
from companion.games.registry import game, games
from companion.session import open_session
from companion.subcommand import Subcommand


def _arguments(parser: argparse.ArgumentParser) -> None:
    with_demo = [g.id for g in games() if g.demo_file]
    parser.add_argument("--game", choices=with_demo, default=with_demo[0] if with_demo else None,
                        help=f"which game's demo (default {with_demo[0] if with_demo else 'none'})")
    parser.add_argument("--quiet", action="store_true", help="only the final scoreboard")


def run(args: argparse.Namespace) -> int:
    definition = game(args.game or "")
    script = demo_path(definition)
    if script is None:
        raise CompanionError(f"{definition.title} has no demo game.")
    lines = script.read_text(encoding="utf-8").splitlines()
    print("A scripted demo game, played command by command through the real rules and "
          "journal (`companion app --demo` plays one by touch).\n")
    with tempfile.TemporaryDirectory() as folder:
        session = open_session(Path(folder) / "demo.db", args.game, new=True, seed=2047)
        try:
            refused = 0
            for line in lines:
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                result = session.run(line)
                refused += not result.ok
                if not args.quiet:
                    mark = "  " if result.ok else "!!"
                    print(f"{mark} {shlex.join(shlex.split(line, comments=True))}\n"
                          f"   {result.message}")
            match = session.match
            print("\n" + match.rules.render(match.state, match.catalog, None))
        finally:
            session.close()
    print(f"\nTry it yourself: companion play --game {definition.id} --new   "
          "(type `help` for commands)",
          file=sys.stderr)
    return 1 if refused else 0


demo_command = Subcommand("demo", "scripted demo game", _arguments, run)
