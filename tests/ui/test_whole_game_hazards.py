"""Hazard cards met in a real game, by touch, with the card laid under the demo camera.

A scanned 2-seat game is brought to round 2's flight phase by its commands (the
gallery's flight set-up: Baikonur's SHLD1 flies first, then Xichang's TRNS1 carrying a
Habitat and a GNSS); from there everything is a tap on the prompt's buttons. A ship ends
its move on a hazard space, the demo camera shows the card the seeded deck deals (the
seed picks which), the scanner reads it, the reveal offers the card's choices, and the
seat rows and the Ships panel show what the rules made of it (rulebook, "Hazard Space":
"draw 1 hazard card from the deck and immediately resolve its effects. You can ignore
the effect spending command point in the number indicated on the card").
"""

from __future__ import annotations

from tests.ui.table_cards import (
    ON_A_HAZARD_SPACE,
    camera_game,
    card_from_the_camera,
    move_one_space,
    seat_counters,
    ship_lines,
)


def end_on_a_hazard_space(driver, ship: str) -> None:
    move_one_space(driver, ship, ON_A_HAZARD_SPACE)


def test_lost_cargo_removes_the_module_the_player_taps_and_undo_puts_it_back(
        make_driver, monkeypatch) -> None:
    driver = camera_game(make_driver, monkeypatch, seed=6)  # the deck deals Lost cargo
    driver.tap("End SHLD1's flight turn")
    end_on_a_hazard_space(driver, "TRNS1")
    card_from_the_camera(driver, "Lost cargo", "H02")
    assert driver.shown("Hazard card") and driver.shown("Remove one module of your choice.")
    assert driver.shown("Xichang draws hazard Lost cargo (H02) for TRNS1")
    # One choice per module TRNS1 carries; Xichang has no command point to ignore it.
    assert driver.shown("Apply Lost cargo: remove the Habitat")
    assert driver.shown("Apply Lost cargo: remove the GNSS")
    assert not driver.shown("Ignore Lost cargo")
    # The card screen says why Ignore is not offered (try 7, finding 13).
    assert driver.shown("Apply it: ignoring it costs 1 command point; Xichang has 0.")
    driver.tap("Apply Lost cargo: remove the Habitat")
    assert driver.screen.name == "dashboard"
    assert driver.shown("Lost cargo resolved for TRNS1: TRNS1 loses the Habitat.")
    assert ship_lines(driver, "TRNS1")[-1] == "Cargo: GNSS (1 of 4 slots)"
    assert "Energy 3/6 · Resistance 3/3" in ship_lines(driver, "TRNS1")[2]  # the move's 1
    assert not driver.shown("Drop the Habitat")  # it is gone from the ship
    driver.tap("Undo", exact=True)
    assert driver.shown("Undid: ")
    assert ship_lines(driver, "TRNS1")[-1] == "Cargo: Habitat, GNSS (2 of 4 slots)"
    # The card waits again: its choices are back, on the dashboard this time, and what
    # the card does with them (try 7, finding 21).
    assert driver.shown("Xichang resolves the hazard Lost cargo for TRNS1: Remove one module "
                        "of your choice.")
    driver.tap("Apply Lost cargo: remove the GNSS")
    assert ship_lines(driver, "TRNS1")[-1] == "Cargo: Habitat (1 of 4 slots)"
    assert driver.shown("Drop the Habitat") and not driver.shown("Drop the GNSS")


