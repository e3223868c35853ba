"""A slow step: the tapped button shows at once that it was taken, and no second tap lands on
the actions (not even on a button that arrived under the finger) until the result is drawn;
the rest of the app keeps answering meanwhile."""

from __future__ import annotations

import threading
from pathlib import Path

from kivy.tests.common import UnitTestTouch

from companion.ui.widgets import BigButton
from tests.ui.test_taps import preparation_dashboard


class SlowSteps:
    """The runner's commands wait for `go`: a step that takes as long as the test wants."""

    def __init__(self, runner) -> None:
        self.go = threading.Event()
        self.lines: list[str] = []
        self.stuck = False  # nobody let the step go: the test waited for it instead
        original = runner._run

        def slow(line):
            self.lines.append(str(line))
            self.stuck |= not self.go.wait(timeout=60)
            return original(line)

        runner._run = slow


def tap_and_hold_the_step(driver, text: str):
    """Tap `text` while its step is slow; the button and the slow steps."""
    slow = SlowSteps(driver.app.runner)
    button = driver.button(text)
    driver.tap(button, settle=False)
    driver.pump(2)
    return button, slow


def test_a_tapped_action_looks_taken_at_once_and_a_second_tap_runs_nothing(
        make_driver, tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    steps = len(driver.app.table.history)
    button, slow = tap_and_hold_the_step(driver, "Deploy Laser beam (LASR2)")
    try:
        assert getattr(button, "taken", False), "the tapped button does not show that it was taken"
        panel = driver.app.screen("dashboard").ids.actions
        plain = next(w for w in panel.buttons()  # another action, still up
                     if isinstance(w, BigButton) and w is not button and driver.reachable(w))
        assert not plain.taken
        driver.press(*button.to_window(*button.center))  # "nothing happened": tapped again
        driver.press(*plain.to_window(*plain.center))
        driver.pump(2)
    finally:
        slow.go.set()
    driver.settle()
    assert slow.lines == ["deploy LASR2"] and not slow.stuck
    assert len(driver.app.table.history) == steps + 1
    assert not any(getattr(w, "taken", False) for w in driver.widgets())
    driver.tap(driver.app.screen("dashboard").ids.main)  # the new buttons take taps again
    assert len(slow.lines) == 2


def test_a_touch_that_went_down_before_the_result_was_drawn_presses_nothing(
        make_driver, tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    steps = len(driver.app.table.history)
    button, slow = tap_and_hold_the_step(driver, "Deploy Laser beam (LASR2)")
    finger = UnitTestTouch(*button.to_window(*button.center))
    try:
        finger.touch_down()  # the re-tap: the finger is down when the result arrives
        driver.pump(2)
    finally:
        slow.go.set()
    driver.settle()
    driver.pump(3)
    finger.touch_up()  # lifted on whatever button the result put there
    driver.settle()
    assert slow.lines == ["deploy LASR2"], "the re-tap ran a second action"
    assert len(driver.app.table.history) == steps + 1


def test_the_rest_of_the_app_answers_while_a_step_is_slow(make_driver,
                                                          tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    tabs = driver.app.screen("dashboard").ids.tabs
    other = next(t for t in tabs.titles if t != tabs.current)
    _button, slow = tap_and_hold_the_step(driver, "Deploy Laser beam (LASR2)")
    try:
        tab = driver.button(other, exact=True)
        driver.press(*tab.to_window(*tab.center))
        driver.pump(2)
        assert tabs.current == other
        assert driver.app.runner.pending  # while the step is still being worked on
    finally:
        slow.go.set()
    driver.settle()
    assert not slow.stuck
