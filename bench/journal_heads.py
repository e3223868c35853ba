"""What the heads file and the full integrity check cost: per step, and per open.

Not a test: run it by hand and copy its lines into docs/perf.md.

    .venv/bin/python bench/journal_heads.py [--steps 300] [--rounds 5] [--db FILE GAME_ID]

Per step: the same notes saved with the heads file written after each step and
without it (its writer replaced by nothing), in interleaved rounds, each in a
fresh file; the median wall time per step. Per open: SQLite's quick check and its
full integrity check of one file, interleaved (--db, e.g. a 5,000-event game
that bench/journal.py builds).
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.session import open_session
from companion.store import journal as journal_module


def per_step(steps: int, with_heads: bool) -> float:
    real = journal_module._note_heads
    if not with_heads:
        journal_module._note_heads = lambda path, updates: None
    try:
        with tempfile.TemporaryDirectory() as folder:
            session = open_session(Path(folder) / "g.db", "xp", new=True, seed=1)
            started = time.perf_counter()
            for n in range(steps):
                assert session.run(f"note bench {n}").ok
            elapsed = time.perf_counter() - started
            session.journal.close()
    finally:
        journal_module._note_heads = real
    return elapsed / steps * 1000


def per_check(db: Path, pragma: str) -> float:
    conn = sqlite3.connect(db)
    try:
        started = time.perf_counter()
        conn.execute(f"PRAGMA {pragma}").fetchall()
        return (time.perf_counter() - started) * 1000
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--db", type=Path)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"without heads": [], "with heads": []}
    for _ in range(args.rounds):
        times["without heads"].append(per_step(args.steps, False))
        times["with heads"].append(per_step(args.steps, True))
    for name, values in times.items():
        print(f"{name}: {statistics.median(values):.2f} ms per step (wall, median of "
              f"{args.rounds} rounds of {args.steps} steps)")
    if args.db:
        checks: dict[str, list[float]] = {"quick_check": [], "integrity_check": []}
        for _ in range(15):
            for pragma in checks:
                checks[pragma].append(per_check(args.db, pragma))
        size = args.db.stat().st_size / 1024 / 1024
        for pragma, values in checks.items():
            print(f"{pragma}: {statistics.median(values):.1f} ms (wall, median of 15) "
                  f"on {size:.1f} MiB")


if __name__ == "__main__":
    main()
