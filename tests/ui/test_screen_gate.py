"""A tap queued while a screen was being made never lands on the new screen (try 17, 1).

On a slow core a tap that opens a screen can take seconds to make it; a second tap made
meanwhile aimed at the old screen, and Kivy hands it over only once the new screen is up.
The screens drop a touch that went down before the new screen was drawn, or a moment
after (`widgets.touch.ScreenGate`), and take the next one."""

from __future__ import annotations

import time

from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch

from companion.ui.widgets import touch as touch_rules


def first_frame_of(driver, text: str, screen: str) -> float:
    """Tap `text` and return when the first frame showing `screen` was drawn."""
    flips: list[tuple[float, str]] = []

    def drawn(*_args) -> None:
        flips.append((time.time(), driver.app.manager.current))

    Window.bind(on_flip=drawn)
    try:
        driver.tap(text, exact=True)
    finally:
        Window.unbind(on_flip=drawn)
    assert driver.screen.name == screen
    return next(at for at, shown in flips if shown == screen)


def early_touch(driver, text: str, went_down_at: float) -> None:
    """A finger on `text` that went down at `went_down_at` (its press handed over now)."""
    button = driver.button(text, exact=True)
    finger = UnitTestTouch(*button.to_window(*button.center))
    finger.time_start = went_down_at
    finger.touch_down()
    driver.pump()
    finger.touch_up()
    driver.pump(2)


def test_a_tap_made_while_a_screen_opened_does_not_land_on_it(make_driver) -> None:
    driver = make_driver()
    drawn_at = first_frame_of(driver, "New game", "newgame")
    # The second tap of a player who thought the first was missed: down just after the
    # new screen's first frame, aimed at the start screen's buttons.
    early_touch(driver, "Back", drawn_at + touch_rules.ARRIVAL / 3)
    assert driver.screen.name == "newgame", "a tap aimed at the old screen went back"
    driver.tap("Back", exact=True)  # a tap of its own, once the screen is seen: taken
    assert driver.screen.name == "start"


def test_a_touch_down_before_the_switch_is_dropped_and_a_later_one_taken(make_driver) -> None:
    driver = make_driver()
    before = time.time()
    drawn_at = first_frame_of(driver, "Settings", "settings")
    assert before < drawn_at
    early_touch(driver, "Back", before)  # went down before the screen was made
    assert driver.screen.name == "settings"
    # A tap brought the screen up: its buttons wait SEAT_ARRIVAL (try 20, finding 3).
    early_touch(driver, "Back", drawn_at + touch_rules.ARRIVAL + 0.05)
    assert driver.screen.name == "settings"
    early_touch(driver, "Back", drawn_at + touch_rules.SEAT_ARRIVAL + 0.05)
    assert driver.screen.name == "start"
