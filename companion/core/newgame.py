"""A game's new-game form, declared by the game: what to ask before it starts, and the
command lines the answers make.

The app draws the form from this declaration for any game (companion/ui/presenters/
newgame.py) and runs the lines in order, exactly as if typed. A game declares it in
its rules' `new_game_form(catalog)` (core/rules.py), reading its numbers and names from
the catalog, so a corrected catalog changes the form.

>>> form = NewGameForm(seat_names=(), min_players=2, max_players=3,
...                    seat_line="join {name}", after=("start",))
>>> form.lines([SeatAnswer("Player 1", "Ann"), SeatAnswer("Player 2", "Bo Li")], {})
['join Ann', "join 'Bo Li'", 'start']
>>> form.lines([SeatAnswer("Player 1", "Ann")], {})
Traceback (most recent call last):
companion.core.newgame.FormError: Name at least 2 players to start.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import CompanionError


class FormError(CompanionError):
    """The form cannot start a game yet; the message says what is missing."""


@dataclass(frozen=True)
class FormOption:
    """One game option: its key in the line templates (`{key}`), the label over its
    buttons, the values offered, the values chosen at first, and whether any number of
    them may be on (`many`: toggles, sent joined by spaces) or exactly one.
    `value_text` says each value on its button (`{}` is the value)."""

    key: str
    label: str
    values: tuple[str, ...]
    default: tuple[str, ...] = ()
    many: bool = False
    value_text: str = "{}"

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "values": list(self.values),
                "default": list(self.default), "many": self.many,
                "value_text": self.value_text}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> FormOption:
        return cls(str(raw["key"]), str(raw["label"]), tuple(raw["values"]),
                   tuple(raw.get("default", ())), bool(raw.get("many", False)),
                   str(raw.get("value_text", "{}")))


@dataclass(frozen=True)
class SeatAnswer:
    """One seat as the form was filled: its label (a fixed seat's name, else "Player N"),
    the name typed (empty: nobody sits there) and its colour ("" if the game has none)."""

    label: str
    name: str = ""
    colour: str = ""


@dataclass(frozen=True)
class NewGameForm:
    """What a game asks before it starts.

    - `seat_names`: fixed seats a player takes (Exploration's spaceports), in order;
      empty for free names (then `max_players` rows "Player 1", "Player 2", ...).
    - `min_players`, `max_players`: how many seats must and may be filled.
    - `colours`: each seat picks one, all different (TI4's plastic); seat N starts with
      the N-th, so a seat's colour is the same game after game.
    - `options`: the game's options (board side, card sets).
    - `before`, `seat_line`, `after`: the lines sent, in that order, `seat_line` once per
      filled seat. Templates: `{seat}`, `{name}`, `{colour}`, and `{key}` of each
      option; every value is quoted as one word when it holds spaces.
    """

    seat_names: tuple[str, ...]
    min_players: int
    max_players: int
    seat_line: str
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    colours: tuple[str, ...] = ()
    options: tuple[FormOption, ...] = field(default=())

    def seats(self) -> tuple[SeatAnswer, ...]:
        """The empty rows of the form, each with its starting colour."""
        labels = self.seat_names or tuple(f"Player {n}" for n in range(1, self.max_players + 1))
        colours = self.colours or ("",)
        return tuple(SeatAnswer(label, "", colours[i % len(colours)] if self.colours else "")
                     for i, label in enumerate(labels))

    def lines(self, seats: Sequence[SeatAnswer],
              chosen: Mapping[str, Sequence[str]]) -> list[str]:
        """The command lines the filled form sends; FormError with one sentence if it is
        not complete. `chosen` gives each option's values (its default when absent)."""
        seated = [s for s in seats if s.name.strip()]
        _check_seated(seated, self.min_players, self.max_players, bool(self.colours))
        values = {o.key: " ".join(shlex.quote(v) for v in sorted(chosen.get(o.key, o.default)))
                  for o in self.options}
        lines = [_fill(t, values) for t in self.before]
        for seat in seated:
            lines.append(_fill(self.seat_line, {**values, "seat": shlex.quote(seat.label),
                                                "name": shlex.quote(seat.name.strip()),
                                                "colour": shlex.quote(seat.colour)}))
        return lines + [_fill(t, values) for t in self.after]

    def to_dict(self) -> dict[str, Any]:
        return {"seat_names": list(self.seat_names), "min_players": self.min_players,
                "max_players": self.max_players, "seat_line": self.seat_line,
                "before": list(self.before), "after": list(self.after),
                "colours": list(self.colours),
                "options": [o.to_dict() for o in self.options]}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> NewGameForm:
        return cls(tuple(raw["seat_names"]), int(raw["min_players"]),
                   int(raw["max_players"]), str(raw["seat_line"]), tuple(raw["before"]),
                   tuple(raw["after"]), tuple(raw["colours"]),
                   tuple(FormOption.from_dict(o) for o in raw["options"]))


def _check_seated(seated: Sequence[SeatAnswer], least: int, most: int,
                  colours: bool) -> None:
    if len(seated) < least:
        raise FormError(f"Name at least {least} players to start.")
    if len(seated) > most:
        raise FormError(f"At most {most} players can play; leave a seat empty.")
    names = [s.name.strip().casefold() for s in seated]
    if len(set(names)) != len(names):
        raise FormError("Two players have the same name; give each a different one.")
    if colours and len({s.colour for s in seated}) != len(seated):
        raise FormError("Two players have the same colour; give each a different one.")


def _fill(template: str, quoted: Mapping[str, str]) -> str:
    """`template` with each `{key}` replaced by its (quoted) value; an option with no
    value on leaves no stray space ("setup {cards}" -> "setup")."""
    return " ".join(template.format_map(quoted).split())
