"""`adjust SHIP energy|resistance ±N [reason]`: the core's adjust handed to Exploration."""

from __future__ import annotations

from tests.exploration.flight_setup import round_two
from tests.exploration.helpers import refused, run


def test_a_ship_s_energy_is_corrected_with_its_reason_and_undone() -> None:
    match = round_two()
    ship = match.state.ships["TRNS1"]
    result = run(match, 'adjust TRNS1 energy -1 "forgot the asteroid"')[0]
    assert match.state.ships["TRNS1"].energy == ship.energy - 1
    assert result.message == f"Adjusted TRNS1's energy by -1 to {ship.energy - 1} " \
                             f"(forgot the asteroid)."
    assert result.step.seat == "Xichang"
    assert result.step.events[0]["reason"] == "manual adjust: forgot the asteroid"
    run(match, "undo")
    assert match.state.ships["TRNS1"] == ship
    run(match, "redo")
    assert match.state.ships["TRNS1"].energy == ship.energy - 1
    assert match.state == match.replay_from_start()


def test_resistance_is_corrected_within_the_ship_card_s_range() -> None:
    match = round_two()
    ship = match.state.ships["SHLD1"]
    lost = ship.resistance - 1
    run(match, f"adjust SHLD1 resistance -{lost} hit by a trap")
    assert match.state.ships["SHLD1"].resistance == 1
    assert "from 1 to" in refused(match, "adjust SHLD1 resistance -1 destroy it")
    room = ship.max_resistance - 1
    assert "cannot change by" in refused(match, f"adjust SHLD1 resistance +{room + 1}")
    run(match, f"adjust SHLD1 resistance +{room}")
    assert match.state.ships["SHLD1"].resistance == ship.max_resistance


def test_a_bad_correction_is_one_sentence_and_changes_nothing() -> None:
    match = round_two()
    in_hand = next(s.card for s in match.state.ships_of("Xichang") if s.location == "hand")
    assert "not deployed" in refused(match, f"adjust {in_hand} energy +1")
    assert "not a ship anyone drafted" in refused(match, "adjust ZZZ9 energy +1")
    assert "digits 0-9" in refused(match, "adjust TRNS1 energy +³")
    assert "digits 0-9" in refused(match, "adjust TRNS1 energy " + "9" * 4000)
    assert len(refused(match, "adjust TRNS1 energy " + "9" * 4000)) < 120
    assert "digits 0-9" in refused(match, "adjust Xichang credits ٣")


def test_a_seat_s_resources_are_still_adjusted_by_the_core() -> None:
    match = round_two()
    before = match.state.table.resource("Baikonur", "credits")
    run(match, "adjust Baikonur credits +2 house rule")
    assert match.state.table.resource("Baikonur", "credits") == before + 2
