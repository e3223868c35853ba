"""Frontier tokens (LRR 35.4-35.6): placed at setup and by abilities, explored with
Dark Energy Tap or another effect, then returned to the supply."""

from __future__ import annotations

import re
from collections.abc import Iterable

from companion.core.catalog import Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import event
from companion.games.ti4.abilities import not_theirs
from companion.games.ti4.data import system_tiles, ti4_data
from companion.games.ti4.explore import Builder, data_of, enqueue, label, planets_in_system
from companion.games.ti4.state import Exploration, TI4State


def parse_tile(word: str) -> str:
    """A system is named by its tile number, as printed on the tile."""
    if not re.fullmatch(r"\d{1,3}", word):
        raise CommandSyntaxError(f"{word!r} is not a tile number such as 41.")
    return str(int(word))


def place_at_setup(b: Builder) -> None:
    """35.4a, LRR 38.1: one token in every system without planets on the map. The app
    cannot see the map, so it holds a token for every such tile of the box (listed in the
    catalog); the table places only those of the systems on its own map."""
    tiles = list(data_of(b).frontier_setup_tiles)
    b.add(event("frontier_placed", tiles=tiles, reason="setup"))
    # A player's sentence: the rule's numbers are in the Planets panel's details.
    b.say(f"Put a frontier token in each system without planets on your map (never on a "
          f"hyperlane): tiles {tile_ranges(tiles)}.")


def on_the_map(state: TI4State, catalog: Catalog, tiles: Iterable[str]) -> list[str]:
    """`tiles` less a faction's own tile (the Creuss Gate) once every seat's faction is
    said and none plays that faction: its system is not on the table's map."""
    owners = ti4_data(catalog).faction_tiles
    played = set(state.factions.values())
    known = all(seat in state.factions for seat in state.table.seats)
    return [t for t in tiles if not (known and t in owners and owners[t] not in played)]


def tile_ranges(tiles: list[str]) -> str:
    """'17, 39-50, 77-80': tile numbers with runs joined."""
    numbers = sorted(int(t) for t in tiles if t.isdigit())
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def place_by_ability(b: Builder, tile: str, ability: str) -> None:
    """35.4a: an ability places a token; at most one per system, never on a hyperlane."""
    if tile not in system_tiles(b.catalog, data_of(b)):
        raise IllegalMoveError(f"There is no system tile {tile} in the TI4 catalog (base game "
                               f"and Prophecy of Kings): check the number printed on the tile.")
    if tile in data_of(b).hyperlane_tiles:
        raise IllegalMoveError(f"Tile {tile} is a hyperlane: frontier tokens never go there.")
    if tile in b.state.frontier:
        raise IllegalMoveError(f"Tile {tile} already has a frontier token; a system holds "
                               f"at most one.")
    standing = planets_in_system(b.state, b.catalog, tile)
    if standing:
        names = ", ".join(label(b.catalog, p.card_id) for p in standing)
        raise IllegalMoveError(f"Tile {tile} contains planets ({names}): frontier tokens go "
                               f"only in systems without planets.")
    _require_theirs(b, ability)
    b.add(event("frontier_placed", tiles=[tile], reason=ability))
    b.say(f"A frontier token is placed in tile {tile} ({ability}).")


def _require_theirs(b: Builder, ability: str) -> None:
    """A known ability that places tokens is its faction's: another faction's active seat
    cannot use it (once that seat's faction is said), as for exploring."""
    active = b.state.table.active
    for known in data_of(b).abilities.values():
        if known.places_frontier and known.name.lower() == ability.lower() and active:
            why = not_theirs(b.state, b.catalog, known.name, known.faction, active)
            if why:
                raise IllegalMoveError(why)


def explore_tokens(b: Builder, seat: str, tiles: list[str], permission: str) -> None:
    """Queue frontier explorations (35.5) once `permission` is checked by the caller."""
    queued = {i.target for i in b.state.queue if i.kind == "frontier"}
    for tile in tiles:
        if tile not in b.state.frontier:
            raise IllegalMoveError(f"There is no frontier token in tile {tile} to explore.")
        if tile in queued or tiles.count(tile) > 1:
            raise IllegalMoveError(f"The frontier token in tile {tile} is already being "
                                   f"explored.")
    items = [Exploration(seat, "frontier", t, permission) for t in tiles]
    enqueue(b, items)
