"""A tiny card game used to test the game-agnostic core on its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.definition import GameDefinition
from companion.core.dice import Die
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.core.table import Table, apply_table_event, is_table_event, new_table

TOY_DATA: dict[str, Any] = {
    "catalog": {"game": "xp", "title": "Exploration", "version": "test"},
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


class ToyRules:
    game = "xp"
    title = "Toy"

    def new_state(self, catalog: Catalog, seed: int) -> ToyState:
        return ToyState(new_table("xp", seed, ((c.card_id, f"deck:{c.deck}")
                                               for c in catalog.cards.values())))

    def apply(self, state: ToyState, e: Event) -> ToyState:
        if is_table_event(e):
            return replace(state, table=apply_table_event(state.table, e))
        raise KeyError(e.type)

    def handle(self, state: ToyState, catalog: Catalog, verb: str,
               args: Sequence[str]) -> Outcome:
        if verb == "sit":
            return Outcome((event("seat_joined", seat=args[0], player=args[0],
                                  resources={"credits": 5}),), f"{args[0]} sits down.")
        if verb == "pay":
            seat = state.table.find_seat(args[0])
            amount = int(args[1])
            if state.table.resource(seat, "credits") < amount:
                raise IllegalMoveError(f"{seat} has too few credits.")
            return Outcome((event("resource_changed", seat=seat, resource="credits",
                                  delta=-amount, reason="paid"),), f"{seat} pays {amount}.")
        if verb == "discard":
            card = catalog.card(args[0])
            zone = state.table.zone_of(card.card_id)
            return Outcome((piles.move(card.card_id, zone, f"discard:{card.deck}"),),
                           f"{card.name} discarded.")
        raise CommandSyntaxError(f"{verb!r} is not a command of this game.")

    def on_scan(self, state: ToyState, catalog: Catalog, card: CardEntry) -> Outcome:
        seat = state.table.seats[0] if state.table.seats else "nobody"
        events = piles.draw_observed(state.table, card.card_id, card.deck, f"area:{seat}")
        return Outcome(tuple(events), f"{seat} drew {card.name}.", seat)

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
    return Catalog.from_data(TOY_DATA, "toy.toml", "XP")


TOY_GAME = GameDefinition("xp", "XP", "Toy", ToyRules(), "toy.toml")
