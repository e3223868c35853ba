"""A game's phases, declared once: each lists its verbs, its scans and its hooks.

In the spirit of boardgame.io's `PhaseConfig`: the phase the table is in
(`Table.phase`) says which verbs a player may type, which handler takes a
scanned card of each deck, what a roll of each die does, and which hooks run
when the phase is entered. Nothing is chosen by the order of a list: a verb
or a deck has at most one handler in a phase, checked when the table is made.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from companion.core.builder import Builder, Hook
from companion.core.catalog import CardEntry
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event
from companion.core.outcome import S

__all__ = [
    "AdjustHandler",
    "Adjustment",
    "Hook",
    "Phase",
    "Phases",
    "RollHandler",
    "ScanHandler",
    "VerbHandler",
]

#: A verb: reads its words, adds events to the builder; returns the seat acting, if any.
VerbHandler = Callable[["Builder[S]", list[str]], "str | None"]
#: A scanned (or app-drawn) card of one deck; returns the seat it was for, if any.
ScanHandler = Callable[["Builder[S]", CardEntry], "str | None"]
#: What a roll of one die does after the core recorded it (the `die_rolled` event).
RollHandler = Callable[["Builder[S]", Event], "str | None"]


@dataclass(frozen=True)
class Adjustment:
    """A manual correction `adjust TARGET WHAT CHANGE [reason]`, parsed by the core."""

    target: str
    what: str
    delta: int
    reason: str


#: A game-specific adjust (a ship's energy, say); returns the seat acting, if any.
AdjustHandler = Callable[["Builder[S]", Adjustment], "str | None"]


@dataclass(frozen=True)
class Phase(Generic[S]):
    """One phase: its verbs, its scan handlers by deck, its rolls by die, its hooks.

    `other_scans` takes a card of any deck not in `scans` (for example a card some
    seat is due to draw, or a refusal that names no hidden card). `closed` is the
    sentence for a verb of another phase; by default it names the phases that take it.
    """

    name: str
    verbs: Mapping[str, VerbHandler[S]] = field(default_factory=dict)
    scans: Mapping[str, ScanHandler[S]] = field(default_factory=dict)
    other_scans: ScanHandler[S] | None = None
    rolls: Mapping[str, RollHandler[S]] = field(default_factory=dict)
    hooks: tuple[Hook[S], ...] = ()
    closed: str = ""


class Phases(Generic[S]):
    """Every phase of a game by name, plus game-wide adjust handlers."""

    def __init__(self, phases: Sequence[Phase[S]],
                 adjusts: Mapping[str, AdjustHandler[S]] | None = None, title: str = "this game"):
        names = [p.name for p in phases]
        doubles = sorted({n for n in names if names.count(n) > 1})
        if doubles:
            raise ValueError(f"phases declared twice: {', '.join(doubles)}")
        self.by_name: dict[str, Phase[S]] = {p.name: p for p in phases}
        self.adjusts: Mapping[str, AdjustHandler[S]] = dict(adjusts or {})
        self.title = title

    def __iter__(self) -> Any:
        return iter(self.by_name.values())

    def phase(self, name: str) -> Phase[S]:
        """The phase called `name`; a phase nobody declared is a refusal, not a crash."""
        found = self.by_name.get(name)
        if found is None:
            raise IllegalMoveError(f"Nothing can be done in the {name} phase.")
        return found

    def all_verbs(self) -> list[str]:
        return sorted({v for p in self.by_name.values() for v in p.verbs})

    def verb(self, phase_name: str, verb: str) -> VerbHandler[S]:
        """The handler of `verb` in this phase, or the sentence saying why not."""
        phase = self.phase(phase_name)
        handler = phase.verbs.get(verb)
        if handler is not None:
            return handler
        wanted = [p.name for p in self.by_name.values() if verb in p.verbs]
        if not wanted:
            raise CommandSyntaxError(f"{verb[:40]!r} is not a command of {self.title}; "
                                     f"help lists them all.")
        raise IllegalMoveError(phase.closed or f"You cannot use {verb} now: it is the "
                               f"{phase.name} phase, not {' or '.join(wanted)}.")

    def scan(self, phase_name: str, deck: str) -> ScanHandler[S]:
        phase = self.phase(phase_name)
        handler = phase.scans.get(deck, phase.other_scans)
        if handler is None:
            raise IllegalMoveError(f"That card is not expected in the {phase.name} phase.")
        return handler

    def hooks(self, phase_name: str) -> tuple[Hook[S], ...]:
        found = self.by_name.get(phase_name)
        return found.hooks if found else ()

    def roll(self, phase_name: str, die: str) -> RollHandler[S] | None:
        found = self.by_name.get(phase_name)
        return found.rolls.get(die) if found else None
