"""Window resizes with the docked on-screen keyboard never opened, put away, and shown.

Not a test: run it by hand and copy its markdown into docs/perf.md ("Test suite").

    SDL_VIDEODRIVER=offscreen .venv/bin/python bench/ui_resize.py [--resizes 40]

One app in this process (driven as tests/ui drives it), the new-game form up. The window
goes from 800x480 to 1024x600 and back, RESIZES times each way, three frames drawn after
each resize, three ways in turn: the keyboard never opened; opened on a name field, then
put away; shown on that field. Median CPU seconds of the process per resize. Kivy keeps
its one keyboard bound to the window's resize once shown: put away, it made its ~45 keys
again at every resize (most of tests/ui/test_layout.py's time, which resizes the window
7 times per picture).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

SIZES = ((1024, 600), (800, 480))


def resizes(driver: Any, window: Any, count: int) -> list[float]:
    """CPU seconds of each of `count` resizes back and forth, its frames drawn."""
    spent = []
    for _ in range(count):
        for size in SIZES:
            start = time.process_time()
            window.size = size
            driver.pump(3)
            spent.append(time.process_time() - start)
    return spent


def measure(count: int) -> list[tuple[str, list[float]]]:
    from ui_start import configure

    configure()
    from kivy.core.window import Window

    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.driver import AppDriver
    from companion.ui.settings import AppSettings
    from companion.ui.sound import SilentSpeaker
    from companion.ui.widgets import CommandInput

    folder = Path(tempfile.mkdtemp(prefix="bench-resize-"))
    options = AppOptions(db=folder / "games.db", settings_path=folder / "settings.json")
    driver = AppDriver(CompanionApp(options, AppSettings(), speaker=SilentSpeaker()))
    try:
        driver.tap("New game")
        field = next(w for w in driver.widgets() if isinstance(w, CommandInput))
        rows = [("keyboard never opened", resizes(driver, Window, count))]
        driver.tap(field)
        field.focus = False  # what its Close key does
        driver.pump(3)
        assert driver.keyboard() is None
        rows.append(("keyboard opened, then put away", resizes(driver, Window, count)))
        driver.tap(field)
        assert driver.keyboard() is not None
        rows.append(("keyboard shown", resizes(driver, Window, count)))
        return rows
    finally:
        driver.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resizes", type=int, default=40, help="resizes each way, per row")
    args = parser.parse_args()
    rows = measure(args.resizes)
    print("| new-game form, window resized | median CPU per resize, ms |")
    print("|---|---|")
    for name, spent in rows:
        print(f"| {name} | {statistics.median(spent) * 1000:.1f} |")


if __name__ == "__main__":
    main()
