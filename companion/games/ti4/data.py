"""The TI4 part of the catalog: validated once, read by the rules as plain values.

Numbers and names printed in the rules live in `assets/catalogs/ti4.toml` under
`[rules]` and in each card's `attrs`; this module checks them and raises a
CatalogError naming the file and key, so a bad catalog never reaches play.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import CatalogError
from companion.core.zones import Zone

EXPLORATION_KINDS = ("discard", "attach", "fragment", "purge", "common-area", "play-area")
#: Where an explored card goes: its discard pile, attached to the planet, the
#: explorer's area, purged, or the common play area (a zone's text).
DESTINATIONS = ("discard", "attached", "area", "purged", Zone.play("common").text)
# A planet card whose `tile` is this lies on a token placed during play (Mirage).
TOKEN_TILE = "token"


@dataclass(frozen=True)
class TechInfo:
    """A technology the exploration rules ask about: its name and what it explores."""

    key: str
    name: str
    explores: str


@dataclass(frozen=True)
class AbilityInfo:
    """An effect that explores, which the companion knows but does not track who holds
    (a leader, an action card): its name, what it explores, and its condition in words."""

    key: str
    name: str
    explores: str
    condition: str
    #: The faction whose sheet gives it (a leader's), by its key; "" for any seat's.
    faction: str = ""
    #: It places frontier tokens too (`places_frontier`): offered by name to place one.
    places_frontier: bool = False


@dataclass(frozen=True)
class FactionInfo:
    """A faction a seat may play: its name as its sheet prints it, the short name on the
    buttons, and the commodity value its sheet prints."""

    key: str
    name: str
    short: str
    commodity_value: int
    set: str = ""
    #: The technologies of `[rules.techs]` its sheet starts with, by key.
    starting_techs: tuple[str, ...] = ()
    #: Its sheet's ability purging fewer relic fragments (the Naaz-Rokha's Fabrication).
    fabrication: Fabrication | None = None


@dataclass(frozen=True)
class Fabrication:
    """A faction ability purging relic fragments (the Naaz-Rokha's): so many of one type
    for a relic, or so many of any for a command token, which the table takes
    (`table_keeps`: the app does not count command tokens)."""

    name: str
    fragments_per_relic: int
    fragments_per_token: int
    table_keeps: str


@dataclass(frozen=True)
class TI4Data:
    """Validated game data of one catalog."""

    trait_decks: Mapping[str, str]
    frontier_deck: str
    relic_deck: str
    planet_deck: str
    fragments_per_relic: int
    wild_fragment_type: str
    frontier_setup_tiles: tuple[str, ...]
    other_system_tiles: tuple[str, ...]
    hyperlane_tiles: tuple[str, ...]
    terraform_traits: tuple[str, ...]
    facility_bonus: Mapping[str, int]
    resolution: Mapping[str, str]
    techs: Mapping[str, TechInfo]
    # Optional keys (catalogs pinned by games saved before they existed lack them).
    terraform_bonus: Mapping[str, int] = field(default_factory=dict)
    abilities: Mapping[str, AbilityInfo] = field(default_factory=dict)
    #: A seat's commodity value when the table has recorded none (0: no cap, as catalogs
    #: before it counted); an assumed number, marked in the catalog.
    commodity_value: int = 0
    #: The highest commodity value a faction sheet prints: the choices offered for a
    #: seat's own value run from 1 to it (0: an older catalog, no choice offered).
    commodity_value_highest: int = 0
    #: The factions a seat may play, by key, in the catalog's order (none: an older
    #: catalog, whose seats record only a number).
    factions: Mapping[str, FactionInfo] = field(default_factory=dict)
    #: What a player calls a system without planets, by tile ("Creuss Gate"), and the
    #: words for any other one (none: an older catalog, whose tiles go by number).
    system_names: Mapping[str, str] = field(default_factory=dict)
    planetless_system: str = ""

    def system_words(self, tile: str) -> str:
        """A system without planets as a player finds it on the map: 'Creuss Gate (tile
        17)', 'System without planets (tile 40)' (try 17, finding 8: by number only)."""
        words = self.system_names.get(tile) or self.planetless_system
        return f"{words} (tile {tile})" if words else f"Tile {tile}"
    #: A system tile only a faction brings to the map, by tile: that faction's key.
    faction_tiles: Mapping[str, str] = field(default_factory=dict)

    @property
    def exploration_decks(self) -> tuple[str, ...]:
        return (*self.trait_decks.values(), self.frontier_deck)


# A reload (state --follow, a second companion) builds a new catalog object each
# time, so the cache keeps only the few most recent ones: unbounded, it kept
# about 244 MiB per 1,000 reloads (bench/table_api.py).
_CACHE_SIZE = 8
_CACHE: dict[int, tuple[Catalog, TI4Data]] = {}


