"""The documents stay true: commands exist, cited tests exist, links resolve."""

import re
from pathlib import Path

import pytest

from companion.games.registry import packaged

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _quick_start_commands() -> list[str]:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]


def test_readme_quick_start_has_exactly_two_commands_and_ci_runs_the_test_one():
    commands = _quick_start_commands()
    assert commands == ["bash deploy/setup.sh run", "bash deploy/setup.sh test"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert [line for line in ci.splitlines() if line and not line.startswith("#")] == [
        f"exec {commands[1]}"]


def test_every_local_link_in_the_readme_resolves():
    for target in re.findall(r"\]\(([^)#]+)\)", README):
        if "://" not in target:
            assert (ROOT / target).exists(), f"README links to missing {target}"


def test_every_test_cited_in_the_rules_coverage_exists():
    text = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"(test_\w+\.py)::(test_\w+)", text))
    assert len(cited) > 60
    sources: dict[str, str] = {}
    for path in (ROOT / "tests").rglob("test_*.py"):
        sources[path.name] = sources.get(path.name, "") + path.read_text(encoding="utf-8")
    for file_name, test in sorted(cited):
        assert file_name in sources, f"{file_name} is cited but does not exist"
        assert f"def {test}" in sources[file_name], f"{file_name}::{test} is cited but missing"


@pytest.mark.parametrize("game", packaged(), ids=lambda g: g.id)
def test_every_verb_of_a_game_has_a_row_in_commands_md(game):
    text = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip().strip("`") for line in text.splitlines()
            if line.startswith("| ")}
    for verb in game.rules.verbs():
        assert verb.name in rows, f"{game.id} verb {verb.name!r} has no row in docs/commands.md"
