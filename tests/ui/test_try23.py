"""Try 23 (a new player by touch, 800x480): a second tap at the same spot right after a
choice opened its next level picked that level's first choice (a development card drawn
at the table, a starting module; the second time with no result to undo from)."""

from __future__ import annotations

import pytest

from companion.games.exploration import DEMO_SETUP
from tests.ui.test_next_in_view import second_touch_after

DEVELOPMENT = "Pick the card drawn at the table: Development cards  >"
WOSTOCHNY = ("length 8", "join Wostochny Ana", "join Baikonur Ben")


def second_touch_after_a_level(driver, text: str) -> None:
    """Tap `text` (a choice that opens a level), then touch the same place again a quarter
    of a second after the level was drawn: a double tap's second touch."""
    panel = driver.app.screen("dashboard").ids.actions
    driver.wait_still()
    button = driver.button(text, exact=True)
    if not driver.reachable(button):
        driver._scroll_into_view(button)  # the finger scrolls to it first
        driver.wait_still()
    assert driver.reachable(button)
    second_touch_after(driver, button, lambda: bool(panel.trail))


@pytest.mark.parametrize(("setup", "choice"), [
    (DEMO_SETUP, DEVELOPMENT),  # finding 1: a card recorded, a result to undo from
    (WOSTOCHNY, "Wostochny takes a starting module  >"),  # finding 2: silently
])
def test_a_double_tap_that_opens_a_level_picks_nothing_in_it(make_driver, setup,
                                                             choice: str) -> None:
    """The second touch came where the level's first choice now stood, and took it."""
    driver = make_driver(seed=2047, demo_setup=setup)
    panel = driver.app.screen("dashboard").ids.actions
    steps = len(driver.app.table.history)
    second_touch_after_a_level(driver, choice)
    assert len(driver.app.table.history) == steps  # no card recorded
    assert panel.trail == choice.removesuffix("  >")  # still choosing there
    first = next(b for b in panel.buttons() if b is not panel.ids.back)
    driver.tap(first, scroll=False)  # a tap of its own, once the level is seen: taken
    assert len(driver.app.table.history) == steps + 1
