"""Scoreboard benchmark: what `companion app --scoreboard`'s poll costs on its runner thread.

Not a test: run it by hand and copy its markdown into docs/perf.md.

    .venv/bin/python bench/scoreboard.py [--events 5000] [--repeat 25]

A game of `--events` events is built through real commands (as bench/journal.py
builds them). The scoreboard's `Follower.look` (companion/ui/follow.py) is timed
1. when nothing changed (what it pays every 0.5 s while the table thinks), and
2. right after another session saved one step (the change notice, the reload of
   the game and the table snapshot the screen draws from).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from journal import fill  # bench/journal.py: a game of N events through real commands

from companion.api import TableAPI
from companion.session import open_session
from companion.tables import Tables
from companion.ui.follow import Follower
from companion.ui.runner import CommandRunner


class _Runner:
    """What `Follower.look` uses of a runner, without a thread (timed in this one)."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.tables = Tables(db)
        self.api: TableAPI | None = None

    def hold(self, api: TableAPI) -> None:
        self.hold_none()
        self.api = api

    def hold_none(self) -> None:
        if self.api is not None:
            self.api.close()
            self.api = None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=25)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.db"
        game_id, _rate, _count = fill(db, "xp", args.events)
        runner: CommandRunner = _Runner(db)  # type: ignore[assignment]
        follower = Follower()
        assert follower.look(runner).table is not None  # opens the game
        idle = []
        for _ in range(args.repeat * 20):
            start = time.perf_counter()
            reply = follower.look(runner)
            idle.append(time.perf_counter() - start)
            assert reply.table is None
        table = open_session(db, None, game_id)
        changed = []
        for n in range(args.repeat):
            assert table.run(f"note table note {n}").ok
            start = time.perf_counter()
            reply = follower.look(runner)
            changed.append(time.perf_counter() - start)
            assert reply.table is not None and reply.table.steps == table.match.step_count
        table.close()
        runner.hold_none()
    print(f"Scoreboard poll, a game of {args.events} events, {platform.machine()}, "
          f"Python {platform.python_version()}:\n")
    print("| what | median |")
    print("|---|---|")
    print(f"| `Follower.look`, nothing new (every 0.5 s) | "
          f"{statistics.median(idle) * 1e6:.0f} µs |")
    print(f"| `Follower.look` after another companion saved a step (reload + snapshot) | "
          f"{statistics.median(changed) * 1e3:.1f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
