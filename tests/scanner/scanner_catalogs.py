"""Small test catalogs for the scanner tests (a unique module name, unlike conftest)."""

from __future__ import annotations

from typing import Any

from companion.core.catalog import Catalog
from companion.core.errors import CatalogError


def catalog_data(game: str, title: str, cards: dict[str, str]) -> dict[str, Any]:
    return {
        "catalog": {"game": game, "title": title, "version": "test"},
        "decks": {"main": {"title": "Main deck"}},
        "cards": [{"design": card_id.lower(), "name": name, "deck": "main", "kind": "card",
                   "ids": [card_id]} for card_id, name in cards.items()],
    }


XP_CARDS = {"SH01": "Shipwreck", "EV07": "Eruption", "TR3": "Trap Door"}
TI_CARDS = {"R3": "Relic Fragment", "C12": "Cultural Relic"}
CATALOGS = {
    "xp": Catalog.from_data(catalog_data("xp", "Exploration", XP_CARDS), "xp-test", "XP"),
    "ti4": Catalog.from_data(catalog_data("ti4", "TI4 Exploration", TI_CARDS), "ti4-test", "TI"),
}


def load_test_catalog(game: str) -> Catalog:
    """The small catalog of a shipped game; any other registered game's own catalog."""
    if game in CATALOGS:
        return CATALOGS[game]
    from companion.catalogs import load_catalog

    return load_catalog(game)


def broken_loader(game: str) -> Catalog:
    raise CatalogError(f"{game}.toml: cards[3].ids: is missing")
