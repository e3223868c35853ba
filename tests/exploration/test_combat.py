"""Rulebook "Attacking", "Attacking dropped modules", "Attributes" (resistance)."""

from __future__ import annotations

import doctest

from companion.games.exploration import combat
from companion.games.exploration.combat import Damage, take_damage
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import refused, run


def test_doctests() -> None:
    assert doctest.testmod(combat).failed == 0


def test_damage_is_summed_and_floors_at_zero() -> None:
    hit = take_damage(1, 3, Damage(2, 1))
    assert (hit.energy, hit.resistance, hit.lost) == (0, 2, 2)


def _armed():
    match = round_two(x_builds=("energy_turret", "laser_turret"))
    return to_flight(match)


def test_mixed_turrets_and_command_per_damage() -> None:
    match = _armed()
    run(match, "next", "attack TRNS1 SHLD1 range 3")
    shield = match.state.ships["SHLD1"]
    assert (shield.energy, shield.resistance) == (3, 2)
    assert match.state.table.resource("Xichang", "command") == 2
    assert match.state.ships["TRNS1"].energy == 3


def test_range_is_the_current_energy() -> None:
    match = _armed()
    run(match, "next")
    assert "out of range" in refused(match, "attack TRNS1 SHLD1 range 5")


def test_no_turret_no_attack_and_no_self_attack() -> None:
    match = to_flight(round_two(b_builds=()))
    assert "no turret" in refused(match, "attack SHLD1 TRNS1")
    run(match, "next")
    assert "no turret" in refused(match, "attack TRNS1 SHLD1")
    match = _armed()
    run(match, "next")
    assert "itself" in refused(match, "attack TRNS1 TRNS1")


def test_destroying_a_ship_gives_a_frag_and_removes_its_modules() -> None:
    match = round_two(x_builds=("laser_turret", "laser_turret"))
    run(match, "tech credits", "select TRNS1", "done", "tech credits", "select SHLD1", "done",
        "next", "attack TRNS1 SHLD1", "attack TRNS1 SHLD1")
    ship = match.state.ships["SHLD1"]
    assert ship.location == "destroyed" and ship.modules == ()
    assert match.state.table.resource("Xichang", "frags") == 1
    assert match.state.table.resource("Xichang", "command") == 3


def test_a_dropped_module_dies_to_one_damage_without_a_frag() -> None:
    match = round_two(b_builds=("laser_turret", "gnss"))
    run(match, "tech credits", "select TRNS1", "done", "tech credits", "select SHLD1", "done",
        "drop SHLD1 gnss", "attack SHLD1 gnss1")
    assert match.state.controls == ()
    assert match.state.table.resource("Baikonur", "frags") == 0
    assert match.state.table.resource("Baikonur", "command") == 3


def test_own_ships_may_be_attacked() -> None:
    match = round_two(x_ship="MONY1", x_builds=("laser_turret",))
    run(match, "tech credits", "deploy TRNS1", "select MONY1", "done", "tech credits", "done",
        "attack MONY1 TRNS1")
    assert match.state.ships["TRNS1"].resistance == 2
    assert match.state.table.resource("Xichang", "command") == 1


def test_a_shield_ship_attacked_is_the_target_first_then_its_owners_choice() -> None:
    """Rulebook, the Shield ship: "You can choose to lose energy instead of resistance."
    Try 9 (finding 23): the attacker's list offered both; now the target is chosen, then
    its owner chooses, said in words."""
    from companion.core.prompt import prompt

    match = _armed()
    run(match, "next")
    owner = match.state.ships["SHLD1"].owner
    targets = prompt(match, after="attack TRNS1").actions
    shield = [a for a in targets if a.label.startswith("SHLD1 ")]
    assert len(shield) == 1 and shield[0].partial == "attack TRNS1 SHLD1"
    assert shield[0].label.endswith(f"{owner} chooses resistance or energy")
    assert not any("shield" in (a.command or "") for a in targets)
    ways = prompt(match, after="attack TRNS1 SHLD1").actions
    assert [a.label.split(": ")[0] for a in ways] == [f"{owner} chooses"] * 2
    assert [a.command for a in ways] == ["attack TRNS1 SHLD1", "attack TRNS1 SHLD1 shield"]
    assert ways[0].label.startswith(f"{owner} chooses: resistance, ")
    assert ways[1].label.startswith(f"{owner} chooses: energy (its shield), ")
    assert all(a.enabled for a in ways)
    run(match, ways[1].command)
    assert match.state.ships["SHLD1"].resistance == 3  # its energy took the hit
