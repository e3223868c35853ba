"""What the TI4 new player of try 20 hit (issue 22), by touch at 800x480."""

from __future__ import annotations

import os
from pathlib import Path

from companion.ui.devtools.gallery_large import large_text
from companion.ui.devtools.gallery_ti4 import start_ti4
from tests.ui.layout_rules import problems

SCEPTER = "Exhaust Scepter of Emelpar: spend a token from the reinforcements instead of " \
    "the strategy pool"
SHOTS = os.environ.get("TRY20_SHOTS")  # a folder: the screens are saved there to look at


def _shot(driver, name: str) -> None:
    if SHOTS:
        driver.screenshot(Path(SHOTS) / f"{name}.png")


def _places(driver, first) -> dict[str, tuple[float, float, float]]:
    """Each button after `first` in the list: its left edge, width and height under
    `first`'s top (what a finger that learned the list finds there)."""
    buttons = list(driver.screen.ids.actions.buttons())
    top = first.to_window(first.x, first.top)[1]
    return {b.text: (round(b.to_window(b.x, b.y)[0]), round(b.width),
                     round(top - b.to_window(b.x, b.top)[1]))
            for b in buttons[buttons.index(first) + 1:]
            if not b.text.startswith("Not possible now")}  # (its count goes up by one)


def test_a_relic_exhausted_keeps_its_row_and_no_button_moves_up_beside_it(
        make_driver, kivy_window) -> None:
    """Finding 2: after "Exhaust Scepter of Emelpar" its greyed place took half a row and
    "Record a technology" moved up beside it, where a second tap would land."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.run_line("relic Alice draws R03")
    driver.wait_for(lambda: driver.screen.name == "reveal", "the relic gained")
    driver.tap("Continue")
    driver.wait_still()
    scepter = driver.button(SCEPTER)
    before = _places(driver, scepter)
    assert any(text.startswith("Record a technology") for text in before)
    driver.tap(scepter)
    driver.wait_still()
    greyed = driver.button(SCEPTER)
    assert greyed.disabled
    _shot(driver, "scepter-exhausted-normal")
    assert _places(driver, greyed) == before
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []
    large_text(driver)
    driver.wait_still()
    _shot(driver, "scepter-exhausted-large")
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []
