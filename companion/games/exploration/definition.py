"""Exploration's definition: its rules, catalog, voice and demo table. Registered as
`GAME`, as the package's `DECLARED` names it."""

from companion.core.definition import GameDefinition
from companion.games.exploration import DECLARED, DEMO_SETUP
from companion.games.exploration.rules import RULES
from companion.games.exploration.spoken import spoken

GAME = GameDefinition.declared_as(DECLARED, RULES, "exploration.toml", demo_file="xp.txt",
                                  demo_setup=DEMO_SETUP, spoken=spoken)
