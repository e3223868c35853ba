"""The module drop's maneuver check by touch, in a real game at round 2's flight phase.

Xichang's TRNS1 (maneuverability 2) carries a Rover, whose drop needs more than 3 (the
modules' table). Rulebook, "Module drop": "Do the maneuver check. The result must be
higher than the maneuverability required by domination space. In case of failure, spend
1 energy and keep the module token on the spaceship card. In case of success, place your
color cube on the domination space ... Gain Credits and Domination points"; and
"Maneuver Check. Roll the Maneuver die. Add 1 maneuverability for every maneuver symbol".
The catalog counts that energy on top of the drop's own action energy (failed_check_energy).
"""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines
from tests.ui.table_cards import seat_counters, seat_score, ship_lines

#: The gallery's flight set-up with a Rover (a drop against 3) instead of the Habitat.
ROVER_SETUP = tuple(line.replace("build TRNS1 habitat", "build TRNS1 rover")
                    for line in flight_lines())


def open_the_rover_drop(driver) -> None:
    driver.tap("Drop the Rover")
    driver.tap("On Mars")
    assert driver.screen.name == "check"
    assert driver.shown("Maneuver check: TRNS1 against Rover drop on Mars")
    assert driver.shown("Maneuverability 2 + the symbols rolled, against 3")


def test_a_face_equal_to_the_target_fails_then_a_higher_one_places_the_cube(make_driver):
    driver = make_driver(demo_setup=ROVER_SETUP)
    driver.tap("End SHLD1's flight turn")
    assert seat_counters(driver, "Xichang").startswith("15 credits")
    open_the_rover_drop(driver)
    driver.tap("one\n1 symbol", exact=True)  # the table's die: 2 + 1 = 3, not above 3
    assert driver.shown("Failed") and driver.shown("2 + 1 symbol = 3 is not above 3")
    assert driver.shown("The table rolled one.")
    assert driver.shown("TRNS1 loses 1 more energy and keeps the Rover.")
    assert "failed" in driver.app.speaker.played
    driver.tap("Continue")
    assert driver.screen.name == "dashboard"
    _title, _place, tracks, cargo = ship_lines(driver, "TRNS1")
    assert tracks.startswith("Energy 2/6")  # the drop's energy and the failure's
    assert cargo == "Cargo: Rover, GNSS (2 of 4 slots)"
    assert seat_score(driver, "Xichang") == ("0", "")
    driver.tap("Undo", exact=True)
    assert ship_lines(driver, "TRNS1")[2].startswith("Energy 4/6")
    open_the_rover_drop(driver)
    driver.tap("two\n2 symbols", exact=True)
    assert driver.shown("Passed") and driver.shown("2 + 2 symbols = 4 > 3 (Rover drop on Mars)")
    assert driver.shown("Xichang places a cube on Mars (space 1).")
    driver.tap("Continue")
    assert seat_score(driver, "Xichang") == ("3", "+3")
    assert seat_counters(driver, "Xichang").startswith("21 credits")  # the Rover's 6
    _title, _place, tracks, cargo = ship_lines(driver, "TRNS1")
    assert tracks.startswith("Energy 3/6") and cargo == "Cargo: GNSS (1 of 4 slots)"
    assert not driver.shown("Drop the Rover")
    driver.tap("Undo", exact=True)
    assert seat_score(driver, "Xichang") == ("0", "-3")
    assert seat_counters(driver, "Xichang").startswith("15 credits")
    assert ship_lines(driver, "TRNS1")[-1] == "Cargo: Rover, GNSS (2 of 4 slots)"


def test_the_app_rolls_for_the_drop_and_undo_never_rolls_again(make_driver) -> None:
    driver = make_driver(demo_setup=ROVER_SETUP, seed=4)  # the seeded die shows blank
    driver.tap("End SHLD1's flight turn")
    open_the_rover_drop(driver)
    driver.tap("App rolls the die")
    if driver.screen.mode == "rolling":
        driver.tap("Skip")
    assert driver.shown("The app rolled blank.") and driver.screen.ids.die.face == "blank"
    assert driver.shown("Failed") and driver.shown("2 + 0 symbols = 2 is not above 3")
    driver.tap("Undo this")
    assert driver.screen.name == "dashboard" and driver.shown("Undid: ")
    assert ship_lines(driver, "TRNS1")[2].startswith("Energy 4/6")
    # The roll is in the game's record: asking the app again shows the same face.
    open_the_rover_drop(driver)
    driver.tap("App rolls the die")
    if driver.screen.mode == "rolling":
        driver.tap("Skip")
    assert driver.shown("The app rolled blank.") and driver.shown("Failed")
    driver.tap("Continue")
    _title, _place, tracks, cargo = ship_lines(driver, "TRNS1")
    assert tracks.startswith("Energy 2/6") and cargo == "Cargo: Rover, GNSS (2 of 4 slots)"


def test_a_mars_space_closed_by_a_hazard_is_skipped_by_the_next_drop(make_driver,
                                                                     monkeypatch) -> None:
    """Mars restriction: "Put a restriction token on a chosen space on Mars. It is not
    available as Domination point till the end of the game." The card comes through the
    demo camera; its four spaces are offered on the reveal itself."""
    from tests.ui.table_cards import (
        ON_A_HAZARD_SPACE,
        camera_game,
        card_from_the_camera,
        move_one_space,
    )
    from tests.ui.test_check import assert_finger_sized_and_inside

    driver = camera_game(make_driver, monkeypatch, seed=12, setup=ROVER_SETUP)
    driver.tap("End SHLD1's flight turn")
    move_one_space(driver, "TRNS1", ON_A_HAZARD_SPACE)
    card_from_the_camera(driver, "Mars restriction", "H12")
    closes = [f"Apply Mars restriction: close mars{n}" for n in range(1, 5)]
    assert all(driver.shown(label) for label in closes)
    assert not driver.shown("Ignore Mars restriction")  # Xichang has no command point
    assert_finger_sized_and_inside(driver)
    driver.tap(closes[0], exact=True)
    assert driver.screen.name == "dashboard"
    assert driver.shown("mars1 is closed to domination for the rest of the game.")
    open_the_rover_drop(driver)
    driver.tap("two\n2 symbols", exact=True)
    assert driver.shown("Passed") and driver.shown("Xichang places a cube on Mars (space 2).")
    driver.tap("Continue")
    assert seat_score(driver, "Xichang") == ("3", "+3")
