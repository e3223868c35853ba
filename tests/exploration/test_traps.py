"""Rulebook "Trap module" and "Trap" (Interactions)."""

from __future__ import annotations

import doctest

from companion.games.exploration import traps
from companion.games.exploration.rules import RULES
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import catalog, refused, run


def test_doctests() -> None:
    assert doctest.testmod(traps).failed == 0


def test_countdown_three_two_one_then_explosion() -> None:
    assert [traps.pass_trap(n) for n in (3, 2, 1)] == [(2, False), (1, False), (0, True)]


def _trap_game(count: int):
    match = to_flight(round_two(b_builds=("trap",)))
    run(match, f"drop SHLD1 trap {count}")
    return match


def test_each_passing_ship_lowers_the_count_and_zero_destroys_it() -> None:
    match = _trap_game(2)
    assert match.state.traps[0].count == 2
    run(match, "move SHLD1 1 space past T1")
    assert match.state.traps[0].count == 1
    credits = match.state.table.resource("Xichang", "credits")
    run(match, "next", "move TRNS1 2 credit past T1")
    assert match.state.traps == ()
    ship = match.state.ships["TRNS1"]
    assert ship.location == "destroyed" and ship.modules == ()
    assert match.state.table.resource("Xichang", "credits") == credits  # destroyed: no reward


def test_ending_on_a_trap_always_explodes_it() -> None:
    match = _trap_game(3)
    run(match, "next", "move TRNS1 1 T1")
    assert match.state.ships["TRNS1"].location == "destroyed"
    assert match.state.traps == ()


def test_trap_count_must_be_a_printed_one() -> None:
    match = to_flight(round_two(b_builds=("trap",)))
    assert "one of [1, 2, 3]" in refused(match, "drop SHLD1 trap 5")


def test_an_explosion_names_the_traps_owner_place_and_count() -> None:
    match = _trap_game(1)
    run(match, "next", "move TRNS1 2 credit past T1")
    gone = [e for e in match.steps[match.stack[-1]].events if e.type == "trap_exploded"]
    assert [(e["trap_id"], e["card"], e["owner"], e["count"]) for e in gone] == [
        ("T1", "TRNS1", "Baikonur", 1)]
    assert "SHLD1" in gone[0]["where"]


def test_the_ship_that_drops_a_trap_does_not_set_it_off() -> None:
    """Try 19, finding 4: SHLD1 dropped a trap and ended its turn on its space; the
    rulebook has the drop as placing the token under the ship, not as a ship ending its
    move on a trap: it stays, armed, and the drop says so; its place stays true once the
    ship has gone on."""
    match = _trap_game(3)
    result = run(match, "next")[-1]  # SHLD1's flight turn ends where it dropped the trap
    assert match.state.ships["SHLD1"].location != "destroyed"
    assert [t.trap_id for t in match.state.traps] == ["T1"]
    assert "explodes" not in result.message
    match = to_flight(round_two(b_builds=("trap",)))
    said = run(match, "drop SHLD1 trap 2")[-1].message
    assert "does not go off under the ship that dropped it" in said
    shown = RULES.view(match.state, catalog(), None)["traps"][0]["where"]
    assert shown.startswith("dropped by SHLD1 at "), shown
    assert traps.trap_place("under SHLD1 at a plain space") == \
        "dropped by SHLD1 at a plain space"  # a game saved before
