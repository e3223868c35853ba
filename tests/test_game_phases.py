"""Every game's phase table and vocabulary agree with what it documents and emits."""

from __future__ import annotations

from typing import Any

import pytest

from companion.catalogs import demo_path, load_catalog
from companion.core.engine import Match
from companion.games.registry import game as game_named
from companion.games.registry import games

GAMES = list(games().ids)  # every registered game, the test game included


@pytest.mark.parametrize("game", GAMES)
def test_help_lists_exactly_the_verbs_some_phase_takes(game):
    definition = game_named(game)
    documented = {v.name for v in definition.rules.verbs()}
    assert documented == set(definition.phases.all_verbs())


@pytest.mark.parametrize("game", GAMES)
def test_the_demo_enters_only_declared_phases_and_emits_only_known_events(game):
    rules = game_named(game).rules
    match: Match[Any] = Match(rules, load_catalog(game), seed=1)
    script = demo_path(game_named(game))
    if script is None:
        pytest.skip(f"{game} has no demo script")
    text = script.read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            match.execute(line)
            assert match.state.table.phase in rules.phases.by_name, line
    types = {e.type for step in match.history() for e in step.events}
    assert types and all(rules.vocabulary.knows(t) for t in types)


def test_an_exploration_verb_of_another_phase_names_the_phase_that_takes_it():
    match: Match[Any] = Match(game_named("xp").rules, load_catalog("xp"), seed=1)
    result = match.execute("drift")
    assert not result.ok
    assert result.message == "You cannot use drift now: it is the setup phase, not drift."
    assert match.step_count == 0
