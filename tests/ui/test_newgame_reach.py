"""The new-game form at 800x480: every spaceport's row can be brought into reach by a
finger's drag on the form, wherever the drag starts (a name field included)."""

from __future__ import annotations

from kivy.metrics import dp


def test_the_fourth_spaceport_is_reached_by_dragging_the_form(make_driver) -> None:
    from companion.ui.screens.newgame import SeatEntry
    from companion.ui.widgets import CommandInput

    driver = make_driver()
    driver.tap("New game")
    assert driver.screen.name == "newgame"
    rows = [w for w in driver.widgets() if isinstance(w, SeatEntry)]
    assert len(rows) >= 4
    fourth = next(w for w in rows[3].children if isinstance(w, CommandInput))
    assert not driver.reachable(fourth)  # below the fold at 800x480
    first = next(w for w in rows[0].children if isinstance(w, CommandInput))
    for _ in range(4):  # a few drags up, each starting on a name field
        if driver.reachable(fourth):
            break
        start = first if driver.reachable(first) else rows[1]
        driver.drag(start.to_window(*start.center), dp(120))
    assert driver.reachable(fourth), "the fourth spaceport's row cannot be reached"
    _x, y = fourth.to_window(*fourth.pos)
    assert y >= 0 and fourth.height >= dp(40)
    driver.tap(fourth, scroll=False)
    assert fourth.focus  # a tap on the field opens it for typing
