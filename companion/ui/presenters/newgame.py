"""The new-game form on screen: the game's own declaration (core/newgame.py) and what
the table has filled in so far.

Every game declares its form in its rules (`new_game_form(catalog)`): fixed seats or
free names, how many players, a colour per seat, its options, and the lines it sends.
This module only keeps the answers; the lines are the declaration's, run in order by
the runner exactly as if typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from companion.core.newgame import FormError, FormOption, SeatAnswer
from companion.core.newgame import NewGameForm as Declared

__all__ = ["FormError", "NewGameForm", "SeatField", "enough_named", "form_for", "option_text",
           "player_count", "players_named", "seat_suggestions", "setup_lines", "steady_suggestions"]

#: A seat of the form: its label, the name typed (empty = empty seat), its colour.
SeatField = SeatAnswer


@dataclass(frozen=True)
class NewGameForm:
    """One game's form with the answers so far (the seats' names and colours, and the
    values chosen of each option, by its key)."""

    kind: str
    title: str
    declared: Declared
    seats: tuple[SeatField, ...] = ()
    chosen: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: The game this table played last (its saved games say so): the form opens on it.
    last: bool = False

    @property
    def options(self) -> tuple[FormOption, ...]:
        return self.declared.options

    @property
    def colours(self) -> tuple[str, ...]:
        return self.declared.colours

    def choose(self, key: str, value: str) -> NewGameForm:
        """The form with `value` of option `key` chosen (or, for toggles, turned over)."""
        option = next(o for o in self.options if o.key == key)
        now = self.chosen.get(key, option.default)
        if option.many:
            picked = tuple(v for v in option.values if (v in now) != (v == value))
        else:
            picked = (value,)
        return replace(self, chosen={**self.chosen, key: picked})

    def is_chosen(self, key: str, value: str) -> bool:
        option = next(o for o in self.options if o.key == key)
        return value in self.chosen.get(key, option.default)


def form_for(kind: str, title: str, declared: Declared, last: bool = False) -> NewGameForm:
    """An empty form for a game, from its declaration."""
    return NewGameForm(kind, title, declared, declared.seats(), last=last)


def option_text(option: FormOption, value: str, on: bool | None = None) -> str:
    """A value's button text: "8", or for a toggle "Codex cards: on"."""
    text = option.value_text.format(value)
    text = text[:1].upper() + text[1:]
    return text if on is None else f"{text}: {'on' if on else 'off'}"


def player_count(form: NewGameForm) -> str:
    """How many play the game, as it declares: "3 to 8 players", or "4 players"."""
    least, most = form.declared.min_players, form.declared.max_players
    return f"{least} players" if least == most else f"{least} to {most} players"


def players_named(form: NewGameForm, names: Sequence[str]) -> str:
    """Beside Start, before it is tapped: the count the game needs and how many seats
    have a name now ("3 to 8 players: 2 named"), so a missing player shows at once
    (try 21, finding 1: it said so only after Start)."""
    named = sum(1 for name in names if name.strip())
    short = form.declared.min_players - named
    more = f" ({short} more to start)" if short > 0 else ""
    return f"{player_count(form)}: {named} named{more}"


def enough_named(form: NewGameForm, names: Sequence[str]) -> bool:
    """Whether as many seats are named as the game takes: Start looks ready only then
    (try 22, finding 9: it stayed bright green with too few names)."""
    named = sum(1 for name in names if name.strip())
    return form.declared.min_players <= named <= form.declared.max_players


def setup_lines(form: NewGameForm) -> list[str]:
    """The commands that set up the game the form describes; FormError if incomplete."""
    return form.declared.lines(form.seats, form.chosen)


def seat_suggestions(names: Sequence[str], recent: Sequence[str]) -> list[str]:
    """The one-tap name offered beside each seat's field: "" for a seat already named;
    else the next name remembered from earlier games that no seat has, else "Player N"
    (N: the seat's place in the form)."""
    taken = {n.strip().casefold() for n in names if n.strip()}
    spare = iter([n for n in recent if n.casefold() not in taken])
    offered = []
    for number, name in enumerate(names, 1):
        if name.strip():
            offered.append("")
            continue
        generic = f"Player {number}"
        offered.append(next(spare, "") or ("" if generic.casefold() in taken else generic))
    return offered


def steady_suggestions(shown: Sequence[str], names: Sequence[str], recent: Sequence[str],
                       typing: int | None = None) -> list[str]:
    """`seat_suggestions`, with each name offered now (`shown`) kept where it is while it
    is still free: typing a name in one seat never changes another seat's chip (try 21,
    finding 7: "Ben" beside Player 2 became "Ana" as Player 1 was typed), and the seat
    being typed in (`typing`, its place from 0) keeps its own chip until it is left
    (finding 12: it vanished at the first letter). A chip whose name another seat took
    gets the next free one."""
    if len(shown) != len(names):
        return seat_suggestions(names, recent)
    taken = {n.strip().casefold() for n in names if n.strip()}
    offered: list[str | None] = []
    for number, (name, chip) in enumerate(zip(names, shown, strict=True)):
        if number == typing and chip:
            offered.append(chip)
        elif name.strip():
            offered.append("")
        elif chip and chip.casefold() not in taken:
            offered.append(chip)
        else:
            offered.append(None)  # a new chip: the next free name
    used = taken | {c.casefold() for c in offered if c}
    spare = iter([n for n in recent if n.casefold() not in used])
    result: list[str] = []
    for number, kept in enumerate(offered, 1):
        if kept is None:
            generic = f"Player {number}"
            kept = next(spare, "") or ("" if generic.casefold() in used else generic)
            used.add(kept.casefold())
        result.append(kept)
    return result
