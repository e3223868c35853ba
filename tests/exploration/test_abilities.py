"""Rulebook "Abilities": each ship type's rule."""

from __future__ import annotations

from tests.exploration.flight_setup import OTHER_PICKS, round_two, to_flight
from tests.exploration.helpers import catalog, refused, run


def test_shield_loses_energy_instead_of_resistance() -> None:
    match = round_two(x_builds=("laser_turret",))
    run(match, "tech credits", "select TRNS1", "done", "tech credits", "select SHLD1", "done",
        "next", "attack TRNS1 SHLD1 shield")
    ship = match.state.ships["SHLD1"]
    assert (ship.energy, ship.resistance) == (3, 3)


def test_laser_beam_adds_one_resistance_damage() -> None:
    match = to_flight(round_two(b_ship="LASR2", b_builds=("energy_turret",)), b_select=("LASR2",))
    run(match, "attack LASR2 TRNS1")
    ship = match.state.ships["TRNS1"]
    assert (ship.energy, ship.resistance) == (3, 2)


def test_bomber_discards_a_module_once_per_round() -> None:
    match = to_flight(round_two(x_ship="BOMB1", x_builds=(), picks=OTHER_PICKS), ("BOMB1",))
    run(match, "next")
    assert "carries (laser_turret)" in refused(match, "ability BOMB1 SHLD1 habitat")
    run(match, "ability BOMB1 SHLD1 laser_turret")
    assert match.state.ships["SHLD1"].modules == ()
    assert "already used" in refused(match, "ability BOMB1 SHLD1 laser_turret")


def test_passive_abilities_are_not_actions() -> None:
    match = to_flight(round_two())
    assert "not an action" in refused(match, "ability SHLD1 TRNS1")


def test_destroyer_deals_two_damage_once_per_round() -> None:
    match = round_two(x_ship="DSTR4", x_builds=())
    run(match, "tech velocity", "select DSTR4", "done", "tech credits", "select SHLD1", "done",
        "ability DSTR4 SHLD1")
    assert match.state.ships["SHLD1"].resistance == 1
    assert match.state.table.resource("Xichang", "command") == 2
    assert "already used" in refused(match, "ability DSTR4 SHLD1")


def test_recover_restores_a_friendly_ship() -> None:
    match = round_two(x_builds=("laser_turret",), b_ship="RECV2", b_builds=())
    run(match, "tech credits", "select TRNS1", "done", "tech credits", "deploy SHLD1",
        "select RECV2", "done", "attack TRNS1 RECV2", "next")
    assert match.state.ships["RECV2"].resistance == 3
    assert "not a friendly" in refused(match, "ability RECV2 TRNS1")
    run(match, "ability RECV2 RECV2 range 2")
    assert match.state.ships["RECV2"].resistance == 4


def test_conqueror_takes_an_enemy_space() -> None:
    match = round_two(x_ship="CONQ3", x_builds=("habitat",), b_ship="SMAN1",
                      b_builds=("habitat",))
    run(match, "tech maneuverability", "select CONQ3", "done", "tech credits", "select SMAN1",
        "done",
        "drop SMAN1 habitat mars die two", "next")
    assert [(c.space, c.seat) for c in match.state.controls] == [("mars1", "Baikonur")]
    run(match, "drop CONQ3 habitat mars1 die three", "next")
    assert [(c.space, c.seat) for c in match.state.controls] == [("mars1", "Xichang")]


def test_only_a_conqueror_takes_an_enemy_space() -> None:
    match = round_two(x_builds=("habitat",), b_ship="SMAN1", b_builds=("habitat",))
    run(match, "tech credits", "select TRNS1", "done", "tech credits", "select SMAN1", "done",
        "drop SMAN1 habitat mars die two", "next")
    assert "only a Conqueror" in refused(match, "drop TRNS1 habitat mars1 die three")


def test_ultra_fast_flies_from_the_launch_pad() -> None:
    match = round_two(picks=OTHER_PICKS)
    run(match, "tech credits", "done", "tech credits", "deploy UFST1", "select UFST1", "done")
    assert match.state.ships["UFST1"].location == "orbit"
    assert match.state.flight_order == ("UFST1",)
    run(match, "move UFST1 6 credit")


def test_type_attributes_come_from_the_catalog() -> None:
    types = catalog().rules["ship_types"]
    assert types["TRNS"]["cargo_slots"] > types["SHLD"]["cargo_slots"]
    assert types["SMAN"]["maneuverability"] > types["SHLD"]["maneuverability"]
