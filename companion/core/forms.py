"""A `form` input: several fields asked on one screen, filled into one command line.

A game declares a form where a chain of partials would make a player walk level by
level through choices that belong together (a ship's move: the spaces, where it ends,
what it passed). Each field is a `choice` (exactly one option), `toggles` (from
`min` to `max` options, none by default) or a `count` (a whole number from `min` to
`max`, no options: a screen steps it with buttons, never a keyboard). The rules still
judge the complete line: the form says what may be chosen, never whether the
combination is legal.

>>> spaces = FormField("spaces", "Spaces", "choice", (FormOption("1", "1 space"),
...                    FormOption("2", "2 spaces")), default=("2",))
>>> past = FormField("past", "Passes", "toggles", (FormOption("L1", "L1", then="partial"),
...                  FormOption("T1", "trap T1")), min=0, max=2, each="past {}")
>>> fill_form("move TRNS1 {spaces} credit {past}", (spaces, past),
...           {"spaces": ["2"], "past": ["T1"]})
'move TRNS1 2 credit past T1'
>>> form_leads_to((spaces, past), {"past": ["L1"]})
'partial'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

FieldKind = Literal["choice", "toggles", "count"]


class FormError(ValueError):
    """The values given do not fit the form (a field missing, an option it does not offer)."""


@dataclass(frozen=True)
class FormOption:
    """One option of a field: `value` goes into the line (the game's own word or words,
    put in as they are), `label` on the button, `detail` under it. `then` is "partial"
    when choosing it makes the line a partial: more choices follow (a dice check). `short`,
    when given, is what its button shows where the field says the rest once (a number
    alone: "2" under "Moves", the field's `note` "spaces"); the label stays what a sentence
    says ("moves 2 spaces")."""

    value: str
    label: str
    detail: str | None = None
    then: str | None = None
    short: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"value": self.value, "label": self.label}
        for key in ("detail", "then", "short"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FormOption:
        return cls(str(data["value"]), str(data.get("label") or data["value"]),
                   data.get("detail"), data.get("then"), data.get("short"))


@dataclass(frozen=True)
class FormField:
    """One field of a form: its `{name}` in the template is replaced by its values, each
    written as `each` says ("past {}"), joined by spaces; a toggles field with nothing
    chosen leaves nothing. `default` is what is chosen when the form opens. A `count`
    field's one value is a whole number from `min` to `max`. `slots` (0: as many as the
    options) is how many places a screen keeps for the options, one each, the same for
    every form of its kind this moment: the spaces of a slow ship's move sit where a
    fast ship's do, and the places past its options stay empty. `note` is said once beside
    the field's name, for what its options' `short` words leave out ("spaces")."""

    name: str
    label: str
    kind: FieldKind
    options: tuple[FormOption, ...]
    min: int = 1
    max: int = 1
    default: tuple[str, ...] = ()
    each: str = "{}"
    slots: int = 0
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "label": self.label, "kind": self.kind,
                                "min": self.min, "max": self.max,
                                "options": [o.to_dict() for o in self.options],
                                "default": list(self.default), "each": self.each}
        if self.slots:
            data["slots"] = self.slots
        if self.note:
            data["note"] = self.note
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FormField:
        raw = data.get("kind")
        kind: FieldKind = raw if raw in ("toggles", "count") else "choice"
        return cls(str(data["name"]), str(data.get("label") or data["name"]), kind,
                   tuple(FormOption.from_dict(o) for o in data.get("options") or ()),
                   int(data.get("min", 1)), int(data.get("max", 1)),
                   tuple(str(v) for v in data.get("default") or ()),
                   str(data.get("each") or "{}"), int(data.get("slots") or 0),
                   str(data.get("note") or ""))

    def check(self, values: Sequence[str]) -> None:
        """Raise FormError with a sentence when `values` do not fit this field."""
        if self.kind == "count":
            self._check_count(values)
            return
        offered = {o.value for o in self.options}
        unknown = [v for v in values if v not in offered]
        if unknown:
            raise FormError(f"{self.label}: {unknown[0]} is not one of the choices.")
        if len(set(values)) != len(values):
            raise FormError(f"{self.label}: each choice counts once.")
        if not self.min <= len(values) <= self.max:
            most = "one" if self.kind == "choice" else f"{self.min} to {self.max}"
            raise FormError(f"{self.label}: choose {most}.")

    def _check_count(self, values: Sequence[str]) -> None:
        number = values[0] if len(values) == 1 else ""
        if not number.lstrip("-").isdigit() or not self.min <= int(number) <= self.max:
            raise FormError(f"{self.label}: a whole number from {self.min} to {self.max}.")

    def written(self, values: Sequence[str]) -> str:
        return " ".join(self.each.replace("{}", v) for v in values)


def fill_form(template: str, fields: Sequence[FormField],
              values: Mapping[str, Sequence[str]]) -> str:
    """The line: each `{name}` of the template replaced by its field's values (a field
    not given keeps its default), spaces tidied. Raises FormError for values that do
    not fit a field."""
    line = template
    for f in fields:
        chosen = tuple(values.get(f.name, f.default))
        f.check(chosen)
        line = line.replace("{" + f.name + "}", f.written(chosen))
    return " ".join(line.split())


def form_leads_to(fields: Sequence[FormField], values: Mapping[str, Sequence[str]],
                  otherwise: str = "command") -> str:
    """"partial" when a chosen option says more choices follow, else `otherwise`."""
    for f in fields:
        chosen = set(values.get(f.name, f.default))
        if any(o.then == "partial" for o in f.options if o.value in chosen):
            return "partial"
    return otherwise
