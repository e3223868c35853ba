"""Preparation phase: turn order, technology actions, ship selection, end of turn,
and the round-start upkeep (income, kept hazard cards, per-round marks).

Rulebook, "Preparation phase" and "Playing actions from technology deck". The
active seat (spaceport order) issues these commands; the optional supportive
actions (development card, deploy, build, maneuver) are in support.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.catalog import Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.core.words import counted
from companion.games.exploration import catalog as xc
from companion.games.exploration.display import drawable, empty_deck_sentence
from companion.games.exploration.resources import amount_of, credit_gain, gain, pay
from companion.games.exploration.setup import seats_in_order
from companion.games.exploration.state import (
    XpState,
    play_zone,
    require_phase,
    require_ship,
    with_seat,
    with_ship,
)
from companion.games.exploration.status import DEPLOYED, IN_SPACE, ShipStatus, TechPlay


def active_seat(state: XpState, doing: str) -> str:
    """The seat whose preparation turn it is; refuses outside that turn."""
    require_phase(state, ("preparation",), doing)
    seat = state.table.active
    if seat is None or state.seats[seat].turn_done:
        raise IllegalMoveError(f"You cannot {doing} now: every preparation turn is over.")
    return seat


def lasting_cards(state: XpState, seat: str) -> list[str]:
    return state.table.cards_in(play_zone(seat))


# ---- technology action ---------------------------------------------------------------------
def tech(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    seat = active_seat(state, "play a technology action")
    actions = xc.tech_actions(catalog)
    if len(args) != 1 or args[0].lower() not in actions:
        raise CommandSyntaxError(f"tech takes one action: {', '.join(actions)}.")
    effect = args[0].lower()
    action = actions[effect]
    round_ = state.table.round
    played = state.seats[seat].actions_in(round_)
    events: list[Event] = []
    with_point = len(played) >= int(catalog.rules["technology"]["actions_per_round"])
    if any(t.effect == effect for t in played) and not catalog.rules["technology"].get(
            "same_action_twice", False):
        raise IllegalMoveError(f"{seat} already played '{action['name']}' this round.")
    if with_point:
        events += pay(state, seat, int(catalog.rules["technology"]["points_per_extra_action"]),
                      "play another technology action this round", resource="technology")
    events.append(event("tech_played", seat=seat, level=int(action["level"]), effect=effect,
                        round=round_, with_point=with_point))
    more, said = _tech_effect(state, catalog, seat, effect, action)
    extra = " (spending a technology point)" if with_point else ""
    return Outcome(tuple(events + more),
                   f"{seat} plays Lv-{action['level']} '{action['name']}'{extra}. {said}", seat)


def _tech_effect(state: XpState, catalog: Catalog, seat: str, effect: str,
                 action: Mapping[str, Any]) -> tuple[list[Event], str]:
    reason = f"technology action: {action['name']}"
    if "credits" in action:
        return credit_gain(state, seat, int(action["credits"]), reason)
    if "command" in action:
        return [gain(seat, "command", int(action["command"]), reason)], \
            f"{seat} gains {counted(int(action['command']), 'command point')}."
    if "score" in action:
        return [event("scored", seat=seat, points=int(action["score"]), source=reason)], \
            f"{seat} scores {counted(int(action['score']), 'domination point')}."
    if "draw" in action:
        deck = str(action["draw"])
        return request_draws(state, catalog, seat, deck, int(action["draw_count"]), reason,
                             lambda n: f"{seat} draws {counted(n, deck + ' card')}.")
    events = [e for ship in state.selected_ships(seat)
              for e in selection_boost(state, ship, action, effect)]
    return events, "It applies to each ship selected for the next flight phase."


def request_draws(state: XpState, catalog: Catalog, seat: str, deck: str, count: int,
                  reason: str, said: Callable[[int], str]) -> tuple[list[Event], str]:
    """Owe `seat` up to `count` cards of `deck`: no more than the deck can still give, so a
    draw from a deck that ran out (and is never reshuffled) never holds up the game.
    `said` gives the sentence for the draw from the number owed."""
    available = min(count, drawable(state, catalog, deck))
    if available == 0:
        return [], f"{empty_deck_sentence(catalog, deck)} {seat} draws nothing."
    events = [event("draws_requested", seat=seat, deck=deck, count=available, reason=reason)]
    text = said(available)
    if available < count:
        text += f" Only {available} can be drawn: {empty_deck_sentence(catalog, deck)}"
    return events, text


def selection_boost(state: XpState, ship: ShipStatus, action: Mapping[str, Any],
                    effect: str) -> list[Event]:
    """A level-2 effect on one selected ship: recover now, or a bonus until the flight ends."""
    round_ = state.table.round
    source = f"technology action: {action['name']}"
    if "recover_energy" in action:
        value = min(ship.max_energy, ship.energy + int(action["recover_energy"]))
        return [event("ship_updated", card=ship.card, set={"energy": value})]
    if "recover_resistance" in action:
        value = min(ship.max_resistance, ship.resistance + int(action["recover_resistance"]))
        return [event("ship_updated", card=ship.card, set={"resistance": value})]
    for key, attr in (("add_maneuverability", "maneuverability"), ("add_velocity", "velocity")):
        if key in action:
            return [event("modifier_added", card=ship.card, attr=attr, amount=int(action[key]),
                          source=source, expires_round=round_)]
    return []


# ---- ship selection -------------------------------------------------------------------------
def select(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    seat = active_seat(state, "select ships")
    if not args:
        raise CommandSyntaxError("select takes one or more of your ship IDs: select SHLD2")
    ships = [require_ship(state, word, seat) for word in dict.fromkeys(a.upper() for a in args)]
    for ship in ships:
        _check_selectable(catalog, ship)
    rules = catalog.rules["selection"]
    already = len(state.selected_ships(seat))
    extra = max(0, already + len(ships) - int(rules["free_ships"]))
    command = extra * int(rules["command_per_extra_ship"])
    events = pay(state, seat, command, f"control {already + len(ships)} ships",
                 resource="command")
    actions = xc.tech_actions(catalog)
    for ship in ships:
        events.append(event("ship_updated", card=ship.card, set={"selected": True}))
        for played in state.seats[seat].actions_in(state.table.round):
            events += selection_boost(state, ship, actions[played.effect], played.effect)
    names = ", ".join(s.card for s in ships)
    cost = f", spending {counted(command, 'command point')}" if command else ""
    warnings = [f"{s.card} has 0 energy: it cannot act in the flight phase until its energy "
                f"is recovered." for s in ships if _energy_after(s, events) <= 0]
    return Outcome(tuple(events), " ".join([f"{seat} selects {names} for the flight "
                                            f"phase{cost}.", *warnings]), seat)


def energy_once_selected(state: XpState, catalog: Catalog, seat: str, ship: ShipStatus) -> int:
    """The ship's energy once selected now: this round's technology actions that recover
    energy on selection (Lv-2 "Recover 1 energy ...") count, so a ship at 0 they refill is
    not said to be stuck (try 9)."""
    actions = xc.tech_actions(catalog)
    events: list[Event] = []
    for played in state.seats[seat].actions_in(state.table.round):
        events += selection_boost(state, ship, actions[played.effect], played.effect)
    return _energy_after(ship, events)


def _energy_after(ship: ShipStatus, events: Sequence[Event]) -> int:
    """The ship's energy once these events (a Lv-2 recovery, say) are applied."""
    energy = ship.energy
    for e in events:
        if e.type == "ship_updated" and e["card"] == ship.card and "energy" in e["set"]:
            energy = int(e["set"]["energy"])
    return energy


