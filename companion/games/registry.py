"""Which rules serve which CLI game id. Imported lazily by the CLI."""

from __future__ import annotations

import importlib
from typing import Any

from companion.core.errors import CompanionError
from companion.core.rules import GameRules

RULES_MODULES = {
    "xp": "companion.games.exploration.rules",
    "ti4": "companion.games.ti4.rules",
}


def rules_for(game: str) -> GameRules[Any]:
    """The rules object of `game` ("xp" or "ti4")."""
    if game not in RULES_MODULES:
        raise CompanionError(f"{game!r} is not a known game; choose xp or ti4.")
    module = importlib.import_module(RULES_MODULES[game])
    rules: GameRules[Any] = module.RULES
    return rules
