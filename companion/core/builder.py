"""One way to build a command: fold each event as it is added, run phase hooks.

A verb, a scan, a roll or an adjust adds its events to a `Builder`. Each event
is folded through the game's rules as it is added, so a later check sees an
earlier effect, and `state` is the state after the command: the engine takes
it as it is and never folds the events a second time. When an event enters a
phase (`phase_changed`), that phase's hooks run once the batch of events that
entered it is folded, in the order the phases were entered.

A builder never touches the match: building against the current state and
throwing the builder away is a dry run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol

from companion.core.catalog import Catalog
from companion.core.errors import IllegalMoveError
from companion.core.events import Event
from companion.core.outcome import Outcome, S

#: Far more phase entries than any command makes; reaching it means hooks go round in circles.
MAX_PHASE_ENTRIES = 64


class PhaseLoopError(IllegalMoveError):
    """Phase hooks that keep entering phases: a fault of the game's definition."""


#: Runs when a phase is entered; adds events and sentences to the builder.
Hook = Callable[["Builder[S]"], None]


class HookTable(Protocol[S]):
    def hooks(self, phase: str) -> Sequence[Hook[S]]: ...


class Folding(Protocol[S]):
    """What a builder needs of a game: its fold, its phases' hooks and its title.

    Every `GameRules` is one (core/rules.py); the builder needs nothing more.
    """

    @property
    def title(self) -> str: ...

    @property
    def phases(self) -> HookTable[S]: ...

    def apply(self, state: S, event: Event) -> S: ...


class Builder(Generic[S]):
    """The events of one command, folded as added, and the sentences that say why."""

    def __init__(self, rules: Folding[S], catalog: Catalog, state: S):
        self.rules = rules
        self.catalog = catalog
        self.state: S = state
        self.events: list[Event] = []
        self.messages: list[str] = []
        self._entered: list[str] = []
        self._entries = 0
        self._running_hooks = False

    def add(self, *events: Event) -> None:
        """Fold each event; then run the hooks of every phase these events entered."""
        for e in events:
            self.events.append(e)
            self.state = self.rules.apply(self.state, e)
            if e.type == "phase_changed":
                self._entered.append(str(e["phase"]))
        if not self._running_hooks:
            self._run_hooks()

    def say(self, text: str) -> None:
        """Add a sentence for the players (empty text adds nothing)."""
        if text:
            self.messages.append(text)

    def take(self, outcome: Outcome) -> str | None:
        """Add what a rule function computed: its sentence, then its events."""
        self.say(outcome.message)
        self.add(*outcome.events)
        return outcome.seat

    @property
    def message(self) -> str:
        return " ".join(self.messages)

    def _run_hooks(self) -> None:
        self._running_hooks = True
        try:
            while self._entered:
                phase = self._entered.pop(0)
                self._entries += 1
                if self._entries > MAX_PHASE_ENTRIES:
                    raise PhaseLoopError(
                        f"The {self.rules.title} rules kept changing phase without settling "
                        f"(last: {phase}); the command was refused and nothing changed.")
                for hook in self.rules.phases.hooks(phase):
                    hook(self)
        finally:
            self._running_hooks = False
