"""Exploration state: the core Table plus ship, seat, draft, trap and flight status.

Shared by every phase module (setup to scoring): add fields with defaults rather
than renaming, so saved snapshots still load. Cards (missions, development,
hazard, maneuver, hex tiles, ship cards) live in `table.locations`; this module
holds what the table cannot: the status each ship card represents and per-round
marks (status.py), traps and controlled domination spaces. Zones used (see core/table.py):
`hand:SEAT` hidden missions, `area:SEAT` ship cards, unplayed development cards,
completed missions; `play:SEAT` development cards with a lasting effect and
kept hazard cards; `play:maneuver` the face-up maneuver row; `play:outer-space`
revealed hex tiles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from companion.core.errors import IllegalMoveError
from companion.core.events import Event
from companion.core.table import Table
from companion.core.zones import Zone
from companion.games.exploration.status import Modifier, SeatStatus, ShipStatus

MANEUVER_ROW = Zone.play("maneuver").text
OUTER_SPACE = Zone.play("outer-space").text
#: Journals and snapshots written before the draft stored its pack count lack it; the
#: rulebook's count at that time is the only sensible reading of them.
LEGACY_DRAFT_PACKS = 4


def play_zone(seat: str) -> str:
    """Development cards in effect and kept hazard cards of `seat`."""
    return Zone.play(seat).text


@dataclass(frozen=True)
class Control:
    """A colour cube on a domination space: who controls it, with which module."""

    area: str
    space: str
    seat: str
    module: str

    def to_dict(self) -> dict[str, Any]:
        return {"area": self.area, "space": self.space, "seat": self.seat,
                "module": self.module}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Control:
        return cls(raw["area"], raw["space"], raw["seat"], raw["module"])


@dataclass(frozen=True)
class Trap:
    """A dropped trap: its countdown and where it lies, as the table names it."""

    trap_id: str
    owner: str
    count: int
    where: str

    def to_dict(self) -> dict[str, Any]:
        return {"trap_id": self.trap_id, "owner": self.owner, "count": self.count,
                "where": self.where}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Trap:
        return cls(raw["trap_id"], raw["owner"], int(raw["count"]), raw["where"])


@dataclass(frozen=True)
class PendingDraw:
    """A card a seat must draw from a physical deck; the next scan of that deck fills it."""

    seat: str
    deck: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "deck": self.deck, "reason": self.reason}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> PendingDraw:
        return cls(raw["seat"], raw["deck"], raw["reason"])


@dataclass(frozen=True)
class Draft:
    """Ship draft: pack 1..pack_count (0 before, pack_count + 1 after), who picked from
    this pack, the packs if the app dealt them."""

    pack: int = 0
    order: tuple[str, ...] = ()
    picks: tuple[str, ...] = ()
    packs: tuple[tuple[str, ...], ...] = ()
    pack_count: int = 0  # [rules.setup].draft_packs, stored when the draft starts

    @property
    def is_virtual(self) -> bool:
        return bool(self.packs)

    @property
    def is_running(self) -> bool:
        return 1 <= self.pack <= self.pack_count

    def to_dict(self) -> dict[str, Any]:
        return {"pack": self.pack, "order": list(self.order), "picks": list(self.picks),
                "packs": [list(p) for p in self.packs], "pack_count": self.pack_count}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Draft:
        return cls(int(raw["pack"]), tuple(raw["order"]), tuple(raw["picks"]),
                   tuple(tuple(p) for p in raw["packs"]),
                   int(raw.get("pack_count", LEGACY_DRAFT_PACKS)))


@dataclass(frozen=True)
class PendingHazard:
    """A hazard card drawn and not yet resolved (hazards.py resolves it)."""

    card: str
    seat: str
    ship: str

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "seat": self.seat, "ship": self.ship}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> PendingHazard:
        return cls(raw["card"], raw["seat"], raw["ship"])


@dataclass(frozen=True)
class PendingTile:
    """An outer-space tile revealed whose effect the table has not said yet: the
    companion's default, or what the tile prints (tiles.py resolves it)."""

    card: str
    seat: str
    ship: str

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "seat": self.seat, "ship": self.ship}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> PendingTile:
        return cls(raw["card"], raw["seat"], raw["ship"])


@dataclass(frozen=True)
class ShipDraw:
    """A card a ship's move makes the table draw (hazard card, outer-space tile)."""

    deck: str
    seat: str
    ship: str

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.deck, "seat": self.seat, "ship": self.ship}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> ShipDraw:
        return cls(raw["deck"], raw["seat"], raw["ship"])


@dataclass(frozen=True)
class ShipDrawn:
    """The card that last filled a ship's draw: which ship's move drew it, for whom."""

    card: str
    deck: str
    seat: str
    ship: str

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "deck": self.deck, "seat": self.seat, "ship": self.ship}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> ShipDrawn:
        return cls(raw["card"], raw["deck"], raw["seat"], raw["ship"])


