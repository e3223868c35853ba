"""`companion demo`: a scripted game, played for real by the rules, then its scoreboard.

The touchscreen app's own demo is `companion app --demo`.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import tempfile
from pathlib import Path

from companion.catalogs import assets_dir
from companion.session import open_session
from companion.subcommand import Subcommand


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=("xp", "ti4"), default="xp")
    parser.add_argument("--quiet", action="store_true", help="only the final scoreboard")


def run(args: argparse.Namespace) -> int:
    script = assets_dir() / "demo" / f"{args.game}.txt"
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
    print("\nTry it yourself: companion play --game xp --new   (type `help` for commands)",
          file=sys.stderr)
    return 1 if refused else 0


demo_command = Subcommand("demo", "scripted demo game", _arguments, run)
