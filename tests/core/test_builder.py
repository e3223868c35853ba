"""The core builder and phase table: one fold per event, hooks on entering a phase,
verbs and scans chosen by the phase, generic verbs handed to the game."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core import piles
from companion.core.builder import MAX_PHASE_ENTRIES, Builder
from companion.core.catalog import CardEntry
from companion.core.engine import Match
from companion.core.events import Event, event
from companion.core.phases import Phase, Phases
from tests.racegame import race_catalog
from tests.racegame.rules import RaceRules, RaceState


def _sit(b: Builder[RaceState], args: list[str]) -> str | None:
    b.add(event("seat_joined", seat=args[0], player=args[0], resources={"credits": 5}))
    b.say(f"{args[0]} sits down.")
    return args[0]


def _begin(b: Builder[RaceState], args: list[str]) -> str | None:
    b.say("The game begins.")
    b.add(event("phase_changed", round=1, phase="play", active=b.state.table.seats[0]))
    return None


def _pay(b: Builder[RaceState], args: list[str]) -> str | None:
    seat = b.state.table.active or ""
    for _ in range(2):  # the second payment must see the first one
        have = b.state.table.resource(seat, "credits")
        b.add(event("resource_changed", seat=seat, resource="credits", delta=-1,
                    reason=f"paid, had {have}"))
    b.say(f"{seat} pays twice.")
    return seat


def _income(b: Builder[RaceState]) -> None:
    """Entering play: every seat gains a credit."""
    for seat in b.state.table.seats:
        b.add(event("resource_changed", seat=seat, resource="credits", delta=1,
                    reason="income"))
    b.say("Everyone gains 1 credit.")


def _loop(b: Builder[RaceState], args: list[str]) -> str | None:
    b.add(event("phase_changed", round=1, phase="spin", active=None))
    return None


def _spin(b: Builder[RaceState]) -> None:
    b.add(event("phase_changed", round=1, phase="spin", active=None))


def _comet(b: Builder[RaceState], card: CardEntry) -> str | None:
    seat = b.state.table.active or ""
    b.add(*piles.draw_observed(b.state.table, card.card_id, card.deck, piles.area_zone(seat)))
    b.say(f"{seat} draws {card.name}.")
    return seat


def _advance(b: Builder[RaceState], rolled: Event) -> str | None:
    """A roll moves the active seat's piece along a track by the value rolled."""
    seat = b.state.table.active or ""
    b.add(event("resource_changed", seat=seat, resource="track", delta=rolled["value"],
                reason="moved by the roll"))
    b.say(f"{seat} moves {rolled['value']} space(s).")
    return seat


class PhasedRules(RaceRules):
    """Comet Race with phases of this test's own: setup, and a play phase with a hook."""

    def __init__(self) -> None:
        self.applied = 0

    def apply(self, state: RaceState, e: Event) -> RaceState:
        self.applied += 1
        return super().apply(state, e)

    @property
    def phases(self) -> Phases[RaceState]:
        return Phases((
            Phase("setup", verbs={"sit": _sit, "begin": _begin}),
            Phase("play", verbs={"pay": _pay, "loop": _loop}, scans={"comet": _comet},
                  rolls={"d6": _advance}, hooks=(_income,)),
            Phase("spin", hooks=(_spin,)),
        ), title="Comet Race")


@pytest.fixture
def match() -> Match[Any]:
    m: Match[Any] = Match(PhasedRules(), race_catalog(), seed=3)
    for line in ("sit Ann", "sit Bob", "begin"):
        assert m.execute(line).ok
    return m


def test_each_event_is_folded_once_and_later_events_see_earlier_ones(match):
    rules = match.rules
    rules.applied = 0
    result = match.execute("pay")
    assert result.ok and len(result.step.events) == 2
    assert rules.applied == 2  # built once; the engine takes the builder's state
    assert [e["reason"] for e in result.step.events] == ["paid, had 6", "paid, had 5"]
    assert match.state.table.resource("Ann", "credits") == 4
    assert match.state == match.replay_from_start()


def test_entering_a_phase_runs_its_hooks_after_the_command_says_why(match):
    begin = match.history()[-1]
    assert begin.message == "The game begins. Everyone gains 1 credit."
    assert [e.type for e in begin.events] == ["phase_changed", "resource_changed",
                                              "resource_changed"]
    assert match.state.table.resource("Bob", "credits") == 6


def test_hooks_that_never_settle_are_refused_loudly_and_change_nothing(match):
    before = (match.state, match.step_count)
    result = match.execute("loop")
    assert not result.ok and "kept changing phase" in result.message
    assert (match.state, match.step_count) == before
    assert MAX_PHASE_ENTRIES > 8  # no silent cap at a small number


def test_a_verb_of_another_phase_names_the_phase_that_takes_it(match):
    result = match.execute("sit Cy")
    assert not result.ok
    assert result.message == "You cannot use sit now: it is the play phase, not setup."
    assert "not a command of Comet Race" in match.execute("fly").message


def test_scans_are_chosen_by_the_current_phase():
    seated: Match[Any] = Match(PhasedRules(), race_catalog(), seed=3)
    assert seated.execute("sit Ann").ok
    refused = seated.execute("scan RC/T2")
    assert not refused.ok and refused.message == "That card is not expected in the setup phase."
    assert seated.execute("begin").ok
    assert seated.execute("scan RC/T2").message == "Ann draws Tailwind."
    assert seated.state.table.zone_of("T2") == "area:Ann"


def test_a_roll_reaches_the_game_and_moves_a_piece(match):
    result = match.execute("roll d6 2")
    assert result.message == "The table rolled 2 on the d6 die (value 2). Ann moves " \
                             "2 space(s)."
    assert match.state.table.resource("Ann", "track") == 2
    assert match.execute("undo").ok
    assert match.state.table.resource("Ann", "track") == 0


def test_a_dry_run_says_what_would_happen_and_changes_nothing(match):
    before = (match.state, match.step_count, match.next_number)
    assert match.dry_run("pay").ok
    assert not match.dry_run("sit Cy").ok
    assert (match.state, match.step_count, match.next_number) == before


def test_a_phase_declared_twice_is_a_definition_error():
    with pytest.raises(ValueError, match="declared twice: play"):
        Phases((Phase[RaceState]("play"), Phase[RaceState]("play")))
