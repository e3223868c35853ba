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

from companion.core.piles import deck_zone, is_private
from companion.core.table import Table


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

    @property
    def unseen(self) -> int:
        return self.left + self.hidden

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.deck, "left": self.left, "hidden_in_hands": self.hidden,
                "unseen": self.unseen, "cards": [c.to_dict() for c in self.cards],
                "sentence": self.sentence()}

    def sentence(self) -> str:
        noun = "card" if self.left == 1 else "cards"
        parts = ", ".join(f"{c.count} x {c.name}" for c in self.cards)
        head = f"{self.left} {noun} left in the {self.deck} deck"
        if not self.hidden:
            return head + (f": {parts}." if parts else ".")
        return (f"{head}; {self.hidden} more {self.deck} card(s) are in hidden hands, so the "
                f"next card is one of these {self.unseen} unseen cards: {parts}.")


def deck_odds(table: Table, name_of: Callable[[str], str], deck: str,
              deck_of: Callable[[str], str]) -> DeckOdds:
    """Odds of the next card of `deck`: names counted over the deck and hidden hands."""
    pile = deck_zone(deck)
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
    return DeckOdds(deck, left, hidden, cards)
