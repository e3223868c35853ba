"""Hold-to-peek: a seat's own hidden cards (its missions) in words, for its owner only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def card_line(card: Mapping[str, Any]) -> str:
    """'Explorer (P06): Have 3 ships in outer space. So far 1 of 3.'; a card the game marks
    `new` (the newest drawn, among older ones) starts with 'New: '."""
    text = ("New: " if card.get("new") else "") + f"{card.get('name', '')} ({card.get('id', '')})"
    summary = str(card.get("summary") or "").strip()
    if summary:
        text += f": {summary}" + ("" if summary.endswith((".", "!", "?")) else ".")
    value, goal = card.get("value"), card.get("goal")
    if card.get("progress"):  # the game's own words for how far the holder is
        text += f" {card['progress']}"
    elif value is not None and goal is not None:
        text += f" So far {value} of {goal}."
    elif value is not None:
        text += f" So far {value}."
    if card.get("gone"):
        text += " It has left this hand since."
    return text


def card_lines(cards: Sequence[Mapping[str, Any]]) -> list[str]:
    return [card_line(card) for card in cards]
