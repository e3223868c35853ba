"""The walk through the screens the screenshot gallery shows (a seeded game).

The game is the golden Exploration script (assets/demo/xp.txt) typed into the
command bar after the new-game form seated Ana at Xichang and Ben at Baikonur.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from typing import TYPE_CHECKING

from companion.catalogs import assets_dir

if TYPE_CHECKING:  # importing Kivy creates its window: only when driving
    from companion.ui.driver import AppDriver

#: The script's lines typed before the dashboard picture (round 2's preparation).
PREPARATION_LINES = 44


def script_lines() -> list[str]:
    """The golden script's commands, without its setup (the form does that)."""
    lines = []
    for raw in (assets_dir() / "demo" / "xp.txt").read_text(encoding="utf-8").splitlines():
        words = shlex.split(raw, comments=True)
        if words and words[0] not in ("length", "join"):
            lines.append(raw.strip())
    return lines


def seat_players(driver: AppDriver, names: dict[str, str]) -> None:
    """Type player names into the new-game form's fields of the named seats."""
    from companion.ui.screens.newgame import SeatEntry
    from companion.ui.widgets import CommandInput

    for entry in driver.widgets():
        if isinstance(entry, SeatEntry) and entry.label in names:
            field = next(w for w in entry.children if isinstance(w, CommandInput))
            field.text = names[entry.label]


def play_gallery(driver: AppDriver) -> Iterator[str]:
    """Drive the app screen by screen; yields a name each time a screen is worth a picture."""
    yield "start"
    driver.tap("New game")
    seat_players(driver, {"Xichang": "Ana", "Baikonur": "Ben"})
    yield "newgame"
    driver.tap("Start the game")
    driver.tap("Let the app draw: Development cards")
    driver.pump_for(0.4)
    yield "reveal"
    driver.tap("Continue")
    driver.tap("Let the app draw: Primary mission cards")
    driver.pump_for(0.4)
    yield "reveal-hidden"
    driver.tap("Continue")
    yield "setup"
    for line in script_lines()[:PREPARATION_LINES]:
        driver.type_command(line)
    if driver.screen.name == "reveal":
        driver.tap("Continue")
    yield "dashboard"
    yield from play_panels(driver)
    driver.tap("Not possible now")
    yield "unavailable"
    driver.tap("Hide what is not possible now")
    driver.tap("complete a mission")
    yield "private"
    driver.tap("Show Baikonur's choices")
    yield "private-open"
    driver.tap("Hide and go back")
    driver.tap("History")
    yield "history"
    driver.tap("Back to the table")
    driver.tap("Menu")
    driver.tap("Settings")
    yield "settings"
    driver.tap("Back")
    driver.tap("Menu")
    driver.tap("Saved games")
    yield "saved"


def play_panels(driver: AppDriver) -> Iterator[str]:
    """The dashboard's game panels, each opened by its tab; back on "Seats" at the end."""
    tabs = driver.screen.ids.tabs
    driver.tap("Ships", exact=True)
    yield "ships"
    driver.tap("Correct TRNS1")
    editor = tabs.panel("Ships").children[0]
    driver.tap(editor.ids.stepper.children[-1])  # the stepper's "-"
    driver.tap("table mistake")
    tabs.body.children[0].scroll_y = 1  # the picture shows the editor from its title
    driver.pump(2)
    yield "correct"
    driver.tap("Cancel")
    driver.tap("Decks", exact=True)
    hazard = next(row for row in tabs.panel("Decks").children
                  if getattr(row, "heading", "") == "Hazard deck")
    driver.tap(next(w for w in hazard.walk(restrict=True) if getattr(w, "text", "") == "Odds"))
    yield "decks"
    driver.tap("Traps", exact=True)
    yield "traps"
    driver.tap("Seats", exact=True)
