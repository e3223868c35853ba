"""Rulebook "Flight phase", "Velocity move", "Interactions", "Direction change",
"Flying off the map", movement restrictions."""

from __future__ import annotations

import pytest

from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import refused, run


def test_flight_order_by_velocity_then_maneuverability() -> None:
    match = to_flight(round_two())
    assert match.state.flight_order == ("SHLD1", "TRNS1")
    assert match.state.table.active == "Baikonur"


def test_velocity_bonus_counts_in_the_flight_order() -> None:
    match = to_flight(round_two(), x_tech="velocity")
    assert match.state.flight_order == ("TRNS1", "SHLD1")


def test_ties_are_broken_by_seat_order_and_shown() -> None:
    match = round_two(x_ship="MONY1", x_builds=(), b_ship="RECV2", b_builds=())
    result = to_flight(match, ("MONY1",), ("RECV2",)).steps[match.stack[-1]]
    assert match.state.flight_order == ("MONY1", "RECV2")
    assert "MONY1 and RECV2 tie on velocity 3, maneuverability 2: the rulebook goes no " \
        "further, so turn order decides (Xichang, Baikonur)." in result.message


def test_credit_and_command_spaces() -> None:
    match = to_flight(round_two())
    credits = match.state.table.resource("Baikonur", "credits")
    command = match.state.table.resource("Baikonur", "command")
    run(match, "move SHLD1 4 credit", "move SHLD1 2 command")
    assert match.state.table.resource("Baikonur", "credits") == credits + 5
    assert match.state.table.resource("Baikonur", "command") == command + 1
    assert match.state.ships["SHLD1"].energy == 2


@pytest.mark.parametrize("end, reason", [
    ("l1", "L1"), ("ship", "another spaceship"), ("gnss", "GNSS"),
    ("enemy-orbit", "enemy spaceport"), ("domination", "domination space")])
def test_forbidden_end_spaces_are_refused_with_the_reason(end: str, reason: str) -> None:
    match = to_flight(round_two())
    assert reason in refused(match, f"move SHLD1 2 {end}")


def test_move_limits() -> None:
    match = to_flight(round_two())
    assert "1 to 4 spaces" in refused(match, "move SHLD1 5 space")
    assert "TRNS1's flight turn" not in refused(match, "move TRNS1 1 space")
    assert "not a space" in refused(match, "move SHLD1 1 moon")
    run(match, "move SHLD1 1 space", "move SHLD1 1 space", "move SHLD1 1 space",
        "move SHLD1 1 space")
    assert "0 energy" in refused(match, "move SHLD1 1 space")


def test_direction_change_costs_one_energy() -> None:
    match = to_flight(round_two())
    run(match, "turn SHLD1")
    assert match.state.ships["SHLD1"].reversed
    assert match.state.ships["SHLD1"].energy == 3


def test_hazard_space_draws_and_blocks_until_resolved() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 1 hazard")
    assert "hazard card" in refused(match, "next")
    run(match, "scan XP/H14")
    assert "does nothing now" in refused(match, "scan XP/H06")
    run(match, "resolve")
    assert match.state.ships["SHLD1"].skip_turns == 1
    assert match.state.table.zone_of("H14") == "discard:hazard"
    run(match, "next")


def test_ignoring_a_hazard_costs_its_command_points() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 1 command", "move SHLD1 1 hazard", "scan XP/H02")
    before = match.state.table.resource("Baikonur", "command")
    run(match, "ignore")
    assert match.state.table.resource("Baikonur", "command") == before - 1
    assert match.state.pending_hazard is None


def test_a_hazard_offers_the_modules_it_may_remove_by_their_names() -> None:
    from companion.core.prompt import prompt

    match = to_flight(round_two())
    run(match, "move SHLD1 1 hazard", "scan XP/H02")
    actions = {a.label: a.command for a in prompt(match).actions if a.group == "Hazard"}
    assert actions["Apply Lost cargo: remove the Laser turret"] == "resolve laser_turret"


def test_running_costs_card_is_kept_and_charged_each_round() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 1 hazard", "scan XP/H09", "resolve", "next", "next", "drift")
    assert match.state.table.zone_of("H09") == "play:Baikonur"


def test_flying_off_the_map_reveals_a_tile_and_one_tile_per_round() -> None:
    match = to_flight(round_two())
    credits = match.state.table.resource("Baikonur", "credits")
    run(match, "move SHLD1 2 outer", "scan XP/X4", "tile default")
    ship = match.state.ships["SHLD1"]
    assert ship.location == "outer_space" and ship.energy == 2
    assert match.state.table.resource("Baikonur", "credits") == credits + 8
    assert "one hex tile per round" not in refused(match, "move SHLD1 1 outer")
    assert "already moved" in refused(match, "move SHLD1 1 outer")


def test_the_view_names_the_ship_and_player_each_drawn_card_was_for() -> None:
    match = to_flight(round_two())
    assert match.rules.view(match.state, match.catalog, None)["last_ship_draw"] is None
    run(match, "move SHLD1 2 outer", "scan XP/X4", "tile default")
    drawn = match.rules.view(match.state, match.catalog, None)["last_ship_draw"]
    assert drawn == {"card": "X4", "deck": "hex", "seat": "Baikonur", "player": "Ben",
                     "ship": "SHLD1"}
    run(match, "next", "move TRNS1 1 hazard", "scan XP/H02")
    drawn = match.rules.view(match.state, match.catalog, None)["last_ship_draw"]
    assert (drawn["card"], drawn["ship"], drawn["player"]) == ("H02", "TRNS1", "Ana")


def test_a_ship_that_does_not_survive_a_tile_gains_nothing() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 2 outer", "scan XP/X5", "tile default")
    assert match.state.ships["SHLD1"].resistance == 2
    assert match.state.table.score_of("Baikonur") == 4
    match = to_flight(round_two(x_ship="MONY1", x_builds=("energy_turret",),
                                b_ship="LASR2", b_builds=("laser_turret",)),
                      ("MONY1",), ("LASR2",))
    run(match, "attack LASR2 MONY1", "next", "move MONY1 1 outer")  # laser beam: 3 -> 1
    credits = match.state.table.resource("Xichang", "credits")
    run(match, "scan XP/X8", "tile default")  # lose 1 resistance (1 -> 0), then 12 credits
    assert match.state.ships["MONY1"].location == "destroyed"
    assert match.state.table.resource("Xichang", "credits") == credits


def test_next_walks_the_flight_order_then_the_drift() -> None:
    match = to_flight(round_two())
    run(match, "next")
    assert match.state.table.active == "Xichang"
    run(match, "next")
    assert match.state.table.phase == "drift"


def test_steering_fault_takes_effect_in_the_next_round_only() -> None:
    from companion.games.exploration.checks import attribute
    from tests.exploration.helpers import catalog

    def maneuverability() -> int:
        return attribute(catalog(), match.state.ships["SHLD1"], "maneuverability",
                         match.state.table.round)

    match = to_flight(round_two())
    before = maneuverability()
    result = run(match, "move SHLD1 1 hazard", "scan XP/H10", "resolve")[-1]
    assert "in round 3" in result.message
    assert match.state.table.round == 2 and maneuverability() == before
    run(match, "next", "next", "drift")
    assert match.state.table.round == 3 and maneuverability() == before - 1
    to_flight(match)
    run(match, "next", "next", "drift")
    assert match.state.table.round == 4 and maneuverability() == before


def test_move_without_words_gives_the_usage() -> None:
    match = to_flight(round_two())
    message = refused(match, "move")
    assert message.startswith("move takes a ship, the spaces moved")
