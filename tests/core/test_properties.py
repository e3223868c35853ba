"""Random command sequences: replay equals live, undo+redo is identity, cards conserved."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.engine import Match
from companion.core.piles import every_card_once
from tests.core.toygame import ToyRules, toy_catalog

COMMANDS = st.sampled_from([
    "sit Ann", "sit Bob", "pay Ann 1", "pay Bob 2", "scan TY/H1", "scan TY/H2", "scan TY/H3",
    "scan TY/H4", "scan TY/M1", "discard H1", "discard H2", "discard H4", "draw hazard",
    "draw mission", "roll maneuver", "roll maneuver one", "undo", "undo", "redo",
    "adjust Ann score +1 test", "note hello", "scan nonsense", "scan TI/C1", "bogus"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(COMMANDS, max_size=40))
def test_replay_equals_live_and_cards_are_conserved(lines):
    catalog = toy_catalog()
    match = Match(ToyRules(), catalog, seed=42)
    for line in lines:
        before = match.state
        result = match.execute(line)
        if not result.ok or result.step is None:
            assert match.state == before
        assert every_card_once(match.state.table, catalog.cards)
    assert match.replay_from_start() == match.state
    reloaded = Match(ToyRules(), catalog, 42, match.history())
    assert reloaded.state == match.state


@settings(max_examples=40, deadline=None)
@given(st.lists(COMMANDS, max_size=30))
def test_undo_then_redo_is_identity(lines):
    match = Match(ToyRules(), toy_catalog(), seed=9)
    for line in lines:
        match.execute(line)
    if match.stack:
        before = match.state
        assert match.execute("undo").ok
        assert match.execute("redo").ok
        assert match.state == before
