"""A choice's side is a function of what it is, not of what was shown before (issue 22;
try 9, findings 29 and 34; try 10, findings 13, 21 and 36): the dashboard's rows were
remembered by label, so "Ravi passes" and "Sue passes" were strangers and stood on
different sides, a restart (the memory gone) laid the same choices out anew, and an
ability recorded moved "Place a frontier token by an ability" to the other half. A
choice's side now comes from its place in its group as the game lists it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from companion.games.exploration import DEMO_SETUP
from companion.ui.devtools.gallery import seat_players
from companion.ui.widgets.fit import ChoiceRows

TI4_SEATS = ("Ravi", "Sue", "Tess")
XP_SEATS = ("Xichang", "Baikonur", "Kourou", "Wostochny", "Cape Canaveral")
#: A piece's code in a label ("SHLD1", "M02"): one ship or card among others alike.
PIECE = re.compile(r"\b[A-Z]{2,}\d+\b")
LEFT, RIGHT, WHOLE = "left", "right", "whole"

Rows = list[list[tuple[str, str]]]
#: Ravi takes a planet, its card explored and resolved (a scanner's or a phone's steps).
PLANET = ("take Lisis for Ravi", "scan TI/I01", "resolve gain")
#: A frontier token explored: Mirage, whose planet is then explored (two cards waiting).
MIRAGE = ("frontier 42 with exploration-probe", "scan TI/F11", "resolve", "scan TI/C10",
          "resolve")


def rows(driver: Any, names: tuple[str, ...] = ()) -> Rows:
    """The actions list's choices as a finger finds them: row by row from the top, each
    button's words (a seat's name as SEAT, a piece's code as PIECE) and its side."""
    driver.wait_still()
    panel = driver.app.screen("dashboard").ids.actions
    holder = panel.ids.entries
    left = holder.to_window(holder.x, 0)[0]
    middle = left + holder.width / 2
    lines: dict[int, list[tuple[float, str, str]]] = {}
    for box in (c for c in holder.children if isinstance(c, ChoiceRows)):
        for button in box.buttons:
            x, y = button.to_window(button.x, button.top)
            words = PIECE.sub("PIECE", button.text)
            for name in names:
                words = words.replace(name, "SEAT")
            side = WHOLE if button.width > holder.width * 0.7 else \
                LEFT if x + button.width / 2 < middle else RIGHT
            lines.setdefault(round(y), []).append((x, words, side))
    return [[(w, s) for _x, w, s in sorted(line)] for _y, line in
            sorted(lines.items(), reverse=True)]


def sides(shown: Rows) -> dict[str, str]:
    return {words: side for line in shown for words, side in line}


def shape(shown: Rows) -> list[list[str]]:
    """The rows' sides alone."""
    return [[side for _w, side in line] for line in shown]


def swapped(before: Rows, after: Rows) -> list[str]:
    """The choices shown both times that went from one half to the other."""
    old, new = sides(before), sides(after)
    return [w for w in old if w in new and {old[w], new[w]} == {LEFT, RIGHT}]


def start_ti4(driver: Any) -> None:
    driver.tap("New game")
    driver.tap("TI4 Exploration")
    seat_players(driver, dict(zip(("Player 1", "Player 2", "Player 3"), TI4_SEATS,
                                  strict=True)))
    driver.tap("Start the game")


def _run(driver: Any, *lines: str) -> None:
    """Steps a scanner or a phone sends (their rows are what is looked at here)."""
    for line in lines:
        driver.run_line(line)
        assert not driver.app.message_refused, f"{line}: {driver.app.message}"
    if driver.screen.name != "dashboard":  # a reveal: back at the table
        driver.app.show("dashboard")
    driver.settle()


