"""Preparation phase: turn order, technology actions, ship selection, end of turn,
round-start upkeep (rulebook: Preparation phase, Playing actions from technology deck)."""

from __future__ import annotations

from dataclasses import replace

from companion.core.events import event
from companion.games.exploration.preparation import round_start
from companion.games.exploration.rules import RULES
from tests.exploration.helpers import build, catalog, fold, refused, run, started_match


def _deployed(match, seat: str) -> str:
    """Deploy the seat's first ship and move it to orbit as the flight phase would."""
    ship = match.state.ships_of(seat)[0].card
    match.state = RULES.apply(match.state, event(
        "ship_updated", card=ship, set={"location": "orbit", "energy": 3, "resistance": 2}))
    return ship


def test_turns_follow_the_spaceport_order() -> None:
    match = started_match(("Kourou", "Xichang", "Baikonur"))
    assert match.state.table.active == "Xichang"
    run(match, "tech credits", "done")
    assert match.state.table.active == "Baikonur"
    run(match, "tech credits", "done", "tech credits", "done")
    # The flight phase follows (part 2 may move on at once when no ship was selected).
    assert match.state.table.phase != "preparation"
    assert "Flight phase of round 1 begins" in match.history()[-1].message


def test_level_one_actions_give_credits_and_command() -> None:
    match = started_match()
    before = match.state.table.resource("Xichang", "credits")
    run(match, "tech credits")
    assert match.state.table.resource("Xichang", "credits") == before + 6
    run(match, "done", "tech command")
    assert match.state.table.resource("Baikonur", "command") == 2 + 1


def test_level_three_actions() -> None:
    match = started_match()
    run(match, "tech score")
    assert match.state.table.score_breakdown("Xichang") == {
        "technology action: Score 3 domination points": 3}
    run(match, "done", "tech secondary")
    assert [p.deck for p in match.state.pending] == ["secondary"]
    assert "still has to draw" in refused(match, "done")
    run(match, "draw secondary", "done")
    assert match.state.table.count_in("hand:Baikonur") == 6


def test_one_technology_action_per_round_unless_a_point_is_spent() -> None:
    match = started_match()
    run(match, "tech credits")
    assert "technology point" in refused(match, "tech command")
    run(match, "adjust Xichang technology +1 test")
    assert "already played" in refused(match, "tech credits")
    run(match, "tech command")
    assert match.state.table.resource("Xichang", "technology") == 0
    assert len(match.state.seats["Xichang"].actions_in(1)) == 2


def test_the_turn_needs_a_technology_action() -> None:
    match = started_match()
    assert "technology action" in refused(match, "done")


def test_not_a_technology_action() -> None:
    match = started_match()
    assert not match.execute("tech warp").ok


def test_select_one_free_ship_and_more_for_command() -> None:
    match = started_match(("Baikonur", "Kourou"))
    ships = [s.card for s in match.state.ships_of("Baikonur")]
    for ship in ships[:3]:
        match.state = RULES.apply(match.state, event(
            "ship_updated", card=ship, set={"location": "space"}))
    run(match, "tech credits", f"select {ships[0]}")
    assert match.state.table.resource("Baikonur", "command") == 2
    run(match, f"select {ships[1]} {ships[2]}")
    assert match.state.table.resource("Baikonur", "command") == 0
    assert [s.card for s in match.state.selected_ships("Baikonur")] == ships[:3]


def test_select_refusals() -> None:
    match = started_match()
    ships = [s.card for s in match.state.ships_of("Xichang")]
    assert "not deployed" in refused(match, f"select {ships[0]}")
    other = match.state.ships_of("Kourou")[0].card
    assert "belongs to Kourou" in refused(match, f"select {other}")
    _deployed(match, "Xichang")
    run(match, f"select {ships[0]}")
    assert "already selected" in refused(match, f"select {ships[0]}")


def test_extra_ship_without_command_is_refused() -> None:
    match = started_match()
    for ship in match.state.ships_of("Xichang")[:2]:
        match.state = RULES.apply(match.state, event(
            "ship_updated", card=ship.card, set={"location": "space"}))
    cards = [s.card for s in match.state.ships_of("Xichang")[:2]]
    assert "command point" in refused(match, f"select {cards[0]} {cards[1]}")


def test_level_two_effects_reach_ships_selected_before_and_after() -> None:
    match = started_match()
    first = _deployed(match, "Xichang")
    second = match.state.ships_of("Xichang")[1].card
    match.state = RULES.apply(match.state, event(
        "ship_updated", card=second, set={"location": "space", "energy": 1}))
    run(match, "adjust Xichang command +1 test", "adjust Xichang technology +1 test")
    run(match, f"select {first}", "tech energy", "tech velocity", f"select {second}")
    state = match.state
    assert state.ships[first].energy == 4 and state.ships[second].energy == 2
    for card in (first, second):
        assert state.ships[card].bonus("velocity", 1) == 3
        assert state.ships[card].bonus("velocity", 2) == 0  # lasts until the flight phase ends


def test_round_start_clears_marks_and_pays_income() -> None:
    match = started_match(("Baikonur", "Kourou"))
    money = next(s for s in match.state.ships.values() if s.ship_type == "MONY")
    match.state = RULES.apply(match.state, event(
        "ship_updated", card=money.card, set={"location": "space", "selected": True}))
    state = RULES.apply(match.state, event("phase_changed", round=2, phase="preparation",
                                           active="Baikonur"))
    outcome = round_start(state, catalog())
    assert outcome is not None
    after = fold(state, outcome.events)
    assert after.table.resource(money.owner, "credits") == \
        state.table.resource(money.owner, "credits") + 2
    assert not after.ships[money.card].selected
    assert round_start(after, catalog()) is None


def test_running_costs_hazard_is_paid_each_round() -> None:
    match = started_match(("Baikonur", "Kourou"))
    state = RULES.apply(match.state, event("card_moved", card="H09", **{"from": "deck:hazard"},
                                           to="play:Kourou", reason="test"))
    state = replace(state, table=replace(state.table, round=2))
    outcome = round_start(state, catalog())
    after = fold(state, outcome.events)
    assert after.table.resource("Kourou", "credits") == state.table.resource("Kourou",
                                                                              "credits") - 1


def test_commands_outside_preparation_are_refused() -> None:
    match = started_match()
    run(match, *(["tech credits", "done"] * 3))
    assert "not preparation" in refused(match, "tech credits")


def test_drawing_from_an_empty_deck_reshuffles_its_discard_first() -> None:
    """A development card owed by a technology action, when the deck has run out."""
    from dataclasses import replace

    from tests.exploration.flight_setup import round_two

    match = round_two()
    assert match.execute("tech development").ok
    table = match.state.table
    emptied = {c: ("discard:development" if z == "deck:development" else z)
               for c, z in table.locations.items()}
    state = replace(match.state, table=replace(table, locations=emptied))
    card = next(c for c, z in emptied.items() if z == "discard:development")
    b = build(state, f"scan {card}")
    types = [e.type for e in b.events]
    assert types[:2] == ["discard_reshuffled", "card_moved"]
    assert b.state.table.zone_of(card) == "area:Xichang"
