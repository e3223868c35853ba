"""The walk through the screens the screenshot gallery shows (a seeded game)."""

from __future__ import annotations

from collections.abc import Iterator

from companion.ui.driver import AppDriver

#: A few commands of a 2-seat Exploration game, typed as a table would.
OPENING = ("for Xichang", "scan XP/D17", "scan XP/P06", "scan XP/P04", "scan XP/S07",
           "scan XP/S26", "scan XP/S20")


def play_gallery(driver: AppDriver) -> Iterator[str]:
    """Drive the app screen by screen; yields a name each time a screen is worth a picture."""
    yield "start"
    driver.tap("New game")
    yield "newgame"
    form = driver.app.screen("newgame")
    names = iter(("Ana", "Ben"))
    from companion.ui.widgets import CommandInput

    for field in [w for w in driver.widgets() if isinstance(w, CommandInput)][:2]:
        field.text = next(names)
    _ = form
    driver.tap("Start the game")
    for line in OPENING:
        driver.type_command(line)
    yield "dashboard"
    driver.tap(driver.app.screen("dashboard").ids.command)  # focus: the keyboard comes up
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
