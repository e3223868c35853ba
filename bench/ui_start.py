"""One cold start of the touchscreen app, for bench/ui.py's start figures:

    python bench/ui_start.py DB [--open-late]

Starts the app on DB as `companion app` does (the game opens on the runner's thread while
Kivy imports), prints the wall time (epoch seconds) of the first frame that shows the
resumed game's dashboard, and leaves. A module of its own so that the child imports only
what the app does: run as `bench/ui.py --child-start`, it also imported the benchmark's
own modules (statistics, subprocess, compileall, platform...), about 30 ms of every start
that no player pays (docs/perf.md, issue 22, 27 Nov afternoon).
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def configure(size: tuple[int, int] = (800, 480)) -> None:
    """Kivy set up as the app sets it up, its files in a folder of the benchmark's own."""
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
    os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="bench-kivy-")
    os.environ["KIVY_NO_CONSOLELOG"] = "1"
    os.environ["KIVY_NO_FILELOG"] = "1"
    from companion.ui.command import configure_kivy

    configure_kivy(size, False)


def child_start(db: Path, late: bool = False) -> None:
    """Start the app on `db` as `companion app` does; print the wall time of the first
    dashboard frame, leave. `late`: the order before issue 16's speed work (Kivy first,
    the game opened once the app builds its screens), for a side-by-side figure."""
    configure()
    from companion.ui.runner import start_opening

    opening = None
    if not late:  # as `companion app` starts (ui/command.py, _run_app)
        gc.disable()
        opening = start_opening(db)
        gc.freeze()
    from kivy.core.window import Window

    from companion.ui.app import AppOptions, CompanionApp

    app = CompanionApp(AppOptions(db=db), opening=opening)

    def flipped(*_args: object) -> None:
        screen = app.manager.current_screen if app.manager else None
        if screen is not None and screen.name == "dashboard" and screen.heading:
            print(f"{time.time():.6f}", flush=True)
            os._exit(0)

    Window.bind(on_flip=flipped)
    app.run()


if __name__ == "__main__":
    child_start(Path(sys.argv[1]), "--open-late" in sys.argv[2:])
