"""A ship destroyed by an outer space tile, by touch: the Apply button warns before the
tap and the destruction has its own screen after it (try 11, finding 34)."""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines

TILE_FIVE = (*flight_lines(), "next", "adjust TRNS1 resistance -2 hit earlier",
             "move TRNS1 1 outer", "scan XP/X5")


def test_a_fatal_tile_warns_on_its_button_and_the_destruction_shows_on_its_own_screen(
        make_driver):
    driver = make_driver(demo_setup=TILE_FIVE)
    driver.settle()
    apply = driver.button("Apply the companion's default")
    assert "TRNS1 is destroyed: resistance 1" in apply.text
    driver.tap(apply)
    driver.wait_for(lambda: driver.screen.name == "explosion", "the destruction's screen")
    assert driver.shown("TRNS1 is destroyed!")
    assert driver.shown("TRNS1 (Ana) has no resistance left: Outer Space tile 5 (X5).")
    driver.tap(driver.screen.ids["continue"])
    assert driver.screen.name == "dashboard"
    assert driver.shown("TRNS1 was destroyed by Outer Space tile 5")
