"""TI4's moments (companion/core/moments.py): the core's cards drawn, with an exploration
card revealed to all (note 5) titled for its explorer and what is explored, and offering
its resolution."""

from __future__ import annotations

from dataclasses import replace

from companion.core.catalog import Catalog
from companion.core.events import Step
from companion.core.moments import Moment, MomentChoice, default_moments
from companion.games.ti4.choices import counts_resources, holdings, value_phrase
from companion.games.ti4.explore import system_of
from companion.games.ti4.prompt import acting_seat, resolutions
from companion.games.ti4.state import REVEALED, TI4State


def moments(state: TI4State, catalog: Catalog, step: Step) -> list[Moment]:
    """The moments of `step`, judged on `state`, the state right after it."""
    shown = default_moments(step, catalog, {}, state.table.seats)
    return [_revealed(m, state, catalog) if m.data.get("to") == REVEALED else m
            for m in shown]


def _revealed(moment: Moment, state: TI4State, catalog: Catalog) -> Moment:
    """A card revealed to all before its explorer resolves it: the resolution offered."""
    seat = acting_seat(state)
    one = str(moment.data.get("card_name") or "Card")
    explored = explored_words(state, catalog)
    title = " ".join(w for w in (one, f"for {seat}" if seat else "",
                                 f"exploring {explored}" if explored else "") if w)
    card = str(moment.data.get("card"))
    choices: tuple[MomentChoice, ...] = ()
    lines = moment.lines
    if state.revealed == card:
        choices = tuple(MomentChoice(c.label, c.command) for c in resolutions(state, catalog)
                        if c.command)
        if counts_resources(catalog.card(card)) and seat:  # what the choice is made with
            lines = (*lines, f"{seat} has {holdings(state.table, seat)}; "
                             f"{value_phrase(state, catalog, seat)}.")
    # One line above the card's name ("Hazardous card for Omar exploring Rigel I (tile
    # 76)"): that it is revealed to all is the message's and `data`'s.
    return replace(moment, title=title, lines=lines, choices=choices,
                   data={**moment.data, "seat": seat, "revealed_to_all": True,
                         "explored": explored})


def explored_words(state: TI4State, catalog: Catalog) -> str:
    """What the card is drawn for, by name first: 'Rigel I (tile 76)', or 'tile 40' for
    a frontier card (its token); "" when no exploration is under way (a relic)."""
    head = state.head
    if head is None or not head.started:
        return ""
    if head.kind == "frontier":
        return f"tile {head.target}"
    entry = catalog.cards.get(head.target)
    if entry is None:
        return head.target
    tile = system_of(state, entry)
    return f"{entry.name} (tile {tile})" if tile else entry.name
