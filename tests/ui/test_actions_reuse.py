"""The actions list changes the words of the buttons it keeps after a step instead of
making new ones (docs/perf.md, issue 22): every button then does what it says now."""

from __future__ import annotations

from pathlib import Path

from kivy.tests.common import UnitTestTouch

from companion.ui.widgets.entries import Entry, ListButton, reuse_widgets
from tests.ui.test_taps import preparation_dashboard


def test_a_button_that_now_says_another_action_runs_that_action(make_driver,
                                                               tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    panel = driver.app.screen("dashboard").ids.actions
    up = list(panel.buttons())  # the buttons up before the step
    driver.tap("Deploy Laser beam (LASR2)")
    assert "deploys Laser beam LASR2" in driver.app.message
    steps = driver.app.table.steps
    # A new choice: on a button that was up.
    build = driver.button("Build a module on Laser beam (LASR2)")
    assert any(build is button for button in up), \
        "a new button was made instead of one up being reused"
    assert build.kind == "normal" and not build.taken
    toggle = driver.button("Not possible now: 13 actions", exact=True)
    assert toggle.kind == "quiet"
    driver.tap(toggle)
    assert driver.shown("Hide what is not possible now")
    assert driver.app.table.steps == steps  # the toggle is no step
    driver.tap(build)
    assert panel.trail == "Build a module on Laser beam (LASR2)" and driver.shown("< Back")
    assert driver.app.table.steps == steps and not driver.app.message_refused


def test_an_option_of_a_choice_runs_its_own_command(make_driver, tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    panel = driver.app.screen("dashboard").ids.actions
    driver.tap("Build a module on Shield (SHLD1)")
    options = [t for t in panel.offered() if t not in ("< Back",) and "SHLD1" not in t]
    assert len(options) >= 2, options
    driver.tap(options[1], exact=True)
    assert "SHLD1" in driver.app.message and not driver.app.message_refused
    assert options[1].split("  ")[0].split(" (")[0] in driver.app.message


def test_a_button_under_a_finger_keeps_its_words_and_one_just_lifted_is_reused(
        make_driver, kivy_window) -> None:
    """A finger on a button: the list's next words go on another widget (a release would
    run what the button says then). Lifted, it is reused at once, though its pressed look
    lingers (Kivy's `min_state_time`; a step whose result came in that time, under mock GL
    or on a fast machine, made a new button instead)."""
    make_driver()  # an app running: the button's look follows its text size
    button = ListButton(text="Deploy Laser beam (LASR2)", size=(300, 60), pos=(20, 20))
    button.min_state_time = 60.0  # the pressed look outlasts the test however slow it runs
    kivy_window.add_widget(button)
    try:
        touch = UnitTestTouch(*button.center)
        touch.touch_down()
        assert button.state == "down"
        [other] = reuse_widgets([button], [Entry(ListButton, "Build a module")], 300)
        assert other is not button and button.text == "Deploy Laser beam (LASR2)"
        touch.touch_up()
        assert button.state == "down"  # the look, not the finger
        [same] = reuse_widgets([button], [Entry(ListButton, "Build a module")], 300)
        assert same is button and button.text == "Build a module"
    finally:
        kivy_window.remove_widget(button)
