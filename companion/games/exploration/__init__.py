"""Exploration, a space-race board game: catalog look-ups, state, setup,
the preparation phase and the flight phase. Registered as `GAME`."""

from companion.core.definition import GameDefinition
from companion.games.exploration.rules import RULES
from companion.games.exploration.spoken import spoken

#: The app's demo table (`companion app --demo`): the 8-round side, two spaceports taken.
DEMO_SETUP = ("length 8", "join Xichang Ana", "join Baikonur Ben")

GAME = GameDefinition(id="xp", prefix="XP", title="Exploration", rules=RULES,
                      catalog_file="exploration.toml", demo_file="xp.txt",
                      demo_setup=DEMO_SETUP, order=1, default_demo=True, spoken=spoken)
