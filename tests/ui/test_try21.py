"""Try 21 (issue #22): what a new player hit, mended and checked by touch."""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines
from tests.ui.test_check import walk_to_the_dice


def test_every_check_of_a_move_offers_the_tables_roll_or_the_apps(make_driver):
    """Finding 2: after "App rolls the die" on check 1, check 2 was rolled by the app too,
    with no chance to enter the table's own roll."""
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    walk_to_the_dice(driver, "TRNS1", "1 space", "a plain space", "L1", "SHLD1")
    assert driver.shown("Maneuver check 1 of 2: TRNS1 against L1")
    driver.tap("App rolls the die")
    # Check 2 offers the same choice: the table's faces and the app's roll.
    assert driver.screen.name == "check" and driver.screen.mode == "choose"
    assert driver.shown("Maneuver check 2 of 2: TRNS1 against SHLD1")
    assert driver.shown("Check 1 (L1): the app rolls it with the last check.")
    assert driver.shown("App rolls the die")
    driver.tap("two\n2 symbols", exact=True)
    assert driver.screen.mode == "result"
    assert driver.app.table.history[-1].command == \
        "move TRNS1 1 space past L1 past SHLD1 die app die two"
    # The app's roll for check 1 shows first, then the table's for check 2.
    assert driver.shown("Maneuver check 1 of 2: TRNS1 against L1")
    assert driver.shown("The app rolled")
    driver.tap("Next check")
    assert driver.shown("Maneuver check 2 of 2: TRNS1 against SHLD1")
    assert driver.shown("The table rolled two.")
    driver.tap("Continue")
    assert driver.screen.name == "dashboard"
