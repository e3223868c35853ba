"""The actions panel puts its buttons up again instead of making new ones (speed): a
button shown again does what it says now, and one under a finger when the list changes
never turns into another action."""

from __future__ import annotations

from kivy.tests.common import UnitTestTouch

from companion.ui.presenters.actions import ActionGroup, ActionItem, ActionsView


def _view(*labels: str) -> ActionsView:
    items = tuple(ActionItem(label, "command", f"run {label}", True, "", "free")
                  for label in labels)
    return ActionsView("", "", (ActionGroup("", items),), (), ())


def _panel(make_driver):
    driver = make_driver()
    driver.app.screen("dashboard")
    driver.app.manager.current = "dashboard"  # no game needed: the panel is fed by hand
    panel = driver.app.screen("dashboard").ids.actions
    sent: list[str] = []
    panel.on_command = sent.append
    return driver, panel, sent


def test_a_button_put_up_again_runs_what_it_shows_now(make_driver) -> None:
    driver, panel, sent = _panel(make_driver)
    panel.show(_view("Deploy", "End turn"))
    driver.pump(2)
    first = driver.button("End turn", exact=True)
    panel.show(_view("Build", "Roll"))
    driver.pump(2)
    assert not driver.shown("End turn") and not driver.shown("Deploy")
    roll, build = driver.button("Roll", exact=True), driver.button("Build", exact=True)
    assert first in (roll, build)  # the same button, put up again with new words
    driver.tap(roll, settle=False)
    driver.pump(2)
    driver.tap(build, settle=False)
    driver.pump(2)
    assert sent == ["run Roll", "run Build"]


def test_a_finger_on_a_button_when_the_list_changes_keeps_its_action(make_driver) -> None:
    driver, panel, sent = _panel(make_driver)
    panel.show(_view("End turn"))
    driver.pump(2)
    button = driver.button("End turn", exact=True)
    touch = UnitTestTouch(*button.to_window(*button.center))
    touch.touch_down()
    # The list's scroll view hands the touch to the button once it is sure it is no drag.
    driver.wait_for(lambda: button.state == "down", "the button pressed")
    panel.show(_view("Deploy"))  # a reply changes the list under the finger
    driver.pump(2)
    touch.touch_up()
    driver.pump(2)
    # Never what the new list put under the finger ("Deploy"): the pressed button was
    # taken off, not dressed up as another one.
    assert "run Deploy" not in sent and set(sent) <= {"run End turn"}
    assert driver.button("Deploy", exact=True) is not button


def test_a_choice_shown_on_reused_buttons_runs_the_option_tapped(make_driver) -> None:
    from companion.ui.presenters.actions import InputOption

    driver, panel, sent = _panel(make_driver)
    options = (InputOption("commodity", "A commodity"), InputOption("card", "The card"))
    pick = ActionItem("Local Fabricators", "input", "resolve {}", True, "", "free",
                      input_kind="choice", options=options)
    panel.show(ActionsView("", "", (ActionGroup("", (pick,)),), (), ()))
    driver.pump(2)
    driver.tap("Local Fabricators", settle=False, exact=True)
    driver.pump(2)
    assert driver.shown("A commodity") and driver.shown("The card")
    driver.tap("The card", settle=False, exact=True)
    driver.pump(2)
    assert sent == ["resolve card"]
