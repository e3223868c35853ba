"""The TI4 docs stay true: every test they cite exists, every verb is documented."""

from __future__ import annotations

import ast
import re

from companion.games.ti4.rules import RULES
from tests.ti4.conftest import REPO

COVERAGE = REPO / "docs" / "rules-coverage.md"
COMMANDS = REPO / "docs" / "commands.md"
TI4_HEADING = "## TI4 exploration (`ti4`)"


def _ti4_coverage() -> str:
    """The TI4 section of the rules coverage (the file covers both games)."""
    return COVERAGE.read_text(encoding="utf-8").split(TI4_HEADING, 1)[1]
RULE_IDS = ["35.1", "35.2", "35.2a", "35.2b", "35.2c", "35.2d", "35.3", "35.4", "35.4a",
            "35.5", "35.6", "35.7", "35.7a", "35.8", "35.9", "35.9a", "35.9b"]


def _tests_in(file_name: str) -> set[str]:
    tree = ast.parse((REPO / "tests" / "ti4" / file_name).read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


def test_every_cited_test_exists() -> None:
    cited = re.findall(r"`(test_\w+\.py)::(test_\w+)`", _ti4_coverage())
    assert len(cited) > 40
    for file_name, test in cited:
        assert test in _tests_in(file_name), f"{file_name}::{test} is cited but missing"


def test_every_sub_rule_and_note_has_a_named_test() -> None:
    names = set().union(*(_tests_in(f) for f in ("test_rule35.py", "test_notes.py")))
    for rule in RULE_IDS:
        prefix = "test_" + rule.replace(".", "_") + "_"
        assert any(n.startswith(prefix) for n in names), rule
    for note in range(1, 7):
        assert any(n.startswith(f"test_35_note{note}_") for n in names), note


def test_every_verb_is_in_the_commands_table() -> None:
    rows = {line.split("|")[1].strip() for line in COMMANDS.read_text(encoding="utf-8")
            .splitlines() if line.startswith("| ")}
    core = {"scan", "draw", "odds", "undo", "redo", "adjust", "note", "roll"}
    assert {v.name for v in RULES.verbs()} | core <= rows
