"""A screen switch never shows two screens at once: on the frame where the screen manager
still holds the old screen under the new one, the old one's words do not show through (a
new player saw the table's buttons mixed into the Take-planets grid for over a second on a
loaded machine, and the start screen through the resumed table)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from kivy.core.window import Window

from tests.ui.real_gl import drawing_for_real, run_with_real_gl
from tests.ui.test_screens import fill_names


def frame_now() -> np.ndarray:
    """Draw the window's canvas as it is, with no clock tick between (no layout, no end of
    the switch), and read its pixels."""
    Window.dispatch("on_draw")
    pixels = Window.grab_pixels() if hasattr(Window, "grab_pixels") else None
    if pixels is None:
        from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels
        width, height = Window.size
        pixels = glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE)
    width, height = Window.size
    return np.frombuffer(pixels, dtype=np.uint8).reshape(height, width, 4)[:, :, :3]


def test_the_switch_frame_shows_only_the_new_screen(make_driver, tmp_path: Path) -> None:
    if not drawing_for_real():  # the pixels are read: a second process draws them
        run_with_real_gl(f"{__file__}::"
                         "test_the_switch_frame_shows_only_the_new_screen")
        return
    driver = make_driver()
    driver.tap("New game")
    fill_names(driver, "Ana", "Ben")
    driver.tap("Start the game")
    assert driver.screen.name == "dashboard"
    driver.wait_for(lambda: "history" in driver.app.manager.screen_names, "History made ahead")
    driver.tap("History")
    done = frame_now()  # History alone
    driver.tap("Back to the table")
    assert driver.screen.name == "dashboard"
    driver.app.show("history")
    manager = driver.app.manager
    assert len(manager.children) == 2, "the switch's first frame holds both screens"
    mixed = frame_now()
    differs = np.any(mixed != done, axis=2).mean()
    assert differs < 0.01, f"{differs:.1%} of the switch frame differs from History alone"
