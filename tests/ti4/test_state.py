"""The TI4 state: saved forms, derived flags, and the seat named in messages."""

from __future__ import annotations

from companion.core.catalog import Catalog
from companion.core.engine import Match
from companion.games.ti4.rules import RULES
from companion.games.ti4.state import TI4State
from tests.ti4.conftest import new_match, ok, refused


def test_set_up_follows_the_round(catalog: Catalog) -> None:
    m = Match(RULES, catalog, 1)
    ok(m, "player Alice", "player Bob")
    assert not m.state.set_up and m.state.table.round == 0
    ok(m, "setup")
    assert m.state.set_up and m.state.table.round == 1
    assert "set_up" not in m.state.to_dict()


def test_state_saved_with_the_old_set_up_flag_still_loads(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "tech Alice dark", "frontier 42 for Alice", "scan TI/F11", "resolve")
    saved = {**m.state.to_dict(), "set_up": True}
    assert RULES.state_from_dict(saved) == m.state
    older = {k: v for k, v in saved.items() if k != "token_tiles"}
    assert RULES.state_from_dict(older).token_tiles == {}
    assert TI4State.from_dict(m.state.to_dict()) == m.state


def test_keywords_cannot_be_seat_names(catalog: Catalog) -> None:
    m = Match(RULES, catalog, 1)
    for word in ("for", "With", "TO", "from"):
        assert "cannot be a seat name" in refused(m, f"player {word}")


def test_messages_name_the_seat_that_held_the_card(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Lodor for Alice", "scan TI/C12", "resolve")
    assert "Alice gives Cultural Relic Fragment (C12) to Bob" in ok(m, "trade C12 to Bob").message
    result = ok(m, "purge P26 Stellar Converter")
    assert result.step is not None and result.step.seat == "Alice"


def test_a_player_name_that_cannot_be_a_seat_is_refused_and_changes_nothing(catalog):
    m = Match(RULES, catalog, 1)
    result = m.execute("player Al\x1b[5m red")
    assert not result.ok
    assert result.message == "'Al\\x1b[5m' cannot be a seat name: use 1 to 32 printable characters."
    assert m.state.table.seats == () and m.step_count == 0
    assert m.execute("player Ann-Marie red").message == "Ann-Marie takes a seat (red)."