def test_every_seat_sees_the_same_rows_for_the_same_offer(make_driver,
                                                         tmp_path: Path) -> None:
    """Try 10, findings 13 and 21: after a card explored the rows were laid out from those
    shown while it waited, the next seat's from those, and a restart anew."""
    db = tmp_path / "games.db"
    driver = make_driver(db=db, seed=7)
    start_ti4(driver)
    _run(driver, *PLANET, *MIRAGE)
    main = driver.app.screen("dashboard").ids.main
    seen = {}
    for seat in TI4_SEATS:
        assert driver.app.table.prompt.get("seat") == seat
        seen[seat] = rows(driver, TI4_SEATS)
        assert main.text == f"End {seat}'s turn"
        if seat != "Tess":
            driver.tap(main, scroll=False)
    assert len(seen["Ravi"]) >= 4 and any(len(line) == 2 for line in seen["Ravi"])
    assert seen["Sue"] == seen["Tess"]
    driver.close()  # the same offer in a new app: the same rows
    _dashboard(again := make_driver(db=db, seed=7))
    assert rows(again, TI4_SEATS) == seen["Tess"]


def _dashboard(driver: Any) -> None:
    """The app opened on a saved game: at its dashboard (by its start screen's Resume)."""
    driver.settle()
    if driver.screen.name != "dashboard":
        driver.tap("Resume")
    assert driver.screen.name == "dashboard"


def test_a_restart_shows_the_same_rows_while_a_card_waits(make_driver,
                                                          tmp_path: Path) -> None:
    """Try 10, finding 21: the same moment laid out otherwise after a restart."""
    db = tmp_path / "games.db"
    driver = make_driver(db=db, seed=7)
    start_ti4(driver)
    _run(driver, *PLANET, *MIRAGE[:3])  # Mirage's planet: its card waits
    before = rows(driver, TI4_SEATS)
    assert driver.app.table.view.get("revealed") or "Let the app draw" in str(before)
    driver.close()
    _dashboard(again := make_driver(db=db, seed=7))
    assert rows(again, TI4_SEATS) == before


def test_a_restart_shows_the_same_rows(make_driver, tmp_path: Path) -> None:
    """Try 9, finding 34: after the plug was pulled "Select SHLD2 for the flight" stood on
    the other half (the rows had been remembered, and the memory was gone)."""
    db = tmp_path / "games.db"
    driver = make_driver(db=db, seed=2047, demo_setup=DEMO_SETUP)
    driver.tap("Let the app draw every owed card")
    driver.tap(driver.screen.ids["continue"])
    first = rows(driver, XP_SEATS)
    _run(driver, "join Wostochny Zoe")  # a choice goes, owed cards come
    before = rows(driver, XP_SEATS)
    assert not swapped(first, before)
    driver.close()
    _dashboard(again := make_driver(db=db, seed=2047))
    assert rows(again, XP_SEATS) == before


def test_an_action_that_comes_or_goes_moves_no_other_to_the_other_half(make_driver) -> None:
    """Try 10, finding 36: with Dark Energy Tap recorded, "Explore a frontier token by an
    ability" came and "Place a frontier token by an ability" went to the other half."""
    driver = make_driver(seed=7)
    start_ti4(driver)
    before = rows(driver, TI4_SEATS)
    driver.tap("Record a technology")
    driver.tap("Ravi  >", exact=True)
    driver.tap("Dark Energy Tap")
    after = rows(driver, TI4_SEATS)
    assert "Explore a frontier token by an ability" in sides(after)
    assert not swapped(before, after), (before, after)
    db = driver.app.options.db
    driver.close()  # a new app on the same game: the same rows
    _dashboard(again := make_driver(db=db, seed=7))
    assert rows(again, TI4_SEATS) == after
    again.tap("Undo")  # it goes again: the very rows of before
    assert rows(again, TI4_SEATS) == before


def test_a_card_that_waits_moves_no_choice_to_the_other_half(make_driver) -> None:
    """Try 10, finding 13: while a card waits, the turn's choices go (no turn ends with a
    card unresolved); those that stay, and those that come back, keep their halves."""
    driver = make_driver(seed=7)
    start_ti4(driver)
    _run(driver, *PLANET)
    seen = [rows(driver, TI4_SEATS)]
    for line in MIRAGE:
        _run(driver, line)
        seen.append(rows(driver, TI4_SEATS))
    assert sides(seen[0]).keys() - sides(seen[1]).keys()  # (some went while it waited)
    assert sides(seen[-1]).keys() >= sides(seen[0]).keys()  # (and came back)
    assert not [(i, j, swapped(a, b)) for i, a in enumerate(seen)
                for j, b in enumerate(seen) if swapped(a, b)]
