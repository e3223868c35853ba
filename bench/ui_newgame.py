""""Start the game": the new-game form's last tap, timed in fresh processes (issue 22).

    SDL_VIDEODRIVER=offscreen taskset -c 0 .venv/bin/python bench/ui_newgame.py \\
        [--runs 5] [--against DIR] [--profile]

Each run is a new process (`--child`): an app on an empty saved-games file, "New game",
three seats filled (bench/ui_flows.py's), a quiet second on the form, then "Start the game"
timed as the flows time a tap (`ui_flows.Finger`): CPU of the whole process (every
thread) and wall time from the release to the first frame drawn once the app has nothing
left to answer. Also the CPU of the runner's job (the new game) and of the main thread's
handling of its reply (the dashboard's first table). `--against DIR`: another copy of the
project (a `git archive` of the commit before), its runs alternated with this one's, so
that both see the same machine. `--profile`: one run under cProfile instead (main thread
from the release on, and the runner's job), the top functions by cumulative time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(profile: bool) -> None:
    """One run in this process; prints its figures as JSON (and the profile if asked)."""
    import cProfile
    import io
    import pstats

    import ui as bench_ui

    bench_ui.use_compiled_bytecode()
    bench_ui._configure()
    import ui_flows
    from kivy.tests.common import UnitTestTouch

    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.driver import AppDriver
    from companion.ui.runner import CommandRunner

    folder = Path(tempfile.mkdtemp(prefix="bench-newgame-"))
    driver = AppDriver(CompanionApp(AppOptions(db=folder / "games.db", seed=2047)))
    finger = ui_flows.Finger(driver)
    finger.tap("New game", "screen switch")
    ui_flows.seat_players(driver, ui_flows.SEATS)
    driver.settle()
    driver.pump_for(1.0)  # a quiet moment on the form, as at a table
    spent = {"runner": 0.0, "reply": 0.0}
    profiles = {"main": cProfile.Profile(time.thread_time),
                "runner": cProfile.Profile(time.thread_time)}
    _timed(CommandRunner, "_new", spent, "runner", profiles["runner"] if profile else None)
    _timed(CompanionApp, "_on_open", spent, "reply", None)
    release = UnitTestTouch.touch_up

    def up(touch: object, *args: object, **kwargs: object) -> object:
        if profile:
            profiles["main"].enable()
        return release(touch, *args, **kwargs)

    UnitTestTouch.touch_up = up  # type: ignore[method-assign]
    finger.tap("Start the game", "screen switch")
    profiles["main"].disable()
    print(json.dumps({"cpu": finger.cpu["screen switch"][-1],
                      "wall": finger.times["screen switch"][-1], **spent}), flush=True)
    if profile:
        for name, prof in profiles.items():
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(30)
            print(f"{name} thread:\n{out.getvalue()}")
    driver.close()


def _timed(owner: type, name: str, spent: dict[str, float], key: str,
           profile: object | None) -> None:
    """`owner.name` wrapped to add its thread's CPU seconds to `spent[key]`."""
    original = getattr(owner, name)

    def timed(*args: object) -> object:
        started = time.thread_time()
        if profile is not None:
            profile.enable()  # type: ignore[attr-defined]
        try:
            return original(*args)
        finally:
            if profile is not None:
                profile.disable()  # type: ignore[attr-defined]
            spent[key] += time.thread_time() - started

    setattr(owner, name, timed)


def runs(trees: list[Path], count: int) -> dict[Path, list[dict[str, float]]]:
    found: dict[Path, list[dict[str, float]]] = {tree: [] for tree in trees}
    for _ in range(count):
        for tree in trees:
            out = subprocess.run([sys.executable, str(tree / "bench" / "ui_newgame.py"),
                                  "--child"], capture_output=True, text=True, timeout=300,
                                 cwd=tree, check=True)
            found[tree].append(json.loads(out.stdout.strip().splitlines()[-1]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", type=Path, help="another copy of the project")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--child", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE))
    if args.child or args.profile:
        child(args.profile)
        return
    trees = [HERE.parent] + ([args.against.resolve()] if args.against else [])
    found = runs(trees, args.runs)
    print('| "Start the game", ms (median, min-max) | ' +
          " | ".join(str(t) for t in trees) + " |")
    print("|---|" + "---|" * len(trees))
    for key, what in (("cpu", "CPU, whole process"), ("wall", "wall"),
                      ("runner", "the runner's new game (its thread's CPU)"),
                      ("reply", "the reply's handling: the first dashboard (main thread CPU)")):
        cells = []
        for tree in trees:
            values = sorted(run[key] * 1000 for run in found[tree])
            cells.append(f"{statistics.median(values):.0f} ({values[0]:.0f}-{values[-1]:.0f})")
        print(f"| {what} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
