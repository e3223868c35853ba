"""General and player setup: board length, spaceports and starting bonuses,
the private mission hands, the maneuver row and the start of the game.

Rulebook: "General setup", "Player set up". Draws from physical decks are
scans; each seat's expected draws are queued as PendingDraw and the next scan
of that deck fills the first (or the seat named with `for`). The ship draft is
in draft.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.core.words import counted, whole_number
from companion.games.exploration import catalog as xc
from companion.games.exploration.resources import gain
from companion.games.exploration.state import (
    MANEUVER_ROW,
    PendingDraw,
    SeatStatus,
    XpState,
    require_phase,
    with_seat,
)

HIDDEN_DECKS = ("primary", "secondary")
MODULE_CHOICE = "module"  # a PendingDraw "deck" that is a choice, not a card


def seats_in_order(state: XpState, catalog: Catalog) -> list[str]:
    """Seated spaceports in the rulebook's turn order."""
    return [p for p in xc.spaceport_order(catalog) if p in state.table.seats]


def _spaceport(catalog: Catalog, word: str) -> str:
    ports = xc.spaceport_order(catalog)
    lowered = word.lower()
    found = [p for p in ports if p.lower() == lowered] or [
        p for p in ports if any(part.startswith(lowered) for part in p.lower().split())]
    if len(found) != 1:
        raise IllegalMoveError(f"{word!r} is not one spaceport; choose from {', '.join(ports)}.")
    return found[0]


