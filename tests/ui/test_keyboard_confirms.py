"""A field typed on the on-screen keyboard keeps its OK and Cancel in view above the docked
keyboard (try 20, finding 12: the keyboard covered them, and Done confirmed unseen)."""

from __future__ import annotations

from pathlib import Path

from companion.ui.widgets import CommandInput
from tests.ui.test_actions import saved_game


def test_ok_and_cancel_stay_above_the_keyboard_while_a_name_is_typed(make_driver,
                                                                      tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 0)
    driver = make_driver(db=db)
    driver.tap("Add another player at Kourou")
    field = next(w for w in driver.widgets() if isinstance(w, CommandInput)
                 and w.hint_text == "type here")
    driver.tap(field)
    keyboard = driver.keyboard()
    assert keyboard is not None and field.focus
    driver.pump(3)
    height = driver.app.root.get_root_window().height
    for text in ("OK", "Cancel"):
        button = driver.button(text, exact=True)
        bottom = button.to_window(button.x, button.y)[1]
        assert keyboard.top <= bottom and bottom + button.height <= height, \
            f"{text} is hidden behind the keyboard"
    top = field.to_window(field.x, field.top)[1]
    assert top <= height  # the field itself still in view
    driver.type_keys("Zoe")
    driver.tap("OK", exact=True)
    assert any(s["player"] == "Zoe" for s in driver.app.table.view["seats"])
