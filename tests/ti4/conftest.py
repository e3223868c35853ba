"""Shared helpers for the TI4 exploration tests: a catalog, matches and checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.catalogs import load_catalog_file
from companion.core.catalog import Catalog
from companion.core.engine import Match, Result
from companion.games.ti4.rules import RULES
from companion.games.ti4.state import TI4State

REPO = Path(__file__).resolve().parents[2]
CATALOG_PATH = REPO / "assets" / "catalogs" / "ti4.toml"


def load_ti4() -> Catalog:
    return load_catalog_file(CATALOG_PATH)


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_ti4()


def new_match(catalog: Catalog, *setup_lines: str, seed: int = 1) -> Match[TI4State]:
    """A match with Alice (red) and Bob (blue) seated and the game set up."""
    m = Match(RULES, catalog, seed)
    lines = setup_lines or ("player Alice red", "player Bob blue", "setup")
    ok(m, *lines)
    return m


def ok(m: Match[TI4State], *lines: str) -> Result:
    """Run lines that must all succeed; return the last result."""
    result = None
    for line in lines:
        result = m.execute(line)
        assert result.ok, f"{line!r} was refused: {result.message}"
    assert result is not None
    return result


def refused(m: Match[TI4State], line: str) -> str:
    """Run a line that must be refused and must change nothing; return the sentence."""
    before, steps = m.state, len(m.steps)
    result = m.execute(line)
    assert not result.ok, f"{line!r} was accepted: {result.message}"
    assert m.state == before and len(m.steps) == steps
    assert result.message.endswith((".", ")")) and len(result.message) > 20
    return result.message


def zone(m: Match[TI4State], card: str) -> str:
    return m.state.table.zone_of(card)
