"""The card reveal's words: what was drawn, from which deck, for whom, and what it does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.ui.presenters.actions import ActionGroup, ActionItem, actions_view
from companion.ui.table import RevealedCard

#: Choices offered on the reveal itself; the rest stay on the dashboard.
MAX_CHOICES = 3
#: A card's own decision (every choice left in one group of the prompt, such as a hazard's
#: Mars spaces and its ignore) is offered whole on the reveal up to this many buttons,
#: which still fit side by side at 800x480 with their words wrapped.
MAX_DECISION_CHOICES = 5
#: Where a card revealed to all waits to be resolved (TI4's `play:revealed`).
REVEALED = "revealed"


@dataclass(frozen=True)
class RevealView:
    heading: str
    name: str
    code: str
    summary: str
    did: str
    counter: str
    hidden: bool
    choices: tuple[ActionItem, ...]


def reveal_view(cards: Sequence[RevealedCard], index: int, message: str,
                prompt: Mapping[str, Any]) -> RevealView:
    """The `index`th card of one step's reveal; choices are the prompt's commands now."""
    card = cards[index]
    deck = card.deck.replace("_", " ")
    counter = _how(card) + (f"  ·  card {index + 1} of {len(cards)}" if len(cards) > 1
                            else "")
    if card.hidden:
        return RevealView(f"A {deck} card for {card.to}", f"{card.to}'s hidden card", "",
                          f"Only {card.to} looks at it; it stays hidden from the table until "
                          f"they reveal it. To look again later, {card.to}'s player holds a "
                          "finger on their seat's badge.", message, counter, True, ())
    choices = _choices(card, actions_view(prompt).groups)
    summary = f"{card.kept} {card.summary}" if card.kept and card.summary else card.summary
    return RevealView(_heading(card, prompt), card.name, card.card_id,
                      summary, _without_summary(message, card.summary), counter, False,
                      choices)


def _how(card: RevealedCard) -> str:
    """What happened to the card, in a player's words (not the journal's step number)."""
    return "Scanned" if card.scanned else "Drawn by the app"


def _without_summary(message: str, summary: str) -> str:
    """What the app did, without the card's summary the reveal already shows above it
    ("... for SHLD1: <summary> It is applied, ..." reads "... for SHLD1. It is applied, ...")."""
    if summary and f": {summary} " in message:
        return message.replace(f": {summary} ", ". ", 1)
    return message


def _heading(card: RevealedCard, prompt: Mapping[str, Any]) -> str:
    """What the card is, as the rulebook calls it, and whom it is for: a seat, or the ship
    whose move drew it ("Hazard card for TRNS1 (Ana)")."""
    kind = card.card_name or f"{card.deck.replace('_', ' ').capitalize()} card"
    if card.ship:
        player = f" ({card.player})" if card.player else ""
        return f"{kind} for {card.ship}{player}"
    if card.to == REVEALED:  # TI4 (note 5): revealed to all before the explorer resolves it
        seat = prompt.get("seat")
        return f"{kind} for {seat}, revealed to all" if seat else f"{kind}, revealed to all"
    return f"{kind} for {card.to}" if card.to and card.for_seat else kind


def _choices(card: RevealedCard, groups: Sequence[ActionGroup]) -> tuple[ActionItem, ...]:
    """A card that asks for a decision (resolve or ignore a hazard) narrows the prompt to a
    few commands: those are offered on the reveal, all of them when they form one group;
    otherwise the table carries on, except for the commands that name this very card
    (TI4: "Resolve Paradise World (C10)")."""
    enabled = [item for group in groups for item in group.items]
    if enabled and all(item.kind == "command" for item in enabled) and (
            len(enabled) <= MAX_CHOICES
            or (len(groups) == 1 and len(enabled) <= MAX_DECISION_CHOICES)):
        return tuple(enabled)
    return tuple(item for item in enabled
                 if item.kind == "command" and f"({card.card_id})" in item.label)[:MAX_CHOICES]


def scan_words(cards: Sequence[RevealedCard], ok: bool) -> str:
    """What the scan strip says a scan read, in the reveal's words: the card's name, or
    whose hidden card it is (never its name or ID, which the public screen must not show)."""
    if not ok:
        return "Read a card the table did not take"
    if not cards:
        return "Read a card"
    card = cards[0]
    if card.hidden:
        return f"Read {card.to}'s hidden card"
    return f"Read {card.name} ({card.card_id})"
