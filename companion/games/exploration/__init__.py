"""Exploration, a space-race board game: catalog look-ups, state, setup,
the preparation phase and the flight phase.

Declared here as `DECLARED`, which the list of games reads without importing the
rules; the definition (`GAME`: rules, voice, demo table) is in `definition.py`,
imported the first time the game is used."""

from companion.core.declaration import GameDeclaration

#: The app's demo table (`companion app --demo`): the 8-round side, two spaceports taken.
DEMO_SETUP = ("length 8", "join Xichang Ana", "join Baikonur Ben")

DECLARED = GameDeclaration(id="xp", prefix="XP", title="Exploration",
                           where="companion.games.exploration.definition:GAME", order=1,
                           demo=True, default_demo=True)
