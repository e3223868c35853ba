"""Exploration's part of the catalog: validation of [rules] and typed look-ups.

Every number the rulebook prints (and every default we assumed) is read from
assets/catalogs/exploration.toml through these functions, never written in code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.catalog import Catalog
from companion.core.errors import CatalogError
from companion.core.seats import is_valid_seat_name

SHIP_NUMBERS = ("velocity", "maneuverability", "cargo_slots", "max_energy", "start_energy",
                "max_resistance", "deploy_cost", "deploy_level")
MODULE_CATEGORIES = ("attribute", "turret", "trap", "domination")
#: [rules.flight] numbers the flight, drop, combat and drift rules read.
FLIGHT_NUMBERS = ("credit_space", "command_space", "gnss_maneuverability", "l1_maneuverability",
                  "action_energy", "drift_spaces", "command_per_damage",
                  "frags_per_destroyed_ship", "failed_check_energy", "stuck_energy",
                  "outer_tiles_per_round", "dropped_module_damage")
REQUIRED_SECTIONS = ("game", "spaceports", "setup", "technology", "selection", "ship_types",
                     "modules", "areas", "token_conversion", "flight", "dice")
#: Card attributes each deck's cards must carry, with their type.
CARD_ATTRS: dict[str, dict[str, type]] = {
    "ship": {"type": str},
    "development": {"cost": int, "level": int},
    "hazard": {"effect": str},
    "primary": {"stat": str, "reward_score": int},
    "secondary": {"stat": str, "reward_credits": int},
    "maneuver": {"cost": int},
    "hex": {},
}


@dataclass(frozen=True)
class ShipType:
    """A spaceship type's printed attributes (see [rules.ship_types])."""

    code: str
    name: str
    ability: str
    velocity: int
    maneuverability: int
    cargo_slots: int
    max_energy: int
    start_energy: int
    max_resistance: int
    deploy_cost: int
    deploy_level: int
    extras: Mapping[str, Any]


def _fail(catalog: Catalog, key: str, problem: str) -> CatalogError:
    return CatalogError(f"{catalog.source}: {key}: {problem}")


def _int(catalog: Catalog, table: Mapping[str, Any], key: str, where: str) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _fail(catalog, f"{where}.{key}", f"must be a whole number >= 0, not {value!r}")
    return value


def _table(catalog: Catalog, parent: Mapping[str, Any], key: str, where: str) -> Mapping:
    value = parent.get(key)
    if not isinstance(value, Mapping) or not value:
        raise _fail(catalog, f"{where}.{key}", "must be a non-empty table")
    return value


def validate_rules(catalog: Catalog) -> None:
    """Check Exploration's [rules] and card attributes; CatalogError names the key."""
    rules = catalog.rules
    for section in REQUIRED_SECTIONS:
        _table(catalog, rules, section, "rules")
    rounds = rules["game"].get("rounds")
    if not isinstance(rounds, list) or not rounds or not all(isinstance(r, int) for r in rounds):
        raise _fail(catalog, "rules.game.rounds", "must list the board lengths, e.g. [8, 13]")
    _validate_spaceports(catalog)
    for key in ("primary_missions", "secondary_missions", "maneuver_row", "draft_packs",
                "pack_size"):
        _int(catalog, rules["setup"], key, "rules.setup")
    for key in FLIGHT_NUMBERS:
        _int(catalog, rules["flight"], key, "rules.flight")
    _validate_technology(catalog)
    _validate_ship_types(catalog)
    _validate_modules(catalog)
    _validate_areas(catalog)
    _validate_cards(catalog)
    if "maneuver" not in rules["dice"]:
        raise _fail(catalog, "rules.dice.maneuver", "is missing")


def _validate_spaceports(catalog: Catalog) -> None:
    ports = catalog.rules["spaceports"]
    order = ports.get("order")
    if not isinstance(order, list) or not order:
        raise _fail(catalog, "rules.spaceports.order", "must list the spaceports in turn order")
    for name in order:
        if not isinstance(name, str) or not is_valid_seat_name(name):
            raise _fail(catalog, "rules.spaceports.order", f"{str(name)[:40]!r} cannot be a "
                        "seat: a spaceport is a seat's name (1 to 32 printable characters)")
        bonus = _table(catalog, ports, name, "rules.spaceports")
        _int(catalog, bonus, "credits", f"rules.spaceports.{name}")


def _validate_technology(catalog: Catalog) -> None:
    for key in ("actions_per_round", "points_per_extra_action"):
        _int(catalog, catalog.rules["technology"], key, "rules.technology")
    actions = _table(catalog, catalog.rules["technology"], "actions", "rules.technology")
    for effect, action in actions.items():
        level = _int(catalog, action, "level", f"rules.technology.actions.{effect}")
        if level not in (1, 2, 3):
            raise _fail(catalog, f"rules.technology.actions.{effect}.level", "must be 1, 2 or 3")
        draw = action.get("draw")
        if draw is not None and draw not in catalog.decks:
            raise _fail(catalog, f"rules.technology.actions.{effect}.draw",
                        f"{draw!r} is not a deck")
        if draw is not None:
            _int(catalog, action, "draw_count", f"rules.technology.actions.{effect}")


