"""Comet Race, the test game: one definition, registered only in the test process."""

import tomllib
from pathlib import Path
from typing import Any

from companion.core.catalog import Catalog
from companion.core.definition import GameDefinition
from tests.racegame.rules import RULES

HERE = Path(__file__).resolve().parent

GAME = GameDefinition(id="race", prefix="RC", title="Comet Race", rules=RULES,
                      catalog_file=str(HERE / "race.toml"), demo_file=str(HERE / "demo.txt"),
                      demo_setup=("join Ann", "join Bo", "start"))
# Comet Race: the test game. It lives in tests/ and is registered only in the
# test process (tests/conftest.py sets COMPANION_GAMES); it proves a game plugs in
# with no edit outside its own package, catalog and tests (docs/adding-a-game.md).


def race_data() -> dict[str, Any]:
    """A fresh parse of race.toml, for tests that change a catalog before building it."""
    return tomllib.loads((HERE / "race.toml").read_text(encoding="utf-8"))


def race_catalog() -> Catalog:
    """The Comet Race catalog, built the way the companion builds every game's."""
    return GAME.catalog_from_data(race_data(), "race.toml")
