"""Random playouts of legal-looking commands through whole games, checking the
invariants after every accepted step: every card in exactly one zone, a refusal
changes nothing, replay from the start equals the live state, undo then redo is
identity, resources never negative."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.core.piles import every_card_once
from companion.games.exploration.checks import flying_ship
from companion.games.exploration.rules import RULES
from companion.games.exploration.state import XpState
from tests.exploration.helpers import catalog, started_match

PORTS = ("Xichang", "Wostochny", "Baikonur", "Kourou", "Cape Canaveral")


def _prep(state: XpState) -> list[str]:
    seat = state.table.active or ""
    ships = [s.card for s in state.ships_of(seat)]
    lines = ["done", "tech credits", "tech command", "tech energy", "tech velocity", "done"]
    lines += [f"deploy {s}" for s in ships] + [f"select {s}" for s in ships]
    lines += [f"build {s} {m}" for s in ships
              for m in ("laser_turret", "energy_turret", "gnss", "trap", "habitat")]
    return lines + [f"draw {p.deck}" for p in state.pending[:1]]


def _flight(state: XpState) -> list[str]:
    ship = flying_ship(state)
    if ship is None:
        return ["next"]
    c = ship.card
    others = [s.card for s in state.ships.values() if s.is_deployed and s.card != c]
    lines = ["next", "next", f"move {c} 2 credit", f"move {c} 1 hazard", f"move {c} 1 outer",
             f"move {c} 3 command past L1", f"turn {c}", f"drop {c} gnss", f"drop {c} trap 2",
             f"drop {c} habitat moon", f"move {c} 1 tile at X1"]
    lines += [f"attack {c} {o}" for o in others] + [f"move {c} 1 space past {o}" for o in others]
    lines += [f"move {c} 1 space past {t.trap_id}" for t in state.traps]
    return lines


def _candidates(state: XpState) -> list[str]:
    if state.pending_tile is not None:  # the default, or what the table's tile prints
        return ["tile default", "tile energy -2 credits 4", "tile resistance -3 score 2",
                "tile hazard 1 command -1", "tile energy 9", "next"]
    if state.ship_draws:
        return [f"draw {state.ship_draws[0].deck}", "next"]
    if state.pending_hazard is not None:
        return ["resolve", "ignore", "resolve habitat", "resolve mars2"]
    if state.pending:
        return [f"draw {state.pending[0].deck}"]
    phase = state.table.phase
    if phase == "preparation":
        return _prep(state)
    if phase == "flight":
        return _flight(state)
    drifting = [s.card for s in state.ships.values() if s.location in ("orbit", "space")]
    return ["drift", "drift", *(f"drift {c}=credit" for c in drifting),
            *(f"drift {c}=stuck" for c in drifting)]


PROGRESS = ("tile default", "resolve", "ignore", "tech credits", "done", "next", "drift")


def _progress(match) -> None:
    """A refusal is followed by the first command that moves the game on."""
    state = match.state
    lines = [f"draw {d.deck}" for d in state.ship_draws[:1]]
    lines += [f"draw {p.deck}" for p in state.pending[:1]]
    for line in [*lines, *PROGRESS]:
        if match.execute(line).ok:
            return


def _check(match) -> None:
    state = match.state
    assert every_card_once(state.table, catalog().cards)
    assert match.replay_from_start() == state
    assert RULES.state_from_dict(state.to_dict()) == state
    assert all(v >= 0 for s in state.table.seats for v in state.table.resources[s].values())
    assert all(s.energy >= 0 and s.resistance >= 0 for s in state.ships.values())


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.data())
def test_random_full_games_keep_invariants(data: st.DataObject) -> None:
    seats = data.draw(st.lists(st.sampled_from(PORTS), min_size=2, max_size=3, unique=True))
    match = started_match(tuple(seats), seed=data.draw(st.integers(0, 10_000)))
    for step in range(1500):
        if match.state.game_over:
            break
        line = data.draw(st.sampled_from(_candidates(match.state)))
        before = match.state
        result = match.execute(line)
        if not result.ok:
            assert match.state == before, line
            _progress(match)
            continue
        if step % 7 == 0:
            after = match.state
            assert match.execute("undo").ok and match.execute("redo").ok
            assert match.state == after
        if step % 25 == 0:
            _check(match)
    _check(match)
    assert match.state.game_over, "the playout should reach the end of the game"
    assert match.state.table.phase == "end"