@dataclass(frozen=True)
class XpState:
    """The whole Exploration game state; a fold of the journal's events."""

    table: Table
    rounds: int = 0
    seats: Mapping[str, SeatStatus] = field(default_factory=dict)
    ships: Mapping[str, ShipStatus] = field(default_factory=dict)
    pending: tuple[PendingDraw, ...] = ()
    scan_for: str | None = None
    draft: Draft = field(default_factory=Draft)
    traps: tuple[Trap, ...] = ()
    controls: tuple[Control, ...] = ()
    restricted_spaces: tuple[str, ...] = ()
    station: str | None = None
    flight_order: tuple[str, ...] = ()
    flight_index: int = 0
    pending_hazard: PendingHazard | None = None
    game_over: bool = False
    ship_draws: tuple[ShipDraw, ...] = ()  # draws waiting for a scan, first first
    last_ship_draw: ShipDrawn | None = None
    upkeep_round: int = 0  # last round whose round-start upkeep ran
    pending_tile: PendingTile | None = None
    #: What the table said each outer-space tile prints (tile: {effect: amount}); it
    #: replaces the catalog's assumed default for the rest of the game.
    printed_tiles: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    #: When each card last went into a hand (round * 10 + the phase's place): the holder's
    #: newest hidden cards are those of its latest arrival (marked "new" on its own view).
    arrivals: Mapping[str, int] = field(default_factory=dict)

    def ships_of(self, seat: str) -> list[ShipStatus]:
        return [s for s in self.ships.values() if s.owner == seat]

    def selected_ships(self, seat: str | None = None) -> list[ShipStatus]:
        return [s for s in self.ships.values() if s.selected and seat in (None, s.owner)]

    def maneuver_row(self) -> list[str]:
        return self.table.cards_in(MANEUVER_ROW)

    def outer_space_tiles(self) -> list[str]:
        return self.table.cards_in(OUTER_SPACE)

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table.to_dict(), "rounds": self.rounds,
            "seats": {k: v.to_dict() for k, v in self.seats.items()},
            "ships": {k: v.to_dict() for k, v in self.ships.items()},
            "pending": [p.to_dict() for p in self.pending], "scan_for": self.scan_for,
            "draft": self.draft.to_dict(), "traps": [t.to_dict() for t in self.traps],
            "controls": [c.to_dict() for c in self.controls],
            "restricted_spaces": list(self.restricted_spaces), "station": self.station,
            "flight_order": list(self.flight_order), "flight_index": self.flight_index,
            "pending_hazard": self.pending_hazard.to_dict() if self.pending_hazard else None,
            "game_over": self.game_over, "upkeep_round": self.upkeep_round,
            "ship_draws": [d.to_dict() for d in self.ship_draws],
            "last_ship_draw": self.last_ship_draw.to_dict() if self.last_ship_draw else None,
            "arrivals": dict(self.arrivals),
            "pending_tile": self.pending_tile.to_dict() if self.pending_tile else None,
            "printed_tiles": {k: dict(v) for k, v in self.printed_tiles.items()},
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> XpState:
        hazard = raw.get("pending_hazard")
        return cls(
            table=Table.from_dict(raw["table"]), rounds=int(raw["rounds"]),
            seats={k: SeatStatus.from_dict(v) for k, v in raw["seats"].items()},
            ships={k: ShipStatus.from_dict(v) for k, v in raw["ships"].items()},
            pending=tuple(PendingDraw.from_dict(p) for p in raw["pending"]),
            scan_for=raw.get("scan_for"), draft=Draft.from_dict(raw["draft"]),
            traps=tuple(Trap.from_dict(t) for t in raw["traps"]),
            controls=tuple(Control.from_dict(c) for c in raw["controls"]),
            restricted_spaces=tuple(raw["restricted_spaces"]), station=raw.get("station"),
            flight_order=tuple(raw["flight_order"]), flight_index=int(raw["flight_index"]),
            pending_hazard=PendingHazard.from_dict(hazard) if hazard else None,
            game_over=bool(raw.get("game_over", False)),
            upkeep_round=int(raw.get("upkeep_round", 0)),
            ship_draws=tuple(ShipDraw.from_dict(d) for d in raw.get("ship_draws", ())),
            last_ship_draw=ShipDrawn.from_dict(drawn) if (drawn := raw.get("last_ship_draw"))
            else None,
            arrivals={k: int(v) for k, v in raw.get("arrivals", {}).items()},
            pending_tile=PendingTile.from_dict(tile) if (tile := raw.get("pending_tile"))
            else None,
            printed_tiles={k: {e: int(n) for e, n in v.items()}
                           for k, v in raw.get("printed_tiles", {}).items()},
        )


#: The phases of a round in play order, for the arrival stamps (an unknown phase: first).
PHASE_ORDER = ("setup", "preparation", "flight", "drift", "round-end", "end")


