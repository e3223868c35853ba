"""Journal benchmark: commands per second, open time of a long game, size per event.

Not a test: run it by hand and copy its markdown into docs/perf.md.

    .venv/bin/python bench/journal.py [--game xp] [--events 5000] [--repeat 15]

A game is set up with the game's demo script (assets/demo/GAME.txt), then
filled with a realistic mix of core commands (resource changes, rolls, notes,
undo and redo) until it holds the requested number of events.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.catalogs import assets_dir
from companion.games.registry import game as game_named
from companion.session import load_match, open_session
from companion.store.opening import open_journal


def _setup_lines(game: str) -> list[str]:
    text = (assets_dir() / "demo" / f"{game}.txt").read_text(encoding="utf-8")
    return [x for x in text.splitlines() if x.strip() and not x.lstrip().startswith("#")]


def _filler(seat: str, die: str | None) -> list[str]:
    lines = [f'adjust "{seat}" credits +1 bench', f'adjust "{seat}" credits -1 bench',
             "note a table note", "undo", "redo"]
    if die:
        lines.insert(2, f"roll {die}")
    return lines


def fill(db: Path, game: str, target: int) -> tuple[str, float, int]:
    """Build a game of at least `events` events; return its id, commands/s, commands."""
    session = open_session(db, game, new=True, seed=1)
    events = 0
    for line in _setup_lines(game):
        result = session.run(line)
        events += len(result.step.events) if result.step else 0
    table = session.match.state.table
    dice = list(session.match.rules.dice(session.match.catalog))
    filler = _filler(table.seats[0], dice[0] if dice else None)
    count, start = 0, time.perf_counter()
    while events < target:
        result = session.run(filler[count % len(filler)])
        assert result.ok, result.message
        events += len(result.step.events) if result.step else 0
        count += 1
    elapsed = time.perf_counter() - start
    game_id = session.game_id
    session.close()
    return game_id, count / elapsed, count


def time_open(db: Path, game_id: str, game: str, repeat: int) -> tuple[float, float]:
    """Median ms to open the game from its snapshot, and to replay it from the start."""
    definition = game_named(game)
    opens, replays = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        journal, _ = open_journal(db)
        match = load_match(journal, game_id, definition)
        opens.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        state = match.replay_from_start()
        replays.append((time.perf_counter() - start) * 1000)
        assert state == match.state
        journal.close()
    return statistics.median(opens), statistics.median(replays)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="xp")
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        game_id, rate, commands = fill(db, args.game, args.events)
        journal, _ = open_journal(db)
        journal.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        events = journal.conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
        journal.close()
        size = os.path.getsize(db)
        open_ms, replay_ms = time_open(db, game_id, args.game, args.repeat)
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, {time.strftime('%Y-%m-%d')}")
    print("| game | events | commands | commands/s (each committed, synchronous=FULL) "
          "| open (snapshot + tail), median ms | full replay, median ms | KiB per 1,000 events |")
    print("|---|---|---|---|---|---|---|")
    print(f"| {args.game} | {events} | {commands} | {rate:.0f} | {open_ms:.1f} | "
          f"{replay_ms:.1f} | {size / 1024 / events * 1000:.0f} |")


if __name__ == "__main__":
    main()
