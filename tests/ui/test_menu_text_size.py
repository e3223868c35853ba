"""The text size is one tap from the Menu, each way (try 19, finding 6; try 20: five taps
through Settings, each way); Settings keeps its choice too."""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines
from companion.ui.settings import TEXT_SIZES


def test_the_menu_switches_normal_and_large_text_in_one_tap(make_driver) -> None:
    driver = make_driver(demo_setup=flight_lines())
    assert driver.screen.name == "dashboard"
    driver.tap("Menu")
    driver.tap("Large", exact=True)
    assert driver.app.text_scale == TEXT_SIZES[-1]
    assert driver.screen.name == "start"  # still the Menu: Resume is where it was
    driver.tap("Settings")
    assert driver.button("Large", exact=True).chosen  # Settings shows the same choice
    driver.tap("Back")
    driver.tap("Normal", exact=True)
    assert driver.app.text_scale == TEXT_SIZES[1]
    assert driver.app.settings.text_scale == TEXT_SIZES[1]  # kept for the next start