def noted_arrival(state: XpState, e: Event) -> XpState:
    """After a core event: a card moved into a hand is stamped with when it came in
    (round, then phase), so its holder can tell the newest hidden cards."""
    if e.type != "card_moved" or not str(e["to"]).startswith("hand:"):
        return state
    t = state.table
    stamp = t.round * 10 + (PHASE_ORDER.index(t.phase) + 1 if t.phase in PHASE_ORDER else 0)
    return replace(state, arrivals={**state.arrivals, e["card"]: stamp})


def newest_hidden(state: XpState, seat: str) -> set[str]:
    """The hidden cards of `seat` that came in with its latest arrival, when it also holds
    older ones (a hand drawn all at once has nothing to tell apart)."""
    held = state.table.cards_in(f"hand:{seat}")
    stamps = {c: state.arrivals.get(c, -1) for c in held}
    latest = max(stamps.values(), default=-1)
    new = {c for c, stamp in stamps.items() if stamp == latest and stamp >= 0}
    return new if len(new) < len(held) else set()


# ---- shared appliers: generic events both parts may emit -------------------------------
Applier = Callable[[XpState, Event], XpState]
_SHIP_FIELDS = {f.name for f in fields(ShipStatus)} - {"card", "owner", "modifiers", "modules"}
_SEAT_SETTABLE = {"turn_done", "dev_played_round"}


def with_ship(state: XpState, ship: ShipStatus) -> XpState:
    return replace(state, ships={**state.ships, ship.card: ship})


def with_seat(state: XpState, seat: str, status: SeatStatus) -> XpState:
    return replace(state, seats={**state.seats, seat: status})


def _ship_updated(state: XpState, e: Event) -> XpState:
    """`ship_updated {card, set: {location, where, energy, ...}}`; unknown keys are ignored."""
    ship = state.ships.get(e["card"])
    if ship is None:
        return state
    changes = {k: v for k, v in dict(e["set"]).items() if k in _SHIP_FIELDS}
    return with_ship(state, replace(ship, **changes))


def _modifier_added(state: XpState, e: Event) -> XpState:
    ship = state.ships.get(e["card"])
    if ship is None:
        return state
    modifier = Modifier(e["attr"], int(e["amount"]), e["source"], int(e["expires_round"]),
                        e.get("condition", ""), int(e.get("from_round", 0)))
    return with_ship(state, replace(ship, modifiers=(*ship.modifiers, modifier)))


def _module_built(state: XpState, e: Event) -> XpState:
    ship = state.ships.get(e["card"])
    if ship is None:
        return state
    state = with_ship(state, replace(ship, modules=(*ship.modules, e["module"])))
    status = state.seats.get(ship.owner)
    if status is None or status.built is None:
        return state
    built = {**status.built, e["module"]: status.built.get(e["module"], 0) + 1}
    return with_seat(state, ship.owner, replace(status, built=built))


def _module_removed(state: XpState, e: Event) -> XpState:
    """Removes one token of that kind (the first)."""
    ship = state.ships.get(e["card"])
    if ship is None or e["module"] not in ship.modules:
        return state
    modules = list(ship.modules)
    modules.remove(e["module"])
    return with_ship(state, replace(ship, modules=tuple(modules)))


def _seat_updated(state: XpState, e: Event) -> XpState:
    status = state.seats.get(e["seat"])
    if status is None:
        return state
    changes = {k: v for k, v in dict(e["set"]).items() if k in _SEAT_SETTABLE}
    return with_seat(state, e["seat"], replace(status, **changes))


def _restriction_added(state: XpState, e: Event) -> XpState:
    """`restriction_added {seat, kind, round}` e.g. no credits from actions next round."""
    status = state.seats.get(e["seat"])
    if status is None:
        return state
    mark = (e["kind"], int(e["round"]))
    return with_seat(state, e["seat"], replace(status, restrictions=(*status.restrictions, mark)))


SHARED_APPLIERS: dict[str, Applier] = {
    "ship_updated": _ship_updated,
    "modifier_added": _modifier_added,
    "module_built": _module_built,
    "module_removed": _module_removed,
    "seat_updated": _seat_updated,
    "restriction_added": _restriction_added,
}


# ---- shared guards: refusals both parts use -------------------------------------------
def require_phase(state: XpState, phases: tuple[str, ...], doing: str) -> None:
    """Refuse `doing` outside `phases`, naming the current phase."""
    if state.table.phase not in phases:
        wanted = " or ".join(phases)
        raise IllegalMoveError(
            f"You cannot {doing} now: it is the {state.table.phase} phase, not {wanted}.")


def require_ship(state: XpState, word: str, seat: str | None = None) -> ShipStatus:
    """The drafted ship a player named by card ID, optionally checking its owner."""
    ship = state.ships.get(word.upper())
    if ship is None:
        raise IllegalMoveError(f"{word.upper()} is not a ship anyone drafted.")
    if seat is not None and ship.owner != seat:
        raise IllegalMoveError(f"{ship.card} belongs to {ship.owner}, not {seat}.")
    return ship