def ti4_data(catalog: Catalog) -> TI4Data:
    """The validated TI4 data of `catalog` (validated once per catalog object)."""
    cached = _CACHE.pop(id(catalog), None)
    if cached is None or cached[0] is not catalog:
        cached = (catalog, _build(catalog))
    _CACHE[id(catalog)] = cached  # most recently used last
    while len(_CACHE) > _CACHE_SIZE:
        del _CACHE[next(iter(_CACHE))]
    return cached[1]


def _fail(catalog: Catalog, key: str, problem: str) -> CatalogError:
    return CatalogError(f"{catalog.source}: {key}: {problem}")


def _get(catalog: Catalog, raw: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in raw:
        raise _fail(catalog, f"rules.{key}", "is missing")
    value = raw[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _fail(catalog, f"rules.{key}", f"must be a {kind.__name__}, not {value!r}")
    return value


def _deck_name(catalog: Catalog, raw: Mapping[str, Any], key: str) -> str:
    deck = _get(catalog, raw, key, str)
    if deck not in catalog.decks:
        raise _fail(catalog, f"rules.{key}", f"{deck!r} is not a deck of this catalog")
    return str(deck)


def _strings(catalog: Catalog, raw: Mapping[str, Any], key: str) -> tuple[str, ...]:
    values = _get(catalog, raw, key, list)
    if not all(isinstance(v, str) for v in values):
        raise _fail(catalog, f"rules.{key}", "must be a list of strings")
    return tuple(values)


def _build(catalog: Catalog) -> TI4Data:
    raw = catalog.rules
    trait_decks = dict(_get(catalog, raw, "trait_decks", Mapping))
    for trait, deck in trait_decks.items():
        if deck not in catalog.decks:
            raise _fail(catalog, f"rules.trait_decks.{trait}", f"{deck!r} is not a deck")
    resolution = dict(_get(catalog, raw, "resolution", Mapping))
    for kind in EXPLORATION_KINDS:
        if resolution.get(kind) not in DESTINATIONS:
            raise _fail(catalog, f"rules.resolution.{kind}",
                        f"must be one of {', '.join(DESTINATIONS)}")
    data = TI4Data(
        trait_decks=trait_decks,
        frontier_deck=_deck_name(catalog, raw, "frontier_deck"),
        relic_deck=_deck_name(catalog, raw, "relic_deck"),
        planet_deck=_deck_name(catalog, raw, "planet_deck"),
        fragments_per_relic=_get(catalog, raw, "fragments_per_relic", int),
        wild_fragment_type=_get(catalog, raw, "wild_fragment_type", str),
        frontier_setup_tiles=_strings(catalog, raw, "frontier_setup_tiles"),
        other_system_tiles=_strings(catalog, raw, "other_system_tiles"),
        hyperlane_tiles=_strings(catalog, raw, "hyperlane_tiles"),
        terraform_traits=_strings(catalog, raw, "terraform_traits"),
        facility_bonus=_bonus(catalog, raw, "facility_bonus", required=True),
        resolution=resolution,
        techs=_techs(catalog, _get(catalog, raw, "techs", Mapping)),
        terraform_bonus=_bonus(catalog, raw, "terraform_bonus"),
        abilities=_abilities(catalog, raw.get("abilities", {})),
        commodity_value=_get(catalog, raw, "commodity_value", int)
        if "commodity_value" in raw else 0,
        commodity_value_highest=_get(catalog, raw, "commodity_value_highest", int)
        if "commodity_value_highest" in raw else 0,
        system_names={str(k): str(v) for k, v in
                      _get(catalog, raw, "system_names", Mapping).items()}
        if "system_names" in raw else {},
        planetless_system=_get(catalog, raw, "planetless_system", str)
        if "planetless_system" in raw else "",
    )
    data = replace(data, factions=_factions(catalog, raw.get("factions", {}), data))
    data = replace(data, faction_tiles=_faction_tiles(catalog, raw, data))
    _check_cards(catalog, data)
    return data


def _faction_tiles(catalog: Catalog, raw: Mapping[str, Any], data: TI4Data) -> dict[str, str]:
    if "faction_tiles" not in raw:
        return {}
    table = _get(catalog, raw, "faction_tiles", Mapping)
    for tile, faction in table.items():
        if faction not in data.factions:
            raise _fail(catalog, f"rules.faction_tiles.{tile}", f"{faction!r} is not a faction")
    return dict(table)


def _bonus(catalog: Catalog, raw: Mapping[str, Any], key: str,
           required: bool = False) -> dict[str, int]:
    if key not in raw and not required:
        return {}
    table = _get(catalog, raw, key, Mapping)
    for name, value in table.items():
        if name not in ("resources", "influence") or not isinstance(value, int) \
                or isinstance(value, bool):
            raise _fail(catalog, f"rules.{key}.{name}", "must be resources or influence, "
                        "a whole number")
    return dict(table)


def _abilities(catalog: Catalog, raw: Any) -> dict[str, AbilityInfo]:
    if not isinstance(raw, Mapping):
        raise _fail(catalog, "rules.abilities", "must be a table of abilities")
    found = {}
    for key, table in raw.items():
        if not isinstance(table, Mapping) or table.get("explores") not in ("frontier", "planet") \
                or not isinstance(table.get("condition", ""), str) \
                or not isinstance(table.get("faction", ""), str) \
                or not isinstance(table.get("places_frontier", False), bool):
            raise _fail(catalog, f"rules.abilities.{key}", "needs a name, explores = "
                        "\"frontier\" or \"planet\" and a condition sentence")
        found[key] = AbilityInfo(key, str(table.get("name", key)), str(table["explores"]),
                                 str(table.get("condition", "")),
                                 str(table.get("faction", "")),
                                 bool(table.get("places_frontier", False)))
    return found


def _factions(catalog: Catalog, raw: Any, data: TI4Data) -> dict[str, FactionInfo]:
    if not isinstance(raw, Mapping):
        raise _fail(catalog, "rules.factions", "must be a table of factions")
    highest = data.commodity_value_highest or data.commodity_value
    found = {}
    for key, table in raw.items():
        value = table.get("commodity_value") if isinstance(table, Mapping) else None
        if not isinstance(value, int) or isinstance(value, bool) \
                or not 1 <= value <= highest or not isinstance(table.get("name"), str):
            raise _fail(catalog, f"rules.factions.{key}", "needs a name and a commodity_value "
                        f"from 1 to {highest} (rules.commodity_value_highest)")
        techs = table.get("starting_techs", [])
        if not isinstance(techs, list) or any(t not in data.techs for t in techs):
            raise _fail(catalog, f"rules.factions.{key}.starting_techs",
                        "must list technologies of rules.techs")
        found[key] = FactionInfo(key, str(table["name"]), str(table.get("short") or
                                                             table["name"]),
                                 value, str(table.get("set", "")), tuple(techs),
                                 _fabrication(catalog, key, table.get("fabrication")))
    return found


def _fabrication(catalog: Catalog, key: str, raw: Any) -> Fabrication | None:
    if raw is None:
        return None
    counts: list[Any] = [raw.get(k) for k in ("fragments_per_relic", "fragments_per_token")] \
        if isinstance(raw, Mapping) else []
    if not counts or any(not isinstance(n, int) or isinstance(n, bool) or n < 1
                         for n in counts) or not isinstance(raw.get("name"), str):
        raise _fail(catalog, f"rules.factions.{key}.fabrication", "needs a name, "
                    "fragments_per_relic and fragments_per_token (1 or more)")
    return Fabrication(raw["name"], counts[0], counts[1],
                       str(raw.get("table_keeps", "")))


def _techs(catalog: Catalog, raw: Mapping[str, Any]) -> dict[str, TechInfo]:
    techs = {}
    for key, table in raw.items():
        if not isinstance(table, Mapping) or table.get("explores") not in ("frontier", "planet"):
            raise _fail(catalog, f"rules.techs.{key}", "needs a name and explores = "
                        "\"frontier\" or \"planet\"")
        techs[key] = TechInfo(key, str(table.get("name", key)), str(table["explores"]))
    return techs


def _check_cards(catalog: Catalog, data: TI4Data) -> None:
    for card in catalog.cards.values():
        where = f"cards ({card.design})"
        if card.deck in data.exploration_decks and card.kind not in EXPLORATION_KINDS:
            raise _fail(catalog, f"{where}.kind", f"{card.kind!r} is not an exploration kind")
        if card.kind == "fragment" and not isinstance(card.attrs.get("fragment_type"), str):
            raise _fail(catalog, f"{where}.attrs.fragment_type", "is missing")
        if card.deck == data.planet_deck:
            traits = card.attrs.get("traits")
            if not isinstance(traits, list) or any(t not in data.trait_decks for t in traits):
                raise _fail(catalog, f"{where}.attrs.traits", "must list known traits")
            if not isinstance(card.attrs.get("tile"), str):
                raise _fail(catalog, f"{where}.attrs.tile", "must be a tile string")
            for key in ("resources", "influence"):
                value = card.attrs.get(key)
                if not isinstance(value, int) or isinstance(value, bool):
                    raise _fail(catalog, f"{where}.attrs.{key}", "must be a whole number")


# ---- card queries ------------------------------------------------------------------
def printed_traits(card: CardEntry) -> tuple[str, ...]:
    return tuple(card.attrs.get("traits", ()))


def fragment_type(card: CardEntry) -> str | None:
    value = card.attrs.get("fragment_type")
    return str(value) if card.kind == "fragment" and value is not None else None


def system_tiles(catalog: Catalog, data: TI4Data) -> frozenset[str]:
    """Every system tile the catalog knows: planet tiles, planetless systems, hyperlanes."""
    printed = {str(c.attrs["tile"]) for c in catalog.in_deck(data.planet_deck)}
    return frozenset((printed - {TOKEN_TILE}) | {*data.frontier_setup_tiles,
                                                 *data.other_system_tiles,
                                                 *data.hyperlane_tiles})
