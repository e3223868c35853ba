"""A game's rules are imported the first time the game is used, not to list the games.

The registry reads each packaged game's small declaration (`DECLARED`) and imports its
definition only when that game is asked for: resuming an Exploration game does not pay
for TI4's rules (about 85 ms of a cold start on a Pi's budget, docs/perf.md). Python's
own `-X importtime` report names every module a command imported.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from companion.core.declaration import GameDeclaration
from companion.core.errors import CompanionError
from companion.games.registry import games, load
from tests.cli.conftest import ROOT, companion

XP_RULES, TI4_RULES = "companion.games.exploration.rules", "companion.games.ti4.rules"


def _imported(*args: str) -> set[str]:
    """The companion's game modules imported by one `companion ARGS` run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("COMPANION_GAMES", None)  # the packaged games only, as a player has them
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "companion", *args],
                         capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    return {line.rsplit("|", 1)[1].strip() for line in run.stderr.splitlines()
            if line.startswith("import time:") and "companion.games." in line}


def test_a_command_on_an_exploration_game_imports_no_ti4_rules(db):
    assert companion("--db", str(db), "play", "--game", "xp", "--new").returncode == 0
    imported = _imported("--db", str(db), "state")
    assert XP_RULES in imported and TI4_RULES not in imported


def test_the_saved_games_and_the_choices_are_listed_with_no_rules_imported(db):
    assert companion("--db", str(db), "play", "--game", "ti4", "--new").returncode == 0
    for args in (("--db", str(db), "games"), ("play", "--help"), ("app", "--help")):
        imported = _imported(*args)
        assert not {XP_RULES, TI4_RULES} & imported, args
    listed = companion("--db", str(db), "games").stdout
    assert "ti4" in listed and "{xp,ti4" in companion("play", "--help").stdout


def test_a_definition_that_contradicts_its_declaration_is_refused_in_one_sentence():
    xp = games().declaration("xp")
    renamed = GameDeclaration(xp.id, xp.prefix, "Exploration Deluxe", xp.where, xp.order,
                              xp.demo, xp.default_demo)
    with pytest.raises(CompanionError, match="not what its package declares"):
        load(renamed)
    assert load(xp) is games().get("xp")
