"""TI4 exploration (Rules Reference 35 with Prophecy of Kings). Registered as `GAME`."""

from companion.core.definition import GameDefinition
from companion.games.ti4.rules import RULES

GAME = GameDefinition(id="ti4", prefix="TI", title="TI4 Exploration", rules=RULES,
                      catalog_file="ti4.toml", demo_file="ti4.txt")
