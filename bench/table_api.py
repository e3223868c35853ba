"""Table API benchmark: prompt(), a --after expansion, view() and changed() on a
5,000-event game, memory after 1,000 reloads against 100, and more prompt-driven
playouts than the suite runs.

Not a test: run it by hand and copy its markdown into docs/perf.md.

    .venv/bin/python bench/table_api.py [--game xp] [--events 5000] [--repeat 200]
    .venv/bin/python bench/table_api.py --playouts 1000      # Exploration games to the end

Times are CPU time of this process (`time.process_time`), so other processes on a
shared machine do not inflate them; medians over `--repeat` calls.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bench.journal
from bench.journal import fill
from companion.api import TableAPI
from companion.session import open_session


def median_ms(call: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        call()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def median_us_wall(call: Callable[[], Any], repeat: int) -> float:
    """Wall-clock microseconds: changed() is one SQLite call, too short for process_time."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.median(times)


def rss_mib() -> float:
    """Resident memory now (Linux /proc), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def first_partial(api: TableAPI) -> str | None:
    """The first enabled partial a player could open (xp: moving the flying ship)."""
    return next((a.partial for a in api.prompt().actions if a.partial and a.enabled
                 and "privately" not in a.label), None)


#: Exploration's demo ends the game (a finished game offers only undo); the benchmark's
#: game stays in round 1's flight phase, where a prompt offers the most.
SETUP = {"xp": Path(__file__).resolve().parents[1] / "tests" / "exploration" / "demo_setup.txt"}


def _setup_lines(game: str) -> list[str]:
    if game not in SETUP:
        return DEMO_LINES(game)
    text = SETUP[game].read_text(encoding="utf-8")
    return [x for x in text.splitlines() if x.strip() and not x.lstrip().startswith("#")]


DEMO_LINES = bench.journal._setup_lines
bench.journal._setup_lines = _setup_lines


def measure(game: str, events: int, repeat: int, reloads: int = 1000) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        game_id, _, _ = fill(db, game, events)
        api = TableAPI(open_session(db, game, game_id))
        partial = first_partial(api)
        row: dict[str, Any] = {
            "game": game, "events": events, "steps": api.match.step_count,
            "actions": len(api.prompt().actions), "partial": partial,
            "prompt": median_ms(api.prompt, repeat),
            "after": median_ms(lambda: api.prompt(after=partial), repeat) if partial else None,
            "view": median_ms(api.view, repeat),
            "changed": median_us_wall(api.changed, repeat * 10),
        }
        row["memory"] = reload_memory(api, reloads)
        api.session.close()
    return row


def reload_memory(api: TableAPI, reloads: int = 1000) -> tuple[float, float]:
    """RSS after a tenth of `reloads` (each with a prompt and a view), and after all."""
    def cycle(count: int) -> None:
        for _ in range(count):
            api.reload()
            api.prompt()
            api.view()
    cycle(reloads // 10)
    gc.collect()
    after_100 = rss_mib()
    cycle(reloads - reloads // 10)
    gc.collect()
    return after_100, rss_mib()


def playouts(games: int) -> str:
    """Prompt-driven Exploration games (the suite's player and checks) to final scores."""
    from tests.api.test_contracts import play_xp

    steps, seconds = [], []
    for seed in range(1000, 1000 + games):
        start = time.process_time()
        match, count, _ = play_xp(seed, check_every=97)
        assert match.state.game_over
        seconds.append(time.process_time() - start)
        steps.append(count)
    return (f"{games} prompt-driven Exploration games (seeds 1000-{999 + games}, 8-round "
            f"side) all reached final scores: steps per game median "
            f"{statistics.median(steps):.0f} (min {min(steps)}, max {max(steps)}), CPU "
            f"seconds per game median {statistics.median(seconds):.2f}.")


def table(rows: list[dict[str, Any]]) -> str:
    lines = [f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()}, Python "
             f"{platform.python_version()}, with `bench/table_api.py`; CPU-time medians.", "",
             "| game | events | steps | actions offered | prompt() ms | --after ms "
             "(partial) | view() ms | changed() us | RSS after 100 / 1,000 reloads MiB |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        after = f"{r['after']:.2f} (`{r['partial']}`)" if r["after"] is not None else "-"
        low, high = r["memory"]
        lines.append(f"| {r['game']} | {r['events']} | {r['steps']} | {r['actions']} | "
                     f"{r['prompt']:.2f} | {after} | {r['view']:.2f} | {r['changed']:.1f} | "
                     f"{low:.1f} / {high:.1f} (+{high - low:.1f}) |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--game", choices=("xp", "ti4"), action="append")
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=0)
    parser.add_argument("--reloads", type=int, default=1000,
                        help="reloads for the memory figure (the suite's smoke run: 10)")
    args = parser.parse_args()
    random.seed(1)
    if args.playouts:
        print(playouts(args.playouts))
        return
    print(table([measure(g, args.events, args.repeat, args.reloads)
                 for g in args.game or ["xp", "ti4"]]))


if __name__ == "__main__":
    main()
