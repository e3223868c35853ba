"""The Decks panel's data: cards left and discarded per deck, the reshuffle a deck owes,
and the odds of the next card (the table API's `odds(deck)`, hidden draws unknown)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.words import counted, for_count


@dataclass(frozen=True)
class DeckRow:
    deck: str
    title: str
    left: int
    discarded: int
    text: str


@dataclass(frozen=True)
class OddsView:
    deck: str
    sentence: str
    rows: tuple[str, ...]


def deck_rows(table: Mapping[str, Any]) -> tuple[DeckRow, ...]:
    """One row per deck of the table view: '15 left · 1 in the discard pile', with the
    deck's own lines ('3 fragments left')."""
    rows = []
    for deck in table.get("decks") or ():
        left, discarded = int(deck["left"]), int(deck["discarded"])
        pile = f" · {discarded} in the discard pile" if discarded else ""
        text = "\n".join([f"{left} left{pile}", *deck.get("lines", ())])
        rows.append(DeckRow(str(deck["id"]), f"{str(deck['id']).capitalize()} deck", left,
                            discarded, text))
    return tuple(rows)


def reshuffle_notes(table: Mapping[str, Any]) -> tuple[str, ...]:
    """What the table must do before a card it owes can be drawn (a reshuffle)."""
    return tuple(dict.fromkeys(w for deck in table.get("decks") or ()
                               for w in deck.get("warnings", ())))


def odds_view(odds: Mapping[str, Any]) -> OddsView:
    """The odds sentence, and one line per card name with its count and chance.

    A deck some of whose cards sit in hidden hands is shown by counts only: its list of
    unseen names would hold the names of the cards players keep secret, and the shared
    screen names no card a player holds hidden.
    """
    deck = str(odds.get("deck"))
    hidden = int(odds.get("hidden_in_hands") or 0)
    if hidden:
        return OddsView(deck, _hidden_sentence(deck, odds, hidden), ())
    rows = tuple(f"{c['name']}: {c['count']} of {odds.get('unseen') or odds.get('left')}"
                 f" ({round(float(c['probability']) * 100)}%)"
                 for c in odds.get("cards") or [])
    return OddsView(deck, str(odds.get("sentence") or ""), rows)


def _hidden_sentence(deck: str, odds: Mapping[str, Any], hidden: int) -> str:
    left = int(odds.get("left") or 0)
    unseen = int(odds.get("unseen") or left + hidden)
    more = f"{counted(hidden, f'more {deck} card')} {for_count(hidden, 'is', 'are')}"
    return (f"{counted(left, 'card')} left in the {deck} deck; {more} in hidden hands, "
            f"so the next card is one of {counted(unseen, 'unseen card')}. Their names "
            f"are not listed on the shared screen: they would name the cards players "
            f"keep secret.")
