"""Issue 22, Exploration by touch: what a new player hit in try 7, one test per finding."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import legal_pick, new_match, refused, run


def _actions(match, after: str | None = None, seat: str | None = None) -> dict:
    return {a.label: a for a in prompt(match, seat=seat, after=after).actions}


# ---- finding 23: an owed card is drawn before the flight turn ends -----------------------
def test_the_flight_turn_does_not_end_while_new_orders_card_is_owed() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 1 hazard", "scan XP/H06", "resolve")
    actions = _actions(match)
    end = actions["End SHLD1's flight turn"]
    assert not end.enabled and not end.main
    assert "secondary card for Baikonur" in (end.reason or "")
    main = [a for a in actions.values() if a.main]
    # The pinned action only opens the table's pick (try 11, 16): never the app's draw.
    assert len(main) == 1 and main[0].partial == "scan secondary" and not main[0].command
    draw = [a for a in actions.values() if (a.command or "").startswith("draw")]
    assert "First a secondary card for Baikonur (hazard New orders) is drawn" \
        in refused(match, "next")
    assert match.state.flight_index == 0
    run(match, draw[0].command)
    end = _actions(match)["End SHLD1's flight turn"]
    assert end.enabled and end.main


# ---- finding 28: the headline says the draft while a starting module waits --------------
def _drafting_with_a_module_owed():
    match = new_match(7)
    run(match, "length 13", "join Xichang Mia", "join Wostochny Tom")
    while any(p.deck != "module" for p in match.state.pending):
        owed = next(p for p in match.state.pending if p.deck != "module")
        run(match, f"for {owed.seat}", f"draw {owed.deck}")
    run(match, *(["draw maneuver"] * 5), "draft virtual")
    return match


def test_the_headline_says_who_drafts_and_still_lists_the_starting_module() -> None:
    match = _drafting_with_a_module_owed()
    wait = prompt(match).waiting_for
    assert wait.startswith("Xichang picks a ship from pack 1")
    assert "still to do: Wostochny chooses a starting module: its spaceport's starting " \
        "bonus (no other spaceport has one)." in wait
    assert prompt(match).seat == "Xichang"
    assert any(a.label == "Wostochny takes a starting module" for a in prompt(match).actions)


def test_a_private_pick_s_public_line_keeps_the_pack_private() -> None:
    match = _drafting_with_a_module_owed()
    said = run(match, f"pick {legal_pick(match)}")[-1].message
    assert "into their fleet; the ships left in the pack stay private." in said
    assert "Wostochny picks next" in said


# ---- findings 21 and 13: a waiting hazard says what it does, and why it cannot be ignored --
def test_a_waiting_hazard_says_its_effect_again_and_what_ignoring_costs() -> None:
    match = to_flight(round_two())
    points = match.state.table.resource("Baikonur", "command")
    if points:
        run(match, f"adjust Baikonur command -{points} test")
    drawn = run(match, "move SHLD1 1 hazard", "scan XP/H06")[-1].message
    assert "Apply it: ignoring it costs 1 command point; Baikonur has 0." in drawn
    wait = prompt(match).waiting_for
    assert wait == "Baikonur resolves the hazard New orders for SHLD1: Take one secondary " \
                   "mission card. Apply it: ignoring it costs 1 command point; " \
                   "Baikonur has 0."
    run(match, "adjust Baikonur command 1 test")
    assert prompt(match).waiting_for.endswith(
        "Take one secondary mission card. Apply it, or ignore it for 1 command point.")
    assert "or ignores the hazard New orders" in prompt(match).waiting_for


# ---- finding 27: Gain 6 credits says before the tap that a restriction token blocks it ---
def test_gain_credits_says_none_this_round_under_frozen_funds() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 1 hazard", "scan XP/H13")
    run(match, "resolve", "next", "next", "drift")
    assert "Gain 6 credits (Lv-1)" in _actions(match)  # Xichang has no token
    run(match, "tech command", "done")
    labels = _actions(match)
    assert "Gain 6 credits (Lv-1): none this round (restriction token)" in labels
    assert "Gain 6 credits (Lv-1)" not in labels
    credits = match.state.table.resource("Baikonur", "credits")
    said = run(match, "tech credits")[-1].message
    assert "Baikonur gains no credits this round (restriction token)." in said
    assert match.state.table.resource("Baikonur", "credits") == credits


# ---- finding 36: the seat's hidden-cards count is its hidden missions, one less once revealed
def test_the_hidden_count_is_the_missions_in_hand_and_drops_when_one_is_revealed() -> None:
    from companion.core import piles
    from companion.core.privacy import hidden_counts

    match = to_flight(round_two())
    table = match.state.table
    assert hidden_counts(table) == {s: len(table.cards_in(piles.hand_zone(s)))
                                    for s in table.seats} == {"Xichang": 5, "Baikonur": 5}
    run(match, "move SHLD1 1 hazard", "scan XP/H06", "resolve", "draw secondary")
    assert hidden_counts(match.state.table)["Baikonur"] == 6  # New orders' card
    run(match, "next", "adjust Xichang credits +42 test", "complete P06")  # Treasury
    assert hidden_counts(match.state.table) == {"Xichang": 4, "Baikonur": 6}


# ---- finding 35: the move's own step-by-step choices read as sentences too ---------------
def test_the_move_s_step_by_step_ends_fly_off_the_map_and_end_in_home_orbit() -> None:
    match = to_flight(round_two())
    labels = list(_actions(match, after="move SHLD1 2"))
    assert "Flies off the map (onto a new outer-space tile)" in labels
    assert "Ends on its orbiting space" in labels
    assert "Ends on a credit space" in labels
    assert not [t for t in labels if t.startswith(("Ends on off", "Ends on home"))]
