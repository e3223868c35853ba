"""Exploration, a space-race board game: catalog look-ups, state, setup,
the preparation phase and the flight phase. Registered as `GAME`."""

from companion.core.definition import GameDefinition
from companion.games.exploration.rules import RULES

GAME = GameDefinition(id="xp", prefix="XP", title="Exploration", rules=RULES,
                      catalog_file="exploration.toml", demo_file="xp.txt")
