"""What the table is told after any command, whichever verb or scan caused it.

Two things can follow from many commands: a draw from a deck that has run out
(the table must shuffle its discard pile into a new deck first, and is told so
at the moment the draw becomes due, with the number of cards), and the flying
ship being destroyed during its own turn (the turn then passes by itself).
"""

from __future__ import annotations

from companion.core.builder import Builder
from companion.core.catalog import Catalog
from companion.core.rules import Outcome
from companion.core.words import counted
from companion.games.exploration.checks import flying_ship
from companion.games.exploration.display import owed_decks, reshuffle_count, reshuffle_sentence
from companion.games.exploration.flight import next_ship
from companion.games.exploration.state import XpState


def follow_up(b: Builder[XpState], before: XpState, first_event: int) -> None:
    """Say what the command's events mean for the table; end a destroyed ship's turn."""
    for e in b.events[first_event:]:
        if e.type == "discard_reshuffled":
            b.say(f"The {e['deck']} discard pile ({counted(len(e['cards']), 'card')}) was "
                  f"shuffled into a new {e['deck']} deck for this draw.")
    was_owed = set(owed_decks(before, b.catalog))
    for deck in owed_decks(b.state, b.catalog):
        count = reshuffle_count(b.state, b.catalog, deck)
        if count and (deck not in was_owed or not reshuffle_count(before, b.catalog, deck)):
            b.say(reshuffle_sentence(deck, count))
    passed = pass_destroyed_turn(b.state, b.catalog)
    if passed is not None:
        b.take(passed)


def pass_destroyed_turn(state: XpState, catalog: Catalog) -> Outcome | None:
    """A ship destroyed during its own flight turn ends that turn (no `next` needed)."""
    ship = flying_ship(state)
    if ship is None or ship.location != "destroyed" or state.pending_hazard is not None \
            or state.pending_tile is not None or state.ship_draws:
        return None
    after = next_ship(state, catalog, ())
    rest = after.message.removeprefix(f"{ship.card} ends its flight turn. ")
    return Outcome(after.events, f"{ship.card} was destroyed, so its flight turn ends by "
                                 f"itself. {rest}", ship.owner)
