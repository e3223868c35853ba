"""Preparation phase: turn order, technology actions, ship selection, end of turn,
round-start upkeep (rulebook: Preparation phase, Playing actions from technology deck)."""

from __future__ import annotations

import tomllib

from companion.core.catalog import Catalog
from tests.exploration.flight_setup import quiet_round, round_two, to_flight
from tests.exploration.helpers import CATALOG_PATH, refused, run, started_match


def _three_ships_for_baikonur():
    """Round 4: Baikonur's SHLD1, LASR2 and SMAN1 deployed in rounds 1 to 3."""
    match = round_two()
    quiet_round(match, b_deploy="LASR2")
    quiet_round(match, b_deploy="SMAN1")
    run(match, "tech credits", "done")  # Xichang's turn; Baikonur is next
    return match


def test_turns_follow_the_spaceport_order() -> None:
    match = started_match(("Kourou", "Xichang", "Baikonur"))
    assert match.state.table.active == "Xichang"
    run(match, "tech credits", "done")
    assert match.state.table.active == "Baikonur"
    run(match, "tech credits", "done", "tech credits", "done")
    # The flight phase follows (and moves on at once when no ship was selected).
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
    match = _three_ships_for_baikonur()
    run(match, "adjust Baikonur command +2 test")
    command = match.state.table.resource("Baikonur", "command")
    run(match, "tech credits", "select SHLD1")
    assert match.state.table.resource("Baikonur", "command") == command
    run(match, "select LASR2 SMAN1")
    assert match.state.table.resource("Baikonur", "command") == command - 2
    assert [s.card for s in match.state.selected_ships("Baikonur")] == \
        ["SHLD1", "LASR2", "SMAN1"]


def test_select_refusals() -> None:
    match = round_two()
    in_hand = next(s.card for s in match.state.ships_of("Xichang") if s.location == "hand")
    assert "not deployed" in refused(match, f"select {in_hand}")
    assert "belongs to Baikonur" in refused(match, "select SHLD1")
    run(match, "select TRNS1")
    assert "already selected" in refused(match, "select TRNS1")


def test_extra_ship_without_command_is_refused() -> None:
    match = _three_ships_for_baikonur()
    command = match.state.table.resource("Baikonur", "command")
    if command:
        run(match, f"adjust Baikonur command -{command} test")
    assert "command point" in refused(match, "select SHLD1 LASR2")


def test_level_two_effects_reach_ships_selected_before_and_after() -> None:
    match = quiet_round(round_two(), x_deploy="MONY1")  # round 3: TRNS1 and MONY1 deployed
    first, second = "TRNS1", "MONY1"
    energy = match.state.ships[first].energy
    run(match, f"adjust {second} energy -{match.state.ships[second].energy - 1} test",
        "adjust Xichang command +1 test", "adjust Xichang technology +1 test")
    run(match, f"select {first}", "tech energy", "tech velocity", f"select {second}")
    state = match.state
    assert state.ships[first].energy == energy + 1 and state.ships[second].energy == 2
    for card in (first, second):
        assert state.ships[card].bonus("velocity", 3) == 3
        assert state.ships[card].bonus("velocity", 4) == 0  # lasts until the flight phase ends


def test_round_start_clears_marks_and_pays_income() -> None:
    match = round_two(x_ship="MONY1", x_builds=())  # MONY1 earns credits each round
    assert "Xichang gains 2 credits from MONY1." in match.history()[-1].message
    to_flight(match, x_select=("MONY1",), b_select=())
    assert match.state.ships["MONY1"].selected
    credits = match.state.table.resource("Xichang", "credits")
    run(match, "next", "drift")
    assert any(e.type == "round_reset" for e in match.history()[-1].events)
    assert match.state.table.resource("Xichang", "credits") == credits + 2
    assert not match.state.ships["MONY1"].selected
    run(match, "tech command", "done")  # preparation entered again for Baikonur: no upkeep
    assert match.state.table.resource("Xichang", "credits") == credits + 2


def test_running_costs_hazard_is_paid_each_round() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 2 space", "next", "move TRNS1 2 hazard", "scan XP/H09", "resolve",
        "next")
    assert match.state.table.zone_of("H09") == "play:Xichang"
    credits = match.state.table.resource("Xichang", "credits")
    run(match, "drift")
    assert "Xichang pays 1 credit for Running costs." in match.history()[-1].message
    assert match.state.table.resource("Xichang", "credits") == credits - 1


def test_commands_outside_preparation_are_refused() -> None:
    match = started_match()
    run(match, *(["tech credits", "done"] * 3))
    assert "not preparation" in refused(match, "tech credits")


def test_drawing_from_an_empty_deck_reshuffles_its_discard_first() -> None:
    """A development card owed by a technology action, when the deck has run out."""
    data = tomllib.loads(CATALOG_PATH.read_text(encoding="utf-8"))
    # Only the two Funding cards in the development deck: Xichang draws D17 in setup.
    data["cards"] = [c for c in data["cards"] if c["deck"] != "development"
                     or c["ids"] == ["D17", "D18"]]
    match = round_two(catalog=Catalog.from_data(data, "two development cards", "XP"))
    run(match, "tech development", "scan XP/D18", "develop D17", "done",
        "tech credits", "done", "drift", "tech development")
    table = match.state.table
    assert table.cards_in("deck:development") == [] and \
        table.cards_in("discard:development") == ["D17"]
    step = run(match, "scan XP/D17")[0].step
    assert [e.type for e in step.events][:2] == ["discard_reshuffled", "card_moved"]
    assert match.state.table.zone_of("D17") == "area:Xichang"


def test_an_unused_technology_point_lapses_at_the_end_of_the_turn() -> None:
    """Rulebook: a technology point "allows you to select 1 more action from the action
    deck this turn" (try 24: one kept from round 2 gave a second action in round 3)."""
    from companion.core.prompt import prompt

    match = started_match()
    run(match, "tech credits", "adjust Xichang technology +1 test")
    end = next(a for a in prompt(match).actions if a.command == "done")
    assert end.label.endswith("1 technology point unused, lost)")  # said before the tap
    said = run(match, "done")[-1].message
    assert match.state.table.resource("Xichang", "technology") == 0
    assert "its unused 1 technology point lapses" in said
    run(match, "undo")  # the turn and its lapse come back as one step
    assert match.state.table.resource("Xichang", "technology") == 1
    assert match.state.table.active == "Xichang"


def test_a_point_spent_in_its_turn_leaves_nothing_to_lapse() -> None:
    match = started_match()
    run(match, "tech credits", "adjust Xichang technology +1 test", "tech command")
    said = run(match, "done")[-1].message
    assert "lapse" not in said
    assert len(match.state.seats["Xichang"].actions_in(1)) == 2


def test_the_actions_a_technology_point_allows_come_after_the_ship_choices() -> None:
    """Try 24: a point gained in the turn put the six technology actions it allows above
    "Select ...", below the fold at 800x480."""
    from companion.core.prompt import prompt

    match = round_two()
    run(match, "tech credits", "adjust Xichang technology +1 test")
    labels = [a.label for a in prompt(match).actions if a.enabled]
    select = next(i for i, label in enumerate(labels) if label.startswith("Select "))
    more = [i for i, label in enumerate(labels) if "(Lv-" in label]
    assert more and select < min(more)
    assert labels[0].startswith("Select ")  # the turn's own choices first
