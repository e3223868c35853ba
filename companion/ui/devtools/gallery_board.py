"""The screenshot gallery's walks for the scoreboard, hold-to-peek, the kiosk's Settings
and the recover dialog (see gallery.py and shots.py)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from companion.ui.devtools.gallery import script_lines

if TYPE_CHECKING:  # importing Kivy creates its window: only when driving
    from companion.ui.driver import AppDriver

SETUP = ("length 8", "join Xichang Ana", "join Baikonur Ben")
#: Golden script lines played before the scoreboard picture (round 8, both seats scored).
SCORED_LINES = 100


def scored_game(db: Path) -> None:
    """The golden game up to round 8, both seats scored, saved in `db` before the app opens."""
    from companion.session import open_session

    session = open_session(db, "xp", new=True, seed=2047)
    try:
        for line in (*SETUP, *script_lines()[:SCORED_LINES]):
            session.run(line)
    finally:
        session.close()


def finished_game(db: Path) -> None:
    """The whole golden game, played to its end (the final scores), saved in `db`."""
    from companion.session import open_session

    session = open_session(db, "xp", new=True, seed=2047)
    try:
        for line in (*SETUP, *script_lines()):
            session.run(line)
    finally:
        session.close()


def play_final_gallery(driver: AppDriver) -> Iterator[str]:
    """A finished game (`finished_game`): the app resumes it on the end-of-game scores."""
    if driver.screen.name != "final":
        driver.tap("Final scores")
    yield "final"


def play_board_gallery(driver: AppDriver) -> Iterator[str]:
    """A scored game (`scored_game`): the Board panel's cubes, the scoreboard, a
    hold-to-peek, the kiosk's Settings."""
    driver.tap("Board", exact=True)
    yield "board"
    driver.tap("Seats", exact=True)
    driver.tap("Menu")
    driver.tap("Scoreboard")
    yield "scoreboard"
    driver.tap(driver.screen.ids.back)  # to the Menu it was opened from
    driver.tap(driver.screen.ids.resume)
    yield from _peek(driver, "Xichang")
    yield from _kiosk_settings(driver)


def _peek(driver: AppDriver, seat: str) -> Iterator[str]:
    from companion.ui.widgets.hold import HoldBadge

    # The badge's hold event, as a held finger sends it: the pictures need the panel, and
    # the hold itself (timing, slop, the seat list handing the finger on) is proven by
    # tests/ui/test_peek.py with simulated touches.
    badge = next(w for w in driver.widgets() if isinstance(w, HoldBadge) and w.seat == seat)
    badge.dispatch("on_hold")
    driver.settle()
    yield "peek"
    driver.tap(driver.screen.ids.reveal)  # "Show <player>'s hidden cards"
    yield "peek-open"
    driver.tap("Hide and go back")


def _kiosk_settings(driver: AppDriver) -> Iterator[str]:
    from companion.kiosk import power, usb

    with tempfile.TemporaryDirectory() as sticks:
        (Path(sticks) / "KINGSTON").mkdir()
        os.environ["COMPANION_KIOSK"] = "1"
        power.use(power.StandInPower())
        usb.use(usb.StandInSticks(Path(sticks)))
        try:
            driver.tap("Menu")
            driver.tap("Settings")
            driver.settle()
            driver.tap("Shut down")
            yield "settings-kiosk"
            driver.tap("Cancel")
            driver.tap("Back")
        finally:
            os.environ.pop("COMPANION_KIOSK", None)
            power.use(None)
            usb.use(None)


def damaged_file(db: Path) -> None:
    """A saved game of 30 notes whose step 17 no longer matches its checksum."""
    from companion.session import open_session

    session = open_session(db, "xp", new=True, seed=3)
    for n in range(30):
        session.run(f"note table note number {n:03d}")
    session.close()
    data = bytearray(db.read_bytes())
    data[data.find(b"table note number 016") + 3] ^= 0x01
    db.write_bytes(bytes(data))


def play_recover_gallery(driver: AppDriver) -> Iterator[str]:
    """The start screen on a damaged game: the recover dialog, then its question."""
    yield "recover"
    driver.tap("Copy the good steps into a new game")
    yield "recover-confirm"


def newer_file(db: Path) -> None:
    """A saved game of 12 notes (with its backup) that a newer companion then marked as
    its own: a file this companion may not use or change alone."""
    import sqlite3

    damaged_file(db)
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version=9")
    conn.close()


def play_dead_end_gallery(driver: AppDriver) -> Iterator[str]:
    """The start screen on a file that cannot be used: both ways out, then a question."""
    yield "dead-end"
    driver.tap("Keep it aside and start fresh")
    yield "dead-end-confirm"
