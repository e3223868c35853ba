"""TI4 exploration (Rules Reference 35 with Prophecy of Kings). Registered as `GAME`."""

from companion.core.definition import GameDefinition
from companion.games.ti4.rules import RULES

#: The app's demo table (`companion app --demo ti4`): three players seated with their
#: home planets (no trait, never explored), Alice active and ready to explore.
DEMO_SETUP = ("player Alice red", "player Bob blue", "player Carol green", "setup",
              "take Jord for Alice", "take \"Arc Prime\" \"Wren Terra\" for Bob",
              "take Nestphar for Carol")

GAME = GameDefinition(id="ti4", prefix="TI", title="TI4 Exploration", rules=RULES,
                      catalog_file="ti4.toml", demo_file="ti4.txt", demo_setup=DEMO_SETUP)
