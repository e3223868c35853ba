"""The new-game form: what to ask before a game starts, and the setup lines it makes.

The choices come from the game's catalog (board sides, spaceports, options), so
a corrected catalog changes the form. The lines are ordinary commands, run in
order by the runner exactly as if typed.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Plastic colours a TI4 player may choose (the base game's and Prophecy of Kings').
TI4_COLOURS = ("red", "blue", "green", "yellow", "purple", "black", "orange", "pink")


@dataclass(frozen=True)
class SeatField:
    """One seat of the form: its label, the name typed (empty = empty seat), its colour."""

    label: str
    name: str = ""
    colour: str = ""


@dataclass(frozen=True)
class NewGameForm:
    kind: str
    title: str
    lengths: tuple[int, ...] = ()
    length: int | None = None
    seats: tuple[SeatField, ...] = ()
    colours: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    chosen_options: frozenset[str] = field(default_factory=frozenset)
    min_seats: int = 2


def form_for(kind: str, title: str, catalog_rules: Mapping[str, Any],
             options: Sequence[str] = ()) -> NewGameForm:
    """An empty form for a game, from its catalog's rules table and card options."""
    if "spaceports" in catalog_rules:
        ports = tuple(catalog_rules["spaceports"]["order"])
        lengths = tuple(int(r) for r in catalog_rules["game"]["rounds"])
        return NewGameForm(kind, title, lengths, lengths[0], tuple(SeatField(p) for p in ports))
    seats = tuple(SeatField(f"Player {n}", colour=TI4_COLOURS[n - 1]) for n in range(1, 7))
    return NewGameForm(kind, title, seats=seats, colours=TI4_COLOURS,
                       options=tuple(sorted(set(options))), min_seats=3)


class FormError(ValueError):
    """The form cannot start a game yet; the message says what is missing."""


def setup_lines(form: NewGameForm) -> list[str]:
    """The commands that set up the game the form describes; FormError if incomplete."""
    seated = [s for s in form.seats if s.name.strip()]
    if len(seated) < form.min_seats:
        raise FormError(f"Name at least {form.min_seats} players to start.")
    names = [s.name.strip().lower() for s in seated]
    if len(set(names)) != len(names):
        raise FormError("Two players have the same name; give each a different one.")
    if form.lengths:
        lines = [f"length {form.length}"]
        lines += [f"join {shlex.quote(s.label)} {shlex.quote(s.name.strip())}" for s in seated]
        return lines
    colours = [s.colour for s in seated]
    if len(set(colours)) != len(colours):
        raise FormError("Two players have the same colour; give each a different one.")
    lines = [f"player {shlex.quote(s.name.strip())} {s.colour}" for s in seated]
    lines.append(" ".join(["setup", *sorted(form.chosen_options)]))
    return lines
