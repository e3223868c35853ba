"""The shape of a game's state and of what a rule function computes.

Kept apart from `rules.py` so that the builder, the phase table and the rules
protocol stack in one direction: outcome <- builder <- phases <- rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from companion.core.events import Event
from companion.core.table import Table


class GameState(Protocol):
    """Every game's state holds the core `Table` and serialises itself."""

    @property
    def table(self) -> Table: ...

    def to_dict(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=GameState)


@dataclass(frozen=True)
class Outcome:
    """What a command did: its events and one sentence for the players."""

    events: tuple[Event, ...]
    message: str
    seat: str | None = None
