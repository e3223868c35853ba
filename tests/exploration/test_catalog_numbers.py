"""The rule numbers code reads come from the catalog: change one and the rules follow."""

from __future__ import annotations

import copy
import re
from typing import Any

from companion.core.catalog import Catalog
from companion.core.engine import Match
from companion.games.exploration.catalog import FLIGHT_NUMBERS
from companion.games.exploration.rules import RULES
from companion.games.exploration.state import LEGACY_DRAFT_PACKS, Draft, XpState
from companion.games.exploration.status import Modifier, ShipStatus
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import catalog, draw_all_pending, legal_pick, refused, run


def _changed(rules: dict[str, dict[str, Any]] | None = None,
             cards: dict[str, dict[str, Any]] | None = None) -> Catalog:
    """The real catalog with some [rules.SECTION] numbers or card attrs (by design) changed."""
    data = copy.deepcopy(catalog().to_data())
    for section, values in (rules or {}).items():
        data["rules"][section].update(values)
    for card in data["cards"]:
        card["attrs"].update((cards or {}).get(card["design"], {}))
    return Catalog.from_data(data, "changed.toml", "XP")


def test_every_flight_number_in_the_catalog_is_read_and_validated() -> None:
    printed = {k for k, v in catalog().rules["flight"].items() if isinstance(v, int)}
    assert printed == set(FLIGHT_NUMBERS)


def test_failed_passing_check_loses_the_catalog_energy() -> None:
    match = to_flight(round_two(catalog=_changed({"flight": {"failed_check_energy": 2}})))
    result = run(match, "next", "move TRNS1 1 space past SHLD1 die blank")[-1]
    assert "loses 2 energy" in result.message
    assert match.state.ships["TRNS1"].energy == 4 - 1 - 2


def test_failed_domination_drop_loses_the_catalog_energy() -> None:
    match = to_flight(round_two(catalog=_changed({"flight": {"failed_check_energy": 2}})))
    result = run(match, "next", "drop TRNS1 habitat moon die blank")[-1]
    assert "loses 2 more energy" in result.message
    assert match.state.ships["TRNS1"].energy == 4 - 1 - 2


def test_stuck_drift_and_drift_text_follow_the_catalog() -> None:
    cat = _changed({"flight": {"stuck_energy": 2, "drift_spaces": 2}})
    match = to_flight(round_two(catalog=cat), x_tech="maneuverability")
    result = run(match, "next", "next", "drift SHLD1=stuck")[-1]
    assert "loses 2 energy" in result.message and "TRNS1 moves 2 spaces" in result.message
    assert match.state.ships["SHLD1"].energy == 4 - 2


def test_outer_space_tiles_per_round_follow_the_catalog() -> None:
    match = to_flight(round_two(catalog=_changed({"flight": {"outer_tiles_per_round": 2}})))
    run(match, "move SHLD1 2 outer", "scan XP/X4", "tile default", "move SHLD1 1 outer",
        "scan XP/X5", "tile default")
    assert match.state.ships["SHLD1"].outer_moves == 2
    assert "already moved 2" in refused(match, "move SHLD1 1 outer")


def test_new_orders_draws_its_amount_of_secondary_missions() -> None:
    match = to_flight(round_two(catalog=_changed(cards={"haz-new-orders": {"amount": 2}})))
    result = run(match, "move SHLD1 1 hazard", "scan XP/H06", "resolve")[-1]
    assert "draws 2 secondary missions" in result.message
    assert [p.deck for p in match.state.pending if p.seat == "Baikonur"] == ["secondary"] * 2


def test_lost_cargo_removes_its_amount_of_modules() -> None:
    cat = _changed(cards={"haz-remove-module": {"amount": 2}})
    match = to_flight(round_two(b_builds=("laser_turret", "resistance"), catalog=cat))
    top = match.state.ships["SHLD1"].max_resistance
    run(match, "move SHLD1 1 hazard", "scan XP/H02")
    assert "Name 2 modules" in refused(match, "resolve laser_turret")
    assert "Name 2 modules" in refused(match, "resolve laser_turret laser_turret")
    run(match, "resolve laser_turret resistance")
    ship = match.state.ships["SHLD1"]
    assert ship.modules == () and ship.max_resistance == top - 1


def test_the_draft_runs_the_catalogs_number_of_packs() -> None:
    match = Match(RULES, _changed({"setup": {"draft_packs": 2}}), 3)
    run(match, "length 8", "join Xichang Ana", "join Baikonur Ben")
    draw_all_pending(match)
    run(match, *(["draw maneuver"] * 5), "draft virtual")
    assert match.state.draft.pack_count == 2
    while match.state.draft.is_running:
        run(match, f"pick {legal_pick(match)}")
    assert match.state.draft.pack == 3
    assert all(len(match.state.ships_of(s)) == 2 for s in ("Xichang", "Baikonur"))
    run(match, "start")


def test_old_saves_without_the_new_fields_still_load() -> None:
    raw = Draft(2, ("Xichang",), (), ()).to_dict()
    del raw["pack_count"]
    assert Draft.from_dict(raw).pack_count == LEGACY_DRAFT_PACKS
    ship = ShipStatus("SHLD1", "Kourou", "SHLD", 4, 2, 2, 6, 6, 4,
                      modifiers=(Modifier("velocity", 1, "test", 3, from_round=3),))
    old = ship.to_dict() | {"restrictions": []}
    del old["modifiers"][0]["from_round"]
    loaded = ShipStatus.from_dict(old)
    assert loaded.modifiers[0].from_round == 0 and loaded.bonus("velocity", 2) == 1
    assert ShipStatus.from_dict(ship.to_dict()) == ship


def test_state_round_trips_with_the_draft_pack_count() -> None:
    match = round_two()
    assert XpState.from_dict(match.state.to_dict()) == match.state


def test_verb_help_repeats_no_catalog_number() -> None:
    for verb in RULES.verbs():
        if verb.name != "start":  # "begin round 1" names the first round, not a rule number
            assert not re.search(r"\b\d+\b", verb.help), (verb.name, verb.help)


def _with_module(kind: str, **values: Any) -> Catalog:
    data = copy.deepcopy(catalog().to_data())
    data["rules"]["modules"][kind].update(values)
    return Catalog.from_data(data, "changed.toml", "XP")


def test_turret_damage_follows_the_catalog() -> None:
    cat = _with_module("laser_turret", damage_per_turret=2)
    match = to_flight(round_two(x_builds=("laser_turret",), catalog=cat))
    result = run(match, "next", "attack TRNS1 SHLD1 range 3")[-1]
    assert "0 energy and 2 resistance damage" in result.message
    assert match.state.ships["SHLD1"].resistance == 3 - 2


def test_damage_to_destroy_a_dropped_module_follows_the_catalog() -> None:
    cat = _changed({"flight": {"dropped_module_damage": 2}})
    match = round_two(b_builds=("laser_turret", "gnss"), catalog=cat)
    run(match, "tech credits", "select TRNS1", "done", "tech credits", "select SHLD1", "done",
        "drop SHLD1 gnss")
    assert "needs 2 to be destroyed" in refused(match, "attack SHLD1 gnss1")
    assert len(match.state.controls) == 1


def test_cards_drawn_by_a_technology_action_follow_the_catalog() -> None:
    data = copy.deepcopy(catalog().to_data())
    data["rules"]["technology"]["actions"]["development"]["draw_count"] = 2
    match = round_two(catalog=Catalog.from_data(data, "changed.toml", "XP"))
    result = run(match, "tech development")[-1]
    assert "Xichang draws 2 development cards." in result.message
