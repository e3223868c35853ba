"""Draw piles, discard piles and the events that move cards between zones.

A draw from a physical deck is an observation: the table names or scans the
card, and the app checks the card can be there. The composition of every deck
is known, so the app can give odds; the order is not, unless the table lets
the app keep a virtual deck (shuffles seeded and recorded).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from companion.core.errors import IllegalMoveError, ZoneFormatError
from companion.core.events import Event, event
from companion.core.table import Table
from companion.core.zones import Zone

# The stored text of the common zones (see zones.py for the value they are read into).


def deck_zone(deck: str) -> str:
    return Zone.deck(deck).text


def discard_zone(deck: str) -> str:
    return Zone.discard(deck).text


def area_zone(seat: str) -> str:
    return Zone.area(seat).text


def hand_zone(seat: str) -> str:
    return Zone.hand(seat).text


def attached_zone(card_id: str) -> str:
    return Zone.attached(card_id).text


def is_private(zone: str) -> bool:
    """True for a player's hidden cards (`hand:SEAT`)."""
    return Zone.from_text(zone).is_private


def move(card: str, source: str, to: str, reason: str = "") -> Event:
    """The event of one card changing zone; `source` lets undo say where it returns."""
    return event("card_moved", card=card, **{"from": source}, to=to, reason=reason)


def observe_draw(
    table: Table, card: str, deck: str, to: str, describe: Callable[[str], str] = str
) -> Event:
    """A card the table drew and scanned: refused unless it is in that draw pile."""
    where = table.zone_of(card)
    if where != deck_zone(deck):
        raise IllegalMoveError(
            f"{describe(card)} cannot be drawn from the {deck} deck: it is "
            f"{zone_phrase(where, describe)}."
        )
    return move(card, where, to, "drawn")


def draw_observed(
    table: Table, card: str, deck: str, to: str, describe: Callable[[str], str] = str
) -> list[Event]:
    """A scanned draw, reshuffling the discard first when the draw pile is empty."""
    events = reshuffle_if_empty(table, deck)
    if events and card in events[0]["cards"]:
        return [*events, move(card, deck_zone(deck), to, "drawn after the reshuffle")]
    return [*events, observe_draw(table, card, deck, to, describe)]


def reshuffle_if_empty(table: Table, deck: str) -> list[Event]:
    """The discard pile becomes the draw pile when the draw pile is empty."""
    if table.count_in(deck_zone(deck)) > 0:
        return []
    cards = table.cards_in(discard_zone(deck))
    if not cards:
        return []
    return [event("discard_reshuffled", deck=deck, cards=cards)]


def virtual_pick(table: Table, deck: str) -> tuple[list[Event], str]:
    """The app picks the next card of a virtual deck: the shuffle events it needs, and the card.

    The card itself is then handled exactly as if the table had scanned it.
    """
    events = reshuffle_if_empty(table, deck)
    in_deck = _cards_after(table, events, deck)
    if not in_deck:
        raise IllegalMoveError(f"The {deck} deck and its discard pile are both empty.")
    order = [c for c in table.deck_order.get(deck, ()) if c in in_deck] if not events else []
    if len(order) != len(in_deck):
        order = list(in_deck)
        table.rng().shuffle(order)
        events.append(event("deck_shuffled", deck=deck, order=order))
    return events, order[0]


def _cards_after(table: Table, events: list[Event], deck: str) -> list[str]:
    cards = table.cards_in(deck_zone(deck))
    for e in events:
        cards.extend(e["cards"])
    return cards


@dataclass(frozen=True)
class Odds:
    """How many cards left in a deck match a condition (`what` plural, `one` singular)."""

    matching: int
    left: int
    deck: str
    what: str
    one: str = ""

    @property
    def probability(self) -> float:
        return self.matching / self.left if self.left else 0.0

    def sentence(self) -> str:
        """The odds as a player reads them.

        >>> Odds(1, 1, "industrial", "relic fragments", "a relic fragment").sentence()
        'The only card left in the industrial deck is a relic fragment.'
        >>> Odds(3, 12, "hazard", "traps").sentence()
        '3 of the 12 cards left in the hazard deck are traps.'
        """
        where = f"in the {self.deck} deck"
        if self.left == 0:
            return f"No cards are left {where}."
        if self.left == 1:
            what = self.one or f"one of the {self.what}"
            return f"The only card left {where} is {'' if self.matching else 'not '}{what}."
        if self.matching == 1 and self.one:
            return f"1 of the {self.left} cards left {where} is {self.one}."
        return f"{self.matching} of the {self.left} cards left {where} are {self.what}."


def odds(table: Table, deck: str, matches: Callable[[str], bool], what: str,
         one: str = "") -> Odds:
    left = table.cards_in(deck_zone(deck))
    return Odds(sum(1 for c in left if matches(c)), len(left), deck, what, one)


def zone_phrase(zone: str, describe: Callable[[str], str] = str) -> str:
    """A zone in plain words: 'in the hazard discard pile', 'in Kourou's hand';
    `describe` names the card another card is attached to."""
    try:
        where = Zone.from_text(zone)
    except ZoneFormatError:
        return f"in {zone}"
    kind, name = where.kind, where.name
    phrases = {
        "deck": f"in the {name} deck",
        "discard": f"in the {name} discard pile",
        "area": f"in {name}'s play area",
        "hand": f"in {name}'s hand",
        "attached": f"attached to {describe(name)}",
        "play": f"in play ({name})",
    }
    if zone == "play:revealed":
        return "revealed, not yet resolved"
    if kind in phrases:
        return phrases[kind]
    return {"box": "in the box, out of this game", "purged": "purged from the game",
            "supply": "in the supply"}.get(kind, f"in {zone}")


def return_phrase(zone: str) -> str:
    """Where an undone move sends a card: 'to the hazard deck', 'to Kourou's hand'."""
    phrase = zone_phrase(zone)
    if phrase.startswith("in play"):
        return "into" + phrase[2:]
    if phrase.startswith("in "):
        return "to " + phrase[3:]
    if phrase.startswith("revealed"):
        return "to being " + phrase
    return phrase


def every_card_once(table: Table, catalog_ids: Iterable[str]) -> bool:
    """Conservation: every catalog card has exactly one zone, and nothing else does."""
    return set(table.locations) == set(catalog_ids)
