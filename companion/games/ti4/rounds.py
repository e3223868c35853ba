"""Turns and rounds, as far as exploration needs them to go on across rounds.

TI4's action phase: the active player takes an action and their turn ends (`end`), or
passes (`pass`); a player who has passed takes no more turns this round, and when every
player has passed the action phase ends. The status phase follows: of its steps, the one
exploration leaves work for is readying exhausted cards (planets readied by an
Expedition, relics, agents such as Garv and Gunn), and The Crown of Emphidia may be
purged at its end by a player who controls the Tomb of Emphidia's planet. Then the next
round (`round`), its action phase in the table's turn order (initiative order: the
companion does not track strategy cards, so the table gives the order, or the last
round's is kept). The strategy and agenda phases are played at the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import piles
from companion.core.catalog import Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import event
from companion.core.prompt import Choice, InputSpec, Option
from companion.core.words import counted
from companion.games.ti4.explore import Builder, label
from companion.games.ti4.state import TI4State

ACTION, STATUS = "action", "status"
#: What a screen says while the status phase waits for the next round.
#: What the status phase asks, short enough to read whole on the first screen at 800x480
#: (try 17, finding 7: "... relics and agents) …" cut it before what to do next).
READY = "ready all planets, technologies, relics and agents"


def _require_nothing_owed(b: Builder, what: str) -> None:
    """35.2d: an exploration (or a relic draw) under way is finished first."""
    s = b.state
    if s.revealed is not None:
        raise IllegalMoveError(f"{label(b.catalog, s.revealed)} is revealed and not resolved "
                               f"yet: it is resolved before {what}.")
    if s.head is not None and s.head.started:
        raise IllegalMoveError(f"{s.head.seat}'s exploration is not finished: its card is "
                               f"drawn and resolved before {what}.")
    if s.relic_draws:
        raise IllegalMoveError(f"{s.relic_draws[0]} is owed a relic: it is drawn before "
                               f"{what}.")


def _active(b: Builder, args: list[str], verb: str) -> str:
    if args:
        raise CommandSyntaxError(f"{verb} takes nothing: it is the active player's.")
    active = b.state.table.active
    if active is None:
        raise IllegalMoveError("No player is active: set the turn first (turn SEAT).")
    return active


def next_seat(state: TI4State, after: str) -> str | None:
    """The next seat in turn order after `after` that has not passed (`after` itself when
    everyone else has passed and it has not), or None when every seat has passed."""
    order = list(state.turn_order)
    start = order.index(after) + 1 if after in order else 0
    for seat in order[start:] + order[:start]:
        if seat not in state.passed:
            return seat
    return None


def cmd_end(b: Builder, args: list[str]) -> str | None:
    """The active player's turn ends; the next player who has not passed is active."""
    seat = _active(b, args, "end")
    _require_nothing_owed(b, "the turn ends")
    following = next_seat(b.state, seat)
    t = b.state.table
    if following is None or following == seat:  # None: only a passed seat made active
        b.say(f"{seat}'s turn ends. Everyone else has passed: {seat} takes another turn.")
        return seat
    b.add(event("phase_changed", round=t.round, phase=ACTION, active=following))
    b.say(f"{seat}'s turn ends; {following} is active.")
    return following


def cmd_pass(b: Builder, args: list[str]) -> str | None:
    """The active player passes; when everyone has passed the status phase starts."""
    seat = _active(b, args, "pass")
    if seat in b.state.passed:
        raise IllegalMoveError(f"{seat} has already passed this round.")
    _require_nothing_owed(b, f"{seat} passes")
    b.add(event("seat_passed", seat=seat, round=b.state.table.round))
    following = next_seat(b.state, seat)
    t = b.state.table
    if following is not None:
        b.add(event("phase_changed", round=t.round, phase=ACTION, active=following))
        b.say(f"{seat} passes; {following} is active.")
        return following
    b.add(event("phase_changed", round=t.round, phase=STATUS, active=None))
    b.say(f"{seat} passes. Everyone has passed: the action phase of round {t.round} ends "
          f"and the status phase begins.")
    _ready_relics(b)
    for offer in crown_offers(b.state, b.catalog):
        b.say(offer.sentence(b.catalog) + ".")
    return seat


def _ready_relics(b: Builder) -> None:
    """The status phase readies every exhausted card: the relics the companion saw
    exhausted are ready again (the table readies the rest)."""
    exhausted = b.state.exhausted
    if exhausted:
        b.add(event("cards_readied", cards=list(exhausted), reason="status phase"))
        b.say(f"The status phase readies {', '.join(label(b.catalog, c) for c in exhausted)}.")


def cmd_round(b: Builder, args: list[str]) -> str | None:
    """`round`, or `round SEAT...` in the new round's turn order: the next round's action
    phase, its first seat active."""
    _require_nothing_owed(b, "the next round")
    t = b.state.table
    order = _order(b, args) if args else b.state.turn_order
    b.add(event("round_started", round=t.round + 1, order=list(order)))
    b.add(event("phase_changed", round=t.round + 1, phase=ACTION, active=order[0]))
    b.say(f"Round {t.round + 1}, action phase; {order[0]} is active"
          + (f" (turn order {', '.join(order)})." if args else "."))
    return order[0]


