"""The scripted TI4 session (tests/ti4/session.txt) runs cleanly through Match."""

from __future__ import annotations

from pathlib import Path

from companion.core.catalog import Catalog
from companion.core.engine import Match
from companion.games.ti4.rules import RULES
from companion.games.ti4.state import TI4State

SESSION = Path(__file__).with_name("session.txt")


def run_session(catalog: Catalog) -> tuple[Match[TI4State], list[str]]:
    m = Match(RULES, catalog, 2024)
    messages = []
    for number, line in enumerate(SESSION.read_text(encoding="utf-8").splitlines(), start=1):
        result = m.execute(line)
        assert result.ok, f"session.txt line {number} {line!r} refused: {result.message}"
        messages.append(result.message)
    return m, messages


def test_session_runs_and_ends_in_the_expected_state(catalog: Catalog) -> None:
    m, messages = run_session(catalog)
    t = m.state.table
    assert m.state.queue == () and m.state.revealed is None and m.state.relic_draws == ()
    assert t.zone_of("H11") == "attached:P38B" and t.zone_of("P38B") == "area:Bob"
    assert t.zone_of("R07") == "area:Alice" and t.zone_of("R01") == "area:Carol"
    assert t.zone_of("I16") == "area:Alice" and t.zone_of("F14") == "area:Carol"
    assert {t.zone_of(c) for c in ("H14", "H15", "H16", "C12", "F12", "F13")} == {"purged"}
    assert t.zone_of("PMIR") == "area:Carol" and t.zone_of("F11") == "purged"
    assert t.zone_of("F06") == "play:common"
    assert {t.zone_of("F03"), t.zone_of("F04")} == {"area:Carol"}
    assert m.state.frontier == ("79", "80")
    assert t.count_in("deck:frontier") == 5 and t.cards_in("discard:frontier") == ["F09"]
    assert any("shuffle its discard pile (6 cards)" in msg for msg in messages)
    assert m.replay_from_start() == m.state


def test_session_survives_a_save_and_reload(catalog: Catalog) -> None:
    m, _ = run_session(catalog)
    again = Match(RULES, catalog, 2024, steps=m.history())
    assert again.state == m.state
    assert RULES.state_from_dict(m.state.to_dict()) == m.state


def test_the_purge_choices_find_cards_by_the_zone_they_lie_in(catalog: Catalog) -> None:
    from companion.games.ti4.prompt import expand

    m, _ = run_session(catalog)
    places = [c.label for c in expand(m.state, catalog, "purge", None)]
    assert places[-2:] == ["A card in the common play area", "A card attached to a planet"]
    attached = expand(m.state, catalog, "purge attached:", None)
    assert [(c.label, c.command) for c in attached] == [("Mining World (H11)", "purge H11")]
    common = expand(m.state, catalog, "purge play:common", None)
    assert [c.command for c in common] == ["purge F06"]