# ---- verbs -------------------------------------------------------------------------------
def length(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    require_phase(state, ("setup",), "choose the board side")
    allowed = list(catalog.rules["game"]["rounds"])
    usage = f"length takes the number of rounds: one of {_sides(catalog)}."
    if len(args) != 1:
        raise CommandSyntaxError(usage)
    rounds = whole_number(args[0], "the number of rounds")
    if rounds not in allowed:
        raise CommandSyntaxError(usage)
    return Outcome((event("rounds_chosen", rounds=rounds),),
                   f"The {rounds}-round side of the main board is in play.")


def _sides(catalog: Catalog) -> str:
    """The board sides as players choose them, e.g. "8, 13"."""
    return ", ".join(str(r) for r in catalog.rules["game"]["rounds"])


def join(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    require_phase(state, ("setup",), "take a spaceport")
    if not args:
        raise CommandSyntaxError("join takes a spaceport and a player name: join Kourou Ana")
    port = _spaceport(catalog, args[0])
    if port in state.table.seats:
        raise IllegalMoveError(f"{port} is already taken by {state.table.players[port]}.")
    if state.draft.pack:
        raise IllegalMoveError("Players cannot join once the ship draft has started.")
    limit = int(catalog.rules["game"]["max_players"])
    if len(state.table.seats) >= limit:
        raise IllegalMoveError(f"The game takes at most {limit} players.")
    player = " ".join(args[1:]) or port
    events = [event("seat_joined", seat=port, player=player,
                    resources={"credits": 0, "command": 0, "technology": 0, "frags": 0}),
              event("seat_registered", seat=port)]
    events += _starting_bonus(catalog, port)
    return Outcome(tuple(events), _join_message(catalog, port, player), port)


def _starting_bonus(catalog: Catalog, port: str) -> list[Event]:
    bonus = xc.spaceport_bonus(catalog, port)
    reason = f"{port} starting bonus"
    command = int(catalog.rules["game"]["starting_command"]) + int(bonus.get("command", 0))
    events = [gain(port, "credits", int(bonus["credits"]), reason)]
    if command:
        events.append(gain(port, "command", command, reason))
    for deck in ("primary", "development"):
        if bonus.get(deck):
            events.append(event("draws_requested", seat=port, deck=deck,
                                count=int(bonus[deck]), reason=reason))
    if bonus.get("module_choice"):
        events.append(event("draws_requested", seat=port, deck=MODULE_CHOICE,
                            count=int(bonus["module_choice"]), reason=reason))
    for deck in HIDDEN_DECKS:
        events.append(event("draws_requested", seat=port, deck=deck,
                            count=xc.setup_number(catalog, f"{deck}_missions"),
                            reason="starting missions"))
    return events


def _join_message(catalog: Catalog, port: str, player: str) -> str:
    bonus = xc.spaceport_bonus(catalog, port)
    gains = [counted(int(bonus["credits"]), "credit")]
    if bonus.get("command"):
        gains.append(counted(int(bonus["command"]), "command point"))
    draws = [counted(int(bonus[d]), f"{d} card") for d in ("primary", "development")
             if bonus.get(d)]
    if bonus.get("module_choice"):
        draws.append("a module of their choice")
    text = f"{player} takes {port} and gains {', '.join(gains)}."
    if draws:
        text += f" Still to draw: {', '.join(draws)}."
    return text + (f" Then {xc.setup_number(catalog, 'primary_missions')} primary and "
                   f"{xc.setup_number(catalog, 'secondary_missions')} secondary missions.")


def bonus(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    """Wostochny's starting module of choice."""
    if len(args) < 2:
        raise CommandSyntaxError("bonus takes a seat and a module: bonus Wostochny habitat")
    seat = state.table.find_seat(" ".join(args[:-1]))
    kind = args[-1].lower()
    if kind not in xc.module_kinds(catalog):
        raise IllegalMoveError(f"{kind!r} is not a module; modules: "
                               f"{', '.join(xc.module_kinds(catalog))}.")
    if not any(p.seat == seat and p.deck == MODULE_CHOICE for p in state.pending):
        raise IllegalMoveError(f"{seat} has no module of their choice to take.")
    name = xc.module(catalog, kind)["name"]
    return Outcome((event("spare_module_added", seat=seat, module=kind),
                    event("draw_fulfilled", seat=seat, deck=MODULE_CHOICE)),
                   f"{seat} takes a {name} token to build on a spaceship later.", seat)


def scan_for(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    if not args:
        raise CommandSyntaxError("for takes a seat: for Kourou (the next scans are theirs)")
    seat = state.table.find_seat(" ".join(args))
    if not any(p.seat == seat for p in state.pending):
        raise IllegalMoveError(f"{seat} has no card to draw right now.")
    return Outcome((event("scan_target_set", seat=seat),),
                   f"The next scans are {seat}'s draws.", seat)


def start(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    require_phase(state, ("setup",), "start the game")
    missing = _setup_missing(state, catalog)
    if missing:
        raise IllegalMoveError(f"The game cannot start yet: {missing}.")
    first = seats_in_order(state, catalog)[0]
    return Outcome((event("phase_changed", round=1, phase="preparation", active=first),),
                   f"Round 1 of {state.rounds} begins: preparation phase, {first} first.")


def _setup_missing(state: XpState, catalog: Catalog) -> str:
    minimum = int(catalog.rules["game"]["min_players"])
    row = xc.setup_number(catalog, "maneuver_row")
    if not state.rounds:
        return f"the side of the board (its length: {_sides(catalog)} rounds) is not chosen"
    if len(state.table.seats) < minimum:
        return f"at least {minimum} players must join"
    if state.pending:
        p = state.pending[0]
        return f"{p.seat} still has to draw a {p.deck} card ({p.reason}) and maybe more"
    if len(state.maneuver_row()) < row:
        return f"the maneuver row has {len(state.maneuver_row())} of {row} cards"
    if not state.draft.pack or state.draft.is_running:
        return "the ship draft is not finished"
    return ""


# ---- scans -------------------------------------------------------------------------------
def recipient(state: XpState, deck: str) -> str | None:
    """Who the next card of `deck` goes to: the `for` seat first, else the first in line."""
    waiting = [p.seat for p in state.pending if p.deck == deck]
    if state.scan_for in waiting:
        return state.scan_for
    return waiting[0] if waiting else None


def scan_pending_draw(state: XpState, catalog: Catalog, card: CardEntry) -> Outcome | None:
    """A scanned card some seat was due to draw (setup, technology action, hazard)."""
    seat = recipient(state, card.deck)
    if seat is None:
        return None
    hidden = card.deck in HIDDEN_DECKS
    if hidden and state.table.zone(card.card_id).is_private:
        # Naming the hand it is in would let anyone probe who holds which mission.
        raise IllegalMoveError(f"That card cannot be drawn from the {card.deck} deck: it is "
                               f"not in the draw pile.")
    to = piles.hand_zone(seat) if hidden else piles.area_zone(seat)
    drawn = piles.draw_observed(state.table, card.card_id, card.deck, to,
                                lambda _c: "That card" if hidden else card.name)
    events = (*drawn, event("draw_fulfilled", seat=seat, deck=card.deck))
    left = sum(1 for p in state.pending if p.seat == seat) - 1
    more = f" {seat} has {counted(left, 'more card')} to draw." if left else ""
    if hidden:
        return Outcome(events, f"{seat}'s {card.deck} mission recorded (hidden).{more}", seat)
    return Outcome(events, f"{seat} draws {card.name} ({card.card_id}).{more}", seat)


def scan_maneuver_row(state: XpState, catalog: Catalog, card: CardEntry) -> Outcome | None:
    size = xc.setup_number(catalog, "maneuver_row")
    if card.deck != "maneuver" or state.table.phase != "setup" or len(state.maneuver_row()) >= size:
        return None
    events: list[Event] = [piles.observe_draw(state.table, card.card_id, "maneuver", MANEUVER_ROW,
                                              lambda _c: card.name)]
    message = f"{card.name} ({card.card_id}) joins the maneuver row: {card.summary}"
    if len(state.maneuver_row()) + 1 == size:
        pile = piles.deck_zone("maneuver")
        rest = [c for c in state.table.cards_in(pile) if c != card.card_id]
        events += [piles.move(c, pile, "box", "not used this game") for c in rest]
        message += f" The row is complete; return the other {len(rest)} maneuver cards to the box."
    return Outcome(tuple(events), message)


# ---- appliers ----------------------------------------------------------------------------
def _rounds_chosen(state: XpState, e: Event) -> XpState:
    return replace(state, rounds=int(e["rounds"]))


def _seat_registered(state: XpState, e: Event) -> XpState:
    return with_seat(state, e["seat"], SeatStatus(spaceport=e["seat"]))


def _draws_requested(state: XpState, e: Event) -> XpState:
    added = tuple(PendingDraw(e["seat"], e["deck"], e["reason"]) for _ in range(int(e["count"])))
    return replace(state, pending=state.pending + added)


def _draw_fulfilled(state: XpState, e: Event) -> XpState:
    pending = list(state.pending)
    for i, p in enumerate(pending):
        if p.seat == e["seat"] and p.deck == e["deck"]:
            del pending[i]
            break
    still = state.scan_for if any(p.seat == state.scan_for for p in pending) else None
    return replace(state, pending=tuple(pending), scan_for=still)


def _spare_module_added(state: XpState, e: Event) -> XpState:
    status = state.seats[e["seat"]]
    return with_seat(state, e["seat"],
                     replace(status, spare_modules=(*status.spare_modules, e["module"])))


def _scan_target_set(state: XpState, e: Event) -> XpState:
    return replace(state, scan_for=e.get("seat"))


APPLIERS = {
    "rounds_chosen": _rounds_chosen, "seat_registered": _seat_registered,
    "draws_requested": _draws_requested, "draw_fulfilled": _draw_fulfilled,
    "spare_module_added": _spare_module_added, "scan_target_set": _scan_target_set,
}
VERB_DOCS = (
    Verb("length", "length ROUNDS", "Choose the side of the main board by its number of "
         "rounds.", "length 8"),
    Verb("join", "join SPACEPORT [PLAYER]",
         "Seat a player at a spaceport and give its starting bonus; queues their draws.",
         "join Kourou Ana"),
    Verb("bonus", "bonus SEAT MODULE", "Take the starting module of choice (Wostochny).",
         "bonus Wostochny habitat"),
    Verb("for", "for SEAT", "The next scanned draws go to SEAT (default: first in line).",
         "for Baikonur"),
    Verb("start", "start", "End setup and begin round 1 (checks that setup is complete).",
         "start"),
)
