"""What checking an import by the rules costs, against folding its events alone.

Not a test: run it by hand and copy its lines into docs/perf.md.

    .venv/bin/python bench/import_replay.py [--steps 1000 10000 50000] [--rounds 3]

A history of N notes (the cheapest step, so the check's own cost shows) is checked
as `companion import` does (transfer.checked_game: every step's command played
through the rules and compared), and folded as a saved game is opened (Match with
every step, no rules check), interleaved; the median wall time of each.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.engine import Match
from companion.games.registry import game
from companion.session import open_session
from companion.transfer import checked_game


def export_of_notes(count: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        session = open_session(Path(folder) / "g.db", "xp", new=True, seed=1)
        data: dict[str, Any] = json.loads(json.dumps(session.journal.export(session.game_id)))
        session.close()
    data["steps"] = [{"step": n, "kind": "do", "command": f"note n{n}", "message": f"n{n}",
                      "target": None, "seat": None,
                      "events": [{"type": "noted", "text": f"n{n}"}]}
                     for n in range(1, count + 1)]
    return data


def timed(call: Any) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, nargs="+", default=[1000, 10000, 50000])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    xp = game("xp")
    print("| steps | fold only | checked by the rules | per step |\n|---|---|---|---|")
    for count in args.steps:
        data = export_of_notes(count)
        seed, catalog, steps = checked_game(data, xp)
        fold, check = [], []
        for _ in range(args.rounds):
            fold.append(timed(partial(Match, xp.rules, catalog, seed, steps)))
            check.append(timed(partial(checked_game, data, xp)))
        plain, checked = statistics.median(fold), statistics.median(check)
        print(f"| {count:,} | {plain:.2f} s | {checked:.2f} s | "
              f"{checked / count * 1000:.2f} ms |")


if __name__ == "__main__":
    main()
