"""TI4 exploration's definition: its rules, catalog, voice and demo table. Registered
as `GAME`, as the package's `DECLARED` names it."""

from companion.core.definition import GameDefinition
from companion.games.ti4 import DECLARED, DEMO_SETUP
from companion.games.ti4.rules import RULES
from companion.games.ti4.spoken import spoken

GAME = GameDefinition.declared_as(DECLARED, RULES, "ti4.toml", demo_file="ti4.txt",
                                  demo_setup=DEMO_SETUP, spoken=spoken)
