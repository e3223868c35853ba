"""Dice defined by their faces. The app rolls with the table's recorded RNG,
or a table that prefers its physical die enters the face it rolled."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import CatalogError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.table import Table


@dataclass(frozen=True)
class Die:
    """A die: its faces, each a label and a value (e.g. maneuver symbols)."""

    name: str
    labels: tuple[str, ...]
    values: tuple[int, ...]

    def face_index(self, word: str) -> int:
        lowered = word.lower()
        for i, label in enumerate(self.labels):
            if label.lower() == lowered:
                return i
        faces = ", ".join(dict.fromkeys(self.labels))
        raise IllegalMoveError(f"{word!r} is not a face of the {self.name} die (faces: {faces}).")

    @classmethod
    def from_data(cls, name: str, raw: Mapping[str, Any], source: str) -> Die:
        faces = raw.get("faces")
        if not isinstance(faces, Sequence) or not faces:
            raise CatalogError(f"{source}: dice.{name}.faces: must list the faces")
        labels, values = [], []
        for face in faces:
            if not isinstance(face, Mapping) or "label" not in face or "value" not in face:
                raise CatalogError(
                    f"{source}: dice.{name}.faces: each face needs a label and a value"
                )
            labels.append(str(face["label"]))
            values.append(int(face["value"]))
        return cls(name, tuple(labels), tuple(values))


def roll(table: Table, die: Die, purpose: str, entered: str | None = None) -> Event:
    """Roll `die` for the table, or record the face a player entered."""
    if entered is not None:
        index, by = die.face_index(entered), "table"
    else:
        index, by = table.rng().randrange(len(die.labels)), "app"
    return event("die_rolled", die=die.name, face=die.labels[index],
                 value=die.values[index], by=by, purpose=purpose)


def roll_text(e: Event) -> str:
    who = "The app rolled" if e["by"] == "app" else "The table rolled"
    return f"{who} {e['face']} on the {e['die']} die"
