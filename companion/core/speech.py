"""What a game says aloud: short spoken sentences for the moments a table must not miss.

Each game says which of its steps are worth saying and how (`GameDefinition.spoken`),
from the step's public events only: a card moved into a hand arrives here as
"hidden", so a spoken sentence cannot name it. The voice (`companion.voice`) queues
the sentences; a newer sentence of the same `kind` replaces one not yet spoken.

>>> Said("turn", "Baikonur, your preparation turn.").to_dict()
{'kind': 'turn', 'text': 'Baikonur, your preparation turn.'}
>>> number_words(3), number_words(21), number_words(-2), number_words(143)
('three', 'twenty-one', 'minus two', '143')
>>> joined(["Xichang", "Baikonur", "Kourou"])
'Xichang, Baikonur and Kourou'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.catalog import Catalog

#: The kinds of sentence; one of each kind waits in the voice's queue at most.
KINDS = ("turn", "round", "card", "check", "trap", "mission", "deck", "score", "end",
         "undo", "burst", "test")

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
         "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
         "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


@dataclass(frozen=True)
class Said:
    """One sentence to say aloud, and its kind (a newer one of a kind replaces an older)."""

    kind: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "text": self.text}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Said:
        return cls(str(raw["kind"]), str(raw["text"]))


@dataclass(frozen=True)
class Before:
    """Where the table stood before the step: a sentence says a round or phase only when
    it changes."""

    round: int = 0
    phase: str = ""


#: A game's spoken form: (one step's public events, its catalog, the table before) ->
#: sentences. The events are `public_step`'s: a card moved into a hand is "hidden".
Spoken = Callable[[Sequence[Mapping[str, Any]], Catalog, Before], list[Said]]


def card_name(catalog: Catalog, card_id: str) -> str:
    """The card's name as the table says it; a hidden or unknown card is "a card"."""
    entry = catalog.cards.get(str(card_id))
    return entry.name if entry is not None else "a card"


def few_words(summary: str, limit: int = 90) -> str:
    """A card's effect in a few words: its summary's first sentence, cut at a clause (or
    else a word) when it is long.

    >>> few_words("Lose 2 energy. Then discard this card.")
    'Lose 2 energy'
    >>> few_words("Place the token in this system; the card goes to the discard pile and "
    ...           "nothing else happens to anyone at all this round", limit=60)
    'Place the token in this system'
    """
    first = summary.split(". ")[0].strip().rstrip(".")
    if len(first) <= limit:
        return first
    cut = first[:limit]
    clause = max(cut.rfind("; "), cut.rfind(", "))
    return cut[:clause] if clause > limit // 3 else cut.rsplit(" ", 1)[0]


def number_words(value: int) -> str:
    """Numbers up to 99 as words, where a synthesiser might read digits oddly; larger
    numbers stay digits (espeak-ng reads them well)."""
    if value < 0:
        return f"minus {number_words(-value)}"
    if value < 20:
        return _ONES[value]
    if value < 100:
        tens, ones = divmod(value, 10)
        return _TENS[tens - 2] + (f"-{_ONES[ones]}" if ones else "")
    return str(value)


def joined(names: Sequence[str]) -> str:
    """Names as a sentence lists them: 'A', 'A and B', 'A, B and C'."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
