"""Shared fixtures: the two real catalogs (loaded once) and a small synthetic one."""

from __future__ import annotations

from typing import Any

import pytest

from companion.catalogs import load_catalog
from companion.core.catalog import Catalog


@pytest.fixture(scope="session")
def xp() -> Catalog:
    return load_catalog("xp")


@pytest.fixture(scope="session")
def ti4() -> Catalog:
    return load_catalog("ti4")


def small_catalog_data() -> dict[str, Any]:
    """A deck of cards, an untagged deck, a deck holding only optional cards, and tiles."""
    def card(design: str, deck: str, ids: list[str], **extra: Any) -> dict[str, Any]:
        return {"design": design, "name": design.title(), "deck": deck, "kind": "card",
                "ids": ids, **extra}

    return {
        "catalog": {"game": "xp", "title": "Small", "version": "test"},
        "decks": {"main": {"title": "Main deck"}, "tokens": {"title": "Tokens", "tagged": False},
                  "extra": {"title": "Extra deck"}, "board": {"title": "Board tiles"}},
        "cards": [card("alpha", "main", ["A1", "A2"]), card("beta", "main", ["B1"]),
                  card("coin", "tokens", ["T1"]),
                  card("gamma", "extra", ["G1"], option="expansion"),
                  card("space", "board", ["S1", "S2"])],
    }


@pytest.fixture
def small() -> Catalog:
    return Catalog.from_data(small_catalog_data(), "small.toml", "XP")
