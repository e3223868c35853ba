"""Events and steps: the journal's vocabulary.

A command becomes one `Step` holding the events it produced. State is a fold
of the events of the steps that are in effect; undo and redo are steps too,
so the journal is append-only and survives restarts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.core.errors import DamageError, ZoneFormatError
from companion.core.zones import Zone

StepKind = Literal["do", "undo", "redo"]


@dataclass(frozen=True)
class Event:
    """Something that happened at the table; `data` is plain JSON data."""

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **json.loads(json.dumps(dict(self.data)))}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Event:
        if not isinstance(raw, Mapping) or not isinstance(raw.get("type"), str):
            raise ValueError(f"an event must be an object with a type, not {raw!r:.60}")
        data = {k: v for k, v in raw.items() if k != "type"}
        return cls(str(raw["type"]), data)


def event(type_: str, **data: Any) -> Event:
    """Shorthand: `event("scored", seat="Kourou", points=3, source="...")`."""
    return Event(type_, data)


@dataclass(frozen=True, slots=True)
class Step:
    """One committed command: what was typed or scanned, what it did, in words."""

    number: int
    kind: StepKind
    command: str
    message: str
    events: tuple[Event, ...] = ()
    target: int | None = None
    seat: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.number,
            "kind": self.kind,
            "command": self.command,
            "message": self.message,
            "target": self.target,
            "seat": self.seat,
            "events": [e.to_dict() for e in self.events],
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Step:
        if not isinstance(raw, Mapping) or raw.get("kind") not in ("do", "undo", "redo") \
                or not isinstance(raw.get("events", []), list):
            raise ValueError(f"a step must have a kind (do, undo or redo), not {raw!r:.60}")
        return cls(
            number=int(raw["step"]),
            kind=raw["kind"],
            command=str(raw["command"]),
            message=str(raw["message"]),
            events=tuple(Event.from_dict(e) for e in raw.get("events", [])),
            target=raw.get("target"),
            seat=raw.get("seat"),
        )


#: Reads an event stored in an older form and returns it in today's form.
Migration = Callable[[Event], Event]


@dataclass(frozen=True)
class Vocabulary:
    """The event types a game folds, and how events stored in older forms are read.

    Every step read from a journal or an import passes through `read`: an older
    form is migrated, and a type nobody knows is damage, never silently skipped.

    >>> v = Vocabulary(frozenset({"noted"}), {"note_added": lambda e: Event("noted", e.data)})
    >>> v.read(Step(1, "do", "note hi", "Noted: hi", (Event("note_added", {"text": "hi"}),)))
    ... # doctest: +ELLIPSIS
    Step(number=1, ..., events=(Event(type='noted', data={'text': 'hi'}),), ...)
    """

    types: frozenset[str]
    migrations: Mapping[str, Migration] = field(default_factory=dict)

    def knows(self, type_: str) -> bool:
        return type_ in self.types

    def read_event(self, e: Event, step: int) -> Event:
        migrate = self.migrations.get(e.type)
        if migrate is not None:
            try:
                e = migrate(e)
            except (KeyError, TypeError, ValueError) as exc:
                raise DamageError(f"Step {step} holds an old {e.type[:40]!r} event that cannot "
                                  f"be read: the saved game is damaged.", step) from exc
        if e.type not in self.types:
            raise DamageError(f"Step {step} holds an event of type {e.type[:40]!r}, which this "
                              f"game does not know: the saved game is damaged.", step)
        if e.type == "card_moved":
            _check_zones(e, step)
        return e

    def read(self, step: Step) -> Step:
        """The step with every event in today's form; DamageError for an unknown type."""
        events = tuple(self.read_event(e, step.number) for e in step.events)
        return step if events == step.events else replace(step, events=events)


def _check_zones(e: Event, step: int) -> None:
    """A card move names two zones (`deck:hazard`, `box`): anything else is damage."""
    for end in ("from", "to"):
        where = e.data.get(end)
        try:
            Zone.from_text(where if isinstance(where, str) else "")
        except ZoneFormatError:
            raise DamageError(f"Step {step} moves a card {end} {str(where)[:40]!r}, which is "
                              f"not a zone: the saved game is damaged.", step) from None
