"""Who draws the cards (issue 22, tries 24, 27, 28): a table playing with the app's decks
finds the app's draw as the moment's main action (the fixed green bar); a table drawing
real cards keeps the pick there (tries 11, 16). Nothing else in the prompt changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.engine import Match
from companion.core.errors import CompanionError
from companion.core.prompt import Prompt, prompt
from companion.tables import Tables
from companion.ui.devtools.gallery import flight_lines
from tests.exploration.helpers import new_match, run
from tests.ti4.conftest import load_ti4, ok
from tests.ti4.conftest import new_match as ti4_match

THREE = ("player Alice red", "player Bob blue", "player Carol green", "setup")


def _main(shown: Prompt) -> tuple[str, str | None, str | None]:
    mains = [(a.label, a.command, a.partial) for a in shown.actions if a.main]
    assert len(mains) == 1, mains
    return mains[0]


def _without_main(shown: Prompt) -> list[dict[str, Any]]:
    """Every action as a screen gets it, the main flag left out."""
    return [{k: v for k, v in a.to_dict().items() if k != "main"} for a in shown.actions]


def _hazard_owed() -> Match[Any]:
    match = new_match()
    run(match, *flight_lines(), "move SHLD1 1 hazard")
    return match


def test_exploration_a_hazard_owed_the_drawer_decides_the_main_action() -> None:
    match = _hazard_owed()
    table, app = prompt(match), prompt(match, drawer="app")
    assert _main(table) == ("Pick the card drawn at the table: Hazard cards", None,
                            "scan hazard")
    assert _main(app) == ("Let the app draw: Hazard cards", "draw hazard", None)
    assert _without_main(app) == _without_main(table)  # the same actions, same places
    assert app.waiting_for == table.waiting_for


def test_ti4_an_exploration_owed_the_drawer_decides_the_main_action() -> None:
    match = ti4_match(load_ti4(), *THREE)
    ok(match, "take Loki")
    table, app = prompt(match), prompt(match, drawer="app")
    assert _main(table)[0] == "Pick the card drawn at the table: Cultural exploration deck"
    assert _main(app) == ("Let the app draw: Cultural exploration deck", "draw cultural",
                          None)
    assert _without_main(app) == _without_main(table)
    ok(match, _main(app)[1] or "", "resolve")  # the app's draw, then the turn's end again
    assert _main(prompt(match, drawer="app"))[0] == "End Alice's turn"


def test_no_card_owed_or_several_decks_owed_nothing_changes() -> None:
    match = ti4_match(load_ti4(), *THREE)
    assert prompt(match, drawer="app").to_dict() == prompt(match).to_dict()  # "End turn"
    setup = new_match()
    run(setup, "length 8", "join Kourou Ana", "join Xichang Bo")  # several decks owed
    assert prompt(setup, drawer="app").to_dict() == prompt(setup).to_dict()


def test_the_table_api_asks_the_prompt_of_either_drawer_and_refuses_another(
        tmp_path: Path) -> None:
    api = Tables(tmp_path / "games.db").new("xp", 7)
    for line in (*flight_lines(), "move SHLD1 1 hazard"):
        assert api.run(line)["ok"], line
    assert _main(api.prompt(drawer="app"))[1] == "draw hazard"
    assert _main(api.prompt())[2] == "scan hazard"
    steps = api.steps
    with pytest.raises(CompanionError) as refused:
        api.prompt(drawer="dealer")
    assert str(refused.value) == "Who draws the cards is 'table' or 'app', not 'dealer'."
    assert api.steps == steps
    api.close()


def test_companion_prompt_takes_who_draws(tmp_path: Path) -> None:
    from tests.cli.conftest import companion

    db = str(tmp_path / "games.db")
    setup = "\n".join((*THREE, "take Loki")) + "\n"
    assert companion("--db", db, "play", "--game", "ti4", "--new", "--script", "-",
                     stdin=setup).returncode == 0

    def main_of(*drawer: str) -> str:
        shown = json.loads(companion("--db", db, "prompt", "--json", *drawer).stdout)
        return next(a["label"] for a in shown["actions"] if a.get("main"))

    assert main_of() == "Pick the card drawn at the table: Cultural exploration deck"
    assert main_of("--drawer", "app") == "Let the app draw: Cultural exploration deck"
    wrong = companion("--db", db, "prompt", "--drawer", "dealer")
    assert wrong.returncode == 2 and "invalid choice: 'dealer'" in wrong.stderr
