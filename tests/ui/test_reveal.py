"""The card reveal as the table reads it: what the card is called in the rulebook, whose
ship drew it, and its words and choices readable at the Pi display's 800x480."""

from __future__ import annotations

from companion.ui.gallery import flight_lines


def flight_game(make_driver):
    """Round 2's flight phase (the gallery's set-up: Ana's Xichang, Ben's Baikonur);
    cards are scanned through the command bar, as a hand-held scanner would send them."""
    driver = make_driver(seed=6, demo=True, demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    return driver


def move_trns1(driver, ends_on: str) -> None:
    for label in ("Move TRNS1", "1 space", ends_on, "Passes no object"):
        driver.tap(label)


def test_a_hazard_card_is_headed_with_the_ship_that_drew_it_and_its_player(make_driver):
    driver = flight_game(make_driver)
    move_trns1(driver, "Ends on a hazard space")
    driver.type_command("scan XP/H02")
    assert driver.screen.name == "reveal"
    assert driver.screen.heading == "Hazard card for TRNS1 (Ana)"
    assert driver.shown("Hazard card for TRNS1 (Ana)") and driver.shown("Lost cargo")


def test_an_outer_space_tile_is_headed_as_the_rulebook_calls_it(make_driver):
    driver = flight_game(make_driver)
    move_trns1(driver, "Ends on off the map (a new outer-space tile)")
    driver.type_command("scan XP/X5")
    assert driver.screen.name == "reveal"
    assert driver.screen.heading == "Outer Space tile for TRNS1 (Ana)"
    assert not driver.shown("Hex card")
