"""Every tap lands where the finger was: a swipe is never a tap, and a moving list only stops."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.metrics import dp

from companion.ui.devtools.gallery import PREPARATION_LINES, flight_lines
from tests.ui.test_actions import saved_game


def preparation_dashboard(make_driver, tmp_path: Path):
    db = tmp_path / "games.db"
    saved_game(db, PREPARATION_LINES)
    driver = make_driver(db=db)
    assert driver.shown("Baikonur's preparation turn")
    return driver


def recorded(button) -> list[object]:
    fired: list[object] = []
    button.bind(on_release=lambda *_args: fired.append(True))
    return fired


def test_a_swipe_that_rests_on_an_action_button_first_scrolls_and_never_fires_it(
        make_driver, tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    button = driver.button("Deploy Laser beam (LASR2)")
    fired, steps = recorded(button), len(driver.app.table.history)
    scroll = driver.app.screen("dashboard").ids.side_scroll
    assert scroll.children[0].height > scroll.height  # the list overflows at 800x480
    before = scroll.scroll_y
    driver.drag(button.to_window(*button.center), dp(20), rest_on=button)  # ends on it
    assert not fired and button.state == "normal"
    assert len(driver.app.table.history) == steps
    assert scroll.scroll_y < before  # the finger's slide scrolled the list instead
    driver.tap(button)  # a real tap still works
    assert fired


def test_a_short_quick_swipe_over_an_action_button_is_a_scroll(make_driver,
                                                              tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    button = driver.button("Deploy Laser beam (LASR2)")
    fired, steps = recorded(button), len(driver.app.table.history)
    driver.drag(button.to_window(*button.center), dp(14), steps=3)  # 14 dp: beyond a tap's slop
    assert not fired
    assert len(driver.app.table.history) == steps


def test_a_tap_on_a_gliding_list_only_stops_it(make_driver, tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    scroll = driver.app.screen("dashboard").ids.side_scroll
    button = driver.button("Deploy Laser beam (LASR2)")
    fired = recorded(button)
    x, y = scroll.to_window(scroll.center_x, scroll.y + dp(40))
    scroll.settle = 600  # the moment after the flick lasts however slow this machine is
    driver.drag((x, y), dp(120), steps=4, settle=False)  # a flick: the list glides on
    assert scroll.unsettled()
    # The press in the middle of the list, on whatever glided there (at the button's own
    # centre it may be out of the list by now, on the bar above it)
    panel = driver.app.screen("dashboard").ids.actions
    every = [b for b in panel.buttons() if not b.disabled]
    hits = [recorded(b) for b in every]
    driver.press(*scroll.to_window(scroll.center_x, scroll.center_y))
    driver.settle()
    assert driver.screen.name == "dashboard"
    assert not any(hits), "a tap on a moving list hit the button that glided under the finger"
    scroll.settle = 0.3
    driver.wait_still()
    driver.tap(button)
    assert fired


def test_a_swipe_over_the_dies_faces_enters_no_roll(make_driver) -> None:
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    driver.tap("Move TRNS1")
    driver.fill_form(("Moves", "2 spaces"), ("Ends on", "a credit space"), ("Passes", "L1"))
    assert driver.screen.name == "check"
    face = driver.button("two\n2 symbols", exact=True)
    assert face.height > dp(40)
    driver.drag(face.to_window(*face.center), dp(16), rest_on=face)  # stays on the button
    assert driver.screen.name == "check" and not driver.shown("The table rolled two.")
    assert not driver.shown("Passed")
    die = driver.screen.ids.die
    driver.drag(die.to_window(*die.center), -dp(30))
    assert not driver.shown("The table rolled")
    driver.tap(face)
    assert driver.shown("The table rolled two.")


def test_every_button_and_list_of_the_app_follows_the_one_touch_rule() -> None:
    """One button rule and one list class: a new screen cannot bring Kivy's own back."""
    import importlib
    import pkgutil

    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.scrollview import ScrollView

    import companion.ui
    from companion.ui.widgets.touch import SteadyTap, TableScroll

    for module in pkgutil.walk_packages(companion.ui.__path__, "companion.ui."):
        importlib.import_module(module.name)

    def subclasses(cls: type) -> list[type]:
        found = []
        for sub in cls.__subclasses__():
            found += [sub, *subclasses(sub)]
        return found

    ours = [c for c in subclasses(ButtonBehavior) if c.__module__.startswith("companion.")]
    assert len(ours) >= 4
    assert [c.__name__ for c in ours if not issubclass(c, SteadyTap)] == []
    lists = [c for c in subclasses(ScrollView) if c.__module__.startswith("companion.")]
    assert [c.__name__ for c in lists if not issubclass(c, TableScroll)] == []
    root = Path(companion.ui.__file__).parent
    for path in [*root.rglob("*.kv"), *root.rglob("*.py")]:
        if path.name == "touch.py" or path.name == "driver.py":
            continue
        text = path.read_text()
        assert "ScrollView:" not in text and "ScrollView(" not in text, path
        assert "    Button:" not in text and " Button(" not in text, path


def test_the_actions_do_not_move_while_a_finger_is_on_the_list(make_driver,
                                                               tmp_path: Path) -> None:
    from kivy.tests.common import UnitTestTouch

    driver = preparation_dashboard(make_driver, tmp_path)
    dashboard = driver.app.screen("dashboard")
    entries = dashboard.ids.actions.ids.entries
    before = list(entries.children)
    text = dashboard.ids.message
    driver.wait_for_screen()  # a finger aims once the screen takes touches (its gate open)
    finger = UnitTestTouch(*text.to_window(*text.center))  # resting on the list
    finger.touch_down()
    try:
        driver.pump()
        driver.app.send("done")  # the turn ends meanwhile (another player's tap, a phone)
        driver.settle()
        assert driver.app.table.history[-1].command == "done"
        assert list(entries.children) == before, "the buttons moved under a resting finger"
    finally:
        finger.touch_up()
    driver.wait_for(lambda: list(entries.children) != before, "the new actions")
    assert not driver.shown("End Baikonur's preparation turn")


def test_folding_what_is_not_possible_keeps_the_buttons_in_place(make_driver,
                                                                 tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    toggle = driver.button("Not possible now")
    driver.tap(toggle)
    driver.wait_still()
    toggle = driver.button("Hide what is not possible now")
    above = driver.button("Build a module on Shield (SHLD1)")
    places = (toggle.to_window(*toggle.pos), above.to_window(*above.pos))
    driver.tap(toggle, scroll=False)
    driver.wait_still()
    toggle = driver.button("Not possible now")
    above = driver.button("Build a module on Shield (SHLD1)")
    now = (toggle.to_window(*toggle.pos), above.to_window(*above.pos))
    # Within half a pixel (a scroll position is a float: 1e-13 px is not a move).
    assert [c for p in now for c in p] == pytest.approx([c for p in places for c in p],
                                                        abs=0.5)
