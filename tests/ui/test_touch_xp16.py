"""Exploration by touch on one loaded core (table xp16, finding 1): a swipe made while the app
was busy opened a seat's page (and a ship's correction editor). Kivy moved the touch's
origin along with every move that came before the touch was handed over, so the swipe
reached the lists whole, as a still touch where it ended."""

from __future__ import annotations

from pathlib import Path

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch

from companion.ui.widgets import SeatRowView
from companion.ui.widgets.hold import HOLD_SECONDS, HoldBadge
from tests.ui.test_actions import saved_game


def _slide(touch: UnitTestTouch, x: float, y: float) -> None:
    """The finger's move as the input provider takes it in: not handed over yet."""
    touch.move({"x": x / (Window.width - 1.0), "y": y / (Window.height - 1.0)})


def _swipe_while_busy(x: float, y: float, dy: float, steps: int = 9) -> None:
    """A swipe down the glass made while the app worked on a step: its down, moves and
    lift all waited, and are handed over one after the other in one frame."""
    touch = UnitTestTouch(x, y)
    for step in range(1, steps + 1):
        _slide(touch, x, y - dy * step / steps)
    _slide(touch, x, y - dy)  # the finger rests at the end before it lifts
    EventLoop.post_dispatch_input("begin", touch)
    for _ in range(steps + 1):
        EventLoop.post_dispatch_input("update", touch)
    EventLoop.post_dispatch_input("end", touch)


def _dashboard(make_driver, tmp_path: Path):
    db = tmp_path / "games.db"
    saved_game(db, 2)
    return make_driver(db=db)


def test_a_swipe_made_while_the_app_was_busy_opens_no_seat(make_driver,
                                                          tmp_path: Path) -> None:
    driver = _dashboard(make_driver, tmp_path)
    card = next(w for w in driver.widgets() if isinstance(w, SeatRowView))
    x, y = card.to_window(card.center_x, card.top - 10)
    _swipe_while_busy(x, y, 60)  # down the same card
    driver.pump_for(0.5)  # a list hands a still touch's tap over 0.2 s after its lift
    driver.settle()
    assert driver.screen.name == "dashboard"


def test_a_hold_whose_finger_slid_on_while_the_app_was_busy_opens_nothing(
        make_driver, tmp_path: Path) -> None:
    """The hold's timer runs before the moves that came meanwhile are handed over."""
    driver = _dashboard(make_driver, tmp_path)
    badge = next(w for w in driver.widgets() if isinstance(w, HoldBadge) and w.seat)
    x, y = badge.to_window(*badge.center)
    touch = UnitTestTouch(x, y)
    EventLoop.post_dispatch_input("begin", touch)
    for step in range(1, 10):
        _slide(touch, x, y - 20 * step)  # taken in, not handed over
    driver.pump_for(HOLD_SECONDS + 0.3)
    assert driver.screen.name == "dashboard"
    EventLoop.post_dispatch_input("update", touch)
    EventLoop.post_dispatch_input("end", touch)
    driver.pump_for(0.5)
    driver.settle()
    assert driver.screen.name == "dashboard"


def test_the_apps_roll_for_a_move_past_two_ships_shows_each_check_in_turn(make_driver,
                                                                        monkeypatch) -> None:
    """Finding 5: one tap on "App rolls the die" settled both checks of a move, with one
    face shown, the first check's title kept and "The app rolled ..." printed twice. The
    rules make one maneuver check per object passed: each roll shows with its own title."""
    from companion.ui.devtools.gallery import flight_lines
    from companion.ui.screens import check
    from tests.ui.test_check import tap_skip, walk_to_the_dice

    monkeypatch.setattr(check, "ROLL_SECONDS", 60.0)  # the tap on Skip ends the spin
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    walk_to_the_dice(driver, "TRNS1", "1 space", "a plain space", "L1", "SHLD1")
    driver.tap("App rolls the die")  # check 1 left to the app: check 2 asks (try 21)
    assert driver.shown("Maneuver check 2 of 2: TRNS1 against SHLD1")
    driver.tap("App rolls the die")
    driver.wait_for(lambda: driver.screen._reply is not None, "the roll's result")
    tap_skip(driver)
    rolled = [m["data"] for m in driver.screen._reply.moments if m["kind"] == "check"]
    assert len(rolled) == 2  # one roll for each check
    screen = driver.screen
    for number, (against, data) in enumerate(zip(("L1", "SHLD1"), rolled, strict=True), 1):
        assert screen.heading == f"Maneuver check {number} of 2: TRNS1 against {against}"
        assert screen.ids.die.face == data["face"]
        assert screen.numbers == f"The app rolled {data['face']}."  # this check's roll alone
        assert driver.shown(data["arithmetic"])
        assert len([t for t in driver.texts() if t in ("Passed", "Failed")]) == 1
        if number == 1:
            assert not driver.shown("Continue")
            driver.tap("Next check")
    driver.tap("Continue")
    assert driver.screen.name == "dashboard"
