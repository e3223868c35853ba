"""What the shared screen and the history may show of a step.

The journal keeps every step whole (replay needs the real card IDs), but a
card moved into a player's private zone, and the order of any shuffled deck,
are never shown to the table: displays use `public_step`.
"""

from __future__ import annotations

from companion.core.events import Event, Step
from companion.core.piles import is_private
from companion.core.table import Table
from companion.core.zones import Zone

HIDDEN = "hidden"


def is_hidden_move(e: Event) -> bool:
    """A card going into, or moving between, private zones."""
    if e.type != "card_moved" or not is_private(str(e["to"])):
        return False
    source = Zone.from_text(str(e["from"]))
    return source.is_private or source.kind != "area"


def hidden_card_of(step: Step, event: int, seat: str) -> str | None:
    """The card the `event`th event of `step` moved, hidden, into `seat`'s own zone: what
    that seat's screen may show it (None when that event is no such move)."""
    if not 0 <= event < len(step.events):
        return None
    e = step.events[event]
    to = Zone.from_text(str(e["to"])) if e.type == "card_moved" else None
    if to is None or not is_hidden_move(e) or to.name != seat:
        return None
    return str(e["card"])


def public_event(e: Event) -> Event:
    if is_hidden_move(e):
        return Event(e.type, {**e.data, "card": HIDDEN})
    if e.type == "deck_shuffled":
        return Event(e.type, {"deck": e["deck"], "cards": len(e["order"])})
    return e


def has_hidden_card(step: Step) -> bool:
    return any(is_hidden_move(e) for e in step.events)


def public_command(step: Step) -> str:
    """The command as typed, unless it would name a hidden card."""
    if not has_hidden_card(step):
        return step.command
    verb = step.command.split(maxsplit=1)[0] if step.command.strip() else "scan"
    return f"{verb} (a hidden card)"


def public_step(step: Step) -> Step:
    """The step as the table may see it."""
    return Step(step.number, step.kind, public_command(step), step.message,
                tuple(public_event(e) for e in step.events), step.target, step.seat)


def hidden_counts(table: Table) -> dict[str, int]:
    """How many hidden cards each seat holds (public: the table sees the cards' backs).

    >>> from companion.core.table import new_table
    >>> hidden_counts(new_table("xp", 1, [("P01", "hand:Kourou"), ("P02", "deck:primary")]))
    {'Kourou': 1}
    """
    counts: dict[str, int] = {}
    for zone in table.locations.values():
        if is_private(zone):
            seat = Zone.from_text(zone).name
            counts[seat] = counts.get(seat, 0) + 1
    order = {seat: i for i, seat in enumerate(table.seats)}
    return dict(sorted(counts.items(), key=lambda item: order.get(item[0], len(order))))
