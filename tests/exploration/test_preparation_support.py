"""Supportive actions: development cards, deploying, building modules, maneuver cards
(rulebook: Playing development card, Deploying the spaceship, Building modules,
Using maneuver cards, Spaceship station)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalMoveError
from companion.core.events import event
from companion.games.exploration.rules import RULES
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import build, catalog, refused, run, started_match


def _give(match, card: str, seat: str) -> None:
    zone = match.state.table.zone_of(card)
    match.state = RULES.apply(match.state, event("card_moved", card=card, **{"from": zone},
                                                 to=f"area:{seat}", reason="test"))


def _ship(match, seat: str, type_code: str | None = None) -> str:
    ships = match.state.ships_of(seat)
    return next(s.card for s in ships if type_code in (None, s.ship_type))


def _credits(match, seat: str = "Xichang") -> int:
    return match.state.table.resource(seat, "credits")


def test_deploy_needs_the_level_cost_and_a_free_pad() -> None:
    match = started_match()
    first, second = (s.card for s in match.state.ships_of("Xichang")[:2])
    assert "Lv-1" in refused(match, f"deploy {first}")
    run(match, "tech credits")
    cost = catalog().rules["ship_types"][match.state.ships[first].ship_type]["deploy_cost"]
    before = _credits(match)
    run(match, f"deploy {first}")
    ship = match.state.ships[first]
    assert _credits(match) == before - cost
    assert (ship.location, ship.energy, ship.resistance) == (
        "launch_pad", ship.start_energy, ship.max_resistance)
    assert "launch pad is taken" in refused(match, f"deploy {second}")
    assert "already deployed" in refused(match, f"deploy {first}")


def test_deploy_without_credits_is_refused() -> None:
    match = started_match()
    run(match, "tech command", f"adjust Xichang credits -{_credits(match)} test")
    assert "has 0" in refused(match, f"deploy {_ship(match, 'Xichang')}")


def test_build_into_free_cargo_slots_at_the_pad() -> None:
    match = started_match()
    ship = _ship(match, "Xichang")
    run(match, "tech credits", "adjust Xichang credits +20 test")
    assert "not deployed" in refused(match, f"build {ship} gnss")
    run(match, f"deploy {ship}")
    slots = match.state.ships[ship].cargo_slots
    before = _credits(match)
    run(match, *([f"build {ship} gnss"] * slots))
    assert _credits(match) == before - slots * catalog().rules["modules"]["gnss"]["cost"]
    assert "no free cargo slot" in refused(match, f"build {ship} gnss")


def test_build_away_from_orbit_needs_the_station() -> None:
    match = started_match()
    ship = _ship(match, "Xichang")
    match.state = RULES.apply(match.state, event("ship_updated", card=ship,
                                                 set={"location": "space"}))
    run(match, "tech credits")
    assert "launch pad or home orbit" in refused(match, f"build {ship} rover")
    assert "station" in refused(match, f"build {ship} rover station")


def test_spare_module_is_built_for_free() -> None:
    match = started_match(("Wostochny", "Kourou"))
    ship = _ship(match, "Wostochny")
    run(match, "tech credits", f"deploy {ship}")
    before = _credits(match, "Wostochny")
    run(match, f"build {ship} habitat")
    assert _credits(match, "Wostochny") == before
    assert match.state.seats["Wostochny"].spare_modules == ()


def test_resistance_module_raises_the_track() -> None:
    match = started_match()
    ship = _ship(match, "Xichang")
    run(match, "tech credits", f"deploy {ship}", f"build {ship} resistance")
    status = match.state.ships[ship]
    assert status.resistance == status.max_resistance == \
        catalog().rules["ship_types"][status.ship_type]["max_resistance"] + 1


def test_development_card_cost_level_and_lasting_effect() -> None:
    match = started_match()
    _give(match, "D11", "Xichang")  # module discount: level 2
    run(match, "tech credits")
    assert "Lv-2" in refused(match, "develop D11")
    run(match, "adjust Xichang technology +1 test", "tech velocity")
    before = _credits(match)
    run(match, "develop D11")
    assert _credits(match) == before - catalog().card("D11").attrs["cost"]
    assert match.state.table.zone_of("D11") == "play:Xichang"
    assert match.state.table.resource("Xichang", "technology") == 1
    ship = _ship(match, "Xichang")
    run(match, f"deploy {ship}")
    before = _credits(match)
    run(match, f"build {ship} rover")
    assert _credits(match) == before - (catalog().rules["modules"]["rover"]["cost"] - 1)


def test_one_development_card_per_round() -> None:
    match = started_match()
    _give(match, "D17", "Xichang")
    _give(match, "D18", "Xichang")
    run(match, "tech score", "develop D17")
    assert match.state.table.zone_of("D17") == "discard:development"
    assert "already played a development card" in refused(match, "develop D18")


def test_station_card_settles_the_station() -> None:
    match = started_match()
    _give(match, "D09", "Xichang")
    run(match, "tech score", "adjust Xichang credits +10 test")
    assert "Name the space" in match.execute("develop D09").message
    run(match, 'develop D09 "Moon orbit"')
    assert match.state.station == "Moon orbit"


def test_someone_elses_development_card_is_refused() -> None:
    match = started_match()
    _give(match, "D01", "Kourou")
    run(match, "tech credits")
    assert "not an unplayed development card" in refused(match, "develop D01")


def _selected(match) -> str:
    ship = _ship(match, "Xichang")
    match.state = RULES.apply(match.state, event("ship_updated", card=ship,
                                                 set={"location": "orbit", "energy": 1}))
    run(match, "tech credits", f"select {ship}")
    return ship


def test_maneuver_card_costs_and_applies_once_per_ship() -> None:
    match = started_match()
    ship = _selected(match)
    row = match.state.maneuver_row()
    card = row[0]
    before = _credits(match)
    run(match, f"maneuver {card} {ship}" + (" gnss" if catalog().card(card).attrs.get("build")
                                             else ""))
    assert _credits(match) < before or catalog().card(card).attrs["cost"] == 0
    assert match.state.ships[ship].maneuver_used == card
    assert "already uses" in refused(match, f"maneuver {row[1]} {ship} gnss")


def test_maneuver_needs_a_row_card_and_a_selected_ship() -> None:
    match = started_match()
    outside = next(c for c in ("M01", "M02", "M03", "M04", "M05", "M06")
                   if c not in match.state.maneuver_row())
    ship = _ship(match, "Xichang")
    run(match, "tech credits")
    row_card = match.state.maneuver_row()[0]
    assert "not in the maneuver row" in refused(match, f"maneuver {outside} {ship}")
    assert "not selected" in refused(match, f"maneuver {row_card} {ship} gnss")


def test_maneuver_effects_by_card() -> None:
    match = started_match()
    ship = _selected(match)
    for card in ("M03", "M08"):
        zone = match.state.table.zone_of(card)
        match.state = RULES.apply(match.state, event("card_moved", card=card,
                                                     **{"from": zone}, to="play:maneuver"))
    run(match, f"maneuver M03 {ship}")
    status = match.state.ships[ship]
    assert status.energy == 3 and status.bonus("velocity", 1) == -5


def test_the_same_row_card_serves_several_players() -> None:
    match = started_match(("Xichang", "Kourou"))
    card = next(c for c in match.state.maneuver_row()
                if not catalog().card(c).attrs.get("build"))
    ship = _selected(match)
    run(match, f"maneuver {card} {ship}", "done")
    other = _ship(match, "Kourou")
    match.state = RULES.apply(match.state, event("ship_updated", card=other,
                                                 set={"location": "orbit"}))
    run(match, "tech credits", f"select {other}", f"maneuver {card} {other}")
    assert match.state.table.zone_of(card) == "play:maneuver"


def test_maneuver_build_pays_card_and_module() -> None:
    match = started_match()
    ship = _selected(match)
    zone = match.state.table.zone_of("M11")
    match.state = RULES.apply(match.state, event("card_moved", card="M11", **{"from": zone},
                                                 to="play:maneuver"))
    match.state = RULES.apply(match.state, event("ship_updated", card=ship,
                                                 set={"location": "space"}))
    run(match, f"adjust Xichang credits -{_credits(match) - 4} test")
    assert "has 3 left" in refused(match, f"maneuver M11 {ship} habitat")
    run(match, f"maneuver M11 {ship} rover")
    assert match.state.ships[ship].modules == ("rover",)
    assert _credits(match) == 0


def test_a_destroyed_ship_cannot_be_deployed_again() -> None:
    match = round_two()
    state = RULES.apply(match.state, event("ship_destroyed", card="TRNS1", reason="test"))
    with pytest.raises(IllegalMoveError, match="TRNS1 was destroyed and cannot be deployed "
                                               "again"):
        build(state, "deploy TRNS1")


def test_a_module_named_for_a_card_that_builds_nothing_is_refused_before_paying() -> None:
    match = round_two()
    run(match, "tech credits", "select TRNS1")
    assert "builds no module" in refused(match, "maneuver M03 TRNS1 habitat")
    run(match, "maneuver M03 TRNS1")


def test_ignoring_a_hazard_without_the_command_points_is_refused() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 1 hazard", "scan XP/H02")
    command = match.state.table.resource("Baikonur", "command")
    run(match, f"adjust Baikonur command -{command} test")
    assert "costs 1 command point(s) and Baikonur has 0 left" in refused(match, "ignore")
