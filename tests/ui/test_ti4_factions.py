"""A seat's faction chosen by touch (issue 22, try 8 finding 40: "I know 'I'm Hacan', not
'my value is 6'"; try 12 findings 3, 8, 28: no faction at setup, two seats could take the
same one): the game's first moment asks each seat's faction, one tap in every faction's
name in alphabetical order, a faction another seat plays greyed ("Carol has it"), "Skip"
for a table that does not care; the faction shown with the commodity value on the seat
card, the seat's page and the scoreboard, whole at 800x480 at the Normal and the Large
text size."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.ui.devtools.gallery_ti4 import seat_card, start_ti4
from companion.ui.settings import TEXT_SIZES
from tests.ui.layout_rules import problems

HACAN = "0 commodities (of 6, Hacan) · 0 trade goods"
SHOTS = os.environ.get("TI4SEAT_SHOTS")


def shot(driver, name: str) -> None:
    if SHOTS:
        driver.screenshot(Path(SHOTS) / f"{name}.png")


@pytest.mark.parametrize("scale", TEXT_SIZES[1:], ids=["normal", "large"])
def test_a_player_chooses_their_faction_by_name(make_driver, kivy_window, scale) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.app.change_setting("text_scale", str(scale))
    driver.settle()
    # The first moment after "Start the game": each seat's faction, in reach, or skip.
    for asked in ("Alice's faction", "Bob's faction", "Carol's faction",
                  "Skip: no faction, commodity value 3"):
        assert driver.in_reach(driver.button(asked, exact=True)), asked
    shot(driver, f"first-{scale}")
    assert not problems(driver.screen, kivy_window, scale)
    driver.tap("Carol's faction", exact=True)
    names = [b.text for b in driver.widgets() if getattr(b, "text", "") in (
        "Arborec", "Argent Flight", "Creuss", "Empyrean", "Hacan")]
    assert names[:4] == ["Arborec", "Argent Flight", "Creuss", "Empyrean"], names
    driver.wait_still()
    shot(driver, f"list-{scale}")
    assert not problems(driver.screen, kivy_window, scale)
    driver.tap("Hacan", exact=True)
    assert driver.screen.name == "dashboard"
    assert driver.shown("Carol plays the Emirates of Hacan: commodity value 6")
    assert HACAN in seat_card(driver, "Carol").counters
    assert driver.shown("Carol: Hacan")
    driver.tap("Bob's faction", exact=True)  # Hacan is Carol's: greyed, saying whose
    shot(driver, f"taken-{scale}")
    taken = driver.button("Hacan\nCarol has it", exact=True)
    assert taken.disabled  # greyed in its place: one seat per faction
    assert not driver.button("Jol-Nar", exact=True).disabled
    driver.wait_still()
    assert not problems(driver.screen, kivy_window, scale)
    driver.tap("Cancel", exact=True)
    driver.tap("Skip: no faction, commodity value 3")
    assert not driver.shown("Bob's faction")
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


def test_after_the_first_moment_the_form_says_its_line_in_the_tables_words(
        make_driver, kivy_window) -> None:
    """Skipped at first, a faction is still recorded later: the form of every faction, its
    send button in the words the table says it (try 12, s039)."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.tap("Skip: no faction, commodity value 3")
    driver.tap("Record a faction (none picked, commodity value 3 for all)")
    driver.tap("Carol's faction (none yet: commodity value 3)")
    assert driver.screen.name == "form"
    names = driver.screen.choices()["Faction"]
    assert names[:4] == ["Arborec", "Argent Flight", "Creuss", "Empyrean"] and len(names) == 25
    driver.fill_form(("Faction", "Hacan"), send=False)
    assert driver.screen.submit_text == "Carol plays Hacan"
    driver.tap(driver.screen.ids.submit)
    assert driver.screen.name == "dashboard"
    assert HACAN in seat_card(driver, "Carol").counters
