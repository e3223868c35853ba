"""Issue 22, Exploration by touch: what a new player hit in try 5, one test per finding."""

from __future__ import annotations

import json

from companion.core.prompt import prompt
from companion.games.exploration.missions import CANNOT_REVEAL
from companion.games.exploration.rules import RULES
from tests.exploration.flight_setup import PICKS, ROW, SETUP, round_two, to_flight
from tests.exploration.helpers import catalog, new_match, refused, run


def _labels(match, after: str | None = None, seat: str | None = None) -> list[str]:
    return [a.label for a in prompt(match, seat=seat, after=after).actions]


# ---- finding 42: the attack's targets say what the one tap does --------------------------
def test_each_attack_target_says_its_damage_before_the_tap() -> None:
    match = to_flight(round_two(x_builds=("laser_turret", "energy_turret")))
    run(match, "next")
    labels = _labels(match, after="attack TRNS1")
    # a Shield ship: its damage, then its owner's choice (try 9, finding 23) says the rest
    assert "SHLD1 (Baikonur, in orbiting space): 2 damage, Baikonur chooses resistance or energy" \
        in labels
    assert "Baikonur chooses: resistance, 2 damage: energy 4 to 3, resistance 3 to 2" \
        in _labels(match, after="attack TRNS1 SHLD1")
    run(match, "attack TRNS1 SHLD1")
    ship = match.state.ships["SHLD1"]
    assert (ship.energy, ship.resistance) == (3, 2)


def test_a_killing_shot_says_destroyed_and_the_frag() -> None:
    match = to_flight(round_two(x_builds=("laser_turret", "laser_turret")))
    run(match, "adjust SHLD1 resistance -1", "next")
    label = next(t for t in _labels(match, after="attack TRNS1") if t.startswith("SHLD1 ("))
    assert label == "SHLD1 (Baikonur, in orbiting space): 2 damage, Baikonur chooses resistance " \
        "or energy"  # a Shield ship: its owner's choice says what each way does
    assert _labels(match, after="attack TRNS1 SHLD1") == [
        "Baikonur chooses: resistance, 2 damage, destroyed (Xichang +1 frag)",
        "Baikonur chooses: energy (its shield), 2 damage: energy 4 to 2"]
    message = run(match, "attack TRNS1 SHLD1")[-1].message
    assert "SHLD1 is destroyed" in message
    assert match.state.ships["SHLD1"].location == "destroyed"


def test_own_ships_and_traps_are_offered_as_the_rulebook_allows_and_say_so() -> None:
    """Rulebook, "Attacking": "You can attack your own spaceships"; a trap is a dropped
    module, which falls to 1 damage (no frag)."""
    match = to_flight(round_two(x_builds=("laser_turret", "trap")), b_select=())
    run(match, "drop TRNS1 trap 3", "next", "drift", "tech credits", "deploy MONY1",
        "select TRNS1", "done", "tech credits", "done")
    labels = _labels(match, after="attack TRNS1")
    own = next(t for t in labels if t.startswith("MONY1 ("))
    assert own.startswith("MONY1 (Xichang's own, ")
    trap = next(t for t in labels if t.startswith("Trap "))
    assert trap.endswith("(Xichang's, count 3): destroyed, no frag")
    assert not any(t.startswith("TRNS1") for t in labels)


def test_the_attack_button_is_short_enough_for_two_lines() -> None:
    match = to_flight(round_two(x_builds=("laser_turret",)))
    run(match, "next")
    assert "Attack with TRNS1: same orbit, up to 4 spaces" in _labels(match)


# ---- finding 35: a goal the app can count is checked ------------------------------------
def _holding(*missions: str):
    """Round 1 with Xichang holding `missions` (and D17, a kept development card)."""
    setup = [line for line in SETUP if not line.startswith("scan XP/M")]
    swap = dict(zip(("scan XP/P04", "scan XP/S26"), (f"scan XP/{m}" for m in missions),
                    strict=False))
    setup = [swap.get(line, line) for line in setup]
    at = setup.index("draft")
    match = new_match(1)
    run(match, *setup[:at], *(f"scan XP/{c}" for c in ROW), *setup[at:],
        *(f"scan XP/{c}" for c in PICKS), "start")
    return match


def test_research_is_refused_with_the_count_of_development_cards() -> None:
    match = _holding("P14", "S10")
    labels = _labels(match, after="complete Xichang", seat="Xichang")
    assert "Research (P14) needs 5 development cards; Xichang has 1" in labels
    assert refused(match, "complete P14") == CANNOT_REVEAL
    action = next(a for a in prompt(match, seat="Xichang", after="complete Xichang").actions
                  if a.label.startswith("Research"))
    assert not action.enabled
    assert match.state.table.score_of("Xichang") == 0


def test_a_played_development_card_still_counts_as_collected() -> None:
    match = _holding("P14")
    run(match, "tech development", "draw development", "develop D17")
    assert match.state.table.zone_of("D17") == "discard:development"
    assert "Research (P14) needs 5 development cards; Xichang has 2" in \
        _labels(match, after="complete Xichang", seat="Xichang")


def test_a_goal_the_app_cannot_see_says_the_player_confirms_it() -> None:
    match = _holding("P14", "S13")
    labels = _labels(match, after="complete Xichang", seat="Xichang")
    assert "Complete Hold L3 (S13) (you confirm it)" in labels
    assert "Treasury (P06) needs 50 credits; Xichang has 12" in labels
    assert "Moon landing (S07): not yet, Xichang has 0 of 1" in labels
    message = run(match, "complete S13")[-1].message
    assert "the app cannot count this goal: Xichang confirmed it" in message


