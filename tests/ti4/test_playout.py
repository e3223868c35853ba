"""Random playouts of legal-looking commands, checking the invariants after each one."""

from __future__ import annotations

import random

import pytest

from companion.core.catalog import Catalog
from companion.core.engine import Match
from companion.core.piles import every_card_once
from companion.games.ti4.rules import RULES
from companion.games.ti4.state import TI4State
from tests.ti4.conftest import new_match

SEATS = ("Alice", "Bob", "Carol")


def candidate(m: Match[TI4State], catalog: Catalog, rng: random.Random) -> str:
    """One command a table might type now; some will be refused, which is fine."""
    s = m.state
    head = s.head
    if s.revealed is not None and rng.random() < 0.7:
        return "resolve"
    if head is not None and head.started and rng.random() < 0.8:
        decks = [head.deck] if head.deck else list(head.decks)
        if rng.random() < 0.3:
            return f"draw {rng.choice(decks)}"
        pool = s.table.cards_in(f"deck:{rng.choice(decks)}") or list(catalog.cards)
        return f"scan TI/{rng.choice(pool)}"
    if s.relic_draws:
        return rng.choice(["draw relic", f"scan TI/{rng.choice(list(catalog.cards))}"])
    seat = rng.choice(SEATS)
    planets = [c.card_id for c in catalog.in_deck("planet")]
    held = [c for c in planets if s.table.zone_of(c).startswith("area:")] or planets
    fragments = [c for c, z in s.table.locations.items()
                 if z.startswith("area:") and catalog.cards[c].kind == "fragment"]
    options = [
        f"take {rng.choice(planets)} for {seat}",
        f"scan TI/{rng.choice(planets)}",
        f"turn {seat}",
        f"tech {seat} {rng.choice(['dark', 'scanlink'])}",
        f"frontier {rng.choice(s.frontier or ('41',))} for {seat}",
        f"frontier {rng.choice(s.frontier or ('41',))} for {seat} with Probe",
        f"explore-again {rng.choice(held)} with Garv",
        f"relic {seat}", f"relic {seat} with Forgery",
        f"trade {rng.choice(fragments or ['C12'])} to {seat}",
        f"terraform {rng.choice(held)}",
        "choose cultural", "undo", "redo",
    ]
    return rng.choice(options)


def check_invariants(m: Match[TI4State], catalog: Catalog) -> None:
    assert every_card_once(m.state.table, catalog.cards)
    assert m.replay_from_start() == m.state
    revealed = m.state.table.cards_in("play:revealed")
    assert len(revealed) <= 1 and (not revealed or m.state.head is not None)
    assert len(m.state.relic_draws) <= m.state.table.count_in("deck:relic")


@pytest.mark.parametrize("seed", range(6))
def test_random_playout_keeps_invariants(catalog: Catalog, seed: int) -> None:
    rng = random.Random(seed)
    m = new_match(catalog, "player Alice", "player Bob", "player Carol", "setup", seed=seed)
    for _ in range(120):
        before, steps = m.state, len(m.steps)
        line = candidate(m, catalog, rng)
        result = m.execute(line)
        if not result.ok:
            assert m.state == before and len(m.steps) == steps, line
            continue
        check_invariants(m, catalog)
        if result.step is not None and result.step.kind == "do" and rng.random() < 0.3:
            after = m.state
            assert m.execute("undo").ok and m.state == before
            assert m.execute("redo").ok and m.state == after
    reloaded = Match(RULES, catalog, seed, steps=m.history())
    assert reloaded.state == m.state
