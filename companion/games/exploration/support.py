"""Supportive preparation actions: development cards, deploying, building modules,
maneuver cards. Each acts for the active seat.

Rulebook: "Playing development card", "Deploying the spaceship", "Building
modules", "Using maneuver cards", "Spaceship station".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.core.words import counted
from companion.games.exploration import catalog as xc
from companion.games.exploration.preparation import active_seat, lasting_cards
from companion.games.exploration.resources import (
    amount_of,
    credit_gain,
    development_counter,
    gain,
    pay,
)
from companion.games.exploration.state import (
    MANEUVER_ROW,
    ShipStatus,
    XpState,
    play_zone,
    require_ship,
    with_seat,
)


def _played_level(state: XpState, seat: str, level: int, doing: str) -> None:
    levels = sorted({t.level for t in state.seats[seat].actions_in(state.table.round)})
    if level not in levels:
        shown = ", ".join(f"Lv-{n}" for n in levels) or "none yet"
        raise IllegalMoveError(f"{seat} cannot {doing}: it needs a Lv-{level} technology action "
                               f"this round (played: {shown}).")


# ---- development cards ----------------------------------------------------------------------
def develop(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    seat = active_seat(state, "play a development card")
    if not args:
        raise CommandSyntaxError("develop takes a development card ID (and a space for the "
                                 "station): develop D05")
    card = catalog.card(args[0])
    if state.table.zone_of(card.card_id) != piles.area_zone(seat) or card.deck != "development":
        raise IllegalMoveError(f"{card.name} ({card.card_id}) is not an unplayed development "
                               f"card of {seat}.")
    if state.seats[seat].dev_played_round == state.table.round:
        raise IllegalMoveError(f"{seat} already played a development card this round.")
    _played_level(state, seat, int(card.attrs["level"]), f"play {card.name}")
    cost = max(0, int(card.attrs["cost"]) - xc.discount(catalog, lasting_cards(state, seat),
                                                        "development"))
    events = pay(state, seat, cost, f"play {card.name}")
    more, said = _dev_effect(state, card, seat, args[1:])
    to = play_zone(seat) if card.attrs.get("lasting") else piles.discard_zone("development")
    events += [event("seat_updated", seat=seat, set={"dev_played_round": state.table.round}),
               *_count_played(state, seat),
               piles.move(card.card_id, piles.area_zone(seat), to, "played"), *more]
    paid = f" for {counted(cost, 'credit')}" if cost else ""
    return Outcome(tuple(events), f"{seat} plays {card.name} ({card.card_id}){paid}. {said}",
                   seat)


def _count_played(state: XpState, seat: str) -> list[Event]:
    """One more development card played by `seat`; a game saved before the app counted
    them (a card played, no count) is left uncounted rather than counted short."""
    name = development_counter(seat)
    count = state.table.counters.get(name)
    if count is None and state.seats[seat].dev_played_round:
        return []
    return [event("counter_set", name=name, value=(count or 0) + 1)]


def _dev_effect(state: XpState, card: CardEntry, seat: str,
                rest: Sequence[str]) -> tuple[list[Event], str]:
    attrs, reason = card.attrs, f"development card {card.name}"
    events: list[Event] = []
    said: list[str] = []
    if attrs.get("station"):
        if state.station is not None:
            raise IllegalMoveError(f"The spaceship station is already settled at {state.station}.")
        if not rest:
            raise CommandSyntaxError(f"Name the space for the station: develop {card.card_id} "
                                     f"\"Moon orbit\".")
        events.append(event("station_settled", seat=seat, where=" ".join(rest)))
        said.append(f"The spaceship station is settled at {' '.join(rest)}.")
    if attrs.get("credits"):
        more, text = credit_gain(state, seat, int(attrs["credits"]), reason)
        events += more
        said.append(text)
    for resource in ("command", "technology"):
        if attrs.get(resource):
            events.append(gain(seat, resource, int(attrs[resource]), reason))
            said.append(f"{seat} gains {amount_of(resource, int(attrs[resource]))}.")
    if attrs.get("score"):
        events.append(event("scored", seat=seat, points=int(attrs["score"]), source=reason))
        said.append(f"{seat} scores {counted(int(attrs['score']), 'domination point')}.")
    if attrs.get("discount"):
        said.append(f"From now on {attrs['discount']} costs "
                    f"{counted(int(attrs['amount']), 'credit')} less.")
    return events, " ".join(said)


# ---- deploying ------------------------------------------------------------------------------
def deploy(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    seat = active_seat(state, "deploy a spaceship")
    if len(args) != 1:
        raise CommandSyntaxError("deploy takes one of your ship IDs: deploy SHLD2")
    ship = require_ship(state, args[0], seat)
    if ship.location == "destroyed":
        raise IllegalMoveError(f"{ship.card} was destroyed and cannot be deployed again.")
    kind = xc.ship_type(catalog, ship.ship_type)
    if ship.location == "launch_pad":  # deployed this round: when it flies
        raise IllegalMoveError(f"{ship.card} is already deployed, on the launch pad. "
                               + _first_flight(state, kind, ship.card))
    if ship.location != "hand":
        raise IllegalMoveError(f"{ship.card} is already deployed ({ship.where or ship.location}).")
    _played_level(state, seat, kind.deploy_level, f"deploy {ship.card}")
    busy = [s.card for s in state.ships_of(seat) if s.location == "launch_pad"]
    if busy:
        raise IllegalMoveError(f"{seat}'s launch pad is taken by {busy[0]}.")
    cost = max(0, kind.deploy_cost - xc.discount(catalog, lasting_cards(state, seat), "deploy"))
    events = pay(state, seat, cost, f"deploy {ship.card}")
    events.append(event("ship_updated", card=ship.card, set={
        "location": "launch_pad", "where": "launch pad", "energy": ship.start_energy,
        "resistance": ship.max_resistance}))
    return Outcome(tuple(events), f"{seat} deploys {kind.name} {ship.card} on the launch pad "
                                  f"for {counted(cost, 'credit')} (energy "
                                  f"{ship.start_energy}, resistance {ship.max_resistance}). "
                                  + _first_flight(state, kind, ship.card), seat)


def _first_flight(state: XpState, kind: xc.ShipType, card: str) -> str:
    """When a ship just deployed can fly: Ultra-fast at once, the others from next round
    (rulebook, Ultra-fast: "no launch penalty"; the others reach orbit at the round's end)."""
    if kind.extras.get("no_launch_penalty"):
        return (f"{kind.name} has no launch penalty: {card} can be selected for this "
                f"round's flight.")
    round_ = state.table.round
    if state.rounds and round_ >= state.rounds:
        return (f"{card} cannot fly (launch penalty): it reaches its orbiting space only at "
                f"the end of this last round.")
    return (f"{card} flies from round {round_ + 1} (launch penalty): it reaches its orbiting "
            f"space at the end of this round.")


# ---- building modules -----------------------------------------------------------------------
def build(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    seat = active_seat(state, "build a module")
    if len(args) not in (2, 3) or (len(args) == 3 and args[2].lower() != "station"):
        raise CommandSyntaxError("build takes a ship and a module, and `station` when built at "
                                 "the spaceship station: build SHLD2 habitat")
    ship = require_ship(state, args[0], seat)
    if not ship.is_deployed:
        raise IllegalMoveError(f"{ship.card} is not deployed.")
    at_station = len(args) == 3
    if at_station and state.station is None:
        raise IllegalMoveError("Nobody has settled the spaceship station yet.")
    if not at_station and ship.location not in ("launch_pad", "orbit"):
        raise IllegalMoveError(f"{ship.card} is not at the launch pad or its orbiting space; "
                               f"modules are built there or at the spaceship station.")
    events, text = build_events(state, catalog, seat, ship, args[1].lower())
    return Outcome(tuple(events), text, seat)


def build_events(state: XpState, catalog: Catalog, seat: str, ship: ShipStatus,
                 kind: str, reserved: int = 0) -> tuple[list[Event], str]:
    """Pay for (or use a spare token of) one module and place it in a free cargo slot."""
    if kind not in xc.module_kinds(catalog):
        raise IllegalMoveError(f"{kind!r} is not a module; modules: "
                               f"{', '.join(xc.module_kinds(catalog))}.")
    if ship.location in ("hand", "destroyed"):
        raise IllegalMoveError(f"{ship.card} is not deployed.")
    if len(ship.modules) >= ship.cargo_slots:
        raise IllegalMoveError(f"{ship.card} has no free cargo slot ({ship.cargo_slots} full).")
    data = xc.module(catalog, kind)
    events: list[Event] = []
    if kind in state.seats[seat].spare_modules:
        events.append(event("spare_module_used", seat=seat, module=kind))
        price = f"using {seat}'s spare {data['name']} token"
    else:
        cost = module_cost(state, catalog, seat, kind)
        events += pay(state, seat, cost, f"build {data['name']}", reserved)
        price = f"for {counted(cost, 'credit')}"
    events.append(event("module_built", card=ship.card, module=kind))
    if data.get("attribute") == "resistance":
        events.append(event("ship_updated", card=ship.card, set={
            "max_resistance": ship.max_resistance + int(data["amount"]),
            "resistance": ship.resistance + int(data["amount"])}))
    return events, f"{seat} builds {data['name']} on {ship.card} {price}."


def module_cost(state: XpState, catalog: Catalog, seat: str, kind: str) -> int:
    data = xc.module(catalog, kind)
    cards = lasting_cards(state, seat)
    off = xc.discount(catalog, cards, "module")
    if data["category"] == "domination":
        off += xc.discount(catalog, cards, "domination")
    return max(0, int(data["cost"]) - off)


# ---- maneuver cards -------------------------------------------------------------------------
def maneuver(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    seat = active_seat(state, "use a maneuver card")
    if len(args) not in (2, 3):
        raise CommandSyntaxError("maneuver takes a card of the row and a selected ship (and a "
                                 "module for build cards): maneuver M09 SHLD2")
    card = catalog.card(args[0])
    if state.table.zone_of(card.card_id) != MANEUVER_ROW:
        raise IllegalMoveError(f"{card.name} ({card.card_id}) is not in the maneuver row.")
    ship = require_ship(state, args[1], seat)
    if not ship.selected:
        raise IllegalMoveError(f"{ship.card} is not selected for this flight phase.")
    if ship.maneuver_used:
        raise IllegalMoveError(f"{ship.card} already uses {ship.maneuver_used} this round.")
    if card.attrs.get("build") and len(args) != 3:
        raise CommandSyntaxError(f"Name the module to build: maneuver {card.card_id} "
                                 f"{ship.card} habitat")
    if not card.attrs.get("build") and len(args) == 3:
        raise CommandSyntaxError(f"{card.name} builds no module: use it without one, "
                                 f"maneuver {card.card_id} {ship.card}.")
    cost = maneuver_price(state, catalog, seat, card)
    events = pay(state, seat, cost, f"use {card.name}")
    more, said = _maneuver_effect(state, catalog, seat, card, ship, args[2:], cost)
    events += [event("ship_updated", card=ship.card, set={"maneuver_used": card.card_id}),
               *more]
    return Outcome(tuple(events), f"{seat} uses {card.name} on {ship.card} for "
                                  f"{counted(cost, 'credit')}. "
                                  f"{said}", seat)


def maneuver_price(state: XpState, catalog: Catalog, seat: str, card: CardEntry) -> int:
    """The credits `seat` pays for a maneuver card (its discount taken off; a build card's
    module is paid on top)."""
    off = xc.discount(catalog, lasting_cards(state, seat), "maneuver")
    return max(0, int(card.attrs["cost"]) - off)


def _maneuver_effect(state: XpState, catalog: Catalog, seat: str, card: CardEntry,
                     ship: ShipStatus, rest: Sequence[str], cost: int) -> tuple[list[Event], str]:
    attrs: Mapping[str, Any] = card.attrs
    if attrs.get("build"):
        return build_events(state, catalog, seat, ship, rest[0].lower(), reserved=cost)
    events: list[Event] = []
    round_ = state.table.round
    if attrs.get("energy"):
        value = min(ship.max_energy, ship.energy + int(attrs["energy"]))
        events.append(event("ship_updated", card=ship.card, set={"energy": value}))
    for attr in ("velocity", "maneuverability", "drop_maneuverability", "extra_move"):
        if attrs.get(attr):
            events.append(event("modifier_added", card=ship.card, attr=attr,
                                amount=int(attrs[attr]), source=f"maneuver card {card.name}",
                                expires_round=round_, condition=attrs.get("condition", "")))
    return events, card.summary


# ---- appliers -------------------------------------------------------------------------------
def _station_settled(state: XpState, e: Event) -> XpState:
    return replace(state, station=str(e["where"]))


def _spare_module_used(state: XpState, e: Event) -> XpState:
    status = state.seats.get(e["seat"])
    if status is None or e["module"] not in status.spare_modules:
        return state
    spare = list(status.spare_modules)
    spare.remove(e["module"])
    return with_seat(state, e["seat"], replace(status, spare_modules=tuple(spare)))


APPLIERS = {"station_settled": _station_settled, "spare_module_used": _spare_module_used}
VERB_DOCS = (
    Verb("develop", "develop CARD [SPACE]", "Play one development card from your area this "
         "round: pay its cost (less discounts); needs its technology level played this round. "
         "The station card names the space it is settled on.", "develop D05"),
    Verb("deploy", "deploy SHIP", "Put a drafted ship on your free launch pad: needs its "
         "technology level this round and its credit cost.", "deploy TRNS1"),
    Verb("build", "build SHIP MODULE [station]", "Build a module into a free cargo slot of a "
         "ship at the launch pad or its orbiting space (or at the station), paying its cost.",
         "build TRNS1 habitat"),
    Verb("maneuver", "maneuver CARD SHIP [MODULE]", "Use a maneuver card of the row on one "
         "selected ship this round, paying its cost.", "maneuver M09 SHLD2"),
)
