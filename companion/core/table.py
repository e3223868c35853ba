"""The game-agnostic table: where every card is, resources, scores, rounds, dice.

Every physical card is in exactly one zone at every moment, by construction:
`locations` maps each card ID to the stored text of one zone (`deck:hazard`,
`hand:Kourou`, `box`): zones.py lists them and reads them into `Zone` values
(`table.zone(card)`). A draw pile's composition is known, its order only when
the table keeps a virtual deck.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.errors import IllegalMoveError
from companion.core.events import Event
from companion.core.zones import Zone


@dataclass(frozen=True)
class ScoreEntry:
    """Points given to a seat, and why: every point knows its source."""

    seat: str
    points: int
    source: str


@dataclass(frozen=True)
class Table:
    """State shared by every game. Treat it as immutable: apply returns a copy."""

    game: str
    seed: int
    seats: tuple[str, ...] = ()
    players: Mapping[str, str] = field(default_factory=dict)
    locations: Mapping[str, str] = field(default_factory=dict)
    deck_order: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    resources: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    scores: tuple[ScoreEntry, ...] = ()
    counters: Mapping[str, int] = field(default_factory=dict)
    round: int = 0
    phase: str = "setup"
    active: str | None = None
    rng_count: int = 0

    # ---- queries -------------------------------------------------------
    def zone_of(self, card_id: str) -> str:
        """The stored text of the card's zone (`deck:hazard`); `zone()` reads it."""
        return self.locations[card_id]

    def zone(self, card_id: str) -> Zone:
        """The zone the card is in, as a value: `table.zone("H2").kind == "deck"`."""
        return Zone.from_text(self.locations[card_id])

    def cards_in(self, zone: str) -> list[str]:
        """Card IDs in `zone`, in catalog order (a draw pile's order is unknown)."""
        return [c for c, z in self.locations.items() if z == zone]

    def count_in(self, zone: str) -> int:
        return sum(1 for z in self.locations.values() if z == zone)

    def resource(self, seat: str, name: str) -> int:
        return self.resources.get(seat, {}).get(name, 0)

    def score_of(self, seat: str) -> int:
        return sum(e.points for e in self.scores if e.seat == seat)

    def score_breakdown(self, seat: str) -> dict[str, int]:
        """Points per source, in the order they were first scored."""
        breakdown: dict[str, int] = {}
        for entry in self.scores:
            if entry.seat == seat:
                breakdown[entry.source] = breakdown.get(entry.source, 0) + entry.points
        return breakdown

    def find_seat(self, word: str) -> str:
        """The seat a player typed: case-insensitive, a unique prefix is enough."""
        lowered = word.strip().lower()
        exact = [s for s in self.seats if s.lower() == lowered]
        if exact:
            return exact[0]
        matches = [s for s in self.seats if s.lower().startswith(lowered)] if lowered else []
        by_player = [s for s, p in self.players.items() if p.lower() == lowered]
        candidates = list(dict.fromkeys(matches + by_player))
        if len(candidates) == 1:
            return candidates[0]
        seated = ", ".join(self.seats) or "nobody yet"
        if not candidates:
            raise IllegalMoveError(f"{word!r} is not a seat at this table (seated: {seated}).")
        raise IllegalMoveError(f"{word!r} could be {', '.join(candidates)}; type more letters.")

    def rng(self) -> random.Random:
        """The next random source: seeded by the game and the count of draws so far."""
        digest = hashlib.sha256(f"{self.seed}:{self.rng_count}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    # ---- serialisation -----------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "seed": self.seed, "seats": list(self.seats),
            "players": dict(self.players), "locations": dict(self.locations),
            "deck_order": {k: list(v) for k, v in self.deck_order.items()},
            "resources": {s: dict(r) for s, r in self.resources.items()},
            "scores": [[e.seat, e.points, e.source] for e in self.scores],
            "counters": dict(self.counters), "round": self.round, "phase": self.phase,
            "active": self.active, "rng_count": self.rng_count,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Table:
        return cls(
            game=raw["game"], seed=raw["seed"], seats=tuple(raw["seats"]),
            players=dict(raw["players"]), locations=dict(raw["locations"]),
            deck_order={k: tuple(v) for k, v in raw["deck_order"].items()},
            resources={s: dict(r) for s, r in raw["resources"].items()},
            scores=tuple(ScoreEntry(s, p, src) for s, p, src in raw["scores"]),
            counters=dict(raw["counters"]), round=raw["round"], phase=raw["phase"],
            active=raw["active"], rng_count=raw["rng_count"],
        )


def new_table(game: str, seed: int, cards: Iterable[tuple[str, str]]) -> Table:
    """A table with every card of the catalog in its starting zone."""
    return Table(game=game, seed=seed, locations=dict(cards))


# ---- applying core events ------------------------------------------------------
def _seat_joined(t: Table, e: Event) -> Table:
    return replace(t, seats=(*t.seats, e["seat"]),
                   players={**t.players, e["seat"]: e.get("player", e["seat"])},
                   resources={**t.resources, e["seat"]: dict(e.get("resources", {}))})


def _card_moved(t: Table, e: Event) -> Table:
    card, to = e["card"], e["to"]
    order = dict(t.deck_order)
    source = Zone.from_text(t.locations[card])
    if source.kind == "deck" and source.name in order:
        order[source.name] = tuple(c for c in order[source.name] if c != card)
    return replace(t, locations={**t.locations, card: to}, deck_order=order)


def _deck_shuffled(t: Table, e: Event) -> Table:
    deck = e["deck"]
    locations = dict(t.locations)
    pile = Zone.deck(deck).text
    for card in e["order"]:
        locations[card] = pile
    return replace(t, locations=locations, rng_count=t.rng_count + 1,
                   deck_order={**t.deck_order, deck: tuple(e["order"])})


def _discard_reshuffled(t: Table, e: Event) -> Table:
    locations = dict(t.locations)
    pile = Zone.deck(e["deck"]).text
    for card in e["cards"]:
        locations[card] = pile
    order = {k: v for k, v in t.deck_order.items() if k != e["deck"]}
    return replace(t, locations=locations, deck_order=order)


def _resource_changed(t: Table, e: Event) -> Table:
    seat, name = e["seat"], e["resource"]
    mine = dict(t.resources.get(seat, {}))
    mine[name] = mine.get(name, 0) + int(e["delta"])
    return replace(t, resources={**t.resources, seat: mine})


def _scored(t: Table, e: Event) -> Table:
    return replace(t, scores=(*t.scores, ScoreEntry(e["seat"], int(e["points"]), e["source"])))


def _counter_set(t: Table, e: Event) -> Table:
    counters = dict(t.counters)
    if e.get("value") is None:
        counters.pop(e["name"], None)
    else:
        counters[e["name"]] = int(e["value"])
    return replace(t, counters=counters)


def _phase_changed(t: Table, e: Event) -> Table:
    return replace(t, round=int(e.get("round", t.round)), phase=e["phase"],
                   active=e.get("active"))


def _die_rolled(t: Table, e: Event) -> Table:
    used_rng = e.get("by") == "app"
    return replace(t, rng_count=t.rng_count + (1 if used_rng else 0))


def _noted(t: Table, e: Event) -> Table:
    return t


TABLE_APPLIERS = {
    "seat_joined": _seat_joined,
    "card_moved": _card_moved,
    "deck_shuffled": _deck_shuffled,
    "discard_reshuffled": _discard_reshuffled,
    "resource_changed": _resource_changed,
    "scored": _scored,
    "counter_set": _counter_set,
    "phase_changed": _phase_changed,
    "die_rolled": _die_rolled,
    "noted": _noted,
}


#: The events every game folds the same way (its vocabulary adds its own).
TABLE_EVENT_TYPES = frozenset(TABLE_APPLIERS)


def is_table_event(e: Event) -> bool:
    return e.type in TABLE_APPLIERS


def apply_table_event(t: Table, e: Event) -> Table:
    """Fold one core event into the table. Never fails for a stored event."""
    return TABLE_APPLIERS[e.type](t, e)
