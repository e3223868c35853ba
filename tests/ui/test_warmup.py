"""Quiet moments make the screens a player opens later, and draw the History's rows,
ahead of the tap that shows them (companion/ui/warmup.py, issue 22); never while a finger
is on the glass."""

from __future__ import annotations

import time
from pathlib import Path

from kivy.tests.common import UnitTestTouch

from companion.ui.warmup import AHEAD, QUIET
from tests.ui.test_taps import preparation_dashboard


def made(driver, name: str) -> bool:
    return bool(driver.app.manager.has_screen(name))


def test_a_finger_on_the_glass_holds_the_work_back_then_it_is_done_ahead(
        make_driver, tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    heading = driver.screen.ids.get("heading") or driver.screen
    finger = UnitTestTouch(*heading.to_window(*heading.center))
    finger.touch_down()  # a finger resting on the table's heading: a hold, a slow tap
    try:
        before = [name for name in AHEAD if made(driver, name)]  # a quiet moment came already
        assert len(before) < len(AHEAD)
        held_since = time.monotonic()
        while time.monotonic() - held_since < 4 * QUIET:
            driver.pump()
            time.sleep(0.01)
        assert [name for name in AHEAD if made(driver, name)] == before
    finally:
        finger.touch_up()
    driver.wait_for(lambda: all(made(driver, name) for name in AHEAD),
                    "every screen made ahead")
    history = driver.app.screen("history")
    driver.wait_for(lambda: not history.pending, "the History's rows drawn ahead")
    tabs = driver.app.screen("dashboard").ids.tabs
    driver.wait_for(lambda: not tabs.behind, "the closed tabs' panels drawn ahead")
    decks = tabs.panel("Decks")
    assert decks.children and decks.width == tabs.body.width  # drawn at the page's width
    rows = list(history.ids.rows.children)
    assert len(rows) > 5
    driver.tap("History")
    assert driver.screen.name == "history"
    assert list(history.ids.rows.children) == rows  # shown as drawn, none made by the tap
    assert driver.shown(f"{driver.app.table.steps}.  ")  # the newest step on top


def test_a_step_while_the_history_is_hidden_is_drawn_in_the_next_quiet_moment(
        make_driver, tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    history = driver.app.screen("history")
    driver.wait_for(lambda: not history.pending, "the History's rows drawn ahead")
    driver.tap("Deploy Laser beam (LASR2)")
    steps = driver.app.table.steps
    driver.wait_for(lambda: not history.pending, "the new step drawn ahead")
    assert any(row.text.startswith(f"{steps}.  ") and "LASR2" in row.text
               for row in history.ids.rows.children)
    assert driver.screen.name == "dashboard"


def test_with_no_game_to_resume_the_new_game_form_is_ready_before_the_first_tap(
        make_driver) -> None:
    from companion.ui.screens.newgame import SeatEntry

    driver = make_driver()  # a fresh saved-games file: the start screen
    assert driver.screen.name == "start"
    assert made(driver, "newgame")  # made once the forms came, not in a later quiet moment
    form = driver.app.screen("newgame")
    made_ahead = set(map(id, driver.widgets(form)))
    assert sum(isinstance(w, SeatEntry) for w in driver.widgets(form)) >= 2
    driver.tap("New game")
    assert driver.screen.name == "newgame" and driver.shown("Start the game")
    assert set(map(id, driver.widgets())) == made_ahead  # shown as made, nothing new


class _Cycle:
    """Garbage only the collector's full pass frees: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


def test_garbage_left_by_play_is_freed_in_a_quiet_moment(make_driver, tmp_path: Path) -> None:
    """The collector's full passes wait for a quiet moment (companion/ui/collector.py): the
    taps seldom meet one, and memory held by old cycles is still given back."""
    import gc
    import weakref

    from companion.ui.collector import QUIET_FULL_AFTER

    driver = preparation_dashboard(make_driver, tmp_path)
    driver.wait_for(lambda: not driver.app.warmup.behind, "the work done ahead")
    cycle = _Cycle()
    gone = weakref.ref(cycle)
    gc.collect(1)
    gc.collect(1)  # two middle passes: the cycle is among the old objects
    del cycle
    busy = [[] for _ in range(20 * 700 * QUIET_FULL_AFTER)]  # play's many objects ...
    del busy  # ... and as many middle passes as Python's default waits for
    assert gone() is not None  # Python's own full pass waits longer now
    driver.tap("History")  # a tap, then the table goes quiet
    driver.wait_for(lambda: gone() is None, "the old cycle freed")
    assert driver.screen.name == "history"
