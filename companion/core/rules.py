"""What a game module provides to the engine: a plain definition, no I/O.

Each game package exposes one `GameRules` object (see games/*/rules.py). Its
state is a frozen dataclass holding a core `Table` as `table`, plus whatever
the game needs, with `to_dict()` / `from_dict()`. Its `phases` (core/phases.py)
say which verbs, scans, rolls and hooks each phase has; its `vocabulary` says
which events it folds and how older forms are read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.core.catalog import Catalog
from companion.core.dice import Die
from companion.core.events import Event, Vocabulary
from companion.core.outcome import GameState, Outcome, S
from companion.core.phases import Phases

__all__ = ["GameRules", "GameState", "Outcome", "S", "Verb"]


@dataclass(frozen=True)
class Verb:
    """One word of a game's script vocabulary, for help and docs/commands.md."""

    name: str
    usage: str
    help: str
    example: str
    aliases: tuple[str, ...] = field(default=())


class GameRules(Protocol[S]):
    """The small fixed rules API every game module implements."""

    game: str
    title: str

    def new_state(self, catalog: Catalog, seed: int) -> S:
        """The state before the first command: every card in its starting zone."""

    @property
    def phases(self) -> Phases[S]:
        """Every phase: its verbs, scans by deck, rolls by die, and hooks on entering."""

    @property
    def vocabulary(self) -> Vocabulary:
        """The event types `apply` folds, and migrations of older forms."""

    def apply(self, state: S, event: Event) -> S:
        """Fold one event; never fails for an event the vocabulary has read."""

    def verbs(self) -> Sequence[Verb]:
        """The game's own vocabulary (the core adds undo, redo, scan, roll, ...)."""

    def dice(self, catalog: Catalog) -> Mapping[str, Die]:
        """The game's dice by name."""

    def view(self, state: S, catalog: Catalog, seat: str | None) -> dict[str, Any]:
        """JSON view: public when `seat` is None, else that seat's own view."""

    def render(self, state: S, catalog: Catalog, seat: str | None) -> str:
        """A plain-text scoreboard of the same view, for terminals and logs."""

    def state_from_dict(self, raw: Mapping[str, Any]) -> S:
        """Rebuild a state saved with `to_dict()`."""

    # Optional: `table_view(state, catalog, seat, shown=None) -> TableView`
    # (core/tableview.py), the one view shape every screen draws, where `shown`, when not
    # None, is this game's `view(state, catalog, seat)` already built (use it rather than
    # building it again); without it the core's `basic_table_view`.
    # Optional: `odds_notes(state, catalog, deck) -> list[str]`, sentences the
    # engine adds to `odds DECK` (e.g. how many relic fragments are left).
