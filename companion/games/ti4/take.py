"""Taking planets by touch (35.1, 35.2d and note 3): the prompt's `order` input over every
planet on the map, by system, and the typed way's alphabetical groups (`take group N`).

Every seat is offered the same systems in the same places: a planet the seat already
controls stays in its system, named with its owner as for everyone, and is not offered
(its option carries the refusal as its `reason`). A table learns where a system lies in
the list and taps there, whoever takes it (try 6, finding 13).
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.prompt import Choice, InputSpec, Option, OptionSection
from companion.games.ti4.data import TOKEN_TILE, ti4_data
from companion.games.ti4.explore import system_of, traits_of
from companion.games.ti4.state import TI4State

PLANETS = "Planets"  # the prompt's group of the ways to take planets
TAKE_HINT = ("Tap a system on the left to add its planets; they are gained and explored "
             "in the order listed here.")
TAKE_GROUP = 10  # planets per alphabetical group, so a screen page (and its check) stays small
TAKE_PAGE = 10  # systems under one key at most: in reach at 800x480 without a scroll


def word(text: str) -> str:
    """`text` as one word of a command line (quoted when it holds more than a name)."""
    return shlex.quote(text) if not text.replace("-", "").isalnum() else text


def already_controls(seat: str, planet: str) -> str:
    """The refusal of taking a planet `seat` already controls (the command and the prompt)."""
    return f"{seat} already controls {planet}."


def _tile_key(tile: str) -> tuple[int, str]:
    return (int(tile), tile) if tile.isdigit() else (10_000, tile)


def planet_options(state: TI4State, catalog: Catalog, seat: str) -> tuple[Option, ...]:
    """Every planet on the map as an option for `seat`, by system: systems with a planet to
    explore first (35.2b), then by tile number; planets by name. The same options in the
    same order for every seat; those `seat` controls carry why they are not offered."""
    rows = []
    for card in catalog.in_deck(ti4_data(catalog).planet_deck):
        tile = system_of(state, card)
        if tile is None or state.table.zone_of(card.card_id) in ("box", "purged"):
            continue
        rows.append((tile, card, traits_of(state, card)))
    explorable = {tile for tile, _card, traits in rows if traits}
    rows.sort(key=lambda r: (r[0] not in explorable, _tile_key(r[0]), r[1].name))
    return tuple(_option(state, seat, tile, card, traits) for tile, card, traits in rows)


def _option(state: TI4State, seat: str, tile: str, card: CardEntry,
            traits: Sequence[str]) -> Option:
    """A planet, its owner said after its traits ("industrial · Sue"): on a screen's one
    line of details, so a system's button keeps its size when its planets are taken (try
    10, finding 8: "72: Lisis (Sue), Velnor (Sue)" grew a line)."""
    owner = state.controller(card.card_id)
    detail = ", ".join(traits) or "no trait: not explored"
    return Option(card.card_id, card.name, group=tile,
                  detail=f"{detail} · {owner}" if owner else detail,
                  reason=already_controls(seat, card.name) if owner == seat else None)


def take_sections(catalog: Catalog) -> tuple[OptionSection, ...]:
    """The list's keys, from the catalog, fixed for the whole game (try 10, finding 37: a
    Mirage found in tile 42 re-numbered them): the systems with traits to explore, then the
    others (the home systems, each key titled as such), each in runs of at most TAKE_PAGE tiles (a
    key's systems in reach without a scroll); a tile a planet token may come to (a frontier
    token's) joins the run before it."""
    data = ti4_data(catalog)
    planets = catalog.in_deck(data.planet_deck)
    traits = {str(c.attrs["tile"]) for c in planets if c.attrs.get("traits")}
    plain = {str(c.attrs["tile"]) for c in planets} - traits - {TOKEN_TILE}
    runs = _runs(sorted(traits - {TOKEN_TILE}, key=_tile_key))
    home = _runs(sorted(plain, key=_tile_key))
    if any(str(c.attrs["tile"]) == TOKEN_TILE for c in planets):
        for tile in sorted({*data.frontier_setup_tiles, *data.other_system_tiles} - traits
                           - plain, key=_tile_key):
            _run_for(tile, runs, home).append(tile)
    names = " and ".join(c.name for c in planets if str(c.attrs["tile"]) in plain
                         and not c.attrs.get("home"))
    title = f"Home systems{' and ' + names if names else ''}: no trait, nothing to explore"
    keys = [*(OptionSection(_span(run), tuple(sorted(run, key=_tile_key))) for run in runs),
            *(OptionSection(_span(run), tuple(sorted(run, key=_tile_key)), title)
              for run in home)]
    # The keys in ascending order (try 18, finding 10: "17-28 ... 1-9" was hard to search);
    # the whole list still shows the systems to explore first.
    return tuple(sorted(keys, key=lambda k: _tile_key(k.groups[0])))


def _run_for(tile: str, runs: list[list[str]], home: list[list[str]]) -> list[str]:
    """The run a planetless tile joins: the one whose span holds its number, so no two keys
    cover the same tiles (issue 22, finding 8: Creuss's 17 made "17-28" overlap "10-18");
    else the run of systems to explore before it (the first if none is)."""
    number = _tile_key(tile)
    for run in (*runs, *home):
        if _tile_key(min(run, key=_tile_key)) < number < _tile_key(max(run, key=_tile_key)):
            return run
    before = [r for r in runs if _tile_key(r[0]) <= number] or runs[:1]
    return before[-1]


def _runs(tiles: Sequence[str]) -> list[list[str]]:
    """`tiles` (in order) cut where the numbers jump by more than TAKE_PAGE, each part into
    pieces of at most TAKE_PAGE, as even as can be."""
    parts: list[list[str]] = []
    for tile in tiles:
        if parts and _tile_key(tile)[0] - _tile_key(parts[-1][-1])[0] <= TAKE_PAGE:
            parts[-1].append(tile)
        else:
            parts.append([tile])
    runs = []
    for part in parts:
        count = -(-len(part) // TAKE_PAGE)
        size = -(-len(part) // count)
        runs += [part[i:i + size] for i in range(0, len(part), size)]
    return runs


def _span(tiles: Sequence[str]) -> str:
    ordered = sorted(tiles, key=_tile_key)
    return ordered[0] if len(ordered) == 1 else f"{ordered[0]}-{ordered[-1]}"


def take_order(state: TI4State, catalog: Catalog, seat: str | None) -> list[Choice]:
    """"Take planets for SEAT": some of the planets it does not control, in the order they
    are gained and explored (35.2d, note 3)."""
    if seat is None:
        return []
    options = planet_options(state, catalog, seat)
    offered = [o for o in options if o.enabled]
    if not offered:
        return []
    template = f"take {{}} for {word(seat)}"
    spec = InputSpec("order", template, probe=template.replace("{}", offered[0].value),
                     min=1, max=len(offered), options=options, hint=TAKE_HINT,
                     sections=take_sections(catalog))
    return [Choice(f"Take planets for {seat}", PLANETS, priced=False, input=spec)]


def expand_take(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    """`take for`: each other seat's order input; `take`: the planets in alphabetical groups
    of a few ("Abaddon to Arinam"); `take group N`: each planet of that group."""
    active = state.table.active
    if len(words) == 2 and words[1].lower() == "for":  # another seat takes (an invasion...)
        return [c for seat in state.table.seats if seat != active
                for c in take_order(state, catalog, seat)]
    taken = ("box", "purged", *([piles.area_zone(active)] if active else []))
    planets = sorted((p for p in catalog.in_deck(ti4_data(catalog).planet_deck)
                      if state.table.zone_of(p.card_id) not in taken), key=lambda p: p.name)
    groups = [planets[i:i + TAKE_GROUP] for i in range(0, len(planets), TAKE_GROUP)]
    if len(words) == 1:
        return [Choice(f"{g[0].name} to {g[-1].name}", PLANETS, priced=False,
                       partial=f"take group {n}") for n, g in enumerate(groups, start=1)]
    number = int(words[2]) if len(words) == 3 and words[2].isdigit() else 0
    chosen = groups[number - 1] if 1 <= number <= len(groups) else []
    return [Choice(f"{p.name} ({p.card_id})", PLANETS, priced=False, command=f"take {p.card_id}")
            for p in chosen]
