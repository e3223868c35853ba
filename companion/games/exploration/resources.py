"""Seat resources: gaining them, and paying with a refusal that says what is missing.

Resources live in table.resources (credits, command, technology, frags); the
events here are the core's resource_changed.
"""

from __future__ import annotations

from companion.core.errors import IllegalMoveError
from companion.core.events import Event, event
from companion.core.prompt import amount_phrase
from companion.core.words import counted
from companion.games.exploration.state import XpState

#: How the rulebook names one unit of each resource in a sentence (the prompt's costs
#: too: ExplorationRules.resource_nouns).
RESOURCE_NOUNS = {"credits": "credit", "command": "command point",
                  "technology": "technology point", "frags": "frag"}


def development_counter(seat: str) -> str:
    """The table counter of development cards `seat` has played (a one-time card goes to
    the discard pile, so only this counter remembers who drew it)."""
    return f"development_played:{seat}"


def amount_of(resource: str, amount: int) -> str:
    """An amount of a resource as a player says it: '1 command point', '2 frags'."""
    return amount_phrase(amount, resource, RESOURCE_NOUNS)


def gain(seat: str, resource: str, amount: int, reason: str) -> Event:
    return event("resource_changed", seat=seat, resource=resource, delta=amount, reason=reason)


def pay(state: XpState, seat: str, amount: int, doing: str, reserved: int = 0,
        resource: str = "credits") -> list[Event]:
    """The payment event, or a refusal saying what is missing (`reserved` is already spent)."""
    have = state.table.resource(seat, resource) - reserved
    if amount > have:
        raise IllegalMoveError(f"{seat} cannot {doing}: it costs "
                               f"{amount_of(resource, amount)} and {seat} has {have} left.")
    return [gain(seat, resource, -amount, doing)] if amount else []


def credit_gain(state: XpState, seat: str, amount: int, reason: str) -> tuple[list[Event], str]:
    """Credits from an action, unless a restriction token blocks them this round."""
    if state.seats[seat].has_restriction("no_credits", state.table.round):
        return [], f"{seat} gains no credits this round (restriction token)."
    return [gain(seat, "credits", amount, reason)], f"{seat} gains {counted(amount, 'credit')}."
