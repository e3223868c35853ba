"""Buttons that stay where a finger learned them (issue 22, try 10): a TI4 table of Ravi,
Sue and Tess by touch at 800x480: a seat's page's bar (finding 28) and the Take-planets
list (findings 8, 25, 37, 38)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.ui.devtools.gallery import seat_players
from companion.ui.settings import AppSettings

SEATS = ("Ravi", "Sue", "Tess")


def _start(driver: Any) -> None:
    driver.tap("New game")
    driver.tap("TI4 Exploration")
    seat_players(driver, dict(zip(("Player 1", "Player 2", "Player 3"), SEATS, strict=True)))
    driver.tap("Start the game")


def _bar(driver: Any) -> list[tuple[str, tuple[int, ...]]]:
    """The seat page's bottom bar: each button's words (the seats' names taken out) and
    place on the window, those shown."""
    bar = driver.screen.ids.back.parent
    names = [*SEATS]
    out = []
    for button in reversed(bar.children):
        if button.opacity and not button.disabled:
            words = button.text
            for name in names:
                words = words.replace(name, "SEAT")
            out.append((words, tuple(round(v) for v in (*button.to_window(*button.pos),
                                                        *button.size))))
    return out


def test_a_seat_page_has_the_same_bar_for_every_seat(make_driver) -> None:
    """Finding 28: "Back to the table" had a blank on its left on the first seat's page and
    on its right on the last's (the seats beside it stopped at either end): the seats now go
    around the table, so every page's bar is the same, Back in its middle."""
    from companion.ui.devtools.gallery_ti4 import seat_card

    driver = make_driver(seed=7)
    _start(driver)
    bars = {}
    for seat in SEATS:
        driver.tap(seat_card(driver, seat))
        assert driver.screen.name == "seat" and driver.screen.seat == seat
        bars[seat] = _bar(driver)
        driver.tap("Back to the table", exact=True, scroll=False)
    assert [w for w, _p in bars["Ravi"]] == ["< SEAT", "Back to the table", "SEAT >"]
    assert bars["Ravi"] == bars["Sue"] == bars["Tess"]
    driver.tap(seat_card(driver, "Ravi"))
    driver.tap("< Tess", exact=True, scroll=False)  # the last seat is before the first
    assert driver.screen.seat == "Tess"
    driver.tap("Ravi >", exact=True, scroll=False)
    assert driver.screen.seat == "Ravi"


def _tiles(driver: Any) -> dict[str, tuple[int, ...]]:
    """The Take-planets list's systems by number: each one's place and size on the window."""
    from companion.ui.screens.order import GroupButton

    driver.wait_still()
    return {b.whole.split(":")[0]: tuple(round(v) for v in (*b.to_window(*b.pos), *b.size))
            for b in driver.widgets(driver.screen.ids.groups) if isinstance(b, GroupButton)}


@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_the_systems_keep_their_places_when_their_planets_are_taken(make_driver,
                                                                     scale: float) -> None:
    """Findings 8, 25, 38: tile 72 grew a line when Sue took Lisis and Velnor ("72: Lisis
    (Sue), Velnor (Sue)"), so the same swipe landed elsewhere for Tess, and two systems of
    a row started at different heights. The owner is now said on the details' line, folded
    to one line, and a row's two systems are one height."""
    driver = make_driver(seed=7, settings=AppSettings(text_scale=scale))
    _start(driver)
    driver.tap("Take planets for another player")
    driver.tap("Take planets for Sue", exact=True)
    driver.tap("69-82", exact=True, scroll=False)
    before = _tiles(driver)
    rows: dict[int, set[int]] = {}
    for _x, y, _w, h in before.values():
        rows.setdefault(y, set()).add(h)
    assert all(len(heights) == 1 for heights in rows.values())  # a row's two: one height
    driver.tap("Back to the table", scroll=False)
    for line in ("take Lisis Velnor for Sue", "scan TI/I16", "resolve", "scan TI/I01",
                 "resolve gain"):
        driver.run_line(line)
        assert not driver.app.message_refused, f"{line}: {driver.app.message}"
    driver.tap("Take planets for another player")
    driver.tap("Take planets for Tess", exact=True)
    driver.tap("69-82", exact=True, scroll=False)
    grown = next(b for b in driver.widgets(driver.screen.ids.groups)
                 if getattr(b, "whole", "").startswith("72: "))
    assert grown.text == "72: Lisis, Velnor\nindustrial · Sue"  # the owner is said ...
    assert _tiles(driver) == before  # ... and no system moved


def test_the_systems_keys_stay_the_same_all_game_and_say_what_the_home_systems_are(
        make_driver) -> None:
    """Finding 37: the keys were made from the systems offered, so a Mirage found in tile
    42 re-numbered them ("70-76" and "82" became "70-82", "42" came in). Finding 25: the
    home systems followed 82 as if the list went on. The game declares its keys now."""
    from companion.ui.screens.order import SectionKey
    from companion.ui.widgets import Text

    driver = make_driver(seed=7)
    _start(driver)

    def keys() -> list[str]:
        driver.tap("Take planets for Ravi", exact=True)
        shown = [k.text for k in reversed(driver.screen.ids.sections.children)
                 if isinstance(k, SectionKey)]
        driver.tap("Back to the table", scroll=False)
        return shown

    first = keys()
    assert first == ["All", "1-9", "10-18", "19-28", "29-50", "51-58", "59-68", "69-82"]
    for line in ("frontier 42 with exploration-probe", "scan TI/F11", "resolve",
                 "scan TI/C10", "resolve"):  # Mirage: a planet comes to tile 42, explored
        driver.run_line(line)
        assert not driver.app.message_refused, f"{line}: {driver.app.message}"
    if driver.screen.name != "dashboard":
        driver.app.show("dashboard")
        driver.settle()
    assert keys() == first
    driver.tap("Take planets for Ravi", exact=True)
    driver.tap("29-50", exact=True, scroll=False)
    assert driver.shown("42: Mirage")
    driver.tap("All", exact=True, scroll=False)
    titles = [w.text for w in driver.widgets(driver.screen.ids.groups) if type(w) is Text]
    assert titles == ["Home systems and Mecatol Rex: no trait, nothing to explore"]
