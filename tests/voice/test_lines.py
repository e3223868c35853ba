"""Which sentences the voice gets: never a hidden card (200 seeded games, every sentence
recorded), undo said once, a burst of steps summed up, TI4's explorations and relics."""

from __future__ import annotations

import random
import re
from typing import Any

from companion.core.engine import Match
from companion.core.privacy import is_hidden_move
from companion.core.speech import Before, Said
from companion.games.exploration.definition import GAME as XP
from companion.games.ti4.definition import GAME as TI4
from companion.voice.lines import burst_sentences, step_sentences, summed
from tests.api.playout import choose, leak_finder
from tests.exploration.helpers import new_match, run
from tests.ti4.conftest import load_ti4
from tests.ti4.conftest import new_match as new_ti4_match

GAMES = 200


def _before(match: Match[Any]) -> Before:
    return Before(match.state.table.round, match.state.table.phase)


def _said(match: Match[Any], command: str) -> list[Said]:
    """Run one command and return what the voice would say about it."""
    before = _before(match)
    result = match.execute(command)
    assert result.ok, (command, result.message)
    step = result.step
    target = match.step(step.target) if step and step.target is not None else None
    return step_sentences(XP if match.rules is XP.rules else TI4, match.catalog, step, target,
                          before)


def _play_and_record(seed: int) -> tuple[list[str], int]:
    """One prompt-driven game; every sentence checked against the cards hidden then."""
    match, rng = new_match(seed), random.Random(seed)
    match.execute("length 8")
    said: list[str] = []
    hidden_draws = 0
    while not match.state.game_over:
        command = choose(match, rng)
        assert command is not None
        sentences = [s.text for s in _said(match, command)]
        step = match.step(max(match.index))
        found = leak_finder(match)  # the missions in hidden hands now
        for text in sentences:
            assert not found(text), (seed, command, text, found(text))
        if any(is_hidden_move(e) for e in step.events):
            hidden_draws += 1
            # Not even the deck: "Xichang draws a card" at most.
            assert not any(re.search(r"\b(primary|secondary|mission)\b", t, re.I)
                           for t in sentences if "draws" in t), sentences
        said += sentences
        assert len(match.index) < 1500
    return said, hidden_draws


def test_no_sentence_in_200_games_names_a_hidden_card() -> None:
    everything, hidden_draws = [], 0
    for seed in range(GAMES):
        said, draws = _play_and_record(seed)
        everything += said
        hidden_draws += draws
    # The games said things worth checking: turns, hidden draws, public cards, the end.
    assert hidden_draws > GAMES and sum("draws a card" in s for s in everything) > GAMES
    assert sum(s.startswith("The game is over.") for s in everything) == GAMES
    assert sum(s.endswith("turn.") for s in everything) > 10 * GAMES


def test_a_hidden_draw_is_said_as_a_card_and_a_public_one_by_name() -> None:
    match = new_match()
    run(match, "length 8", "join Xichang Ana", "join Baikonur Ben", "for Xichang")
    assert [s.text for s in _said(match, "scan XP/D17")] == ["Xichang draws Funding."]
    assert [s.text for s in _said(match, "scan XP/P06")] == ["Xichang draws a card."]


def test_undo_says_once_what_it_took_back() -> None:
    match = new_match()
    run(match, "length 8", "join Xichang Ana", "join Baikonur Ben", "for Xichang")
    _said(match, "scan XP/D17")
    assert _said(match, "undo") == [Said("undo", "Undone: Xichang draws Funding.")]
    assert _said(match, "redo") == [Said("undo", "Redone: Xichang draws Funding.")]
    _said(match, "scan XP/P06")
    assert _said(match, "undo") == [Said("undo", "Undone: Xichang draws a card.")]


def test_many_sentences_from_one_step_are_summed_up_in_one() -> None:
    said = [*(Said("card", f"Xichang draws card {i}.") for i in range(5)),
            Said("trap", "Trap 1 explodes."), Said("turn", "Ana, your turn.")]
    assert summed(said) == [Said("burst", "In one step: five cards and a trap."),
                            Said("turn", "Ana, your turn.")]
    assert summed(said[:3]) == said[:3]


def test_a_burst_of_steps_is_one_sentence_and_then_whose_turn_it_is() -> None:
    steps = [[Said("card", "a")], [], [Said("turn", "Xichang, your turn.")],
             [Said("card", "b")]]
    assert burst_sentences("Imported", steps) == [
        Said("burst", "Imported: four steps."), Said("turn", "Xichang, your turn.")]
    assert burst_sentences("Imported", [[]]) == [Said("burst", "Imported: one step.")]


def test_ti4_says_the_card_an_exploration_found_and_the_relic_gained() -> None:
    import shlex

    from companion.catalogs import assets_dir

    script = [line.strip() for line in (assets_dir() / "demo" / "ti4.txt").read_text(
        encoding="utf-8").splitlines() if shlex.split(line, comments=True)]
    match = new_ti4_match(load_ti4(), *script[:script.index("scan TI/H15")])
    assert [s.text for s in _said(match, "scan TI/H15")] == [
        "Explored, hazardous card: Hazardous Relic Fragment: Keep face up; purge 3 hazardous "
        "fragments to draw 1 relic."]
    for line in script[script.index("scan TI/H15") + 1:script.index("scan TI/R07")]:
        _said(match, line)
    assert [s.text for s in _said(match, "scan TI/R07")] == [
        "Alice gains the relic The Crown of Emphidia."]


def test_prompt_driven_ti4_sessions_say_their_explorations() -> None:
    """Every verb a TI4 table uses goes through the spoken form without a fault."""
    from companion.catalogs import load_catalog

    said: list[str] = []
    for seed in range(6):
        match, rng = Match(TI4.rules, load_catalog("ti4"), seed), random.Random(seed)
        for _ in range(150):
            command = choose(match, rng)
            assert command is not None
            said += [s.text for s in _said(match, command)]
    assert sum(s.startswith("Explored, ") for s in said) > 20
    assert any(" gains the relic " in s for s in said) or any("may draw a relic" in s
                                                               for s in said)


def test_a_sentence_that_cannot_be_made_leaves_the_step_alone(tmp_path, monkeypatch,
                                                              caplog) -> None:
    from dataclasses import replace

    from companion.session import open_session
    from companion.voice import lines

    def broken(events, catalog, before):
        raise KeyError("round")

    session = open_session(tmp_path / "g.db", "xp", new=True, seed=1)
    monkeypatch.setattr(lines, "game", lambda kind: replace(XP, spoken=broken))
    before = lines.before_step(session)
    result = session.run("length 8")
    assert result.ok and lines.session_sentences(session, result.step, before) == []
    assert "No sentence for step 1 (length 8): KeyError('round')" in caplog.text
    session.close()