def _validate_ship_types(catalog: Catalog) -> None:
    types = catalog.rules["ship_types"]
    for code, raw in types.items():
        if not isinstance(raw, Mapping):
            continue
        for key in SHIP_NUMBERS:
            _int(catalog, raw, key, f"rules.ship_types.{code}")
        if raw["start_energy"] > raw["max_energy"]:
            raise _fail(catalog, f"rules.ship_types.{code}.start_energy",
                        "cannot exceed max_energy")


def _validate_modules(catalog: Catalog) -> None:
    modules = catalog.rules["modules"]
    areas = catalog.rules["areas"]
    for kind, raw in modules.items():
        if not isinstance(raw, Mapping):
            continue
        where = f"rules.modules.{kind}"
        _int(catalog, raw, "cost", where)
        if raw.get("category") not in MODULE_CATEGORIES:
            raise _fail(catalog, f"{where}.category", f"must be one of {MODULE_CATEGORIES}")
        if raw["category"] == "domination":
            for key in ("requirement", "credits", "score"):
                _int(catalog, raw, key, where)
            if raw.get("area") != "any" and raw.get("area") not in areas:
                raise _fail(catalog, f"{where}.area", f"{raw.get('area')!r} is not an area")
        if raw["category"] == "turret":
            _int(catalog, raw, "damage_per_turret", where)


def _validate_areas(catalog: Catalog) -> None:
    modules = catalog.rules["modules"]
    for name, raw in catalog.rules["areas"].items():
        if not isinstance(raw, Mapping):
            continue
        where = f"rules.areas.{name}"
        spaces = _int(catalog, raw, "spaces", where)
        points = raw.get("points")
        if not isinstance(points, list) or len(points) != spaces:
            raise _fail(catalog, f"{where}.points", f"must list {spaces} values, one per cube")
        for kind in raw.get("modules", []):
            if kind not in modules:
                raise _fail(catalog, f"{where}.modules", f"{kind!r} is not a module")


def _validate_cards(catalog: Catalog) -> None:
    types = catalog.rules["ship_types"]
    for card in catalog.cards.values():
        for key, kind in CARD_ATTRS.get(card.deck, {}).items():
            value = card.attrs.get(key)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise _fail(catalog, f"cards ({card.design}).attrs.{key}",
                            f"must be a {kind.__name__}")
        if card.deck == "ship" and card.attrs["type"] not in types:
            raise _fail(catalog, f"cards ({card.design}).attrs.type",
                        f"{card.attrs['type']!r} is not under [rules.ship_types]")


# ---- look-ups --------------------------------------------------------------------------
def ship_type(catalog: Catalog, code: str) -> ShipType:
    """The ship type `code` (a ship card's attrs["type"], a ShipStatus.ship_type)."""
    raw = catalog.rules["ship_types"][code]
    numbers = {key: int(raw[key]) for key in SHIP_NUMBERS}
    extras = {k: v for k, v in raw.items() if k not in SHIP_NUMBERS}
    return ShipType(code, str(raw["name"]), str(raw.get("ability", "")), extras=extras,
                    **numbers)


def spaceport_order(catalog: Catalog) -> list[str]:
    return list(catalog.rules["spaceports"]["order"])


def spaceport_bonus(catalog: Catalog, spaceport: str) -> Mapping[str, Any]:
    return catalog.rules["spaceports"][spaceport]


def setup_number(catalog: Catalog, key: str) -> int:
    return int(catalog.rules["setup"][key])


def tech_actions(catalog: Catalog) -> Mapping[str, Mapping[str, Any]]:
    return catalog.rules["technology"]["actions"]


def module(catalog: Catalog, kind: str) -> Mapping[str, Any]:
    return catalog.rules["modules"][kind]


def module_kinds(catalog: Catalog) -> list[str]:
    return [k for k, v in catalog.rules["modules"].items() if isinstance(v, Mapping)]


def assumed_keys(catalog: Catalog) -> dict[str, list[str]]:
    """Every [rules] table's `assumed` list, by dotted table name (for docs and checks)."""
    found: dict[str, list[str]] = {}

    def walk(table: Mapping[str, Any], where: str) -> None:
        for key, value in table.items():
            if key in ("assumed", "assumed_keys") and isinstance(value, list):
                found[where] = [str(v) for v in value]
            elif isinstance(value, Mapping):
                walk(value, f"{where}.{key}")

    walk(catalog.rules, "rules")
    return found


def discount(catalog: Catalog, lasting_cards: list[str], kind: str) -> int:
    """Credits off for `kind` (maneuver, development, module, domination, deploy)."""
    return sum(int(catalog.card(c).attrs.get("amount", 0)) for c in lasting_cards
               if catalog.card(c).attrs.get("discount") == kind)
