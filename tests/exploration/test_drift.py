"""Rulebook "All spaceships movement" and the end of a round."""

from __future__ import annotations

from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import refused, run


def _drift_phase():
    match = to_flight(round_two(), x_tech="maneuverability")
    run(match, "next", "next")
    return match


def test_drift_order_is_highest_maneuverability_first() -> None:
    match = to_flight(round_two(), x_tech="maneuverability")
    result = run(match, "next", "next")[-1]
    assert "All spaceships movement, in order: TRNS1, SHLD1." in result.message


def test_drift_costs_no_energy_and_resolves_the_space() -> None:
    match = _drift_phase()
    credits = match.state.table.resource("Xichang", "credits")
    run(match, "drift TRNS1=credit")
    assert match.state.ships["TRNS1"].energy == 4
    assert match.state.table.resource("Xichang", "credits") == credits + 5
    assert match.state.table.round == 3 and match.state.table.phase == "preparation"


def test_a_stuck_ship_loses_one_energy_and_zero_energy_stays() -> None:
    match = _drift_phase()
    run(match, "drift SHLD1=stuck")
    assert match.state.ships["SHLD1"].energy == 3
    match = to_flight(round_two())
    run(match, *["move SHLD1 1 space"] * 4, "next", "next")
    assert "0 energy, so it does not move" in refused(match, "drift SHLD1=credit")
    assert "0 energy and stays put" in run(match, "drift")[-1].message


def test_forbidden_drift_spaces_and_strangers_are_refused() -> None:
    match = _drift_phase()
    assert "L1" in refused(match, "drift SHLD1=l1")
    assert "not moving" in refused(match, "drift MONY1=credit")
    assert "SHIP=SPACE" in refused(match, "drift SHLD1")


def test_a_drift_hazard_holds_the_round_until_resolved() -> None:
    match = _drift_phase()
    run(match, "drift SHLD1=hazard")
    assert match.state.table.phase == "round-end"
    run(match, "scan XP/H10", "resolve")
    assert match.state.table.round == 3
    assert match.state.ships["SHLD1"].bonus("maneuverability", 3) == -1


def test_launch_pad_ships_reach_orbit_and_adds_expire() -> None:
    match = round_two()
    run(match, "tech velocity", "select TRNS1", "done", "tech credits", "deploy LASR2", "done")
    assert match.state.ships["TRNS1"].bonus("velocity", 2) == 3
    run(match, "next", "drift")
    assert match.state.ships["LASR2"].location == "orbit"
    assert match.state.ships["TRNS1"].bonus("velocity", match.state.table.round) == 0


def test_with_no_ship_on_the_map_the_drift_offers_the_rounds_end_not_a_drift() -> None:
    from companion.games.exploration.prompt import situation
    from tests.exploration.flight_setup import round_one

    match = round_one()
    result = run(match, "tech credits", "done", "tech credits", "done")[-1]
    assert match.state.table.phase == "drift"
    assert "No ship is on the map" in result.message
    labels = [c.label for c in situation(match.state, match.catalog, None).choices]
    assert labels == ["End the round (no ship is on the map)"]
    from companion.games.exploration.display import waiting_for

    assert "no ship is on the map, so nobody flies" in waiting_for(match.state, match.catalog)
    run(match, "drift")
    assert match.state.table.round == 2 and match.state.table.phase == "preparation"


def test_after_the_last_preparation_turn_the_launch_pad_ships_reach_orbit_next() -> None:
    """Issue 22: with ships deployed but none flying, "End the round" was the main action;
    the rulebook's flight phase still moves the launch-pad ships to orbiting space."""
    from companion.games.exploration.prompt import situation
    from tests.exploration.flight_setup import round_one

    match = round_one()
    result = run(match, "tech credits", "deploy TRNS1", "done",
                 "tech credits", "deploy SHLD1", "done")[-1]
    assert "the ships on the launch pad (SHLD1, TRNS1) move to orbiting space" \
        in result.message
    assert match.state.table.phase == "drift"
    from companion.games.exploration.display import waiting_for
    assert "no ship flies" in waiting_for(match.state, match.catalog)
    choices = situation(match.state, match.catalog, None).choices
    assert [(c.label, c.main) for c in choices] == [
        ("Move SHLD1, TRNS1 from the launch pad to orbiting space (ends the round)", True)]
    # Try 19, finding 1: why nobody flew is the headline, not only under "(more)".
    from companion.games.exploration.display import waiting_for

    assert waiting_for(match.state, match.catalog) == \
        "Round 1: no ship flies; deployed ships launch at the end of the round."
    said = run(match, "drift")[-1].message
    assert "TRNS1 moves from the launch pad to its orbiting space." in said
    assert match.state.ships["TRNS1"].location == "orbit"


