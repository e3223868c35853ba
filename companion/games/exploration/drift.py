"""End of round: every ship on the map drifts, launch-pad ships reach orbit.

Rulebook, "All spaceships movement": ships move [rules.flight].drift_spaces
without losing energy, highest maneuverability first; a ship that would break a
movement restriction stays and loses [rules.flight].stuck_energy instead
(players report it as `stuck`); ships at 0
energy stay put; each ship resolves the space it drifts onto. Then the
launch-pad ships move to orbit and the round ends (scoring.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.catalog import Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.core.turns import order_by_keys
from companion.core.words import counted, for_count
from companion.games.exploration.checks import attribute, flight_rule, require_no_draw
from companion.games.exploration.display import STORED_ORBIT
from companion.games.exploration.flight import arrive, check_end
from companion.games.exploration.state import ShipStatus, XpState, require_phase
from companion.games.exploration.status import ON_MAP
from companion.games.exploration.traps import is_trap_word

STUCK = "stuck"


def drift_order(state: XpState, catalog: Catalog) -> tuple[list[ShipStatus], list[str]]:
    """Ships on the map, highest maneuverability first; ties shown. Tied ships drift at the
    same time (rulebook), so the order among them (by card, as games were always saved)
    changes nothing and is not claimed as a tie-break."""
    ships = sorted((s for s in state.ships.values() if s.location in ON_MAP),
                   key=lambda s: s.card)
    round_ = state.table.round
    items = [(s.card, (attribute(catalog, s, "maneuverability", round_),)) for s in ships]
    order, ties = order_by_keys(items, ("maneuverability",),
                                "they move at the same time (rulebook)")
    return [state.ships[c] for c in order], ties


def on_launch_pad(state: XpState) -> list[str]:
    """The ships that reach their orbiting space at the end of the flight phase."""
    return sorted(s.card for s in state.ships.values() if s.location == "launch_pad")


def nothing_drifts(state: XpState) -> str:
    """What all spaceships movement does when no ship is on the map: the launch-pad ships
    reach their orbiting space (rulebook, "All spaceships on the launch pad"), or nothing."""
    waiting = on_launch_pad(state)
    if not waiting:
        return "No ship is on the map: all spaceships movement ends the round."
    ships = for_count(len(waiting), "the ship on the launch pad", "the ships on the launch pad")
    return (f"No ship is on the map to move; next, {ships} ({', '.join(waiting)}) "
            f"{for_count(len(waiting), 'moves', 'move')} to orbiting space, and the round ends.")


def show_drift(state: XpState, catalog: Catalog) -> Outcome | None:
    """Phase hook: say which ships drift, in which order, and how to report it."""
    ships, ties = drift_order(state, catalog)
    if not ships:
        return Outcome((), nothing_drifts(state))
    shown = ", ".join(s.card for s in ships)
    how = ("Each moves onto a plain space unless the table reports another space, or "
           "that it cannot move.")
    return Outcome((), " ".join([f"All spaceships movement, in order: {shown}.", *ties, how]))


def parse_reports(state: XpState, args: Sequence[str]) -> dict[str, str]:
    reports: dict[str, str] = {}
    for word in args:
        card, sep, space = word.partition("=")
        if not sep or not card or not space:
            raise CommandSyntaxError(f"{word!r} is not a drift report; write SHIP=SPACE, e.g. "
                                     f"SHLD1=credit or SHLD1=stuck.")
        card, space = card.upper(), space.lower()
        if space != STUCK:
            check_end(state, space)
            if space == "tile":
                raise IllegalMoveError("A drift stays on the map or flies off it (`outer`).")
        reports[card] = space
    return reports


def drift(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    require_phase(state, ("drift",), "report the drift")
    require_no_draw(state)
    reports = parse_reports(state, args)
    ships, _ = drift_order(state, catalog)
    strangers = sorted(set(reports) - {s.card for s in ships})
    if strangers:
        raise IllegalMoveError(f"{', '.join(strangers)} "
                               f"{for_count(len(strangers), 'is', 'are')} not moving (only "
                               f"ships on the map move).")
    spent = sorted(card for card in reports if state.ships[card].energy <= 0)
    if spent:
        said = " ".join(f"{card}={reports[card]}" for card in spent)
        n = len(spent)
        raise IllegalMoveError(f"{', '.join(spent)} {for_count(n, 'has', 'have')} 0 energy, so "
                               f"{for_count(n, 'it does', 'they do')} not move and "
                               f"{for_count(n, 'stays', 'stay')} put: leave {said} out of the "
                               f"report.")
    ending = [r for r in reports.values() if is_trap_word(state, r)]
    if len(ending) != len(set(ending)):
        raise IllegalMoveError("Two ships cannot move onto the same trap.")
    events: list[Event] = []
    texts: list[str] = []
    for ship in ships:
        more, text = _drift_one(state, catalog, ship, reports.get(ship.card, "space"))
        events += more
        texts.append(text)
    for ship in sorted(state.ships.values(), key=lambda s: s.card):
        if ship.location == "launch_pad":
            events.append(event("ship_updated", card=ship.card,
                                set={"location": "orbit", "where": STORED_ORBIT}))
            texts.append(f"{ship.card} moves from the launch pad to its orbiting space.")
    events.append(event("phase_changed", round=state.table.round, phase="round-end",
                        active=None))
    said = " ".join(texts) or "No ship moves."
    if not any(e.type == "ship_draw_requested" for e in events):  # the round ends with it
        said = f"End of round {state.table.round}, all spaceships movement: {said}"
    return Outcome(tuple(events), said)


def _drift_one(state: XpState, catalog: Catalog, ship: ShipStatus,
               space: str) -> tuple[list[Event], str]:
    if ship.energy <= 0:
        return [], f"{ship.card} has 0 energy and stays put."
    if space == STUCK:
        lost = flight_rule(catalog, "stuck_energy")
        value = max(0, ship.energy - lost)
        return [event("ship_updated", card=ship.card, set={"energy": value})], \
            f"{ship.card} cannot move and loses {lost} energy ({value} left)."
    events, text = arrive(state, catalog, ship, space, "")
    spaces = flight_rule(catalog, "drift_spaces")
    return events, f"{ship.card} moves {counted(spaces, 'space')}. {text}"


VERB_DOCS = (
    Verb("drift", "drift [SHIP=SPACE]... [SHIP=stuck]...", "End of round: every ship on the "
         "map drifts without losing energy (highest maneuverability first) onto a plain "
         "space unless reported otherwise (credit, command, hazard, orbit, outer, a trap "
         "ID); `stuck` ships lose energy instead; launch-pad ships reach orbit.",
         "drift SHLD1=credit TRNS2=stuck"),
)
