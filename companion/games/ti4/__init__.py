"""TI4 exploration (Rules Reference 35 with Prophecy of Kings).

Declared here as `DECLARED`, which the list of games reads without importing the
rules; the definition (`GAME`: rules, voice, demo table) is in `definition.py`,
imported the first time the game is used."""

from companion.core.declaration import GameDeclaration

#: The app's demo table (`companion app --demo ti4`): three players seated as the new-game
#: form seats them, frontier tokens placed, Alice active and ready to explore. (Home
#: planets are left out: never explored, they would only lengthen the first sentence.)
DEMO_SETUP = ("player Alice red", "player Bob blue", "player Carol green", "setup")

DECLARED = GameDeclaration(id="ti4", prefix="TI", title="TI4 Exploration",
                           where="companion.games.ti4.definition:GAME", order=2, demo=True)
