"""A list the player has scrolled keeps its place after a step where the same buttons are
still there, and shows where the next choices are otherwise: it never jumps to its top
under the finger."""

from __future__ import annotations

from pathlib import Path

from kivy.metrics import dp

from companion.ui.widgets import BigButton
from tests.ui.test_taps import preparation_dashboard


def scrolled_down(make_driver, tmp_path: Path):
    driver = preparation_dashboard(make_driver, tmp_path)
    scroll = driver.app.screen("dashboard").ids.side_scroll
    for _drag in range(3):  # a finger drags again when a loaded machine moved it too little
        driver.wait_still()
        driver.drag(scroll.to_window(scroll.center_x, scroll.y + dp(20)), dp(220))
        driver.wait_still()
        if scroll.scroll_y < 0.9:
            break
    assert scroll.scroll_y < 0.9
    return driver, scroll


def walk_in_view(driver) -> str:
    """The text of a walk's button (a partial, "  >") a finger reaches without a scroll;
    not a seat's private one (the mission, before the builds since try 13: it opens the
    seat's own screen, not a level of the list)."""
    panel = driver.app.screen("dashboard").ids.actions
    return next(w.text for w in panel.buttons() if w.text.endswith(">")
                and "sees the choices" not in w.text
                and isinstance(w, BigButton) and driver.reachable(w))


def test_a_step_that_leaves_the_same_buttons_moves_nothing(make_driver,
                                                           tmp_path: Path) -> None:
    driver, scroll = scrolled_down(make_driver, tmp_path)
    text = walk_in_view(driver)
    button = driver.button(text, exact=True)
    where = scroll.below_top(button)
    driver.app.send("deploy NOSUCHSHIP")  # a scan or a phone's step the rules refuse
    driver.settle()
    driver.wait_still()
    assert driver.app.message_refused
    assert driver.button(text, exact=True) is button
    assert abs(scroll.below_top(button) - where) < 1, "the list jumped under the finger"


def test_a_step_that_keeps_the_tapped_button_keeps_it_under_the_finger(
        make_driver, tmp_path: Path) -> None:
    driver, scroll = scrolled_down(make_driver, tmp_path)
    panel = driver.app.screen("dashboard").ids.actions
    text = walk_in_view(driver)
    button = driver.button(text, exact=True)
    where = scroll.below_top(button)
    # The same buttons come back (a step replaced the prompt with its equal): the list puts
    # them up again on the widgets already there (widgets/entries.py), where they were.
    panel._view = None
    panel.show(panel_view(driver))
    driver.wait_still()
    again = driver.button(text, exact=True)
    assert abs(scroll.below_top(again) - where) < 1


def panel_view(driver):
    from companion.ui.presenters.actions import actions_view

    return actions_view(driver.app.table.prompt)


def test_the_next_choices_of_a_walk_show_without_a_scroll(make_driver,
                                                          tmp_path: Path) -> None:
    driver, _scroll = scrolled_down(make_driver, tmp_path)
    text = walk_in_view(driver)
    driver.tap(driver.button(text, exact=True), scroll=False)
    driver.wait_still()
    back = driver.button("< Back", exact=True)
    assert driver.reachable(back), "the walk's next level opened out of view"
    first = next(w for w in driver.app.screen("dashboard").ids.actions.buttons()
                 if w is not back)
    assert driver.reachable(first)
    driver.tap(back, scroll=False)
    driver.wait_still()
    assert driver.reachable(driver.button(text, exact=True))


def test_a_list_that_shrinks_under_its_top_keeps_its_rows_in_place(make_driver,
                                                                   kivy_window) -> None:
    """A bar under a list grows (the move form's send button wrapping to two lines): the
    rows a player is looking at stay where they were, not shifted by the scroll fraction."""
    from kivy.uix.boxlayout import BoxLayout

    from companion.ui.widgets.touch import TableScroll

    driver = make_driver()
    scroll = TableScroll(size_hint=(None, None), size=(dp(300), dp(200)), pos=(0, dp(100)))
    rows = BoxLayout(orientation="vertical", size_hint_y=None, height=dp(600))
    for n in range(10):
        rows.add_widget(BigButton(text=f"Row {n}"))
    scroll.add_widget(rows)
    kivy_window.add_widget(scroll)
    try:
        driver.pump(3)
        scroll.scroll_y = 0.5
        driver.pump(3)
        row = rows.children[4]
        before = row.to_window(row.x, row.top)[1]
        scroll.y, scroll.height = scroll.y + dp(30), scroll.height - dp(30)  # its top stays
        driver.pump(3)
        assert abs(row.to_window(row.x, row.top)[1] - before) <= 1, "the row moved"
    finally:
        kivy_window.remove_widget(scroll)


def test_a_list_bar_dims_in_one_step_after_a_step_never_over_frames(make_driver,
                                                                     tmp_path: Path) -> None:
    """The bar lights when the list changes and dims half a second later in one step:
    Kivy's own fade redrew the whole screen for half a second after every step (30 frames
    that the next tap waited behind, on a Pi's single core)."""
    from kivy.core.window import Window

    driver = preparation_dashboard(make_driver, tmp_path)
    scroll = driver.app.screen("dashboard").ids.side_scroll
    bright, dim = list(scroll.bar_color), list(scroll.bar_inactive_color)
    seen: list[list[float]] = []

    def flipped(*_args) -> None:
        seen.append([round(c, 4) for c in scroll._bar_color])

    Window.bind(on_flip=flipped)
    try:
        driver.tap("Deploy Laser beam (LASR2)")  # the list changes: its bar lights
        driver.wait_for(lambda: seen and seen[-1] == [round(c, 4) for c in dim],
                        "the list's bar to dim")
    finally:
        Window.unbind(on_flip=flipped)
    assert [round(c, 4) for c in bright] in seen  # lit while the step's result showed
    between = [c for c in seen if c not in ([round(v, 4) for v in bright],
                                            [round(v, 4) for v in dim])]
    assert not between, f"the bar faded over frames: {between[:3]}"
