"""xp16, finding 7: a reused button kept a pressed look (a white outline), so one module
of the "Build a module" list seemed chosen already. A reused button shows unlit."""

from __future__ import annotations

from companion.ui.widgets.entries import Entry, ListButton, reuse_widgets


def test_a_reused_button_shows_no_pressed_look_of_its_last_words(make_driver) -> None:
    make_driver()  # an app running: the button's look follows its text size
    button = ListButton(text="Build a module on Shield (SHLD1)  >", size=(300, 60))
    button.state, button.taken = "down", True  # its release was never drawn
    [same] = reuse_widgets([button], [Entry(ListButton, "Resistance module  (2 credits)")],
                           300)
    assert same is button
    assert same.state == "normal" and not same.taken
