"""Supportive actions: development cards, deploying, building modules, maneuver cards
(rulebook: Playing development card, Deploying the spaceship, Building modules,
Using maneuver cards, Spaceship station)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalMoveError
from companion.core.events import event
from tests.exploration.flight_setup import (
    OTHER_PICKS,
    SETUP,
    round_one,
    round_three_in_space,
    round_two,
    to_flight,
)
from tests.exploration.helpers import (
    build,
    catalog,
    fold,
    new_match,
    refused,
    run,
    started_match,
)


def _draw_development(card: str):
    """Round 1, Xichang active: a Lv-3 action draws development card `card` (scanned)."""
    match = round_one()
    run(match, "tech development", f"scan XP/{card}")
    assert match.state.table.zone_of(card) == "area:Xichang"
    return match


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
    match = round_three_in_space()
    assert match.state.ships["TRNS1"].location == "space"
    run(match, "tech credits")
    assert "launch pad or its orbiting space" in refused(match, "build TRNS1 rover")
    assert "station" in refused(match, "build TRNS1 rover station")


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
    match = _draw_development("D11")  # module discount: level 2
    assert "Lv-2" in refused(match, "develop D11")
    run(match, "adjust Xichang technology +1 test", "tech velocity")
    before = _credits(match)
    run(match, "develop D11")
    assert _credits(match) == before - catalog().card("D11").attrs["cost"]
    assert match.state.table.zone_of("D11") == "play:Xichang"
    assert match.state.table.resource("Xichang", "technology") == 1
    ship = _ship(match, "Xichang")
    run(match, "tech credits", f"deploy {ship}")  # a Lv-1 action, for the last point
    before = _credits(match)
    run(match, f"build {ship} rover")
    assert _credits(match) == before - (catalog().rules["modules"]["rover"]["cost"] - 1)


def test_one_development_card_per_round() -> None:
    match = _draw_development("D18")  # D17 was drawn in setup
    run(match, "develop D17")
    assert match.state.table.zone_of("D17") == "discard:development"
    assert "already played a development card" in refused(match, "develop D18")


def test_station_card_settles_the_station() -> None:
    match = _draw_development("D09")
    run(match, "adjust Xichang credits +10 test")
    assert "Name the space" in match.execute("develop D09").message
    run(match, 'develop D09 "Moon orbit"')
    assert match.state.station == "Moon orbit"


def test_someone_elses_development_card_is_refused() -> None:
    match = round_one()  # Xichang drew D17 in setup
    run(match, "tech credits", "done", "tech credits")
    assert match.state.table.active == "Baikonur"
    assert "not an unplayed development card" in refused(match, "develop D17")


def _selected(match) -> str:
    """Xichang's TRNS1 (in orbit since round 1) down to 1 energy and selected."""
    ship = "TRNS1"
    run(match, f"adjust {ship} energy -{match.state.ships[ship].energy - 1} test",
        "tech credits", f"select {ship}")
    return ship


def test_maneuver_card_costs_and_applies_once_per_ship() -> None:
    match = round_two()
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
    match = round_two()
    ship = _selected(match)
    assert {"M03", "M08"} <= set(match.state.maneuver_row())
    run(match, f"maneuver M03 {ship}")
    status = match.state.ships[ship]
    assert status.energy == 3 and status.bonus("velocity", 2) == -5


def test_the_same_row_card_serves_several_players() -> None:
    match = round_two()
    card = next(c for c in match.state.maneuver_row()
                if not catalog().card(c).attrs.get("build"))
    ship = _selected(match)
    run(match, f"maneuver {card} {ship}", "done")
    run(match, "tech credits", "select SHLD1", f"maneuver {card} SHLD1")
    assert match.state.table.zone_of(card) == "play:maneuver"


def test_maneuver_build_pays_card_and_module() -> None:
    row = ("M01", "M03", "M06", "M08", "M11")
    match = round_three_in_space(x_builds=(), row=row)
    ship = "TRNS1"
    assert match.state.ships[ship].location == "space"
    run(match, "tech credits", f"select {ship}")
    run(match, f"adjust Xichang credits -{_credits(match) - 4} test")
    assert "has 3 left" in refused(match, f"maneuver M11 {ship} habitat")
    run(match, f"maneuver M11 {ship} rover")
    assert match.state.ships[ship].modules == ("rover",)
    assert _credits(match) == 0


def test_a_destroyed_ship_cannot_be_deployed_again() -> None:
    match = round_two()
    state = fold(match.state, [event("ship_destroyed", card="TRNS1", reason="test")])
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
    assert "costs 1 command point and Baikonur has 0 left" in refused(match, "ignore")


def test_deploying_says_when_the_ship_can_first_fly() -> None:
    """Issue 22: two players deployed and looked in vain for "Select ... for the flight";
    the deploy's message now says the launch penalty (Ultra-fast has none)."""
    match = round_two(picks=OTHER_PICKS)
    ship = next(s.card for s in match.state.ships_of("Xichang") if s.location == "hand")
    said = run(match, "tech credits", f"deploy {ship}")[-1].message
    assert f"{ship} flies from round 3 (launch penalty)" in said
    assert "launch pad" in refused(match, f"select {ship}")
    run(match, "done", "tech credits")
    said = run(match, "deploy UFST1")[-1].message
    assert "no launch penalty: UFST1 can be selected for this round's flight" in said
    run(match, "select UFST1")


def test_a_maneuver_card_says_its_effect_before_it_is_paid_for() -> None:
    """Issue 22: "On UFST2 (3 credits)" said nothing of what Afterburner does; its effect
    (the catalog's summary) is now on the row's choice and on the ship's."""
    from companion.core.prompt import prompt

    effect = "the spaceship can move one more time this turn"
    assert catalog().card("M06").summary == "The spaceship can move one more time this turn."
    match = round_two()
    run(match, "tech credits", "select TRNS1")
    row = [a.label for a in prompt(match).actions if a.group == "Maneuver cards"]
    assert f"Use Afterburner (M06): {effect}" in row
    assert "Use Trim thrusters (M09): +1 maneuverability" in row
    on_ship = prompt(match, after="maneuver M06").actions
    assert [(a.label, a.command) for a in on_ship] == [(f"On TRNS1: {effect}",
                                                         "maneuver M06 TRNS1")]


def test_the_setup_says_each_maneuver_cards_effect_as_it_joins_the_row() -> None:
    match = new_match()
    said = [r.message for r in run(match, *SETUP[:SETUP.index("scan XP/M06") + 1])]
    assert "Afterburner (M06) joins the maneuver row: The spaceship can move one more " \
           "time this turn." in said[-1]
