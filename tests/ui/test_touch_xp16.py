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
