"""Catalog: 135 tagged items, every deck's count, and Exploration's [rules] validation."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from companion.core.catalog import Catalog
from companion.core.errors import CatalogError
from companion.games.exploration.catalog import assumed_keys, ship_type, validate_rules
from companion.games.exploration.checks import attribute
from companion.games.exploration.rules import RULES
from companion.games.exploration.state import ShipStatus
from tests.exploration.helpers import catalog

PRINTED_COUNTS = {"ship": 40, "development": 18, "hazard": 16, "primary": 14,
                  "secondary": 28, "maneuver": 11, "hex": 8}
LISTED_DESIGNS = {"ship": 10, "development": 9, "hazard": 12, "primary": 11, "secondary": 11,
                  "maneuver": 7, "hex": 8}


def test_catalog_lists_135_tagged_items() -> None:
    cat = catalog()
    assert all(cat.decks[c.deck].tagged for c in cat.cards.values())
    assert len(cat.cards) == 135


def test_each_deck_has_its_printed_count_and_listed_designs() -> None:
    cat = catalog()
    assert Counter(c.deck for c in cat.cards.values()) == PRINTED_COUNTS
    designs = Counter(copies[0].deck for copies in cat.designs().values())
    assert designs == LISTED_DESIGNS


def test_copy_counts_not_printed_are_marked_assumed() -> None:
    data = catalog().data
    for entry in data["cards"]:
        if entry["deck"] in ("development", "hazard", "primary", "secondary", "maneuver"):
            assert entry.get("copies_assumed") is True, entry["design"]
        if entry["deck"] == "ship":
            assert len(entry["ids"]) == 4 and not entry.get("copies_assumed")


def test_ids_are_mnemonic_and_fit_a_tag() -> None:
    for card in catalog().cards.values():
        assert len(catalog().tag_of(card.card_id).text) <= 10
    ids = set(catalog().cards)
    assert {"SHLD1", "SHLD4", "D01", "D18", "H16", "P14", "S28", "M11", "X8"} <= ids


def test_ship_types_give_each_ship_its_attributes() -> None:
    cat = catalog()
    transporter = ship_type(cat, _type_of("TRNS2"))
    shield = ship_type(cat, _type_of("SHLD1"))
    super_maneuver = ship_type(cat, _type_of("SMAN1"))
    assert transporter.cargo_slots > shield.cargo_slots  # "more cargo slots"
    assert super_maneuver.maneuverability > shield.maneuverability
    assert ship_type(cat, _type_of("UFST3")).extras["no_launch_penalty"] is True


def test_printed_module_reward_rows_are_in_the_catalog() -> None:
    modules = catalog().rules["modules"]
    rows = sorted((m["requirement"], m["credits"], m["score"])
                  for m in modules.values() if isinstance(m, dict)
                  and m["category"] == "domination")
    assert rows == [(1, 1, 1), (3, 6, 3), (4, 4, 2), (5, 10, 5)]
    assert modules["energy_turret"]["cost"] == 1
    assert catalog().rules["areas"]["gnss"]["points"][-1] == 15


def test_every_rules_assumption_is_listed() -> None:
    found = assumed_keys(catalog())
    for table in ("rules.ship_types", "rules.modules", "rules.areas", "rules.token_conversion",
                  "rules.dice.maneuver", "rules.game"):
        assert found[table], table


def _type_of(card_id: str) -> str:
    return str(catalog().card(card_id).attrs["type"])


def _broken(path: list[str], value: object) -> Catalog:
    data = copy.deepcopy(catalog().to_data())
    table = data
    for key in path[:-1]:
        table = table[key]
    if value is None:
        del table[path[-1]]
    else:
        table[path[-1]] = value
    return Catalog.from_data(data, "broken.toml", "XP")


@pytest.mark.parametrize(("path", "value", "named"), [
    (["rules", "modules"], None, "rules.modules"),
    (["rules", "ship_types", "SHLD", "velocity"], -1, "rules.ship_types.SHLD.velocity"),
    (["rules", "modules", "habitat", "category"], "weapon", "rules.modules.habitat.category"),
    (["rules", "areas", "gnss", "points"], [1, 2], "rules.areas.gnss.points"),
    (["rules", "technology", "actions", "score", "level"], 4,
     "rules.technology.actions.score.level"),
    (["rules", "spaceports", "order"], [], "rules.spaceports.order"),
    (["rules", "flight", "stuck_energy"], None, "rules.flight.stuck_energy"),
    (["rules", "flight", "failed_check_energy"], "1", "rules.flight.failed_check_energy"),
    (["rules", "flight", "outer_tiles_per_round"], -1, "rules.flight.outer_tiles_per_round"),
    (["rules", "technology", "points_per_extra_action"], None,
     "rules.technology.points_per_extra_action"),
])
def test_validate_rules_names_the_broken_key(path: list[str], value: object, named: str) -> None:
    with pytest.raises(CatalogError, match=named.replace(".", r"\.")):
        validate_rules(_broken(path, value))


def test_a_spaceport_that_cannot_be_a_seat_is_refused_naming_the_key() -> None:
    with pytest.raises(CatalogError) as refused:
        validate_rules(_broken(["rules", "spaceports", "order"], ["Kourou\n"]))
    assert str(refused.value) == ("broken.toml: rules.spaceports.order: 'Kourou\\n' cannot be "
                                  "a seat: a spaceport is a seat's name (1 to 32 printable "
                                  "characters)")


def test_new_state_validates_the_rules() -> None:
    with pytest.raises(CatalogError, match=r"rules\.setup"):
        RULES.new_state(_broken(["rules", "setup"], None), 1)


def test_validate_rules_checks_card_attributes() -> None:
    data = copy.deepcopy(catalog().to_data())
    data["cards"][0]["attrs"]["type"] = "NOPE"
    with pytest.raises(CatalogError, match=r"attrs\.type"):
        validate_rules(Catalog.from_data(data, "broken.toml", "XP"))


def test_effective_attribute_adds_modules_and_unexpired_bonuses() -> None:
    ship = ShipStatus("SHLD1", "Kourou", "SHLD", 4, 2, 2, 6, 6, 4,
                      modules=("velocity", "habitat"))
    assert attribute(catalog(), ship, "velocity", 1) == 5
    assert attribute(catalog(), ship, "maneuverability", 1) == 2


def test_maneuver_die_has_faces() -> None:
    die = RULES.dice(catalog())["maneuver"]
    assert len(die.labels) == 6 and min(die.values) == 0
