"""TI4 exploration (Rules Reference 35 with Prophecy of Kings). Registered as `GAME`."""

from companion.core.definition import GameDefinition
from companion.games.ti4.rules import RULES
from companion.games.ti4.spoken import spoken

#: The app's demo table (`companion app --demo ti4`): three players seated as the new-game
#: form seats them, frontier tokens placed, Alice active and ready to explore. (Home
#: planets are left out: never explored, they would only lengthen the first sentence.)
DEMO_SETUP = ("player Alice red", "player Bob blue", "player Carol green", "setup")

GAME = GameDefinition(id="ti4", prefix="TI", title="TI4 Exploration", rules=RULES,
                      catalog_file="ti4.toml", demo_file="ti4.txt", demo_setup=DEMO_SETUP,
                      order=2, spoken=spoken)
