"""What a faction sheet prints that the companion counts with: a seat's commodity value.

The companion does not know factions, so each seat's value is the catalog's assumed one
(`[rules] commodity_value`) until the table records the number on the seat's faction
sheet (`commodity-value SEAT N`). The prompt offers it by touch under "Faction sheets",
after the turn's own buttons (at 800x480 a first button there pushed the turn's ways to
explore below the fold): on the game's first turn as "Commodity values: ..." while a
seat's value is still assumed, as "Record a commodity value (...)" after that.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.catalog import Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import event
from companion.core.prompt import Choice, InputSpec, Option
from companion.games.ti4.choices import COMMODITY_VALUE, is_value_assumed, value_of
from companion.games.ti4.data import ti4_data
from companion.games.ti4.explore import Builder
from companion.games.ti4.state import TI4State

VERB = "commodity-value"


def cmd_commodity_value(b: Builder, args: list[str]) -> str | None:
    """`commodity-value SEAT N`: the commodity value printed on SEAT's faction sheet."""
    highest = ti4_data(b.catalog).commodity_value_highest or ti4_data(b.catalog).commodity_value
    if len(args) != 2 or not args[1].isdigit():
        raise CommandSyntaxError("commodity-value takes a seat and a number: "
                                 "commodity-value Pia 4")
    seat, value = b.state.table.find_seat(args[0]), int(args[1])
    if not 1 <= value <= highest:
        raise IllegalMoveError(f"A faction sheet prints a commodity value from 1 to "
                               f"{highest}, not {value}.")
    recorded = b.state.table.resource(seat, COMMODITY_VALUE)
    if recorded == value:
        raise IllegalMoveError(f"{seat}'s commodity value is already {value}.")
    b.add(event("resource_changed", seat=seat, resource=COMMODITY_VALUE,
                delta=value - recorded, reason="faction sheet"))
    b.say(f"{seat}'s commodity value is {value} (from the faction sheet).")
    return seat


def commodity_choices(state: TI4State, catalog: Catalog, group: str) -> list[Choice]:
    """The way in, under `group`: one partial saying every seat's value ("Commodity
    values: 3 assumed for all", "Commodity values: Nora 3, Omar 3, Pia 4 (Nora, Omar
    assumed)") in the game's first turn while some seat's value is assumed, else "Record
    a commodity value (3 assumed for all)"."""
    seats = state.table.seats
    if not seats or not ti4_data(catalog).commodity_value_highest:
        return []
    assumed = [s for s in seats if is_value_assumed(state.table, s)]
    said = {value_of(state.table, catalog, s) for s in seats}
    if len(assumed) == len(seats) and len(said) == 1:  # one line: the first screen's
        values = f"{said.pop()} assumed for all"
    else:
        values = ", ".join(f"{s} {value_of(state.table, catalog, s)}" for s in seats) + (
            f" ({', '.join(assumed)} assumed)" if assumed else "")
    if assumed and _first_turn(state):
        return [Choice(f"Commodity values: {values}", group, priced=False, partial=VERB)]
    return [Choice(f"Record a commodity value ({values})", group, priced=False,
                   partial=VERB)]


def _first_turn(state: TI4State) -> bool:
    """The game's first turn, when a table still sorts out its faction sheets: round 1,
    its first seat to play, nobody passed. Later the offer moves below the turn's own
    choices, so it never pushes them out of reach."""
    table = state.table
    return (table.round == 1 and not state.passed
            and table.active == (state.turn_order or (None,))[0])


def expand(state: TI4State, catalog: Catalog, words: Sequence[str], group: str) -> list[Choice]:
    """Each seat's value as a choice of the numbers a faction sheet may print."""
    highest = ti4_data(catalog).commodity_value_highest
    options = tuple(Option(str(n), str(n)) for n in range(1, highest + 1))
    choices = []
    for seat in state.table.seats:
        value = value_of(state.table, catalog, seat)
        said = f"{value}, assumed" if is_value_assumed(state.table, seat) else str(value)
        template = f"{VERB} {seat} {{}}"
        other = next(o.value for o in options if o.value != str(value))
        choices.append(Choice(f"{seat}: {said}", group, priced=False, input=InputSpec(
            "choice", template, probe=template.replace("{}", other), options=options)))
    return choices