def test_ships_tied_on_maneuverability_drift_together_and_no_order_is_claimed() -> None:
    match = to_flight(round_two())
    result = run(match, "next", "next")[-1]
    assert "TRNS1 and SHLD1 tie on maneuverability" in result.message or \
        "SHLD1 and TRNS1 tie on maneuverability" in result.message
    assert "they move at the same time (rulebook)" in result.message
    assert "breaks the tie" not in result.message  # the flight's tie-break is not claimed


def test_every_drifting_ship_can_be_reported_before_the_round_ends() -> None:
    """Issue 22: reporting one ship's drift used to drift the other onto a plain space
    and end the round; each report now leads to the next ship's, in either order."""
    from companion.core.prompt import prompt

    match = _drift_phase()
    first = prompt(match, after="drift SHLD1").actions
    assert all(a.command is None and a.partial for a in first)  # nothing ends the round yet
    onto_credit = next(a for a in first if a.label == "Onto a credit space")
    assert onto_credit.enabled
    after = {a.label: a for a in prompt(match, after=onto_credit.partial).actions}
    plain = after["The other ship (TRNS1) moves onto a plain space (ends the round)"]
    assert plain.command == "drift SHLD1=credit"
    last = {a.label: a for a in prompt(match, after="drift SHLD1=credit TRNS1").actions}
    command = last["Onto a command space"].command
    # Try 19, finding 9: every round's last report says it ends the round, as round 1's does.
    assert plain.label.endswith("(ends the round)")
    assert command == "drift SHLD1=credit TRNS1=command"
    assert "Shield (SHLD1) moves by 1 space" not in {a.label for a in prompt(
        match, after="drift SHLD1=credit").actions}
    table = match.state.table
    credits, points = table.resource("Baikonur", "credits"), table.resource("Xichang", "command")
    onto_plain = last["Onto a plain space"].command  # try 19, finding 8
    assert onto_plain == "drift SHLD1=credit TRNS1=space"
    run(match, command)  # both reported spaces resolve: SHLD1's credits, TRNS1's command
    assert match.state.table.resource("Baikonur", "credits") == credits + 5
    assert match.state.table.resource("Xichang", "command") == points + 1
    assert match.state.table.round == 3


def test_the_report_buttons_come_in_drift_order_and_a_tie_in_seat_order() -> None:
    """The rulebook moves the highest maneuverability first (xp16, finding 12: the buttons
    listed a slower ship first); ships that drift at the same time keep the seats' order,
    then by ship (try 7, finding 36: a tie's buttons stay in place)."""
    from companion.core.prompt import prompt

    def reports(match) -> list[str]:
        return [a.label for a in prompt(match).actions if a.label.endswith("moves by 1 space")]

    faster = _drift_phase()  # TRNS1 drifts first (its maneuverability was added to)
    tied = to_flight(round_two())
    run(tied, "next", "next")  # a tie: SHLD1 first by its card
    seats = list(tied.state.table.seats)
    assert seats.index("Xichang") < seats.index("Baikonur")
    # Xichang's first
    expected = ["Transporter (TRNS1) moves by 1 space", "Shield (SHLD1) moves by 1 space"]
    assert reports(tied) == expected
    assert reports(faster) == expected  # TRNS1 drifts first
    baikonur_faster = to_flight(round_two(), b_tech="maneuverability")
    run(baikonur_faster, "next", "next")
    assert reports(baikonur_faster) == ["Shield (SHLD1) moves by 1 space",  # as the rules
                                        "Transporter (TRNS1) moves by 1 space"]  # move them
    after = [a.label for a in prompt(tied, after="drift SHLD1=credit").actions]
    assert "Transporter (TRNS1) moves by 1 space" in after


def test_the_preparation_heading_says_when_the_technology_action_is_played() -> None:
    """Xp16, finding 12: the heading asked for "a technology action, then ..." after it
    was played as before it."""
    from companion.games.exploration.display import waiting_for

    match = round_two()
    seat = match.state.table.active
    assert waiting_for(match.state, match.catalog).startswith(
        f"{seat}'s preparation turn: a technology action, then")
    run(match, "tech credits")
    assert waiting_for(match.state, match.catalog) == (
        f"{seat}'s preparation turn: the technology action is played; more actions or the "
        f"end of the turn.")


def test_a_ship_reported_onto_a_plain_space_drifts_there() -> None:
    """Try 19, finding 8: the one-by-one report offers a plain space, and it is taken."""
    from companion.core.prompt import prompt

    match = _drift_phase()
    first = {a.label: a for a in prompt(match, after="drift SHLD1").actions}
    assert first["Onto a plain space"].partial == "drift SHLD1=space"
    credits = match.state.table.resource("Baikonur", "credits")
    run(match, "drift SHLD1=space")
    assert match.state.table.phase != "drift"  # the drift is over
    assert match.state.table.resource("Baikonur", "credits") == credits  # no space's reward
