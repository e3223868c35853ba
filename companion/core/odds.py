"""Deck odds as data: what the next card of a draw pile may be, as the table knows it.

A card drawn in secret (a hidden mission) is as unknown to the table as a card
still in the deck, so the odds of a deck are over the deck *and* every card of
that deck in a hidden hand. Listing only the deck would name, by elimination,
the card someone holds.

>>> from companion.core.table import Table
>>> t = Table("x", 1, locations={"A1": "deck:m", "A2": "hand:Kourou", "B1": "deck:m"})
>>> odds = deck_odds(t, lambda c: c[0], "m", lambda c: "m")
>>> odds.left, odds.unseen, [(o.name, o.count) for o in odds.cards]
(2, 3, [('A', 2), ('B', 1)])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core.piles import deck_zone, discard_zone, is_private
from companion.core.table import Table
from companion.core.words import counted, for_count


@dataclass(frozen=True)
class CardOdds:
    """One card name among the unseen cards: how many, and the chance to draw one next."""

    name: str
    count: int
    probability: float

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "count": self.count,
                "probability": round(self.probability, 4)}


@dataclass(frozen=True)
class DeckOdds:
    """The draw pile's size, the cards the table has not seen, and the odds of each name."""

    deck: str
    left: int
    hidden: int
    cards: tuple[CardOdds, ...]
    #: Cards in the discard pile that become the deck before the next draw (the deck
    #: is empty and the rules reshuffle it); the odds are then over them.
    reshuffled: int = 0
    #: The sentence for an empty deck that gives no more cards, saying why.
    empty_note: str = ""

    @property
    def unseen(self) -> int:
        return self.left + self.hidden

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.deck, "left": self.left, "hidden_in_hands": self.hidden,
                "unseen": self.unseen, "cards": [c.to_dict() for c in self.cards],
                "sentence": self.sentence(), "reshuffle_from_discard": self.reshuffled,
                "empty_note": self.empty_note}

    def sentence(self) -> str:
        parts = ", ".join(f"{c.count} x {c.name}" for c in self.cards)
        if self.reshuffled:
            pile = counted(self.reshuffled, "card")
            return (f"The {self.deck} deck is empty: before the next draw, shuffle its "
                    f"discard pile ({pile}) into a new {self.deck} deck. "
                    f"The next card is one of them: {parts}.")
        if not self.unseen and self.empty_note:
            return self.empty_note
        head = f"{counted(self.left, 'card')} left in the {self.deck} deck"
        if not self.hidden:
            return head + (f": {parts}." if parts else ".")
        hidden = counted(self.hidden, f"more {self.deck} card")
        return (f"{head}; {hidden} {for_count(self.hidden, 'is', 'are')} in hidden hands, so "
                f"the next card is one of these {counted(self.unseen, 'unseen card')}: {parts}.")


def deck_odds(table: Table, name_of: Callable[[str], str], deck: str,
              deck_of: Callable[[str], str], reshuffle: bool = True,
              when_empty: str = "") -> DeckOdds:
    """Odds of the next card of `deck`: names counted over the deck and hidden hands.

    An empty deck the rules reshuffle gives the odds over its discard pile, which
    becomes the deck before the next draw; an empty deck never reshuffled says why.
    """
    pile = deck_zone(deck)
    discarded = table.cards_in(discard_zone(deck))
    if reshuffle and discarded and not table.count_in(pile):
        found = _counts(name_of, discarded)
        return DeckOdds(deck, 0, 0, tuple(CardOdds(name, n, n / len(discarded))
                                          for name, n in found.items()), len(discarded))
    left = hidden = 0
    counts: dict[str, int] = {}
    for card, zone in table.locations.items():
        if zone == pile:
            left += 1
        elif is_private(zone) and deck_of(card) == deck:
            hidden += 1
        else:
            continue
        name = name_of(card)
        counts[name] = counts.get(name, 0) + 1
    total = left + hidden
    cards = tuple(CardOdds(name, n, n / total) for name, n in counts.items())
    return DeckOdds(deck, left, hidden, cards,
                    empty_note="" if total else _empty_note(deck, reshuffle, when_empty))


def _empty_note(deck: str, reshuffle: bool, when_empty: str) -> str:
    if when_empty:
        return when_empty
    if reshuffle:
        return f"The {deck} deck and its discard pile are empty: no {deck} card can be drawn now."
    return f"The {deck} deck is empty, and the rules never reshuffle it: no more {deck} cards " \
           f"can be drawn."


def _counts(name_of: Callable[[str], str], cards: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for card in cards:
        name = name_of(card)
        found[name] = found.get(name, 0) + 1
    return found
