"""The moment's main action (end the turn, start the round) sits in a bar that never scrolls."""

from __future__ import annotations

from pathlib import Path

from kivy.core.window import Window

from companion.ui.devtools.gallery import PREPARATION_LINES, flight_lines
from tests.ui.test_actions import saved_game


def in_the_fixed_bar(driver, text: str) -> None:
    dashboard = driver.app.screen("dashboard")
    bar = dashboard.ids.main_bar
    assert (Window.width, Window.height) == (800, 480)
    assert dashboard.ids.main.text.startswith(text) and bar.height > 0
    listed = [w for w in driver.widgets(dashboard.ids.side) if getattr(w, "text", "") == text]
    assert listed == [], "the main action is shown twice"


def test_end_the_preparation_turn_needs_no_scroll_at_800x480(make_driver,
                                                              tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, PREPARATION_LINES)
    driver = make_driver(db=db)
    scroll = driver.app.screen("dashboard").ids.side_scroll
    assert scroll.children[0].height > scroll.height  # a long list of actions
    in_the_fixed_bar(driver, "End Baikonur's preparation turn")
    steps = len(driver.app.table.history)
    scroll.scroll_y = 0.0  # wherever the list is scrolled to, the bar stays put
    driver.pump(2)
    driver.tap("End Baikonur's preparation turn", scroll=False)
    assert len(driver.app.table.history) == steps + 1
    assert driver.app.table.history[-1].command == "done"


def test_each_flight_turn_ends_from_the_same_place(make_driver) -> None:
    driver = make_driver(demo_setup=flight_lines())
    main = driver.app.screen("dashboard").ids.main
    place = tuple(main.to_window(*main.pos))
    for ship in ("SHLD1", "TRNS1"):
        in_the_fixed_bar(driver, f"End {ship}'s flight turn")
        assert tuple(main.to_window(*main.pos)) == place
        driver.tap(f"End {ship}'s flight turn", scroll=False)


def test_no_main_action_folds_the_bar_away(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, PREPARATION_LINES)
    driver = make_driver(db=db)
    driver.tap("Build a module on Shield (SHLD1)")  # a level of a walk: no main action there
    dashboard = driver.app.screen("dashboard")
    assert dashboard.ids.main_bar.height == 0 and dashboard.ids.main.disabled
    assert dashboard.ids.main.height == 0  # a folded button must not lie over the list
