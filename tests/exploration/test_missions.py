"""Rulebook "Missions": revealed when completed, during the owner's turn."""

from __future__ import annotations

from companion.games.exploration.missions import CANNOT_REVEAL
from companion.games.exploration.rules import RULES
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import refused, run


def _progress(match, seat: str, card_id: str) -> tuple[int | None, int | None]:
    """What `state --as SEAT` shows the holder of a mission: (value, goal)."""
    from tests.exploration.helpers import catalog

    mine = RULES.view(match.state, catalog(), seat)["my_missions"]
    found = next(m for m in mine if m["id"] == card_id)
    return found["value"], found["goal"]


def test_goal_checked_and_reward_paid() -> None:
    match = round_two()
    # The refusal no longer says "needs 50" (it told anyone who holds P06); the holder's
    # own view shows the goal instead.
    assert refused(match, "complete P06") == CANNOT_REVEAL
    assert _progress(match, "Xichang", "P06")[1] == 50
    run(match, "adjust Xichang credits +42 test", "complete P06")
    assert match.state.table.score_breakdown("Xichang") == {"mission: Treasury": 7}
    assert match.state.table.zone_of("P06") == "area:Xichang"


def test_a_credits_goal_says_the_credits_held_now() -> None:
    """Try 19, finding 14: "Collect 50 credits: So far 7 of 50" read as credits earned;
    the rulebook's "Collect 50 Credits" (like "Collect 8 Command points") is met by the
    credits held, spent ones not: the holder's view says so."""
    from companion.ui.presenters.peek import card_line
    from tests.exploration.helpers import catalog

    match = round_two()
    held = match.state.table.resource("Xichang", "credits")
    mine = RULES.view(match.state, catalog(), "Xichang")["my_missions"]
    treasury = next(m for m in mine if m["id"] == "P06")
    assert treasury["progress"] == f"Xichang holds {held} of the 50 credits now."
    assert card_line(treasury).endswith(f"Xichang holds {held} of the 50 credits now.")
    assert "So far" not in card_line(treasury)


def test_only_during_the_owners_turn() -> None:
    match = round_two()
    assert "own turn" in refused(match, "complete P01")


def test_most_missions_wait_for_the_end() -> None:
    match = round_two()
    assert "end of the game" in refused(match, "complete P04")


def test_scanning_a_held_mission_reveals_it() -> None:
    match = to_flight(round_two(x_builds=("habitat",)), x_tech="maneuverability")
    run(match, "next", "drop TRNS1 habitat moon die three", "scan XP/S20")
    assert match.state.table.zone_of("S20") == "area:Xichang"


def test_a_known_goal_not_reached_is_refused() -> None:
    match = round_two()
    run(match, "tech credits")
    assert refused(match, "complete S26") == CANNOT_REVEAL
    assert _progress(match, "Xichang", "S26") == (0, 1)


def test_a_goal_the_app_cannot_see_is_trusted_and_said() -> None:
    from companion.games.exploration.missions import stat
    from tests.exploration.helpers import catalog

    match = round_two()
    assert stat(match.state, catalog(), "Xichang", "controls_L3") is None


def test_turrets_built_are_counted_and_unknown_in_a_state_saved_before() -> None:
    """Armed (build a turret module): counted from the builds, an energy or a laser turret
    alike; a state read back from before the app counted builds cannot know them."""
    from dataclasses import replace

    from companion.games.exploration.missions import stat
    from companion.games.exploration.status import SeatStatus
    from tests.exploration.helpers import catalog

    assert stat(round_two().state, catalog(), "Xichang", "turrets_built") == 0  # modules, no turret
    state = round_two(x_builds=("energy_turret", "trap")).state
    assert stat(state, catalog(), "Xichang", "turrets_built") == 1
    assert stat(state, catalog(), "Baikonur", "turrets_built") == 1  # its laser turret
    old = state.seats["Xichang"].to_dict()
    del old["built"]
    before = replace(state, seats={**state.seats, "Xichang": SeatStatus.from_dict(old)})
    assert stat(before, catalog(), "Xichang", "turrets_built") is None


def _with_secondaries(*cards: str):
    """round_two's game, but Xichang holds the given secondary missions."""
    from tests.exploration.flight_setup import PICKS, SETUP
    from tests.exploration.helpers import new_match

    setup = list(SETUP)
    for old, new in zip(("scan XP/S26", "scan XP/S20"), cards, strict=False):
        setup[setup.index(old)] = f"scan XP/{new}"
    match = new_match(1)
    run(match, *setup, *(f"scan XP/{c}" for c in PICKS), "start",
        "tech credits", "deploy TRNS1", "build TRNS1 habitat", "done",
        "tech credits", "deploy SHLD1", "done", "drift")
    return match


def test_level_three_action_mission_reads_its_level_from_the_catalog() -> None:
    match = _with_secondaries("S22")
    assert refused(match, "complete S22") == CANNOT_REVEAL
    assert _progress(match, "Xichang", "S22") == (0, 1)
    run(match, "tech score")
    credits = match.state.table.resource("Xichang", "credits")
    run(match, "complete S22")
    assert match.state.table.resource("Xichang", "credits") == credits + 10


def test_trap_count_mission_reads_its_count_from_the_catalog() -> None:
    from dataclasses import replace

    from companion.games.exploration.missions import stat
    from companion.games.exploration.state import Trap
    from tests.exploration.helpers import catalog

    match = _with_secondaries("S24")
    attrs = catalog().card("S24").attrs
    assert stat(match.state, catalog(), "Xichang", str(attrs["stat"]), attrs) == 0
    assert refused(match, "complete S24") == CANNOT_REVEAL
    assert _progress(match, "Xichang", "S24") == (0, 1)
    traps = (Trap("T1", "Baikonur", 2, "transfer orbit"), Trap("T2", "Xichang", 3, "L2"))
    state = replace(match.state, traps=traps)
    assert stat(state, catalog(), "Xichang", str(attrs["stat"]), attrs) == 1
