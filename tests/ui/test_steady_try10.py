"""Buttons that stay where a finger learned them (issue 22, try 10): a TI4 table of Ravi,
Sue and Tess by touch at 800x480.

- Findings 7 and 43: the prompt's sentence took 2 lines for Ravi and 1 for Sue, so every
  button of the list moved ~22 px between their turns.
- Findings 13, 21 and 36: "X passes" changed columns between seats, after a restart, after
  the Ion Storm and after a technology was recorded (the rows' columns were remembered by
  label, so "Ravi passes" and "Sue passes" were strangers, and the memory died with the app).
"""

from __future__ import annotations

from pathlib import Path
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


def _places(driver: Any) -> dict[str, tuple[int, int]]:
    """Each top-level button by what it does (the seat's name taken out of its label): its
    left edge and its top on the window, the list at its start."""
    seat = str(driver.app.table.prompt.get("seat") or "")
    driver.screen.ids.side_scroll.scroll_y = 1
    driver.pump(2)
    return {b.text.replace(seat, "SEAT"): (round(b.to_window(b.x, b.top)[0]),
                                           round(b.to_window(b.x, b.top)[1]))
            for b in driver.screen.ids.actions.buttons()}


def _same(places: dict[str, tuple[int, int]], first: dict[str, tuple[int, int]]) -> bool:
    """The buttons of both at the same places, down to the first one that is not in both
    (at least 6: what a finger reaches unscrolled; TI4's commodity values are worded
    apart in the game's first turn)."""
    both = list(first)[:[k in places for k in first].index(False)] \
        if not all(k in places for k in first) else list(first)
    return len(both) >= 6 and all(places[k] == first[k] for k in both)


def _end_turn(driver: Any) -> None:
    driver.tap(driver.screen.ids.main, scroll=False)  # "End X's turn", the fixed bar
    driver.wait_for(lambda: not driver.screen.ids.actions.working, "the next seat's list")


@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_every_seat_finds_its_buttons_in_the_same_places(make_driver, scale: float) -> None:
    """Findings 7, 43: the sentence keeps its 2 lines' room at the top level, so neither a
    button's column nor its height on the screen changes from one seat to the next."""
    driver = make_driver(seed=7, settings=AppSettings(text_scale=scale))
    _start(driver)
    first = _places(driver)
    assert "SEAT passes" in first and "Take planets for SEAT" in first
    for _seat in SEATS:
        now = _places(driver)
        assert _same(now, first), [(k, now.get(k), v) for k, v in first.items()
                                   if now.get(k) != v]
        _end_turn(driver)
    assert _same(_places(driver), first)
    # A sentence of 1 line where another seat's took 2 (at 800x480 a short name; the rule,
    # whatever the game says): the buttons stay where they were.
    driver.screen.next_text = "Al's turn."
    driver.pump(3)
    assert driver.screen.ids.sentence.text == "Al's turn." and _same(_places(driver), first)


def _column(driver: Any, label: str) -> str:
    """Which column the button of `label` stands in: left, right or a row of its own."""
    button = driver.button(label, exact=True)
    row = button.parent
    if len(row.children) == 1:
        return "whole"
    return "left" if row.children[-1] is button else "right"


def test_a_pass_keeps_its_column_for_every_seat_after_a_restart_and_new_abilities(
        make_driver, tmp_path: Path) -> None:
    """Findings 13, 21, 36: the same situation gives the same rows, whoever plays, whatever
    came and went before, and after the app is started again on the same game."""
    db = tmp_path / "games.db"
    driver = make_driver(db=db, seed=7)
    _start(driver)
    columns = {}
    for seat in SEATS:
        columns[seat] = _column(driver, f"{seat} passes")
        _end_turn(driver)
    assert len(set(columns.values())) == 1, columns
    passes = columns["Ravi"]
    # The Ion Storm: a frontier token explored (the list changes while its card is owed).
    driver.run_line("frontier 47 with exploration-probe")
    driver.run_line("scan TI/F06")
    assert not driver.app.message_refused, driver.app.message
    if driver.screen.name == "reveal":
        driver.tap(driver.screen.ids["continue"], scroll=False)
    for line in [t for t in driver.screen.ids.actions.offered() if t.startswith("Resolve")][:1]:
        driver.tap(line, exact=True)
    assert not driver.app.table.view.get("revealed")
    assert _column(driver, "Ravi passes") == passes
    driver.run_line("tech Ravi dark-energy-tap")  # a new way to explore a frontier token
    assert _column(driver, "Ravi passes") == passes
    before = _places(driver)
    driver.close()
    again = make_driver(db=db, seed=7)  # the plug pulled: the same game, the same places
    assert again.screen.name == "dashboard" and _places(again) == before


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
    assert first == ["All", "17-28", "29-50", "59-68", "69-82", "1-9", "10-18", "51-58"]
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
