"""TI4 by touch as the last new players hit it (issue 22, try 6): the Take-planets list lays
every system in the same place for every player (finding 13), and every seat shows its
commodities and trade goods at all times, 0 included (findings 16, 17, 27, 30), readable
at 800x480 at the Normal and the Large text size."""

from __future__ import annotations

from typing import Any

import pytest

from companion.ui.devtools.gallery_ti4 import seat_card, start_ti4
from companion.ui.screens.order import GroupButton, SectionKey
from companion.ui.settings import TEXT_SIZES
from companion.ui.widgets import Text
from tests.ui.layout_rules import problems

#: Alice holds Wellon (tile 19, all of it) and New Albion (one of tile 27's two planets).
ALICE_TAKES = ("take Wellon", "scan TI/I16", "resolve", "take New Albion", "scan TI/I01",
               "resolve gain")


def _started(make_driver: Any) -> Any:
    driver = make_driver(seed=102)
    start_ti4(driver)
    for line in ALICE_TAKES:
        driver.run_line(line)
        assert not driver.app.message_refused, f"{line}: {driver.app.message}"
    return driver


def _layout(driver: Any) -> tuple[list[str], list[tuple[str, tuple[float, ...]]]]:
    """The section keys, and each system's words and place on the window."""
    keys = [k.text for k in reversed(driver.screen.ids.sections.children)
            if isinstance(k, SectionKey)]
    groups = [(b.text, (*b.to_window(b.x, b.y), *b.size))
              for b in driver.widgets(driver.screen.ids.groups) if isinstance(b, GroupButton)]
    return keys, groups


def _open_take(driver: Any, seat: str) -> None:
    if driver.screen.name == "order":
        driver.tap("Back to the table", scroll=False)
    if driver.shown("< Back"):  # the other players' list is still open: back to the top
        driver.tap("< Back", exact=True)
    if seat == "Alice":
        driver.tap("Take planets for Alice", exact=True)
    else:
        driver.tap("Take planets for another player")
        driver.tap(f"Take planets for {seat}", exact=True)
    assert driver.screen.name == "order" and driver.screen.heading == f"Take planets for {seat}"
    driver.wait_still()


def _order_lines(driver: Any) -> list[str]:
    return [w.text for w in driver.widgets(driver.screen.ids.order) if isinstance(w, Text)]


def test_every_player_finds_each_system_in_the_same_place(make_driver) -> None:
    driver = _started(make_driver)
    _open_take(driver, "Alice")
    for_alice = _layout(driver)
    assert "24: Mehar Xull\nhazardous" in [text for text, _where in for_alice[1]]
    _open_take(driver, "Bob")
    assert _layout(driver) == for_alice  # the same systems, keys and places for Bob
    _open_take(driver, "Carol")
    assert _layout(driver) == for_alice
    driver.tap("19-28", exact=True, scroll=False)
    for_carol = _layout(driver)
    _open_take(driver, "Alice")
    driver.tap("19-28", exact=True, scroll=False)
    assert _layout(driver) == for_carol  # a section's systems too

    # Alice's own Wellon is in its place, greyed; a tap says why and adds nothing.
    driver.tap("All", exact=True, scroll=False)
    wellon = driver.button("19: Wellon\nindustrial · Alice")
    assert wellon.reason == "Alice already controls Wellon." and wellon.values == ()
    driver.tap(wellon, scroll=False)
    assert driver.shown("Alice already controls Wellon.")
    assert driver.screen.ids.submit.text == "Choose first" and not wellon.chosen
    # A system she holds in part adds only the planet she does not hold, and the note goes.
    driver.tap(driver.button("27: New Albion, Starpoint\n"), scroll=False)
    assert _order_lines(driver) == ["1. Starpoint (hazardous)"]
    assert not driver.shown("Alice already controls Wellon.")
    driver.tap(driver.screen.ids.submit, scroll=False)
    assert driver.shown("Alice gains Starpoint")


@pytest.mark.parametrize("scale", TEXT_SIZES[1:], ids=["normal", "large"])
def test_every_seat_shows_its_commodities_and_trade_goods_at_0_too(make_driver,
                                                                   kivy_window, scale) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.app.change_setting("text_scale", str(scale))
    driver.settle()
    for seat in ("Alice", "Bob", "Carol"):
        card = seat_card(driver, seat)
        assert "0 commodities (of 3, assumed) · 0 trade goods" in card.counters
    assert not problems(driver.screen, kivy_window, scale)
    # The commodity value recorded from Bob's faction sheet, by touch: no longer assumed.
    driver.tap("Skip: no faction, commodity value 3")  # the first moment, then Faction sheets
    driver.tap("Record a faction (none picked, commodity value 3 for all)")
    driver.tap("Another value, for a faction sheet not listed")
    driver.tap("Bob: 3, assumed")
    driver.tap("4", exact=True)
    assert "0 commodities (of 4) · 0 trade goods" in seat_card(driver, "Bob").counters
    driver.tap(seat_card(driver, "Bob"))
    assert driver.screen.name == "seat"
    assert driver.shown("0 commodities (of 4) · 0 trade goods")
    driver.wait_still()
    assert not problems(driver.screen, kivy_window, scale)


@pytest.mark.parametrize("scale", TEXT_SIZES[1:], ids=["normal", "large"])
def test_the_take_list_with_a_seats_own_systems_keeps_the_layout_rules(make_driver,
                                                                       kivy_window,
                                                                       scale) -> None:
    driver = _started(make_driver)
    driver.app.change_setting("text_scale", str(scale))
    driver.settle()
    _open_take(driver, "Alice")
    driver.tap(driver.button("19: Wellon\nindustrial · Alice"), scroll=False)
    assert driver.shown("Alice already controls Wellon.")
    driver.wait_still()
    assert not problems(driver.screen, kivy_window, scale)
