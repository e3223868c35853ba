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


def test_opening_what_is_not_possible_brings_its_first_reason_into_view(make_driver):
    """Finding 4: "Not possible now: 1 action" opened its reason below the fold, and the
    tap seemed to do nothing."""
    from companion.games.exploration import DEMO_SETUP
    from companion.ui.settings import AppSettings
    from companion.ui.widgets.touch import holding_list

    driver = make_driver(seed=2047, demo_setup=DEMO_SETUP, settings=AppSettings())
    driver.tap("Let the app draw every owed card")
    driver.tap(driver.screen.ids["continue"])
    toggle = driver.button("Not possible now: ")
    scroll = holding_list(toggle)
    assert driver.reachable(toggle)  # at the foot of the list, where the player tapped it
    driver.tap(toggle, scroll=False)
    driver.wait_still()
    driver.wait_for(lambda: not scroll.waiting, "the list placed")
    reasons = [w for w in driver.widgets(driver.screen.ids.unavailable)
               if getattr(w, "text", "").startswith("Start ")]
    assert reasons, driver.texts(driver.screen.ids.unavailable)
    first = reasons[0]
    bottom = scroll.to_window(scroll.x, scroll.y)[1]
    top = scroll.to_window(scroll.x, scroll.top)[1]
    assert first.to_window(0, first.y)[1] >= bottom - 1, "the reason is below the fold"
    assert first.to_window(0, first.top)[1] <= top + 1
    hide = driver.button("Hide what is not possible now")
    assert hide.to_window(0, hide.y)[1] >= bottom - 1  # still in view: one tap hides it
