"""The dashboard's tabs during a real game: each panel opened by tapping its tab, its
texts checked before and after the commands that change them."""

from __future__ import annotations

from pathlib import Path

from companion.session import open_session
from tests.exploration.flight_setup import PICKS, ROW, SETUP

#: A scanned 2-player game (Ana at Xichang, Ben at Baikonur) in round 2's flight phase:
#: TRNS1 and SHLD1 deployed and selected, Baikonur's SHLD1 carrying a trap.
FLIGHT = (
    *[line for line in SETUP if not line.startswith("scan XP/M")][:-1],
    *(f"scan XP/{card}" for card in ROW), "draft", *(f"scan XP/{card}" for card in PICKS),
    "start",
    "tech credits", "deploy TRNS1", "build TRNS1 habitat", "build TRNS1 gnss", "done",
    "tech credits", "deploy SHLD1", "build SHLD1 trap", "done", "drift",
    "tech credits", "select TRNS1", "done", "tech credits", "select SHLD1", "done",
)


def saved_game(db: Path, *more: str) -> Path:
    session = open_session(db, "xp", new=True, seed=1)
    for line in (*FLIGHT, *more):
        result = session.run(line)
        assert result.ok, (line, result.message)
    session.close()
    return db


def test_the_tabs_are_seats_then_the_games_panels(make_driver, tmp_path: Path) -> None:
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    tabs = driver.screen.ids.tabs
    assert tabs.titles[0] == "Seats" and "Traps" in tabs.titles
    assert driver.shown("Ana")  # the seat rows are the first page
    driver.tap("Traps", exact=True)
    assert tabs.current == "Traps"
    assert driver.shown("No trap on the map.")
    assert not driver.shown("Xichang  ·  Ana")  # the seat rows left with their tab
    assert driver.screen.ids.scanstrip.get_root_window() is not None  # always visible
    driver.tap("Seats", exact=True)
    assert driver.shown("Xichang  ·  Ana")


def test_a_trap_shows_its_owner_place_and_count_going_down(make_driver,
                                                          tmp_path: Path) -> None:
    driver = make_driver(db=saved_game(tmp_path / "games.db", "drop SHLD1 trap 2"))
    driver.tap("Traps", exact=True)
    panel = driver.screen.ids.tabs.panel("Traps")
    assert "T1 · Baikonur's trap · under SHLD1 at home orbit" in driver.texts(panel)
    assert "count 2" in driver.texts(panel)
    driver.type_command("move SHLD1 1 space past T1")
    assert "count 1" in driver.texts(panel) and "count 2" not in driver.texts(panel)
    driver.tap("Undo", exact=True)
    assert "count 2" in driver.texts(panel)


def test_a_game_without_panels_shows_no_tab_strip(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    driver.tap("TI4 Exploration")
    from tests.ui.test_screens import fill_names

    fill_names(driver, "Alice", "Bob", "Carol")
    driver.tap("Start the game")
    tabs = driver.screen.ids.tabs
    if len(tabs.titles) == 1:  # until TI4's panels are registered
        assert tabs.strip.height == 0 and tabs.strip.opacity == 0
    assert driver.shown("Alice")