def _order(b: Builder, args: list[str]) -> tuple[str, ...]:
    seats = b.state.table.seats
    order = tuple(b.state.table.find_seat(a) for a in args)
    if sorted(order) != sorted(seats):
        raise IllegalMoveError(f"Name every seat once, in this round's turn order: "
                               f"{', '.join(seats)}.")
    return order


@dataclass(frozen=True)
class CrownOffer:
    """A relic `seat` may purge at the end of the status phase for `points` victory points,
    because it controls `planet`, which holds the attachment the relic names."""

    seat: str
    relic: str
    planet: str
    points: int

    def label(self, catalog: Catalog) -> str:
        return (f"{self.seat} purges {catalog.cards[self.relic].name} for "
                f"{counted(self.points, 'victory point')}")

    def sentence(self, catalog: Catalog) -> str:
        return (f"{self.seat} may purge {catalog.cards[self.relic].name} for "
                f"{counted(self.points, 'victory point')}: {self.seat} controls "
                f"{catalog.cards[self.planet].name}")

    @property
    def command(self) -> str:
        return (f"purge {self.relic} for {counted(self.points, 'victory point')} at the end "
                f"of the status phase")


def crown_offers(state: TI4State, catalog: Catalog) -> list[CrownOffer]:
    """Each relic a seat may purge at the end of the status phase because it controls the
    planet an attachment lies on (The Crown of Emphidia with the Tomb of Emphidia): the
    relic's `purge_at_status_with` names the attachment's design (catalog data)."""
    offers = []
    for seat in state.table.seats:
        area = piles.area_zone(seat)
        for relic in state.table.cards_in(area):
            attrs = catalog.cards[relic].attrs
            wanted = attrs.get("purge_at_status_with")
            planet = _planet_with(state, catalog, area, str(wanted)) if wanted else None
            if planet is not None:
                offers.append(CrownOffer(seat, relic, planet,
                                         int(attrs.get("purge_victory_points", 0))))
    return offers


def _planet_with(state: TI4State, catalog: Catalog, area: str, design: str) -> str | None:
    for planet in state.table.cards_in(area):
        attached = state.table.cards_in(piles.attached_zone(planet))
        if any(catalog.cards[c].design == design for c in attached):
            return planet
    return None


def turn_choices(state: TI4State, group: str, pending: bool) -> list[Choice]:
    """The action phase's end of turn (the moment's main action), pass, and another seat's
    turn out of order (one choice of the seats, a correction more than a move)."""
    active = state.table.active
    if pending:
        return []
    choices = []
    if active is not None:
        choices += [Choice(f"End {active}'s turn", group, command="end", priced=False,
                           main=True),
                    Choice(f"{active} passes", group, command="pass", priced=False)]
    others = tuple(Option(seat, seat + (" (passed)" if seat in state.passed else ""))
                   for seat in state.table.seats if seat != active)
    if others:
        choices.append(Choice("Another player's turn", group, priced=False, input=InputSpec(
            "choice", "turn {}", probe=f"turn {others[0].value}", options=others)))
    return choices


def status_choices(state: TI4State, catalog: Catalog, group: str,
                   pending: bool) -> list[Choice]:
    """The status phase: purges it allows, then the next round (the main action), in the
    last round's turn order or another."""
    choices = [Choice(offer.label(catalog), group, command=offer.command, priced=False)
               for offer in crown_offers(state, catalog)]
    if pending:
        return choices
    following = state.table.round + 1
    order = state.turn_order
    options = tuple(Option(seat, seat) for seat in state.table.seats)
    spec = InputSpec("order", "round {}", probe="round " + " ".join(order),
                     min=len(options), max=len(options), options=options,
                     hint=f"Tap each player on the left in round {following}'s turn order, "
                          f"the first to play first.")
    return [*choices,
            Choice(f"Start round {following}", group, command="round", priced=False,
                   main=True),
            Choice(f"Start round {following} in another turn order", group, priced=False,
                   input=spec)]


def status_sentence(state: TI4State) -> str:
    return f"Status phase: {READY}, then start round {state.table.round + 1}."


def _round_in_action_phase(b: Builder, args: list[str]) -> str | None:
    waiting = [s for s in b.state.turn_order if s not in b.state.passed]
    raise IllegalMoveError(f"Round {b.state.table.round}'s action phase goes on until every "
                           f"player has passed; still to pass: {', '.join(waiting)}.")


#: The action phase's verbs for turns (the status phase takes `round`).
ACTION_VERBS = {"end": cmd_end, "pass": cmd_pass, "round": _round_in_action_phase}
STATUS_VERBS = {"round": cmd_round}
