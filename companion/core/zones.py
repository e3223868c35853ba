"""Where a card is: a zone, written `KIND:NAME` or a bare `KIND`, a contract of saved games.

Every card is in exactly one zone (see table.py). Zones are stored as text in
events and snapshots, and that text never changes; code builds and reads them
with `Zone`, never by gluing or slicing strings.

- `deck:NAME` a draw pile, `discard:NAME` its discard pile
- `area:SEAT` a player's public play area, `hand:SEAT` a player's private cards
- `attached:CARD` attached to another card, `play:NAME` placed into play
  (a seat's, or a place such as `play:common`)
- `box` out of this game, `purged` purged from it, `supply` the supply

>>> Zone.from_text("deck:hazard")
Zone(kind='deck', name='hazard')
>>> Zone.hand("Kourou").text
'hand:Kourou'
>>> Zone.from_text("box") == BOX
True
>>> Zone.from_text("hand:Kourou").is_private
True
>>> Zone.from_text("pocket:Ann")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
companion.core.errors.ZoneFormatError: 'pocket:Ann' is not a zone; zones look like ...
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.core.errors import ZoneFormatError

#: Kinds written `KIND:NAME`, and what their name is.
NAMED_KINDS = {"deck": "deck", "discard": "deck", "area": "seat", "hand": "seat",
               "attached": "card", "play": "place"}
#: Kinds written alone.
BARE_KINDS = frozenset({"box", "purged", "supply"})
SEPARATOR = ":"


@dataclass(frozen=True)
class Zone:
    """One zone; `text` is how saved games write it."""

    kind: str
    name: str = ""

    def __post_init__(self) -> None:
        named = self.kind in NAMED_KINDS and bool(self.name) and self.name.isprintable()
        if not named and not (self.kind in BARE_KINDS and not self.name):
            raise ZoneFormatError(f"{_shown(self.kind, self.name)!r} is not a zone; zones "
                                  "look like deck:hazard, hand:Kourou or box.")

    @classmethod
    def from_text(cls, text: str) -> Zone:
        """Parse a stored zone or raise ZoneFormatError.

        >>> Zone.from_text("attached:P12").name
        'P12'
        """
        return _parsed(text)

    # ---- the zones every game has ------------------------------------------------------
    @classmethod
    def deck(cls, deck: str) -> Zone:
        return cls("deck", deck)

    @classmethod
    def discard(cls, deck: str) -> Zone:
        return cls("discard", deck)

    @classmethod
    def area(cls, seat: str) -> Zone:
        return cls("area", seat)

    @classmethod
    def hand(cls, seat: str) -> Zone:
        return cls("hand", seat)

    @classmethod
    def attached(cls, card_id: str) -> Zone:
        return cls("attached", card_id)

    @classmethod
    def play(cls, place: str) -> Zone:
        return cls("play", place)

    # ---- reading -----------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The zone as saved games write it: `deck:hazard`, `box`."""
        return f"{self.kind}{SEPARATOR}{self.name}" if self.name else self.kind

    @property
    def is_private(self) -> bool:
        """A player's hidden cards: nobody else may see which cards are here."""
        return self.kind == "hand"

    @property
    def seat(self) -> str | None:
        """The seat whose area or hand this is (None for any other zone).

        >>> Zone.from_text("area:Ann").seat, Zone.deck("hazard").seat
        ('Ann', None)
        """
        return self.name if NAMED_KINDS.get(self.kind) == "seat" else None

    def __str__(self) -> str:
        return self.text


def _parts(text: str) -> tuple[str, str]:
    kind, separator, name = text.partition(SEPARATOR)
    if separator and not name:
        raise ZoneFormatError(f"{text[:40]!r} is not a zone; zones look like "
                              "deck:hazard, hand:Kourou or box.")
    return kind, name


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Zone:
    """Zones are few and immutable: each stored text is read once (replays read many)."""
    return Zone(*_parts(text))


def _shown(kind: str, name: str) -> str:
    return (f"{kind}{SEPARATOR}{name}" if name else kind)[:40]


BOX = Zone("box")
PURGED = Zone("purged")
SUPPLY = Zone("supply")
