"""One cold start of the touchscreen app, for bench/ui.py's start figures:

    python bench/ui_start.py DB [--no-splash]

Starts the app on DB as `companion app` does (the splash drawn as soon as Kivy's window
exists, then the game opened on the runner's thread while the app imports), prints the
wall time (epoch seconds) Kivy's window was made (black from then on), of the first frame
drawn and of the first frame that shows the resumed game's dashboard, and leaves. A
module of its own so that the child imports only what the app does: run as `bench/ui.py
--child-start`, it also imported the benchmark's own modules (statistics, subprocess,
compileall, platform...), about 30 ms of every start that no player pays (docs/perf.md,
issue 22, 27 Nov afternoon).
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


def child_start(db: Path, splash: bool = True) -> None:
    """Start the app on `db` as `companion app` does; print the wall time Kivy's window was
    made ("window T"), of the first frame drawn ("first T"), then of the first dashboard
    frame, and leave. Without
    `splash`: the order before the splash (issue 22, 28 Nov), the game opened first and no
    frame drawn before the app is imported and built, for a side-by-side figure."""
    configure()
    from companion.ui.opening import opening_file
    from companion.ui.runner import start_opening
    from companion.ui.settings import AppSettings

    gc.disable()
    shown = None
    first: list[float] = []
    if splash:
        import companion.ui.splash  # noqa: F401  (first_frame imports it before the window)
    from kivy.core.window import Window  # made now: black until the first frame is drawn

    window = time.time()
    if splash:  # as `companion app` starts (ui/command.py, _run_app)
        from kivy.graphics.opengl import glFinish

        from companion.ui.command import first_frame

        shown = first_frame(db, AppSettings())
        glFinish()  # the frame counts once its pixels exist
        first.append(time.time())
    opening = start_opening(db)
    gc.freeze()
    from companion.ui.app import AppOptions, CompanionApp

    app = CompanionApp(AppOptions(db=db, opening_file=opening_file(db)), opening=opening,
                       splash=shown)

    def flipped(*_args: object) -> None:
        if not first:
            first.append(time.time())
        screen = app.manager.current_screen if app.manager else None
        if screen is not None and screen.name == "dashboard" and screen.heading:
            print(f"window {window:.6f}", flush=True)
            print(f"first {first[0]:.6f}", flush=True)
            print(f"{time.time():.6f}", flush=True)
            os._exit(0)

    Window.bind(on_flip=flipped)
    app.run()


if __name__ == "__main__":
    child_start(Path(sys.argv[1]), "--no-splash" not in sys.argv[2:])
