"""The dashboard's top level at 800x480 (issue 22): the prompt's sentence and the last
result folded to lines a tap opens whole, the choices two to a row in the prompt's order,
the first 6 in reach at the Large text size too."""

from __future__ import annotations

from kivy.metrics import dp

from companion.ui.devtools.gallery_ti4 import start_ti4
from companion.ui.presenters.actions import actions_view


def test_the_last_result_folds_to_one_line_and_a_tap_shows_it_whole(make_driver) -> None:
    """A tap shows the whole sentences over the screen, the buttons where they were (try 7,
    finding 26: unfolded in place, every button moved ~50 px down under the finger); any
    tap closes them and does nothing else."""
    from companion.ui.widgets.fit import WholeText

    driver = make_driver(seed=102)
    start_ti4(driver)  # the last result: the seats taken and the frontier tokens, 5 lines
    dashboard = driver.screen
    message, sentence = dashboard.ids.message, dashboard.ids.sentence
    whole = driver.app.message
    assert message.folded and message.text.endswith("\u2026 (more)")
    assert whole.startswith(message.text[:-len("\u2026 (more)")].rstrip())
    assert message.height < message.font_size * 1.6  # one line
    # (no camera in the tests' app: the turn's hint in the words for a table with none)
    assert sentence.text == "Alice's action: take a planet, or another action."
    first = next(dashboard.ids.actions.buttons())
    spot = tuple(first.to_window(*first.center))

    def overlay():
        from kivy.core.window import Window
        return next((w for w in Window.children if isinstance(w, WholeText)), None)

    steps = driver.app.table.steps
    for _ in range(2):
        driver.tap(dashboard.ids.said, scroll=False)  # (a list lets a still tap go after 0.2 s)
        driver.wait_for(lambda: overlay() is not None, "the whole sentences over the screen")
        assert whole in driver.texts(overlay()) and dashboard.ids.said.unfolded
        assert tuple(first.to_window(*first.center)) == spot  # nothing moved
        assert message.height < message.font_size * 1.6
        driver.press(*spot)  # a tap where the first button is: it only closes the overlay
        driver.settle()
        driver.wait_for(lambda: overlay() is None, "the overlay closed")
        assert driver.app.table.steps == steps and not dashboard.ids.said.unfolded
    driver.tap("End Alice's turn", exact=True)  # a new result comes folded again
    assert not dashboard.ids.said.unfolded and driver.screen.next_text.startswith("Bob's")


def test_the_choices_come_two_to_a_row_in_the_prompts_order(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    panel = driver.screen.ids.actions
    view = actions_view(driver.app.table.prompt)
    listed = [i.text for g in view.groups for i in g.items if i is not view.main]
    shown = panel.offered()
    assert shown[:len(listed)] == listed  # then "Not possible now", then the main action
    first, second = list(panel.buttons())[:2]  # both short: one row, left then right
    tops = [b.to_window(b.x, b.top)[1] for b in (first, second)]
    assert abs(tops[0] - tops[1]) < 1, (first.text, second.text)
    assert first.to_window(first.right, 0)[0] < second.to_window(second.x, 0)[0]
    assert first.height == second.height >= dp(48)


def test_a_label_too_long_for_half_the_width_has_a_row_of_its_own(make_driver) -> None:
    from kivy.core.window import Window

    from companion.ui.widgets import BigButton
    from companion.ui.widgets.fit import ChoiceRows

    driver = make_driver()
    long = "Use Cargo refit (M11): build any chosen module into a free cargo slot; " \
           "pay the module cost and then some more words that need many lines  >"
    buttons = [BigButton(text=t) for t in ("Gain 6 credits", long, "Pass", "Score")]
    rows = ChoiceRows(buttons, width=400, size_hint=(None, None))
    Window.add_widget(rows)
    try:
        driver.pump(3)
        shape = [[b.text for b in reversed(row.children)] for row in reversed(rows.children)]
        assert shape == [["Gain 6 credits"], [long], ["Pass", "Score"]]
        assert list(rows.in_order()) == buttons
        rows.width = 1200  # wide enough for the long one at half: it pairs up
        driver.pump(3)
        assert [len(row.children) for row in reversed(rows.children)] == [2, 2]
    finally:
        Window.remove_widget(rows)


def test_the_first_six_choices_are_in_reach_at_the_large_text_size(make_driver) -> None:
    from companion.ui.settings import AppSettings

    driver = make_driver(seed=102, settings=AppSettings(text_scale=1.2))
    start_ti4(driver)
    assert len(driver.screen.ids.actions.offered()) >= 6
    assert driver.out_of_reach(6) == []
