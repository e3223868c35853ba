"""A seat's faction chosen by touch (issue 22, try 8 finding 40: "I know 'I'm Hacan', not
'my value is 6'"): every faction's name on one screen in alphabetical order, and the
faction shown with the commodity value on the seat card, the seat's page and the
scoreboard, whole at 800x480 at the Normal and the Large text size."""

from __future__ import annotations

import pytest

from companion.ui.devtools.gallery_ti4 import seat_card, start_ti4
from companion.ui.settings import TEXT_SIZES
from tests.ui.layout_rules import problems

HACAN = "0 commodities (of 6, Hacan) · 0 trade goods"


@pytest.mark.parametrize("scale", TEXT_SIZES[1:], ids=["normal", "large"])
def test_a_player_chooses_their_faction_by_name(make_driver, kivy_window, scale) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.app.change_setting("text_scale", str(scale))
    driver.settle()
    driver.tap("Factions: commodity values 3 assumed for all")
    driver.tap("Carol's faction (3 assumed)")
    assert driver.screen.name == "form"
    names = driver.screen.choices()["Faction"]
    assert names[:4] == ["Arborec", "Argent Flight", "Creuss", "Empyrean"] and len(names) == 25
    driver.wait_still()
    assert not problems(driver.screen, kivy_window, scale)
    driver.fill_form(("Faction", "Hacan"), send=False)
    # The send button in the words the table says it (try 12, s039: "Carol's faction (3
    # assumed): faction Hacan").
    assert driver.screen.submit_text == "Carol plays Hacan"
    driver.tap(driver.screen.ids.submit)
    assert driver.screen.name == "dashboard"
    assert driver.shown("Carol plays the Emirates of Hacan: commodity value 6")
    assert HACAN in seat_card(driver, "Carol").counters
    assert not problems(driver.screen, kivy_window, scale)
    driver.tap(seat_card(driver, "Carol"))  # the seat's page
    assert driver.screen.name == "seat" and driver.shown(HACAN)
    driver.wait_still()
    assert not problems(driver.screen, kivy_window, scale)
    driver.tap("Back to the table")
    driver.tap("Menu")
    driver.tap("Scoreboard")
    assert driver.screen.name == "scoreboard" and driver.shown(HACAN)
    driver.wait_still()
    assert not problems(driver.screen, kivy_window, scale)
