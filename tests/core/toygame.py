"""A tiny card game used to test the game-agnostic core on its own (its own id and
prefix, never registered: the core tests build its Match directly)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core import piles
from companion.core.builder import Builder
from companion.core.catalog import CardEntry, Catalog
from companion.core.definition import GameDefinition
from companion.core.dice import Die
from companion.core.errors import IllegalMoveError
from companion.core.events import Event, Vocabulary, event
from companion.core.phases import Phase, Phases
from companion.core.rules import Verb
from companion.core.table import (
    TABLE_EVENT_TYPES,
    Table,
    apply_table_event,
    is_table_event,
    new_table,
)

TOY_DATA: dict[str, Any] = {
    "catalog": {"game": "toy", "title": "Toy", "version": "test"},
    "decks": {"hazard": {"title": "Hazard deck"}, "mission": {"title": "Missions"}},
    "cards": [
        {"design": "flare", "name": "Solar flare", "deck": "hazard", "kind": "hazard",
         "ids": ["H1", "H2", "H3"]},
        {"design": "rock", "name": "Meteor", "deck": "hazard", "kind": "hazard", "ids": ["H4"]},
        {"design": "goal", "name": "Big goal", "deck": "mission", "kind": "mission",
         "ids": ["M1", "M2"]},
    ],
    "rules": {"dice": {"maneuver": {"faces": [
        {"label": "blank", "value": 0}, {"label": "one", "value": 1},
        {"label": "two", "value": 2}]}}},
}


@dataclass(frozen=True)
class ToyState:
    table: Table

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table.to_dict()}


def _sit(b: Builder[ToyState], args: list[str]) -> str | None:
    b.add(event("seat_joined", seat=args[0], player=args[0], resources={"credits": 5}))
    b.say(f"{args[0]} sits down.")
    return None


def _pay(b: Builder[ToyState], args: list[str]) -> str | None:
    seat = b.state.table.find_seat(args[0])
    amount = int(args[1])
    if b.state.table.resource(seat, "credits") < amount:
        raise IllegalMoveError(f"{seat} has too few credits.")
    b.add(event("resource_changed", seat=seat, resource="credits", delta=-amount,
                reason="paid"))
    b.say(f"{seat} pays {amount}.")
    return None


def _discard(b: Builder[ToyState], args: list[str]) -> str | None:
    card = b.catalog.card(args[0])
    zone = b.state.table.zone_of(card.card_id)
    b.add(piles.move(card.card_id, zone, f"discard:{card.deck}"))
    b.say(f"{card.name} discarded.")
    return None


def _scan(b: Builder[ToyState], card: CardEntry) -> str | None:
    seat = b.state.table.seats[0] if b.state.table.seats else "nobody"
    b.add(*piles.draw_observed(b.state.table, card.card_id, card.deck, f"area:{seat}"))
    b.say(f"{seat} drew {card.name}.")
    return seat


TOY_PHASES: Phases[ToyState] = Phases((Phase(
    "setup", verbs={"sit": _sit, "pay": _pay, "discard": _discard}, other_scans=_scan),),
    title="Toy")


class ToyRules:
    game = "toy"
    title = "Toy"

    def new_state(self, catalog: Catalog, seed: int) -> ToyState:
        return ToyState(new_table("toy", seed, ((c.card_id, f"deck:{c.deck}")
                                               for c in catalog.cards.values())))

    def apply(self, state: ToyState, e: Event) -> ToyState:
        if is_table_event(e):
            return replace(state, table=apply_table_event(state.table, e))
        raise KeyError(e.type)

    @property
    def phases(self) -> Phases[ToyState]:
        return TOY_PHASES

    @property
    def vocabulary(self) -> Vocabulary:
        return Vocabulary(TABLE_EVENT_TYPES)

    def verbs(self) -> Sequence[Verb]:
        return ()

    def dice(self, catalog: Catalog) -> Mapping[str, Die]:
        raw = catalog.rules["dice"]
        return {n: Die.from_data(n, d, catalog.source) for n, d in raw.items()}

    def view(self, state: ToyState, catalog: Catalog, seat: str | None) -> dict[str, Any]:
        return {"locations": dict(state.table.locations)}

    def render(self, state: ToyState, catalog: Catalog, seat: str | None) -> str:
        return str(state.table.round)

    def state_from_dict(self, raw: Mapping[str, Any]) -> ToyState:
        return ToyState(Table.from_dict(raw["table"]))


def toy_catalog() -> Catalog:
    return Catalog.from_data(TOY_DATA, "toy.toml", "TY")


TOY_GAME = GameDefinition("toy", "TY", "Toy", ToyRules(), "toy.toml")