def test_a_hazard_ignored_for_command_points_costs_them_and_leaves_the_ship_whole(
        make_driver, monkeypatch) -> None:
    driver = camera_game(make_driver, monkeypatch, seed=11)  # the deck deals Hull damage
    assert seat_counters(driver, "Baikonur").startswith("15 credits · 2 command")
    end_on_a_hazard_space(driver, "SHLD1")  # Baikonur's ship flies first
    card_from_the_camera(driver, "Hull damage", "H04")
    assert driver.shown("The spaceship permanently loses 1 resistance.")
    assert driver.shown("Apply it, or ignore it for 1 command point")
    driver.tap("Ignore Hull damage")
    assert driver.screen.name == "dashboard"
    assert driver.shown("Baikonur spends 1 command point")
    assert seat_counters(driver, "Baikonur").startswith("15 credits · 1 command")
    assert "Resistance 3/3" in ship_lines(driver, "SHLD1")[2]
    driver.tap("Undo", exact=True)
    assert seat_counters(driver, "Baikonur").startswith("15 credits · 2 command")
    driver.tap("Apply Hull damage")  # now on the dashboard: the card still waits
    assert driver.shown("SHLD1's resistance drops to 2.")
    assert "Resistance 2/3" in ship_lines(driver, "SHLD1")[2]
    assert seat_counters(driver, "Baikonur").startswith("15 credits · 2 command")
    # The card is discarded after it is resolved: the Decks panel counts it there.
    driver.tap("Decks", exact=True)
    assert driver.shown("Hazard deck") and driver.shown("15 left · 1 in the discard pile")


def test_running_costs_is_kept_and_takes_a_credit_when_the_next_round_begins(
        make_driver, monkeypatch) -> None:
    driver = camera_game(make_driver, monkeypatch, seed=8)  # the deck deals Running costs
    driver.tap("End SHLD1's flight turn")
    end_on_a_hazard_space(driver, "TRNS1")
    card_from_the_camera(driver, "Running costs", "H09")
    assert driver.shown("Keep this card: from now on pay 1 credit at the start of every turn.")
    driver.tap("Apply Running costs")
    assert driver.shown("Xichang keeps the card and pays 1 credit")
    assert seat_counters(driver, "Xichang") == \
        "14 credits · 0 command points · 0 technology points · 0 frags · in effect: Running costs"
    driver.tap("End TRNS1's flight turn")
    driver.tap("Every ship moves onto a plain space")
    assert driver.shown("Round 3 of 8") and driver.shown("Preparation phase")
    assert driver.shown("Xichang pays 1 credit") and driver.shown("for Running costs.")
    assert seat_counters(driver, "Xichang").startswith("13 credits")
    assert seat_counters(driver, "Baikonur") == \
        "15 credits · 2 command points · 0 technology points · 0 frags"  # only the keeper pays
    driver.tap("Undo", exact=True)
    assert driver.shown("Round 2 of 8") and driver.shown("Every ship moves onto a plain space")
    assert seat_counters(driver, "Xichang").startswith("14 credits")


def test_a_hazard_met_in_the_drift_holds_the_rounds_end_until_it_is_resolved(
        make_driver, monkeypatch) -> None:
    """Rulebook, "All spaceships in space": every ship on the map moves 1 space; one
    ending on a hazard space draws its card like any move."""
    driver = camera_game(make_driver, monkeypatch, seed=6)  # the deck deals Lost cargo
    driver.tap("End SHLD1's flight turn")
    driver.tap("End TRNS1's flight turn")
    driver.tap("Transporter (TRNS1) moves by 1 space")
    driver.tap("Onto a hazard space")
    driver.tap("The other ship (SHLD1) moves onto a plain space")
    card_from_the_camera(driver, "Lost cargo", "H02")
    # read the card first; its choices wait on the dashboard, and nothing else meanwhile
    driver.tap("Look around first: nothing else until it is decided")
    assert driver.shown("Round 2 of 8") and driver.shown("End of the round")
    driver.tap("Apply Lost cargo: remove the GNSS")
    assert driver.shown("Round 3 of 8") and driver.shown("Preparation phase")
    assert driver.shown("Round 2 ends.")
    # the round's end comes first on the result line, not folded away at its end (try 9)
    assert driver.app.message.startswith("Round 2 is over: Round 3 of 8 begins. ")
    assert ship_lines(driver, "TRNS1")[-1] == "Cargo: Habitat (1 of 4 slots)"
    driver.tap("Undo", exact=True)
    assert driver.shown("Round 2 of 8") and driver.shown("Apply Lost cargo: remove the GNSS")
    assert ship_lines(driver, "TRNS1")[-1] == "Cargo: Habitat, GNSS (2 of 4 slots)"