def _check_selectable(catalog: Catalog, ship: ShipStatus) -> None:
    if ship.selected:
        raise IllegalMoveError(f"{ship.card} is already selected.")
    if ship.location not in DEPLOYED:
        status = "destroyed" if ship.location == "destroyed" else "not deployed"
        raise IllegalMoveError(f"{ship.card} cannot be selected: it is {status}.")
    extras = xc.ship_type(catalog, ship.ship_type).extras
    if ship.location == "launch_pad" and not extras.get("no_launch_penalty"):
        raise IllegalMoveError(f"{ship.card} is on the launch pad (launch penalty): it can be "
                               f"selected from next round.")


# ---- end of turn ----------------------------------------------------------------------------
def done(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    seat = active_seat(state, "end a preparation turn")
    if not state.seats[seat].actions_in(state.table.round):
        raise IllegalMoveError(f"{seat} must play a technology action before ending the turn.")
    waiting = [p for p in state.pending if p.seat == seat]
    if waiting:
        raise IllegalMoveError(f"{seat} still has to draw a {waiting[0].deck} card.")
    events: list[Event] = [event("seat_updated", seat=seat, set={"turn_done": True})]
    lapsed, lapse = _unused_points(state, catalog, seat)
    events += lapsed
    order = seats_in_order(state, catalog)
    later = order[order.index(seat) + 1:]
    ends = f"{none_selected(state, catalog, seat)}{seat} ends the preparation turn{lapse}"
    if later:
        events.append(event("phase_changed", round=state.table.round, phase="preparation",
                            active=later[0]))
        return Outcome(tuple(events), f"{ends}; {later[0]} is next.", seat)
    events.append(event("phase_changed", round=state.table.round, phase="flight", active=None))
    return Outcome(tuple(events), f"{ends}. Flight phase of round {state.table.round} begins.",
                   seat)


def _unused_points(state: XpState, catalog: Catalog, seat: str) -> tuple[list[Event], str]:
    """Technology points left at the end of the turn lapse when the catalog says a point
    lasts the turn (rulebook, development cards: a technology point "allows you to select
    1 more action from the action deck this turn"; try 24: one kept from round 2 gave a
    second action in round 3). A journal written before keeps what it banked until that
    seat's next turn ends: the lapse is an event of its own, never a replay's guess."""
    held = state.table.resource(seat, "technology")
    if held <= 0 or catalog.rules["technology"].get("points_last") != "turn":
        return [], ""
    points = amount_of("technology", held)
    return ([gain(seat, "technology", -held, "unused at the end of the turn")],
            f" (its unused {points} {'lapses' if held == 1 else 'lapse'}: a point is for "
            f"the turn it is gained)")


def none_selected(state: XpState, catalog: Catalog, seat: str) -> str:
    """What a turn ended with no ship selected leaves out, said first, where the result's
    folded first line shows it (rulebook, preparation step 2: "Select the spaceship you
    will control in the flight phase"; try 15): its ships that could have been selected do
    not fly this round. "" when one is selected or none could be."""
    if state.selected_ships(seat):
        return ""
    idle = [s.card for s in state.ships_of(seat) if _selectable(catalog, s)]
    if not idle:
        return ""
    names = " and ".join(idle)
    return f"No ship selected: {names} {'does' if len(idle) == 1 else 'do'} not fly this " \
           f"round. "


def _selectable(catalog: Catalog, ship: ShipStatus) -> bool:
    try:
        _check_selectable(catalog, ship)
    except IllegalMoveError:
        return False
    return True


# ---- round start ----------------------------------------------------------------------------
def round_start(state: XpState, catalog: Catalog) -> Outcome | None:
    """Upkeep when a round's preparation phase begins (once, with its first seat active)."""
    round_ = state.table.round
    if state.upkeep_round >= round_:
        return None
    events: list[Event] = [event("round_reset", round=round_)]
    notes: list[str] = []
    for ship in state.ships.values():
        income = int(xc.ship_type(catalog, ship.ship_type).extras.get("credits_per_round", 0))
        if income and ship.location in IN_SPACE:
            events.append(gain(ship.owner, "credits", income, f"{ship.card} ability income"))
            notes.append(f"{ship.owner} gains {counted(income, 'credit')} from {ship.card}.")
    for seat in state.table.seats:
        for card in lasting_cards(state, seat):
            attrs = catalog.card(card).attrs
            if attrs.get("effect") == "pay_each_round":
                due = min(int(attrs["amount"]), state.table.resource(seat, "credits"))
                if due:
                    events.append(gain(seat, "credits", -due, f"{catalog.card(card).name}"))
                notes.append(f"{seat} pays {counted(due, 'credit')} for {catalog.card(card).name}.")
    return Outcome(tuple(events), " ".join(notes))


def _round_reset(state: XpState, e: Event) -> XpState:
    """Clear last round's marks: selections, maneuver uses, finished turns, old bonuses."""
    round_ = int(e["round"])
    for ship in state.ships.values():
        kept = tuple(m for m in ship.modifiers if m.expires_round >= round_)
        state = with_ship(state, replace(ship, selected=False, maneuver_used=None,
                                         modifiers=kept))
    for seat, status in state.seats.items():
        state = with_seat(state, seat, replace(status, turn_done=False))
    return replace(state, flight_order=(), flight_index=0, upkeep_round=round_)


def _tech_played(state: XpState, e: Event) -> XpState:
    status = state.seats.get(e["seat"])
    if status is None:
        return state
    play = TechPlay(int(e["level"]), e["effect"], int(e["round"]), bool(e.get("with_point")))
    return with_seat(state, e["seat"], replace(status, tech_actions=(*status.tech_actions, play)))


APPLIERS = {"tech_played": _tech_played, "round_reset": _round_reset}
VERB_DOCS = (
    Verb("tech", "tech ACTION", "Play this round's technology action (credits, command, energy, "
         "maneuverability, resistance, velocity, secondary, development, score); a second one "
         "spends a technology point.", "tech credits"),
    Verb("select", "select SHIP [SHIP...]", "Select ships to control in the flight phase: the "
         "first are free, each more costs command points.", "select SHLD2 TRNS1"),
    Verb("done", "done", "End your preparation turn; after the last spaceport, the flight "
         "phase begins.", "done"),
)
