"""Draws a ship's move causes: hazard cards (outer-space hex tiles: tiles.py).

Rulebook, "Hazard space" and the hazard card list. A hazard card is drawn (scanned,
or `draw hazard`), then resolved or ignored by spending the command points printed
on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.core.words import counted, for_count
from companion.core.zones import Zone
from companion.games.exploration import traps
from companion.games.exploration.checks import area_spaces, destroyed, require_no_tile
from companion.games.exploration.combat import remove_module
from companion.games.exploration.display import hazard_choice, module_name, place_name
from companion.games.exploration.preparation import request_draws
from companion.games.exploration.resources import pay
from companion.games.exploration.state import (
    SHARED_APPLIERS,
    PendingHazard,
    ShipDraw,
    ShipDrawn,
    ShipStatus,
    XpState,
    play_zone,
)

RESOLVING = Zone.play("hazard").text  # a drawn hazard lies here until resolved or ignored


def hazards_counter(seat: str) -> str:
    return f"hazards_drawn:{seat}"


def request(deck: str, ship: ShipStatus) -> Event:
    return event("ship_draw_requested", deck=deck, seat=ship.owner, ship=ship.card)


def round_end_again(state: XpState) -> list[Event]:
    """Re-enter the round-end phase so its hook ends the round once no draw is left."""
    if state.table.phase != "round-end":
        return []
    return [event("phase_changed", round=state.table.round, phase="round-end", active=None)]


def round_closing(state: XpState, events: Sequence[Event], draws_left: int) -> str:
    """The words that lead a card's sentence when it is the round's last one (its end
    follows in the same step: try 9 saw round 2 begin with no word of round 1's end)."""
    if state.table.phase != "round-end" or draws_left \
            or any(e.type == "ship_draw_requested" for e in events):
        return ""
    return f"End of round {state.table.round}: "


# ---- scans ----------------------------------------------------------------------------------
def scan_ship_draw(state: XpState, catalog: Catalog, card: CardEntry) -> Outcome | None:
    """A hazard card some ship's move is waiting for (a hex tile: tiles.py)."""
    draw = next((d for d in state.ship_draws if d.deck == card.deck), None)
    if draw is None:
        return None
    return _hazard_drawn(state, card, draw)


def _hazard_drawn(state: XpState, card: CardEntry, draw: ShipDraw) -> Outcome:
    if state.pending_hazard is not None:
        raise IllegalMoveError(f"First resolve or ignore hazard {state.pending_hazard.card}.")
    require_no_tile(state)
    counter = hazards_counter(draw.seat)
    drawn = piles.draw_observed(state.table, card.card_id, card.deck, RESOLVING,
                                lambda _c: card.name)
    events = [*drawn, event("ship_draw_done", deck="hazard", card=card.card_id),
              event("hazard_drawn", card=card.card_id, seat=draw.seat, ship=draw.ship),
              event("counter_set", name=counter, value=state.table.counters.get(counter, 0) + 1)]
    cost = int(card.attrs.get("ignore_cost", 0))
    return Outcome(tuple(events), f"{draw.seat} draws hazard {card.name} ({card.card_id}) for "
                                  f"{draw.ship}: {card.summary} "
                                  f"{hazard_choice(state, draw.seat, cost)}", draw.seat)


# ---- resolve or ignore ----------------------------------------------------------------------
def _pending(state: XpState, catalog: Catalog) -> tuple[PendingHazard, CardEntry]:
    if state.pending_hazard is None:
        raise IllegalMoveError("No hazard card is waiting to be resolved.")
    return state.pending_hazard, catalog.card(state.pending_hazard.card)


def ignore(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    pending, card = _pending(state, catalog)
    cost = int(card.attrs.get("ignore_cost", 0))
    events = [*pay(state, pending.seat, cost, f"ignore hazard {card.name}", resource="command"),
              *_close(card, pending, keep=False), *round_end_again(state)]
    last = round_closing(state, events, len(state.ship_draws))
    return Outcome(tuple(events), f"{last}{pending.seat} spends "
                                  f"{counted(cost, 'command point')} to ignore {card.name}.",
                   pending.seat)


def resolve(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    pending, card = _pending(state, catalog)
    ship = state.ships[pending.ship]
    effect = str(card.attrs["effect"])
    handler = EFFECTS.get(effect)
    if handler is None:
        raise IllegalMoveError(f"{card.name} has an effect ({effect}) the app does not know.")
    events, text = handler(state, catalog, card, ship, args)
    keep = bool(card.attrs.get("keep"))
    last = round_closing(state, events, len(state.ship_draws))
    return Outcome(tuple(events + _close(card, pending, keep) + round_end_again(state)),
                   f"{last}{card.name} resolved for {ship.card}: {text}", pending.seat)


def _close(card: CardEntry, pending: PendingHazard, keep: bool) -> list[Event]:
    to = play_zone(pending.seat) if keep else piles.discard_zone("hazard")
    return [piles.move(card.card_id, RESOLVING, to, "resolved" if keep else "discarded"),
            event("hazard_closed", card=card.card_id)]


Effect = Any


def _fleet(state: XpState, ship: ShipStatus) -> list[ShipStatus]:
    return [s for s in state.ships_of(ship.owner) if s.is_deployed]


def _lose_energy(state: XpState, catalog: Catalog, card: CardEntry, ship: ShipStatus,
                 args: Sequence[str]) -> tuple[list[Event], str]:
    amount = int(card.attrs["amount"])
    ships = _fleet(state, ship)
    return [event("ship_updated", card=s.card, set={"energy": max(0, s.energy - amount)})
            for s in ships], (f"{', '.join(s.card for s in ships)} "
                             f"{for_count(len(ships), 'loses', 'lose')} {amount} energy.")


def _lose_resistance(state: XpState, catalog: Catalog, card: CardEntry, ship: ShipStatus,
                     args: Sequence[str]) -> tuple[list[Event], str]:
    value = max(0, ship.resistance - int(card.attrs["amount"]))
    events = [event("ship_updated", card=ship.card, set={"resistance": value})]
    if value == 0:
        return [*events, destroyed(ship, f"hazard {card.name}")], \
            f"{ship.card} has no resistance left and is destroyed with its modules."
    return events, f"{ship.card}'s resistance drops to {value}."


def _remove_module(state: XpState, catalog: Catalog, card: CardEntry, ship: ShipStatus,
                   args: Sequence[str]) -> tuple[list[Event], str]:
    """Remove `amount` modules of the player's choice (all of them if the ship has fewer)."""
    if not ship.modules:
        return [], f"{ship.card} carries no module: nothing to remove."
    count = min(int(card.attrs["amount"]), len(ship.modules))
    kinds = [a.lower() for a in args]
    if len(kinds) != count or not Counter(kinds) <= Counter(ship.modules):
        raise CommandSyntaxError(f"Name {counted(count, 'module')} to remove: resolve "
                                 f"MODULE... (from {', '.join(ship.modules)}).")
    events: list[Event] = []
    for kind in kinds:
        removed = remove_module(catalog, ship, kind, f"hazard {card.name}")
        events += removed
        for e in removed:  # the next removal sees this one (a resistance module's +1)
            state = SHARED_APPLIERS[e.type](state, e)
        ship = state.ships[ship.card]
    names = " and the ".join(module_name(catalog, kind) for kind in kinds)
    return events, f"{ship.card} loses the {names}."


def _draw_secondary(state: XpState, catalog: Catalog, card: CardEntry, ship: ShipStatus,
                    args: Sequence[str]) -> tuple[list[Event], str]:
    return request_draws(state, catalog, ship.owner, "secondary", int(card.attrs["amount"]),
                         f"hazard {card.name}",
                         lambda n: f"{ship.owner} draws "
                                   f"{counted(n, 'secondary mission')}.")


def _less_maneuverability(state: XpState, catalog: Catalog, card: CardEntry, ship: ShipStatus,
                          args: Sequence[str]) -> tuple[list[Event], str]:
    """-amount maneuverability for `rounds` rounds, from the next round if the card says so."""
    ships = _fleet(state, ship) if card.attrs["effect"].startswith("all_") else [ship]
    start = state.table.round + (1 if card.attrs.get("next_round") else 0)
    until = start + int(card.attrs["rounds"]) - 1
    when = f"in round {start}" if until == start else f"from round {start} to round {until}"
    return [event("modifier_added", card=s.card, attr="maneuverability",
                  amount=-int(card.attrs["amount"]), source=f"hazard {card.name}",
                  expires_round=until, from_round=start) for s in ships], \
        f"{', '.join(s.card for s in ships)} {for_count(len(ships), 'has', 'have')} " \
        f"-{card.attrs['amount']} maneuverability {when}."


def _keep(state: XpState, catalog: Catalog, card: CardEntry, ship: ShipStatus,
          args: Sequence[str]) -> tuple[list[Event], str]:
    return [], (f"{ship.owner} keeps the card and pays "
                f"{counted(int(card.attrs['amount']), 'credit')} at the start of every round.")


def _restrict_mars(state: XpState, catalog: Catalog, card: CardEntry, ship: ShipStatus,
                   args: Sequence[str]) -> tuple[list[Event], str]:
    spaces = area_spaces(catalog, "mars")
    free = [s for s in spaces if s not in state.restricted_spaces]
    if len(args) != 1 or args[0].lower() not in free:
        raise CommandSyntaxError(f"Name the Mars space to restrict: resolve SPACE (one of "
                                 f"{', '.join(free)}).")
    return [event("space_restricted", space=args[0].lower())], \
        f"{args[0].lower()} is closed to domination for the rest of the game."


def _no_credits(state: XpState, catalog: Catalog, card: CardEntry, ship: ShipStatus,
                args: Sequence[str]) -> tuple[list[Event], str]:
    next_round = state.table.round + 1
    return [event("restriction_added", seat=ship.owner, kind="no_credits", round=next_round)], \
        f"{ship.owner} gains no credits from any action in round {next_round}."


def _skip_turn(state: XpState, catalog: Catalog, card: CardEntry, ship: ShipStatus,
               args: Sequence[str]) -> tuple[list[Event], str]:
    return [event("ship_updated", card=ship.card, set={"skip_turns": ship.skip_turns + 1})], \
        f"{ship.card} skips its next flight turn."


def _traps(state: XpState, catalog: Catalog, card: CardEntry, ship: ShipStatus,
           args: Sequence[str]) -> tuple[list[Event], str]:
    side = "in front of" if card.attrs["effect"] == "traps_ahead" else "behind"
    distances = [int(d) for d in card.attrs["distances"]]
    places = [f"{d} spaces {side} {ship.card} at {place_name(ship.where or ship.location)}"
              for d in distances]
    count = int(card.attrs["trap_count"])
    events = traps.dropped(state, ship.owner, [count] * len(places), places)
    ids = ", ".join(e["trap_id"] for e in events if e.type == "trap_dropped")
    return events, f"place traps {ids} (count {count}) {', '.join(str(d) for d in distances)} " \
                   f"spaces {side} {ship.card}."


EFFECTS: dict[str, Effect] = {
    "all_ships_lose_energy": _lose_energy, "remove_module": _remove_module,
    "lose_resistance": _lose_resistance, "draw_secondary": _draw_secondary,
    "all_ships_lose_maneuverability": _less_maneuverability,
    "lose_maneuverability": _less_maneuverability, "pay_each_round": _keep,
    "restrict_mars_space": _restrict_mars, "no_credits_next_turn": _no_credits,
    "skip_next_turn": _skip_turn, "traps_ahead": _traps, "traps_behind": _traps,
}


# ---- appliers -------------------------------------------------------------------------------
def _requested(state: XpState, e: Event) -> XpState:
    return replace(state, ship_draws=(*state.ship_draws, ShipDraw(e["deck"], e["seat"], e["ship"])))


def _done(state: XpState, e: Event) -> XpState:
    """The first draw waiting for this deck is filled; the card it took is remembered with
    the ship and seat it was for (an event stored before it named its card leaves the
    record as it was; a hazard's own `hazard_drawn` names it anyway)."""
    draws = list(state.ship_draws)
    filled = next((i for i, d in enumerate(draws) if d.deck == e["deck"]), None)
    if filled is None:
        return state
    done = draws.pop(filled)
    card = e.get("card")
    last = ShipDrawn(str(card), done.deck, done.seat, done.ship) if card else state.last_ship_draw
    return replace(state, ship_draws=tuple(draws), last_ship_draw=last)


def _hazard_drawn_applied(state: XpState, e: Event) -> XpState:
    return replace(state, pending_hazard=PendingHazard(e["card"], e["seat"], e["ship"]),
                   last_ship_draw=ShipDrawn(e["card"], "hazard", e["seat"], e["ship"]))


def _hazard_closed(state: XpState, e: Event) -> XpState:
    return replace(state, pending_hazard=None)


def _space_restricted(state: XpState, e: Event) -> XpState:
    return replace(state, restricted_spaces=(*state.restricted_spaces, e["space"]))


APPLIERS = {"ship_draw_requested": _requested, "ship_draw_done": _done,
            "hazard_drawn": _hazard_drawn_applied, "hazard_closed": _hazard_closed,
            "space_restricted": _space_restricted}
VERB_DOCS = (
    Verb("resolve", "resolve [CHOICE]...", "Apply the hazard card just drawn; CHOICE names the "
         "modules to remove (as many as the card says) or the Mars space to restrict when the "
         "card asks.", "resolve"),
    Verb("ignore", "ignore", "Cancel the hazard card just drawn by spending the command points "
         "printed on it.", "ignore"),
)
