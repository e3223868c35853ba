"""The test process registers the test game (tests/racegame), exactly as a game kept
outside the package is registered: by naming it in COMPANION_GAMES. Child processes
(the CLI tests run `python -m companion`) inherit the variable, so they see it too."""

import os

from companion.games.registry import EXTRA_GAMES_VARIABLE

TEST_GAME = "tests.racegame:GAME"

_named = [n for n in os.environ.get(EXTRA_GAMES_VARIABLE, "").split(",") if n.strip()]
os.environ[EXTRA_GAMES_VARIABLE] = ",".join(dict.fromkeys([*_named, TEST_GAME]))
