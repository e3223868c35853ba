"""What TI4's exploration says aloud (`companion.core.speech`): the card an exploration
found, a relic gained, a discard pile shuffled back into its deck, whose turn it is.

Exploration cards are public in TI4 (revealed to all); relics too. A planet gained is
not said: the table just took it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.catalog import Catalog
from companion.core.speech import Before, Said, few_words, number_words
from companion.core.zones import Zone

EXPLORATION_DECKS = ("cultural", "industrial", "hazardous", "frontier")


def _moved(e: Mapping[str, Any], catalog: Catalog) -> list[Said]:
    source = Zone.from_text(str(e["from"]))
    if source.kind != "deck" or e["card"] not in catalog.cards:
        return []
    entry = catalog.cards[e["card"]]
    if source.name == "relic":
        seat = Zone.from_text(str(e["to"])).seat
        who = f"{seat} gains" if seat else "Drawn:"
        return [Said("card", f"{who} the relic {entry.name}.")]
    if source.name in EXPLORATION_DECKS:
        effect = f": {few_words(entry.summary)}" if entry.summary else ""
        return [Said("card", f"Explored, {source.name} card: {entry.name}{effect}.")]
    return []


def _one(e: Mapping[str, Any], catalog: Catalog, before: Before) -> list[Said]:
    if e["type"] == "card_moved":
        return _moved(e, catalog)
    if e["type"] == "discard_reshuffled":
        return [Said("deck", f"The {e['deck']} discard pile is shuffled into a new deck.")]
    if e["type"] == "phase_changed" and e.get("round") != before.round:
        return [Said("round", f"Round {number_words(int(e['round']))}.")]
    if e["type"] == "relic_owed" and e.get("seats"):
        return [Said("card", f"{e['seats'][-1]} may draw a relic.")]
    return []


def spoken(events: Sequence[Mapping[str, Any]], catalog: Catalog,
           before: Before) -> list[Said]:
    """The sentences one TI4 step says, in the order its events happened."""
    return [s for e in events for s in _one(e, catalog, before)]



