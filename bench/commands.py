"""Command benchmark: building commands in memory, and dry runs (what a prompt costs).

Not a test: run it by hand and copy its markdown into docs/perf.md.

    .venv/bin/python bench/commands.py [--game xp] [--repeat 15]

1. The game's demo script (assets/demo/GAME.txt) is played in memory (plan and
   commit, no store), `--repeat` times: the median time per command.
2. At the end of the demo, and at its middle, every line a prompt might offer
   (each verb's documented example, plus roll, adjust, note and draw of each
   deck) is dry-run with `Match.dry_run`: the median time per dry run and for
   the whole set, which is what enabling or disabling a prompt's actions costs.

The same file runs against an older checkout (PYTHONPATH=that checkout) to
compare; `dry_run` did not exist there, so `plan(line).result` is used.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.catalogs import demo_path, load_catalog
from companion.core.engine import Match
from companion.games.registry import game as game_named


def demo_lines(game: str) -> list[str]:
    script = demo_path(game_named(game))
    assert script is not None, f"{game} has no demo script"
    text = script.read_text(encoding="utf-8")
    return [x for x in text.splitlines() if x.strip() and not x.lstrip().startswith("#")]


def play(game: str, lines: list[str]) -> tuple[Match[Any], float]:
    """The demo played in memory; CPU seconds per command (other processes excluded)."""
    match: Match[Any] = Match(game_named(game).rules, load_catalog(game), seed=1)
    start = time.process_time()
    for line in lines:
        match.execute(line)
    return match, (time.process_time() - start) / len(lines)


def folds(game: str, lines: list[str]) -> tuple[int, int]:
    """How many times `apply` ran while the demo was played, and how many events it made."""
    rules = game_named(game).rules
    calls = [0]
    original = rules.apply

    def counting(state: Any, e: Any) -> Any:
        calls[0] += 1
        return original(state, e)

    rules.apply = counting  # type: ignore[method-assign,assignment]
    try:
        match, _ = play(game, lines)
    finally:
        del rules.apply
    events = sum(len(match.step(n).events) for n in match.stack)
    return calls[0], events


def prompt_lines(match: Match[Any]) -> list[str]:
    """Lines a prompt might offer now: every verb's example and the core's verbs."""
    lines = [v.example for v in match.rules.verbs()]
    seats = match.state.table.seats
    if seats:
        lines += [f'adjust "{seats[0]}" credits +1 bench', f'adjust "{seats[0]}" score +1 x']
    lines += [f"roll {die}" for die in match.rules.dice(match.catalog)]
    lines += [f"draw {deck}" for deck in match.catalog.decks]
    return [*lines, "note a table note", "undo"]


def dry_runs(match: Match[Any], lines: list[str],
             repeat: int) -> tuple[float, float, tuple[float, str]]:
    """Median seconds per dry run, per whole set of lines, and the slowest line's median."""
    run = getattr(match, "dry_run", None) or (lambda line: match.plan(line).result)
    before = match.state, match.step_count
    each: list[float] = []
    sets: list[float] = []
    by_line: dict[str, list[float]] = {line: [] for line in lines}
    for _ in range(repeat):
        start = time.process_time()
        for line in lines:
            one = time.process_time()
            run(line)
            each.append(time.process_time() - one)
            by_line[line].append(each[-1])
        sets.append(time.process_time() - start)
    assert (match.state, match.step_count) == before, "a dry run changed the match"
    slowest = max((statistics.median(t), line) for line, t in by_line.items())
    return statistics.median(each), statistics.median(sets), slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="xp")
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    lines = demo_lines(args.game)
    per_command = statistics.median(play(args.game, lines)[1] for _ in range(args.repeat))
    rows = []
    for label, upto in (("middle", len(lines) // 2), ("end", len(lines))):
        match, _ = play(args.game, lines[:upto])
        candidates = prompt_lines(match)
        each, whole, slowest = dry_runs(match, candidates, args.repeat)
        rows.append((label, upto, len(candidates), each, whole, slowest))
    print(f"Python {platform.python_version()}, {platform.machine()}, game {args.game}, "
          f"{len(lines)} demo commands, repeat {args.repeat}\n")
    applied, events = folds(args.game, lines)
    print(f"- demo played in memory: median {per_command * 1e6:.0f} us CPU per command; "
          f"`apply` ran {applied} times for the {events} events in effect\n")
    print("| game | state (demo lines played) | lines dry-run | median us per dry run "
          "| median ms per whole set | slowest line, median ms |")
    print("|---|---|---|---|---|---|")
    for label, upto, count, each, whole, (worst, line) in rows:
        print(f"| {args.game} | {label} ({upto}) | {count} | {each * 1e6:.0f} | "
              f"{whole * 1e3:.2f} | `{line}` {worst * 1e3:.2f} |")


if __name__ == "__main__":
    main()
