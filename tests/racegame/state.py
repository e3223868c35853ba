"""Comet Race's state and the catalog numbers it reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.catalog import Catalog
from companion.core.errors import CatalogError
from companion.core.table import Table

GAME_ID = "race"
TITLE = "Comet Race"


@dataclass(frozen=True)
class RaceState:
    table: Table

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table.to_dict()}


def number(catalog: Catalog, key: str) -> int:
    value = catalog.rules.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise CatalogError(f"{catalog.source}: rules.{key}: must be a whole number above 0")
    return value


def position(table: Table, seat: str) -> int:
    return table.counters.get(f"position:{seat}", 0)
