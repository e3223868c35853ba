"""Shared test helpers: the real catalog and scripted matches."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from companion.core.builder import Builder
from companion.core.catalog import Catalog
from companion.core.engine import Match, Result
from companion.core.events import Event
from companion.core.generic import build_scan
from companion.games.exploration.rules import RULES
from companion.games.exploration.state import XpState

CATALOG_PATH = Path(__file__).resolve().parents[2] / "assets" / "catalogs" / "exploration.toml"


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    with CATALOG_PATH.open("rb") as handle:
        return Catalog.from_data(tomllib.load(handle), CATALOG_PATH.name, "XP")


def new_match(seed: int = 7) -> Match[XpState]:
    return Match(RULES, catalog(), seed)


def run(match: Match[XpState], *lines: str) -> list[Result]:
    """Execute lines; fail loudly on the first refusal."""
    results = []
    for line in lines:
        result = match.execute(line)
        assert result.ok, f"{line!r} refused: {result.message}"
        results.append(result)
    return results


def refused(match: Match[XpState], line: str) -> str:
    """Execute a line that must be refused and leave the state unchanged."""
    before = match.state
    result = match.execute(line)
    assert not result.ok, f"{line!r} was accepted: {result.message}"
    assert match.state == before
    return result.message


def draw_all_pending(match: Match[XpState]) -> None:
    """Let the app draw every card the seats are waiting for."""
    while match.state.pending:
        first = match.state.pending[0]
        if first.deck == "module":
            run(match, f"bonus {first.seat} habitat")
        else:
            run(match, f"for {first.seat}", f"draw {first.deck}")


def legal_pick(match: Match[XpState]) -> str:
    """A ship of the current virtual pack the drafter may take."""
    from companion.games.exploration.draft import current_pack, drafter

    seat = drafter(match.state)
    held = {s.ship_type for s in match.state.ships_of(seat or "")}
    pack = current_pack(match.state)
    legal = [c for c in pack if catalog().card(c).attrs["type"] not in held]
    return (legal or pack)[0]


def started_match(seats: tuple[str, ...] = ("Xichang", "Baikonur", "Kourou"),
                  seed: int = 7, rounds: int = 8) -> Match[XpState]:
    """A game through setup (app draws, virtual draft) to round 1's preparation phase."""
    match = new_match(seed)
    run(match, f"length {rounds}", *(f"join {s} Player{i}" for i, s in enumerate(seats)))
    draw_all_pending(match)
    run(match, *(["draw maneuver"] * 5), "draft virtual")
    while match.state.draft.is_running:
        run(match, f"pick {legal_pick(match)}")
    run(match, "start")
    return match


def fold(state: XpState, events: Iterable[Event]) -> XpState:
    """A state with `events` folded in, for unit tests of one rule function."""
    for e in events:
        state = RULES.apply(state, e)
    return state


def build(state: XpState, line: str) -> Builder[XpState]:
    """Build one verb or scan against `state` through the core builder, as the engine does."""
    verb, *args = line.split()
    b = Builder(RULES, catalog(), state)
    if verb == "scan":
        build_scan(RULES, b, catalog().card(args[0]))
    else:
        RULES.phases.verb(state.table.phase, verb)(b, args)
    return b