def test_armed_counts_the_turrets_built() -> None:
    """Try 24: "Complete Armed (S12) (you confirm it)" was offered, right under a mission
    met, to a player who never built a turret."""
    match = _holding("P14", "S10")
    labels = _labels(match, after="complete Xichang", seat="Xichang")
    assert "Armed (S10) needs 1 turret module built; Xichang has 0" in labels
    assert refused(match, "complete S10") == CANNOT_REVEAL


def test_the_seat_view_counts_development_cards_toward_research() -> None:
    match = _holding("P14")
    mine = RULES.view(match.state, catalog(), "Xichang")["my_missions"]
    research = next(m for m in mine if m["id"] == "P14")
    assert (research["value"], research["goal"]) == (1, 5)


# ---- finding 26: the drift's words ----------------------------------------------------------
def test_a_ship_drifting_off_the_map_is_said_in_plain_english() -> None:
    match = to_flight(round_two(), x_tech="maneuverability")
    run(match, "next", "next")
    labels = _labels(match, after="drift SHLD1")
    assert "Off the map (onto a new outer-space tile)" in labels
    assert "Onto its orbiting space" in labels
    assert "Onto a credit space" in labels
    assert not any("onto off" in t or "onto home" in t for t in labels)


# ---- findings 24, 28: a draw does not presume a camera -------------------------------------
def test_a_technology_draw_does_not_ask_for_a_scan() -> None:
    match = round_two()
    said = run(match, "tech development")[-1].message
    assert "Xichang draws 1 development card." in said
    assert "scan" not in said


# ---- finding 31: a maneuver card's price is on its list button ----------------------------
def test_each_maneuver_card_in_the_list_shows_its_price() -> None:
    match = round_two()
    run(match, "tech credits", "select TRNS1")
    costs = {a.label.split(" (")[0]: a.cost for a in prompt(match).actions
             if a.label.startswith("Use ")}
    assert costs["Use Trim thrusters"] == "1 credit"
    assert costs["Use Afterburner"] == "3 credits"
    assert costs["Use Field assembly"] == "1 credit"  # its summary: the module paid on top
    credits = match.state.table.resource("Xichang", "credits")
    run(match, "maneuver M06 TRNS1")
    assert match.state.table.resource("Xichang", "credits") == credits - 3


# ---- finding 24: the newly drawn hidden mission is marked on its owner's screen ------------
def test_a_mission_drawn_by_a_hazard_is_marked_new_for_its_owner_only() -> None:
    from companion.ui.presenters.peek import card_lines

    match = to_flight(round_two())
    run(match, "move SHLD1 1 hazard", "scan XP/H06", "resolve", "draw secondary")
    drawn = RULES.view(match.state, catalog(), "Baikonur")["my_missions"]
    assert [m["new"] for m in drawn].count(True) == 1
    newest = next(m for m in drawn if m["new"])
    assert newest["id"] not in ("P01", "P13", "S04", "S15", "S18")  # the setup hand
    lines = card_lines(drawn)
    assert [line.startswith("New: ") for line in lines].count(True) == 1
    assert "new" not in json.dumps(RULES.view(match.state, catalog(), None)["seats"])
    assert not any(m["new"] for m in RULES.view(match.state, catalog(), "Xichang")["my_missions"])


def test_a_hand_drawn_at_once_marks_nothing_new() -> None:
    match = round_two()
    assert not any(m["new"] for m in RULES.view(match.state, catalog(), "Xichang")["my_missions"])
    snapshot = type(match.state).from_dict(match.state.to_dict())
    assert snapshot == match.state


# ---- finding 29: kept development cards are on the seat's card ------------------------------
def test_a_seat_card_lists_its_kept_development_cards_until_played() -> None:
    from companion.games.exploration.tableview import table_view

    match = round_two()
    seat = next(s for s in table_view(match.state, catalog()).seats if s.seat == "Xichang")
    assert "Development cards kept: Funding (D17)" in seat.detail
    run(match, "tech development", "draw development", "develop D17")
    seat = next(s for s in table_view(match.state, catalog()).seats if s.seat == "Xichang")
    assert not any("Funding (D17)" in line for line in seat.detail)


def test_the_attack_says_its_result_first_and_the_range_rule_after() -> None:
    """Since try 15 what the attacker's owner gains comes first of all."""
    match = to_flight(round_two(x_builds=("laser_turret", "laser_turret")))
    run(match, "adjust SHLD1 resistance -1", "next")
    said = run(match, "attack TRNS1 SHLD1")[-1].message
    assert said.startswith("Xichang gains 2 command points and 1 frag: TRNS1 hits SHLD1, "
                           "2 damage")
    assert said.index("SHLD1 is destroyed") < said.index("Range: the target must be on the "
                                                         "same orbit")


def test_the_destroyer_ability_says_its_damage_before_the_tap() -> None:
    match = round_two(x_ship="DSTR4", x_builds=())
    run(match, "tech velocity", "select DSTR4", "done", "tech credits", "select SHLD1", "done")
    while match.state.flight_order[match.state.flight_index] != "DSTR4":
        run(match, "next")
    assert "Damage SHLD1 (Baikonur): 2 damage: resistance 3 to 1" in \
        _labels(match, after="ability DSTR4")
    run(match, "ability DSTR4 SHLD1")
    assert match.state.ships["SHLD1"].resistance == 1


def test_an_outer_space_tile_says_only_what_the_ship_loses() -> None:
    match = to_flight(round_two())
    run(match, "next", "move TRNS1 1 outer")
    said = run(match, "scan XP/X8", "tile default")[-1].message
    assert "TRNS1 loses 1 resistance (3 to 2). Xichang gains 12 credits." in said
    assert "Energy 3->3" not in said  # an unchanged track is not said
