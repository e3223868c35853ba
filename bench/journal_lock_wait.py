"""The folder lock's cost on open: alone, and with other companions opening the same file.

Not a test: run it by hand and copy its table into docs/perf.md.

    .venv/bin/python bench/journal_lock_wait.py [--events 5000] [--opens 40] [--rounds 3]
                                                [--contenders 0 1 3]

A game of --events events is built as bench/journal.py builds it. Then the open
a command does (`open_journal`, the game loaded, the journal closed) is timed
--opens times in each condition: no other companion, and N other processes
opening and closing the same file as fast as they can (each open holds the
folder lock while SQLite checks the file: the full integrity check under 16 MiB).
The conditions interleave, round after round. For each: median and p95 wall ms of
the open, and of the time spent waiting for the folder lock inside it (from asking
for it to holding it, summed over the open's takes of it), and the contenders'
opens per second.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion.games.registry import game as game_named
from companion.session import load_match
from companion.store import heads
from companion.store.opening import open_journal


class _TimedFlock(ModuleType):
    """heads.py's `fcntl`, with the wait for each exclusive flock added up."""

    def __init__(self, real: ModuleType) -> None:
        super().__init__("fcntl")
        self._real, self.waited = real, 0.0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def flock(self, fd: int, operation: int) -> None:
        started = time.perf_counter()
        self._real.flock(fd, operation)
        self.waited += time.perf_counter() - started


def open_once(db: Path, game_id: str, kind: str) -> None:
    journal, _ = open_journal(db)
    try:
        load_match(journal, game_id, game_named(kind))
    finally:
        journal.close()


def contend(db: Path, game_id: str, kind: str, stop: Path, count: Path) -> None:
    """A contender: open and close until `stop` exists, then write how many it did."""
    opens = 0
    open_once(db, game_id, kind)
    Path(f"{count}.ready").touch()
    started = time.perf_counter()
    while not stop.exists():
        open_once(db, game_id, kind)
        opens += 1
    count.write_text(f"{opens / (time.perf_counter() - started):.1f}")


def measure(db: Path, game_id: str, kind: str, contenders: int, opens: int,
            folder: Path) -> tuple[list[float], list[float], list[float]]:
    stop = folder / "stop"
    stop.unlink(missing_ok=True)
    counts = [folder / f"count-{contenders}-{n}-{time.monotonic_ns()}" for n in range(contenders)]
    me = str(Path(__file__).resolve())
    children = [subprocess.Popen([sys.executable, me, "--contend", str(db), game_id, kind,
                                  str(stop), str(count)]) for count in counts]
    while not all(Path(f"{c}.ready").exists() for c in counts):
        time.sleep(0.01)  # every contender has opened once: they are all in their loop
    timed = _TimedFlock(heads.fcntl)
    heads.fcntl = timed  # type: ignore[assignment]
    walls, waits = [], []
    try:
        for _ in range(opens):
            timed.waited = 0.0
            started = time.perf_counter()
            open_once(db, game_id, kind)
            walls.append((time.perf_counter() - started) * 1000)
            waits.append(timed.waited * 1000)
    finally:
        heads.fcntl = timed._real  # type: ignore[assignment]
        stop.touch()
        for child in children:
            child.wait(120)
    rates = [float(c.read_text()) for c in counts]
    return walls, waits, rates


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def main() -> None:
    if sys.argv[1:2] == ["--contend"]:
        db, game_id, kind, stop, count = sys.argv[2:7]
        contend(Path(db), game_id, kind, Path(stop), Path(count))
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="xp")
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--opens", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--contenders", type=int, nargs="+", default=[0, 1, 3])
    args = parser.parse_args()
    from journal import fill  # bench/journal.py
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        db = folder / "bench.db"
        game_id, _, _ = fill(db, args.game, args.events)
        size = db.stat().st_size / 1024 / 1024
        found: dict[int, tuple[list[float], list[float], list[float]]] = {
            n: ([], [], []) for n in args.contenders}
        for _ in range(args.rounds):
            for n in args.contenders:
                for into, values in zip(found[n], measure(db, game_id, args.game, n,
                                                          args.opens, folder), strict=True):
                    into.extend(values)
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the end, "
          f"{time.strftime('%Y-%m-%d %H:%M')}; {args.game}, {size:.1f} MiB, "
          f"{args.rounds} rounds of {args.opens} opens per condition")
    print("| other companions opening | open, median ms | open, p95 ms | lock wait, median ms "
          "| lock wait, p95 ms | their opens/s each |")
    print("|---|---|---|---|---|---|")
    for n, (walls, waits, rates) in found.items():
        rate = f"{statistics.median(rates):.1f}" if rates else "-"
        print(f"| {n} | {statistics.median(walls):.1f} | {p95(walls):.1f} | "
              f"{statistics.median(waits):.1f} | {p95(waits):.1f} | {rate} |")


if __name__ == "__main__":
    main()
