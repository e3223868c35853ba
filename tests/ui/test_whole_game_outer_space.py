"""Outer space in a real game, by touch, with the tile laid under the demo camera.

From round 2's flight phase (the gallery's flight set-up), Xichang's TRNS1 flies off the
map; the demo camera shows the outer-space tile the seeded deck deals, the scanner reads
it, the reveal shows its effect, the table says it applies (the companion's default) or
enters what its own tile prints, and the seat rows and the Ships panel show it applied
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
    open_tab,
    seat_counters,
    seat_score,
    ship_lines,
)

DEFAULT_5 = "Apply the companion's default: Lose 1 resistance, then score 4 domination points"


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
    driver.tap(DEFAULT_5)
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
    driver.tap("Undo", exact=True)  # the default taken back: the tile waits for the word
    assert seat_score(driver, "Xichang") == ("0", "-4")
    tracks = ship_lines(driver, "TRNS1")[2]
    assert tracks.startswith("Energy 3/6 · Resistance 3/3")  # off the map, the tile unsaid
    assert driver.shown(DEFAULT_5)
    driver.tap("Undo", exact=True)  # the tile itself
    # The tile is owed again, and the seeded deck deals the same one to the demo's hand.
    driver.wait_for(lambda: hand.laid, "the demo's hand to lay the tile again")
    assert hand.laid == ["XP/X5"]
    driver.tap("Redo", exact=True)
    driver.tap("Redo", exact=True)
    assert seat_score(driver, "Xichang") == ("4", "+4")


def test_a_tile_that_calls_for_a_hazard_brings_the_hazard_card_through_the_camera_next(
        make_driver, monkeypatch) -> None:
    driver = camera_game(make_driver, monkeypatch, seed=13)  # tile 6, then Frozen funds
    fly_off_the_map(driver)
    card_from_the_camera(driver, "Outer Space tile 6", "X6")
    assert driver.shown("Draw 1 hazard card. This effect is not printed in the rulebook")
    driver.tap("Apply the companion's default: Draw 1 hazard card")
    assert driver.shown("Draw a hazard card for TRNS1.")
    card_from_the_camera(driver, "Frozen funds", "H13")
    assert driver.shown("no credits from any action next turn")
    driver.tap("Apply Frozen funds")
    assert driver.shown("Xichang gains no credits from any action in round 3.")
    driver.tap("End TRNS1's flight turn")
    driver.tap("Every ship moves onto a plain space")
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
    assert "TRNS1 is destroyed: resistance 1" in driver.button(DEFAULT_5).text  # before
    driver.tap(DEFAULT_5)
    assert driver.screen.name == "explosion" and driver.shown("TRNS1 is destroyed!")  # after
    driver.tap("Back to the table")
    assert driver.shown("TRNS1 does not survive and gains nothing.")
    assert seat_score(driver, "Xichang")[0] == "0"
    _title, place, *_ = ship_lines(driver, "TRNS1")
    assert place.startswith("destroyed")
    driver.tap("Undo", exact=True)  # the tile waits for the word again: the ship is whole
    assert "Resistance 1/3" in ship_lines(driver, "TRNS1")[2]


def test_the_table_enters_what_its_own_tile_prints_by_touch_and_undo_takes_it_back(
        make_driver, monkeypatch) -> None:
    """Try 7, finding 35: "with real tiles at the table I would want to enter what our
    tile says". Tile 5 prints, at this table, "lose 1 energy, gain 2 command points"."""
    import os
    from pathlib import Path

    driver = camera_game(make_driver, monkeypatch, seed=12)  # the deck deals tile 5
    fly_off_the_map(driver)
    card_from_the_camera(driver, "Outer Space tile 5", "X5")
    driver.tap("Our tile says something else")
    form = driver.screen
    assert form.name == "form" and form.heading == "Our tile says something else"
    assert driver.shown("Lost (-) or gained (+) on your tile.")
    minus = [b for b in form.stepper("Energy").children if getattr(b, "text", "") == "-"]
    plus = [b for b in form.stepper("Command points").children
            if getattr(b, "text", "") == "+"]
    driver.tap(minus[0])
    driver.tap(plus[0])
    driver.tap(plus[0])
    # An action, not the title again (try 11, finding 25).
    assert form.ids.submit.text == "Apply: energy -1, command points +2"
    score = [b for b in form.stepper("Domination points").children
             if getattr(b, "text", "") == "+"]
    driver.tap(score[0])  # a count that cannot go down is a gain too (try 26: it read "2")
    assert form.ids.submit.text == "Apply: energy -1, command points +2, domination points +1"
    driver.tap(next(b for b in form.stepper("Domination points").children
                    if getattr(b, "text", "") == "-"))
    if os.environ.get("SHOTS_DIR"):
        driver.screenshot(Path(os.environ["SHOTS_DIR"]) / "tile_printed_form.png")
    driver.tap(form.ids.submit)
    assert driver.screen.name == "dashboard"
    assert seat_score(driver, "Xichang") == ("0", "")  # the default's 4 points never came
    assert "2 command points" in seat_counters(driver, "Xichang")
    tracks = ship_lines(driver, "TRNS1")[2]
    assert tracks.startswith("Energy 2/6 · Resistance 3/3")  # the move's energy, the tile's
    assert board_lines(driver, "X5") == [
        "Outer Space tile 5 (X5)",
        "Lose 1 energy, then gain 2 command points. (as printed on your tile)"]
    if os.environ.get("SHOTS_DIR"):
        driver.screenshot(Path(os.environ["SHOTS_DIR"]) / "tile_printed_board.png")
    driver.tap("Undo", exact=True)  # what was entered is taken back: the tile waits again
    assert "0 command points" in seat_counters(driver, "Xichang")
    assert ship_lines(driver, "TRNS1")[2].startswith("Energy 3/6 · Resistance 3/3")
    assert driver.shown(DEFAULT_5)
    assert board_lines(driver, "X5") == [
        "Outer Space tile 5 (X5)", "Lose 1 resistance, then score 4 domination points. This "
        "effect is not printed in the rulebook; it is the companion's default."]


def board_lines(driver, tile: str) -> list[str]:
    """The Board panel's row of a revealed tile: its name, then what it does."""
    open_tab(driver, "Board")
    texts = driver.texts(driver.screen.ids.tabs.panel("Board"))
    start = next(i for i, t in enumerate(texts) if t.endswith(f"({tile})"))
    return texts[start:start + 2]
