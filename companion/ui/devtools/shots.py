"""The screenshot gallery: `python -m companion.ui.shots [FOLDER]` (default docs/screens).

Plays a short seeded game through the screens at 800x480, 1024x600 and
1280x720 (one process per size; a Kivy window has one size for its life) and
writes one PNG per screen, named SCREEN-WIDTHxHEIGHT.png. docs/screens.md shows them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

SIZES = ("800x480", "1024x600", "1280x720")


def _main_sizes(folder: Path) -> int:
    status = 0
    for size in SIZES:
        env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "offscreen")}
        status |= subprocess.call([sys.executable, "-m", "companion.ui.devtools.shots", str(folder),
                                   "--one", size], env=env)
    return status


def _shoot(folder: Path, size: str) -> int:
    from companion.ui.command import configure_kivy

    width, height = (int(n) for n in size.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["KIVY_HOME"] = str(Path(tmp) / "kivy")
        configure_kivy((width, height), False)
        from companion.ui.app import AppOptions, CompanionApp
        from companion.ui.devtools.gallery import play_gallery
        from companion.ui.devtools.gallery_board import (
            damaged_file,
            finished_game,
            newer_file,
            play_board_gallery,
            play_dead_end_gallery,
            play_final_gallery,
            play_recover_gallery,
            scored_game,
        )
        from companion.ui.devtools.gallery_large import (
            play_large_gallery,
            play_ti4_large_gallery,
        )
        from companion.ui.devtools.gallery_ti4 import play_ti4_gallery
        from companion.ui.driver import AppDriver

        for walk, db, prepare in ((play_gallery, "games.db", None),
                                  (play_ti4_gallery, "ti4.db", None),
                                  (play_board_gallery, "board.db", scored_game),
                                  (play_final_gallery, "final.db", finished_game),
                                  (play_recover_gallery, "damaged.db", damaged_file),
                                  (play_dead_end_gallery, "newer.db", newer_file),
                                  (play_large_gallery, "large.db", None),
                                  (play_ti4_large_gallery, "ti4-large.db", None)):
            if prepare is not None:
                prepare(Path(tmp) / db)
            driver = AppDriver(CompanionApp(AppOptions(db=Path(tmp) / db, seed=2047)))
            try:
                for name in walk(driver):
                    driver.screenshot(folder / f"{name}-{size}.png")
            finally:
                driver.close()
    return 0


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv and not argv[0].startswith("--") else Path("docs/screens")
    if "--one" in argv:
        return _shoot(folder, argv[argv.index("--one") + 1])
    return _main_sizes(folder)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
