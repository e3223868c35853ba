"""Random playouts of commands through setup and preparation, checking the core's
invariants after every step: every card in exactly one zone, a refusal changes
nothing, replay from the start equals the live state, undo then redo is identity."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.piles import every_card_once
from companion.games.exploration.catalog import module_kinds, tech_actions
from companion.games.exploration.rules import RULES
from companion.games.exploration.state import XpState
from tests.exploration.helpers import catalog, started_match

PORTS = ("Xichang", "Wostochny", "Baikonur", "Kourou", "Cape Canaveral")


def _candidates(state: XpState) -> list[str]:
    """Commands a table might type now, legal or not."""
    seat = state.table.active or "Xichang"
    ships = [s.card for s in state.ships_of(seat)]
    cat = catalog()
    lines = [f"tech {effect}" for effect in tech_actions(cat)] + ["done", "undo", "redo"]
    lines += [f"select {s}" for s in ships] + [f"deploy {s}" for s in ships]
    lines += [f"build {s} {m}" for s in ships for m in module_kinds(cat)[::3]]
    lines += [f"maneuver {c} {s} gnss" for c in state.maneuver_row() for s in ships]
    lines += [f"develop {c} L4" for c in state.table.cards_in(f"area:{seat}")
              if cat.card(c).deck == "development"]
    lines += [f"draw {p.deck}" for p in state.pending[:1]]
    lines += [f'adjust "{seat}" technology +1 test', f'adjust "{seat}" command +1 test']
    return lines


def _check(match) -> None:
    state = match.state
    assert every_card_once(state.table, catalog().cards)
    assert all(isinstance(z, str) for z in state.table.locations.values())
    assert match.replay_from_start() == state
    assert RULES.state_from_dict(state.to_dict()) == state
    assert all(state.table.resource(s, r) >= 0 for s in state.table.seats
               for r in ("credits", "command", "technology"))


@settings(max_examples=12, deadline=None)
@given(st.data())
def test_random_playout_keeps_invariants(data: st.DataObject) -> None:
    seats = data.draw(st.lists(st.sampled_from(PORTS), min_size=2, max_size=5, unique=True))
    match = started_match(tuple(seats), seed=data.draw(st.integers(0, 10_000)))
    _check(match)
    for _ in range(data.draw(st.integers(5, 40))):
        if match.state.table.phase != "preparation":
            break
        line = data.draw(st.sampled_from(_candidates(match.state)))
        before = match.state
        result = match.execute(line)
        if not result.ok:
            assert match.state == before, line
            continue
        _check(match)
        if result.kind == "step" and match.steps[match.stack[-1]].kind == "do":
            after = match.state
            assert match.execute("undo").ok and match.execute("redo").ok
            assert match.state == after, line


def test_demo_script_runs_clean() -> None:
    from pathlib import Path

    from tests.exploration.helpers import new_match

    match = new_match()
    script = Path(__file__).with_name("demo_setup.txt").read_text(encoding="utf-8")
    for line in script.splitlines():
        if line.strip() and not line.startswith("#"):
            result = match.execute(line)
            assert result.ok, (line, result.message)
    assert (match.state.table.round, match.state.table.phase) == (1, "flight")
    assert match.replay_from_start() == match.state
