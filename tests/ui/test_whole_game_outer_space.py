"""Outer space in a real game, by touch, with the tile laid under the demo camera.

From round 2's flight phase (the gallery's flight set-up), Xichang's TRNS1 flies off the
map; the demo camera shows the outer-space tile the seeded deck deals, the scanner reads
it, the reveal shows its effect, and the seat rows and the Ships panel show it applied
(rulebook, "Flying off the map": "Reveal the random hex tile ... From now on, spaceships
can move only by one hex tile per round regardless of velocity attribute value. Resolve
all effects from the hex tile. To gain the rewards spaceship must survive all effects.").
"""

from __future__ import annotations

from tests.ui.table_cards import (
    OFF_THE_MAP,
    camera_game,
    card_from_the_camera,
    hold_the_next_card,
    move_one_space,
    seat_counters,
    seat_score,
    ship_lines,
)


def fly_off_the_map(driver) -> None:
    driver.tap("End SHLD1's flight turn")
    move_one_space(driver, "TRNS1", OFF_THE_MAP)


def test_a_tile_read_from_the_camera_costs_resistance_then_scores_and_undo_takes_it_back(
        make_driver, monkeypatch) -> None:
    driver = camera_game(make_driver, monkeypatch, seed=12)  # the deck deals tile 5
    fly_off_the_map(driver)
    card_from_the_camera(driver, "Outer Space tile 5", "X5")
    assert driver.shown("Lose 1 resistance, then score 4 domination points. This effect is not "
                        "printed in the rulebook; it is the companion's default.")
    assert not driver.shown("Assumed")
    assert driver.shown("TRNS1 reveals Outer Space tile 5 (X5) in outer space.")
    driver.tap("Continue")
    assert seat_score(driver, "Xichang") == ("4", "+4")
    assert seat_score(driver, "Baikonur") == ("0", "")
    _title, place, tracks, *_ = ship_lines(driver, "TRNS1")
    assert place.startswith("in outer space")
    assert tracks.startswith("Energy 3/6 · Resistance 2/3")  # the move's energy; the tile's hit
    # One hex tile per round out there: a second move waits for round 3, and says so.
    driver.tap("Not possible now", settle=True)
    assert driver.shown("TRNS1 already moved 1 hex tile")
    driver.tap("Hide what is not possible now")
    hand = hold_the_next_card(driver)
    driver.tap("Undo", exact=True)
    assert seat_score(driver, "Xichang") == ("0", "-4")
    tracks = ship_lines(driver, "TRNS1")[2]
    assert tracks.startswith("Energy 3/6 · Resistance 3/3")  # off the map, the tile unread
    # The tile is owed again, and the seeded deck deals the same one to the demo's hand.
    driver.wait_for(lambda: hand.laid, "the demo's hand to lay the tile again")
    assert hand.laid == ["XP/X5"]
    driver.tap("Redo", exact=True)
    assert seat_score(driver, "Xichang") == ("4", "+4")


def test_a_tile_that_calls_for_a_hazard_brings_the_hazard_card_through_the_camera_next(
        make_driver, monkeypatch) -> None:
    driver = camera_game(make_driver, monkeypatch, seed=13)  # tile 6, then Frozen funds
    fly_off_the_map(driver)
    card_from_the_camera(driver, "Outer Space tile 6", "X6")
    assert driver.shown("Draw 1 hazard card. This effect is not printed in the rulebook")
    assert driver.shown("Draw a hazard card for TRNS1.")
    driver.tap("Continue")
    card_from_the_camera(driver, "Frozen funds", "H13")
    assert driver.shown("no credits from any action next turn")
    driver.tap("Apply Frozen funds")
    assert driver.shown("Xichang gains no credits from any action in round 3.")
    driver.tap("End TRNS1's flight turn")
    driver.tap("Every ship drifts onto a plain space")
    assert driver.shown("Round 3 of 8")
    assert seat_counters(driver, "Xichang").startswith("14 credits")
    driver.tap("Gain 6 credits")  # the restriction token: this round it gives nothing
    assert seat_counters(driver, "Xichang").startswith("14 credits")
    driver.tap("End Xichang's preparation turn")
    driver.tap("Gain 6 credits")
    assert seat_counters(driver, "Baikonur").startswith("21 credits")  # Baikonur's is whole


def test_a_ship_that_does_not_survive_its_tile_gains_nothing(make_driver, monkeypatch) -> None:
    """TRNS1 comes to round 2 with 1 resistance left; tile 5 takes 1 before its 4 points."""
    from companion.ui.devtools.gallery import flight_lines

    setup = (*flight_lines(), "adjust TRNS1 resistance -2 'hull hit last round'")
    driver = camera_game(make_driver, monkeypatch, seed=12, setup=setup)
    assert "Resistance 1/3" in ship_lines(driver, "TRNS1")[2]
    fly_off_the_map(driver)
    card_from_the_camera(driver, "Outer Space tile 5", "X5")
    assert driver.shown("TRNS1 does not survive and gains nothing.")
    driver.tap("Continue")
    assert seat_score(driver, "Xichang")[0] == "0"
    _title, place, *_ = ship_lines(driver, "TRNS1")
    assert place.startswith("destroyed")
    driver.tap("Undo", exact=True)  # the tile is owed again: the ship is back, whole
    assert "Resistance 1/3" in ship_lines(driver, "TRNS1")[2]
