"""Comet Race, the test game: one definition, registered only in the test process."""

from pathlib import Path

from companion.core.definition import GameDefinition
from tests.racegame.rules import RULES

HERE = Path(__file__).resolve().parent

GAME = GameDefinition(id="race", prefix="RC", title="Comet Race", rules=RULES,
                      catalog_file=str(HERE / "race.toml"), demo_file=str(HERE / "demo.txt"))
