"""Hazard sentences name what the table sees: one ship "has"/"loses", several "have"/"lose",
and a module by its name in the catalog ("the Laser turret"), as the prompt's buttons do."""

from __future__ import annotations

from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import refused, run
from tests.exploration.test_catalog_numbers import _changed


def test_steering_fault_says_one_ship_has_less_maneuverability() -> None:
    match = to_flight(round_two())
    said = run(match, "move SHLD1 1 hazard", "scan XP/H10", "resolve")[-1].message
    assert "SHLD1 has -1 maneuverability in round 3." in said


def test_fleet_hazards_agree_with_the_number_of_ships() -> None:
    match = to_flight(round_two())  # Baikonur has one ship deployed: SHLD1
    said = run(match, "move SHLD1 1 hazard", "scan XP/H08", "resolve")[-1].message
    assert "SHLD1 has -1 maneuverability in round 3." in said
    match = to_flight(round_two())
    said = run(match, "move SHLD1 1 hazard", "scan XP/H01", "resolve")[-1].message
    assert "SHLD1 loses 1 energy." in said and " lose 1 energy" not in said


def test_lost_cargo_names_the_modules_it_takes_by_their_names() -> None:
    catalog = _changed(cards={"haz-remove-module": {"amount": 2}})
    match = to_flight(round_two(b_builds=("laser_turret", "resistance"), catalog=catalog))
    run(match, "move SHLD1 1 hazard", "scan XP/H02")
    said = run(match, "resolve laser_turret resistance")[-1].message
    assert "SHLD1 loses the Laser turret and the Resistance module." in said
    assert "laser_turret" not in said


def test_a_drift_report_for_ships_not_drifting_agrees_with_their_number() -> None:
    match = to_flight(round_two())
    run(match, "next", "next")
    assert "ZZZ1 is not moving" in refused(match, "drift ZZZ1=credit")
    assert "AAA1, ZZZ1 are not moving" in refused(match, "drift ZZZ1=credit AAA1=credit")


def test_a_destroyed_cube_is_named_by_its_module() -> None:
    match = round_two(b_builds=("laser_turret", "gnss"))
    said = run(match, "tech credits", "select TRNS1", "done", "tech credits", "select SHLD1",
               "done", "drop SHLD1 gnss", "attack SHLD1 gnss1")[-1].message
    assert "SHLD1 destroys Baikonur's cube of the GNSS on gnss1" in said
