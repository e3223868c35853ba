"""Random command sequences: replay equals live, undo+redo is identity, cards conserved."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.engine import Match
from companion.core.piles import every_card_once
from tests.racegame import race_catalog
from tests.racegame.rules import RaceRules

COMMANDS = st.sampled_from([
    "join Ann", "join Bob", "join Cy", "start", "start", "scan RC/T1", "scan RC/T2",
    "scan RC/W1", "scan RC/I1", "scan RC/S3", "scan RC/ZZ9", "draw comet", "draw comet",
    "draw comets", "roll d6", "roll d6 6", "roll d6 0", "undo", "undo", "redo",
    "adjust Ann score +1 test", "adjust Bob fuel -1", "note hello", "scan nonsense",
    "scan TI/C1", "bogus"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(COMMANDS, max_size=40))
def test_replay_equals_live_and_cards_are_conserved(lines):
    catalog = race_catalog()
    match = Match(RaceRules(), catalog, seed=42)
    for line in lines:
        before = match.state
        result = match.execute(line)
        if not result.ok or result.step is None:
            assert match.state == before
        assert every_card_once(match.state.table, catalog.cards)
    assert match.replay_from_start() == match.state
    reloaded = Match(RaceRules(), catalog, 42, match.history())
    assert reloaded.state == match.state


@settings(max_examples=40, deadline=None)
@given(st.lists(COMMANDS, max_size=30))
def test_undo_then_redo_is_identity(lines):
    match = Match(RaceRules(), race_catalog(), seed=9)
    for line in lines:
        match.execute(line)
    if match.stack:
        before = match.state
        assert match.execute("undo").ok
        assert match.execute("redo").ok
        assert match.state == before
