"""TI4 exploration state: the core table plus frontier tokens, techs and the explore queue.

State is a fold of events. Besides the core table events, the game adds:
`game_set_up`, `tech_gained`, `tech_lost` (a faction's starting technology, when the
seat's faction is said again), `queue_set`, `frontier_placed`, `frontier_removed`,
`relic_owed`, `traits_added`, `planet_token_placed`, `map_token_placed`,
`map_token_removed`, `card_exhausted`, `cards_readied` (a relic used by exhausting it,
readied by the status phase), the rounds' `seat_passed` and `round_started` (rounds.py),
and `faction_chosen` (factions.py: the faction a seat plays, "" for a sheet not listed),
`factions_skipped` (the table keeps the assumed values, factions.py).
Applying them never fails for a stored event. The order in which cards were attached
to each planet is read off the `card_moved` events (LRR 35.8: a research facility's
effect depends on what the planet already has).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.events import Event
from companion.core.table import Table, apply_table_event, is_table_event
from companion.core.zones import Zone

REVEALED = Zone.play("revealed").text
COMMON = Zone.play("common").text


@dataclass(frozen=True)
class MapToken:
    """A token an exploration card put on the map: which token, in which tile, from which card."""

    token: str
    tile: str
    card: str
    #: The side face up, when the explorer chose it ("alpha wormhole", Ion Storm).
    side: str = ""

    def to_dict(self) -> dict[str, Any]:
        side = {"side": self.side} if self.side else {}
        return {"token": self.token, "tile": self.tile, "card": self.card, **side}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> MapToken:
        return cls(str(raw.get("token", "")), str(raw.get("tile", "")), str(raw.get("card", "")),
                   str(raw.get("side", "")))

    @property
    def words(self) -> str:
        """'Ion Storm (alpha wormhole side up) in tile 41'."""
        side = f" ({self.side} side up)" if self.side else ""
        return f"{self.token}{side} in tile {self.tile}"


@dataclass(frozen=True)
class Exploration:
    """One exploration waiting in the queue (LRR 35.2d): who explores what, and why.

    `kind` is "planet" (target = planet card ID) or "frontier" (target = tile).
    `gain` means the planet is gained when this item starts (LRR 35 note 3);
    `decks` is set when it starts, `deck` once the player has chosen (35.2c).
    """

    seat: str
    kind: str
    target: str
    reason: str
    gain: bool = False
    started: bool = False
    decks: tuple[str, ...] = ()
    deck: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "target": self.target,
                "reason": self.reason, "gain": self.gain, "started": self.started,
                "decks": list(self.decks), "deck": self.deck}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Exploration:
        return cls(seat=str(raw.get("seat", "")), kind=str(raw.get("kind", "planet")),
                   target=str(raw.get("target", "")), reason=str(raw.get("reason", "")),
                   gain=bool(raw.get("gain", False)), started=bool(raw.get("started", False)),
                   decks=tuple(raw.get("decks", ())), deck=raw.get("deck"))

    @property
    def draw_deck(self) -> str | None:
        """The deck to draw from, once known (one trait, or the player's choice)."""
        if self.deck is not None:
            return self.deck
        return self.decks[0] if len(self.decks) == 1 else None


@dataclass(frozen=True)
class TI4State:
    """Everything the exploration companion tracks for one game."""

    table: Table
    options: tuple[str, ...] = ()
    colors: Mapping[str, str] = field(default_factory=dict)
    techs: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    frontier: tuple[str, ...] = ()
    queue: tuple[Exploration, ...] = ()
    relic_draws: tuple[str, ...] = ()
    extra_traits: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    token_tiles: Mapping[str, str] = field(default_factory=dict)
    attach_order: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    map_tokens: tuple[MapToken, ...] = ()
    #: The seats that passed this round's action phase, in the order they passed.
    passed: tuple[str, ...] = ()
    #: This round's turn order (its initiative order); empty: the seats' order.
    order: tuple[str, ...] = ()
    #: Relics exhausted by their ability, until the status phase readies them.
    exhausted: tuple[str, ...] = ()
    #: The faction each seat plays, by its catalog key (a seat not in it: not said, or a
    #: faction sheet the catalog does not list, whose value was recorded as a number).
    factions: Mapping[str, str] = field(default_factory=dict)
    #: The table skipped saying factions at the start (`factions-assumed`): the values
    #: assumed stand, and the first moment no longer asks.
    factions_skipped: bool = False

    @property
    def turn_order(self) -> tuple[str, ...]:
        """The order turns go round in this round: the one the round started with, else the
        seats' own (games saved before rounds were kept, and round 1)."""
        return self.order or self.table.seats

    @property
    def set_up(self) -> bool:
        """Setup always starts round 1, so the round says it (no flag to keep in step)."""
        return self.table.round > 0

    @property
    def revealed(self) -> str | None:
        """The exploration card revealed to all and not yet resolved (note 5)."""
        cards = self.table.cards_in(REVEALED)
        return cards[0] if cards else None

    @property
    def head(self) -> Exploration | None:
        return self.queue[0] if self.queue else None

    def has_tech(self, seat: str, tech: str) -> bool:
        return tech in self.techs.get(seat, ())

    def controller(self, card: str) -> str | None:
        """The seat whose play area holds `card` (a planet, fragment or relic), if any."""
        zone = self.table.zone(card)
        return zone.name if zone.kind == "area" else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table.to_dict(),
            "options": list(self.options), "colors": dict(self.colors),
            "techs": {s: list(t) for s, t in self.techs.items()},
            "frontier": list(self.frontier), "queue": [q.to_dict() for q in self.queue],
            "relic_draws": list(self.relic_draws),
            "extra_traits": {p: list(t) for p, t in self.extra_traits.items()},
            "token_tiles": dict(self.token_tiles),
            "attach_order": {p: list(c) for p, c in self.attach_order.items()},
            "map_tokens": [t.to_dict() for t in self.map_tokens],
            "passed": list(self.passed), "order": list(self.order),
            "exhausted": list(self.exhausted),
            "factions": dict(self.factions),
            "factions_skipped": self.factions_skipped,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> TI4State:
        # States saved before set_up became a property still carry it: ignored.
        return cls(
            table=Table.from_dict(raw["table"]),
            options=tuple(raw.get("options", ())), colors=dict(raw.get("colors", {})),
            techs={s: tuple(t) for s, t in raw.get("techs", {}).items()},
            frontier=tuple(raw.get("frontier", ())),
            queue=tuple(Exploration.from_dict(q) for q in raw.get("queue", ())),
            relic_draws=tuple(raw.get("relic_draws", ())),
            extra_traits={p: tuple(t) for p, t in raw.get("extra_traits", {}).items()},
            token_tiles={p: str(t) for p, t in raw.get("token_tiles", {}).items()},
            attach_order={p: tuple(c) for p, c in raw.get("attach_order", {}).items()},
            map_tokens=tuple(MapToken.from_dict(t) for t in raw.get("map_tokens", ())),
            passed=tuple(raw.get("passed", ())), order=tuple(raw.get("order", ())),
            exhausted=tuple(raw.get("exhausted", ())),
            factions={str(k): str(v) for k, v in raw.get("factions", {}).items()},
            factions_skipped=bool(raw.get("factions_skipped", False)),
        )


# ---- applying game events --------------------------------------------------------------
def _game_set_up(s: TI4State, e: Event) -> TI4State:
    return replace(s, options=tuple(e.get("options", ())))


def _seat_joined(s: TI4State, e: Event) -> TI4State:
    color = e.get("color")
    colors = {**s.colors, e["seat"]: str(color)} if color else s.colors
    return replace(s, colors=colors)


def _tech_gained(s: TI4State, e: Event) -> TI4State:
    mine = s.techs.get(e["seat"], ())
    if e["tech"] in mine:
        return s
    return replace(s, techs={**s.techs, e["seat"]: (*mine, e["tech"])})


def _tech_lost(s: TI4State, e: Event) -> TI4State:
    mine = s.techs.get(e["seat"], ())
    return replace(s, techs={**s.techs, e["seat"]: tuple(t for t in mine if t != e["tech"])})


def _queue_set(s: TI4State, e: Event) -> TI4State:
    return replace(s, queue=tuple(Exploration.from_dict(q) for q in e.get("queue", ())))


def _frontier_placed(s: TI4State, e: Event) -> TI4State:
    tiles = [t for t in e.get("tiles", [e.get("tile")]) if t and t not in s.frontier]
    return replace(s, frontier=(*s.frontier, *tiles))


def _frontier_removed(s: TI4State, e: Event) -> TI4State:
    return replace(s, frontier=tuple(t for t in s.frontier if t != e.get("tile")))


def _relic_owed(s: TI4State, e: Event) -> TI4State:
    return replace(s, relic_draws=tuple(e.get("seats", ())))


def _traits_added(s: TI4State, e: Event) -> TI4State:
    planet = e["planet"]
    merged = tuple(dict.fromkeys((*s.extra_traits.get(planet, ()), *e.get("traits", ()))))
    return replace(s, extra_traits={**s.extra_traits, planet: merged})


def _planet_token_placed(s: TI4State, e: Event) -> TI4State:
    return replace(s, token_tiles={**s.token_tiles, e["planet"]: str(e["tile"])})


def _map_token_placed(s: TI4State, e: Event) -> TI4State:
    token = MapToken(str(e["token"]), str(e["tile"]), str(e.get("card", "")),
                     str(e.get("side", "")))
    return replace(s, map_tokens=(*s.map_tokens, token))


def _map_token_removed(s: TI4State, e: Event) -> TI4State:
    return replace(s, map_tokens=tuple(t for t in s.map_tokens if t.card != e.get("card")))


def _seat_passed(s: TI4State, e: Event) -> TI4State:
    seat = str(e["seat"])
    return s if seat in s.passed else replace(s, passed=(*s.passed, seat))


def _round_started(s: TI4State, e: Event) -> TI4State:
    """A new round: nobody has passed yet; turns go round in the order given."""
    return replace(s, passed=(), order=tuple(str(x) for x in e.get("order", ())))


def _card_exhausted(s: TI4State, e: Event) -> TI4State:
    card = str(e["card"])
    return s if card in s.exhausted else replace(s, exhausted=(*s.exhausted, card))


def _cards_readied(s: TI4State, e: Event) -> TI4State:
    ready = set(e.get("cards", ()))
    return replace(s, exhausted=tuple(c for c in s.exhausted if c not in ready))


def _faction_chosen(s: TI4State, e: Event) -> TI4State:
    """The faction a seat plays; "" takes it back (a value recorded from another sheet)."""
    seat, faction = str(e["seat"]), str(e.get("faction") or "")
    factions = {k: v for k, v in s.factions.items() if k != seat}
    return replace(s, factions={**factions, seat: faction} if faction else factions)


def _attachments_moved(s: TI4State, e: Event) -> TI4State:
    """Keep each planet's attachments in the order they were attached."""
    card = e["card"]
    source, to = Zone.from_text(str(e["from"])), Zone.from_text(str(e["to"]))
    if "attached" not in (source.kind, to.kind):
        return s
    order = dict(s.attach_order)
    if source.kind == "attached":
        order[source.name] = tuple(c for c in order.get(source.name, ()) if c != card)
    if to.kind == "attached":
        order[to.name] = (*order.get(to.name, ()), card)
    return replace(s, attach_order=order)


def _factions_skipped(s: TI4State, e: Event) -> TI4State:
    return replace(s, factions_skipped=True)


GAME_APPLIERS = {
    "game_set_up": _game_set_up,
    "tech_gained": _tech_gained,
    "tech_lost": _tech_lost,
    "queue_set": _queue_set,
    "frontier_placed": _frontier_placed,
    "frontier_removed": _frontier_removed,
    "relic_owed": _relic_owed,
    "traits_added": _traits_added,
    "planet_token_placed": _planet_token_placed,
    "map_token_placed": _map_token_placed,
    "map_token_removed": _map_token_removed,
    "seat_passed": _seat_passed,
    "round_started": _round_started,
    "card_exhausted": _card_exhausted,
    "cards_readied": _cards_readied,
    "faction_chosen": _faction_chosen,
    "factions_skipped": _factions_skipped,
}


def apply_event(state: TI4State, e: Event) -> TI4State:
    """Fold one event (core or game) into the state.

    Stored events are read through the game's vocabulary first (core/events.py), so a
    type with no applier here can only be a bug: it fails loudly, never silently.
    """
    if is_table_event(e):
        state = replace(state, table=apply_table_event(state.table, e))
        if e.type == "card_moved":
            return _attachments_moved(state, e)
        return _seat_joined(state, e) if e.type == "seat_joined" else state
    return GAME_APPLIERS[e.type](state, e)
