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

#: A scanned 2-seat game (Ana at Xichang, Ben at Baikonur) at round 2's flight phase:
#: SHLD1 (Baikonur, carrying `SHLD1_MODULE`) flies first, then TRNS1 (Xichang).
FLIGHT_SETUP = (
    "length 8", "join Xichang Ana", "join Baikonur Ben", "for Xichang", "scan XP/D17",
    "scan XP/P06", "scan XP/P04", "scan XP/S07", "scan XP/S26", "scan XP/S20", "for Baikonur",
    "scan XP/P01", "scan XP/P13", "scan XP/S04", "scan XP/S15", "scan XP/S18", "scan XP/M01",
    "scan XP/M03", "scan XP/M06", "scan XP/M08", "scan XP/M09", "draft", "scan XP/TRNS1",
    "scan XP/SHLD1", "scan XP/LASR2", "scan XP/MONY1", "scan XP/CONQ3", "scan XP/SMAN1",
    "scan XP/RECV2", "scan XP/DSTR4", "start", "tech credits", "deploy TRNS1",
    "build TRNS1 habitat", "build TRNS1 gnss", "done", "tech credits", "deploy SHLD1",
    "build SHLD1 SHLD1_MODULE", "done", "drift", "tech credits", "select TRNS1", "done",
    "tech credits", "select SHLD1", "done",
)


def flight_lines(shld1_module: str = "laser_turret") -> tuple[str, ...]:
    """FLIGHT_SETUP with SHLD1 carrying `shld1_module` (a trap, for an explosion)."""
    return tuple(line.replace("SHLD1_MODULE", shld1_module) for line in FLIGHT_SETUP)


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
    driver.tap("Pick the card drawn at the table: Maneuver cards")  # no camera: by touch
    yield "pick"
    driver.tap("< Back")
    driver.tap("Pick the card drawn at the table: Secondary mission cards")
    driver.tap("Show Ana's choices")
    yield "pick-private"
    driver.tap("Hide and go back")
    for line in script_lines()[:PREPARATION_LINES]:
        driver.run_line(line)
    if driver.screen.name == "reveal":
        driver.tap("Continue")
    yield "dashboard"
    driver.tap("How?", exact=True)
    yield "scanner-help"
    driver.tap("Hide", exact=True)
    yield from play_panels(driver)
    driver.tap("Not possible now")
    yield "unavailable"
    driver.tap("Hide what is not possible now")
    driver.tap("complete a mission")
    yield "private"
    driver.tap("Show Ben's choices")
    yield "private-open"
    driver.tap("Hide and go back")
    driver.tap("History")
    yield "history"
    driver.tap("Back to the table")
    driver.tap("Menu")
    driver.tap("Settings")
    yield "settings"
    driver.tap("Back")  # back where Settings was opened: the menu
    driver.tap("Saved games")
    yield "saved"
    yield from play_check_and_trap(driver)
    yield from play_hazard(driver)
    yield from play_tile(driver)


def play_check_and_trap(driver: AppDriver) -> Iterator[str]:
    """A new game at a flight phase: a trap dropped, a maneuver check, the explosion."""
    driver.app.start_new_game("xp", list(flight_lines("trap")))
    driver.settle()
    driver.tap("Drop the Trap")
    driver.tap("With count 1")
    driver.tap("Traps", exact=True)
    yield "traps"
    driver.tap("Seats", exact=True)
    driver.tap("End SHLD1's flight turn")
    driver.tap("Move TRNS1")
    driver.fill_form(("Moves", "2 spaces"), ("Ends on", "a credit space"), ("Passes", "L1"),
                     send=False)
    yield "form"
    driver.tap(driver.screen.ids.submit)
    yield "check"
    driver.tap("two\n2 symbols", exact=True)
    driver.pump_for(0.4)
    yield "check-result"
    driver.tap("Continue")
    driver.tap("Move TRNS1")
    driver.fill_form(("Moves", "1 space"), ("Ends on", "a plain space"), ("Passes", "trap T1"))
    driver.pump_for(0.5)
    yield "explosion"


def play_hazard(driver: AppDriver) -> Iterator[str]:
    """A new game at a flight phase: SHLD1 ends on a hazard space; the card's reveal offers
    its decision (apply it, or ignore it for Baikonur's command points)."""
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    driver.tap("Move SHLD1")
    driver.fill_form(("Moves", "1 space"), ("Ends on", "a hazard space"))
    driver.tap("Let the app draw: Hazard cards")
    driver.pump_for(0.8)  # the new card's frame stops flashing
    yield "reveal-hazard"


def play_tile(driver: AppDriver) -> Iterator[str]:
    """A new game at a flight phase: TRNS1 flies off the map; the tile's reveal asks the
    table for its word (the companion's default, or what its own tile prints), then the
    form of what the tile prints, with a loss and a gain stepped in."""
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    driver.tap("End SHLD1's flight turn")
    driver.tap("Move TRNS1")
    driver.fill_form(("Moves", "1 space"), ("Ends on", "a new tile off the map"))
    driver.tap("Let the app draw: Outer Space hex tiles")
    driver.pump_for(0.8)  # the new card's frame stops flashing
    yield "reveal-tile"
    driver.tap("Our tile says something else")
    form = driver.screen
    for field, sign in (("Energy", "-"), ("Command points", "+"), ("Command points", "+")):
        driver.tap(next(b for b in form.stepper(field).children
                        if getattr(b, "text", "") == sign))
    yield "form-tile"
    driver.tap(form.ids.back)


def play_panels(driver: AppDriver) -> Iterator[str]:
    """The dashboard's game panels, each opened by its tab; back on "Seats" at the end."""
    tabs = driver.screen.ids.tabs
    driver.tap("Ships", exact=True)
    yield "ships"
    driver.tap("Fix counts: TRNS1")
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
    driver.tap("Seats", exact=True)
