"""What Exploration says aloud (`companion.core.speech`): whose turn, the round and the
phase when they change, a public card, a maneuver check, a trap, a score, the end.

Only a step's public events arrive here: a mission drawn into a hand is "hidden",
and is said as "Xichang draws a card", never its deck. Ships are said by their
catalog name and number ("Transporter 1"), not their code read letter by letter.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.catalog import Catalog
from companion.core.piles import is_private
from companion.core.speech import Before, Said, card_name, few_words, joined, number_words
from companion.core.zones import Zone
from companion.games.exploration.display import phase_name

Events = Sequence[Mapping[str, Any]]


def ship_name(catalog: Catalog, card_id: str) -> str:
    """'Transporter 1' for TRNS1: the design's name and the copy's number."""
    digits = re.search(r"\d+$", str(card_id))
    name = card_name(catalog, card_id)
    return f"{name} {int(digits.group())}" if digits and name != "a card" else name


def _trap(trap_id: str) -> str:
    """Trap tokens are numbered: 'trap 3' for T3."""
    return f"trap {trap_id[1:]}" if re.fullmatch(r"T\d+", str(trap_id)) else "a trap"


def _turns(events: Events, before: Before) -> list[Said]:
    """The round and phase once, as they stand after the step (a step may pass through
    several phases), then whose turn it is."""
    changes = [e for e in events if e["type"] == "phase_changed"]
    if not changes:
        return []
    last = changes[-1]
    said = []
    if (last["round"], last["phase"]) != (before.round, before.phase) and \
            last["phase"] != "end":
        phase = phase_name(last["phase"])
        if last["round"] != before.round:
            said.append(Said("round", f"Round {number_words(int(last['round']))}: {phase}."))
        else:
            said.append(Said("round", f"{phase}."))
    if last.get("active"):
        phase = str(last["phase"]).replace("-", " ")
        said.append(Said("turn", f"{last['active']}, your {phase} turn."))
    return said


def _named(catalog: Catalog, text: str) -> str:
    """A rule's words with each card code replaced by its spoken name (SHLD1 -> Shield 1)."""
    return re.sub(r"\b[A-Z]{1,5}\d{1,3}\b",
                  lambda m: ship_name(catalog, m.group()) if m.group() in catalog.cards
                  else m.group(), text)


def _draws(events: Events, catalog: Catalog) -> list[Said]:
    """Cards leaving a deck: hidden ones counted per seat, public ones by name."""
    hidden: Counter[str] = Counter()
    said = []
    hazards = {e["card"] for e in events if e["type"] == "hazard_drawn"}
    for e in events:
        if e["type"] != "card_moved" or not str(e["from"]).startswith("deck:"):
            continue
        if is_private(str(e["to"])):
            hidden[Zone.from_text(str(e["to"])).seat or "A player"] += 1
        elif e["card"] not in hazards and e["card"] in catalog.cards:
            said.append(_public_card(catalog, e))
    for seat, count in hidden.items():
        cards = "a card" if count == 1 else f"{number_words(count)} cards"
        said.append(Said("card", f"{seat} draws {cards}."))
    return said


def _public_card(catalog: Catalog, e: Mapping[str, Any]) -> Said:
    entry = catalog.cards[e["card"]]
    where = Zone.from_text(str(e["to"]))
    who = f"{where.seat} draws" if where.seat else "Drawn:"
    effect = f": {few_words(entry.summary)}" if entry.kind in ("hazard", "tile") and \
        entry.summary else ""
    return Said("card", f"{who} {entry.name}{effect}.")


def _check(e: Mapping[str, Any], catalog: Catalog) -> Said:
    check = e["check"]
    outcome = "passed" if check.get("passed") else "failed"
    purpose = _named(catalog, str(e.get("purpose") or "maneuver check"))
    return Said("check", f"{purpose[0].upper()}{purpose[1:]}: the die shows {e['face']}, "
                         f"{number_words(int(check['result']))} against "
                         f"{number_words(int(check['target']))}, {outcome}.")


def _game_end(e: Mapping[str, Any]) -> Said:
    totals = {str(k): int(v) for k, v in dict(e.get("totals") or {}).items()}
    if not totals:
        return Said("end", "The game is over.")
    best = max(totals.values())
    leaders = [seat for seat, points in totals.items() if points == best]
    verb = "wins" if len(leaders) == 1 else "tie"
    return Said("end", f"The game is over. {joined(leaders)} {verb} with "
                       f"{number_words(best)} points.")


def _one(e: Mapping[str, Any], catalog: Catalog) -> list[Said]:
    kind = e["type"]
    if kind == "scored" and str(e.get("source", "")).startswith("mission: "):
        points = int(e["points"])
        return [Said("mission", f"{e['seat']} scores {number_words(points)} "
                                f"{'point' if points == 1 else 'points'} for the mission "
                                f"{str(e['source'])[len('mission: '):]}.")]
    if kind == "hazard_drawn":
        entry = catalog.cards.get(str(e["card"]))
        effect = f": {few_words(entry.summary)}" if entry and entry.summary else ""
        return [Said("card", f"{ship_name(catalog, e['ship'])} meets the hazard "
                             f"{card_name(catalog, e['card'])}{effect}.")]
    if kind == "die_rolled" and isinstance(e.get("check"), Mapping):
        return [_check(e, catalog)]
    if kind == "trap_counted":
        return [Said("trap", f"{_trap(e['trap_id']).capitalize()} counts down to "
                             f"{number_words(int(e['count']))}.")]
    if kind == "trap_exploded":
        return [Said("trap", f"{_trap(e['trap_id']).capitalize()} explodes and destroys "
                             f"{ship_name(catalog, e['card'])}.")]
    if kind == "discard_reshuffled":  # the discard pile becomes the deck (an app draw
        # shuffles only what it picks from: nothing the table does)
        return [Said("deck", f"The {str(e['deck']).replace('_', ' ')} deck is reshuffled.")]
    if kind == "game_ended":
        return [_game_end(e)]
    return []


def spoken(events: Events, catalog: Catalog, before: Before) -> list[Said]:
    """The sentences one step of Exploration says: what happened first (cards, checks,
    traps, reshuffles, the end), then a new round or phase, and whose turn it is last."""
    turns = _turns(events, before)
    said = [s for e in events for s in _one(e, catalog)]
    return _draws(events, catalog) + said + [s for s in turns if s.kind == "round"] + \
        [s for s in turns if s.kind == "turn"]
