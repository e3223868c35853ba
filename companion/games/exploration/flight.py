"""Flight phase: flight order, velocity moves, direction changes, where a move ends,
passing objects (maneuver checks, traps) and the end of each ship's flight turn.

Rulebook, "Flight phase", "Velocity move", "Interactions", "Direction change",
"Flying off the map", "Lagrangian point L1". The app does not model the board:
players report how far a ship moves, what it passes and the kind of space it
ends on (`move SHLD1 3 credit past L1`), and the app applies the consequences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.core.catalog import Catalog
from companion.core.dice import Die
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.core.table import apply_table_event
from companion.core.turns import order_by_keys
from companion.core.words import counted, whole_number
from companion.games.exploration import catalog as xc
from companion.games.exploration import traps
from companion.games.exploration.checks import (
    acting_ship,
    attribute,
    check_sentence,
    flight_rule,
    flying_ship,
    require_no_draw,
    roll_check,
    spend_energy,
)
from companion.games.exploration.display import drawable, empty_deck_sentence
from companion.games.exploration.hazards import request
from companion.games.exploration.resources import credit_gain, gain
from companion.games.exploration.setup import MODULE_CHOICE, seats_in_order
from companion.games.exploration.state import XpState, require_phase
from companion.games.exploration.status import IN_SPACE, ShipStatus
from companion.games.exploration.tiles import tile_effects

#: End spaces the rulebook forbids, with the reason shown to the players.
FORBIDDEN = {
    "l1": "no ship may end its move on L1 (Lagrangian point L1)",
    "ship": "a move cannot end on a space occupied by another spaceship",
    "gnss": "a move cannot end on a space occupied by a GNSS",
    "enemy-orbit": "a move cannot end on the orbiting space of an enemy spaceport",
    "domination": "a move cannot end on a domination space (drop modules from the space "
                  "connected to it by an arrow)",
}
#: End spaces a move may report, and what the ship finds there.
ENDS = ("space", "credit", "command", "hazard", "orbit", "outer", "tile")
OPTION_WORDS = ("past", "at", "die")
#: The `die` word that lets the app roll one check of a move whose other faces the table
#: entered (the die's own faces are never called this).
APP_FACE = "app"


def maneuver_die(catalog: Catalog) -> Die:
    return Die.from_data("maneuver", catalog.rules["dice"]["maneuver"], catalog.source)


# ---- flight order ---------------------------------------------------------------------------
def flight_keys(catalog: Catalog, state: XpState, ship: ShipStatus) -> tuple[int, int]:
    return (attribute(catalog, ship, "velocity", state.table.round),
            attribute(catalog, ship, "maneuverability", state.table.round))


def start_flight(state: XpState, catalog: Catalog) -> Outcome | None:
    """Phase hook: when the flight phase begins, order the selected ships."""
    if state.flight_order or state.table.phase != "flight":
        return None
    events: list[Event] = []
    notes: list[str] = []
    seats = seats_in_order(state, catalog)
    flying: list[ShipStatus] = []
    for ship in sorted(state.selected_ships(), key=lambda s: (seats.index(s.owner), s.card)):
        if ship.skip_turns > 0:
            events.append(event("ship_updated", card=ship.card,
                                set={"skip_turns": ship.skip_turns - 1}))
            notes.append(f"{ship.card} skips this flight turn (restriction token).")
        elif ship.location == "launch_pad" and xc.ship_type(
                catalog, ship.ship_type).extras.get("no_launch_penalty"):
            events.append(event("ship_updated", card=ship.card,
                                set={"location": "orbit", "where": "orbiting space"}))
            notes.append(f"{ship.card} (Ultra-fast) moves from the launch pad to its orbiting "
                         f"space.")
            flying.append(replace(ship, location="orbit"))
        elif ship.location in IN_SPACE:
            flying.append(ship)
    items = [(s.card, flight_keys(catalog, state, s)) for s in flying]
    # The rulebook orders by velocity, then maneuverability, and says no more: the ships
    # listed above in the preparation phase's turn order keep that order.
    order, ties = order_by_keys(items, ("velocity", "maneuverability"),
                                f"the rulebook goes no further, so turn order decides "
                                f"({', '.join(seats)})")
    shown = ", ".join(f"{card} (velocity {k[0]}, maneuverability {k[1]})"
                      for card, k in sorted(items, key=lambda i: order.index(i[0])))
    events.append(event("flight_order_set", order=order))
    if not order:
        events.append(event("phase_changed", round=state.table.round, phase="drift",
                             active=None))
        return Outcome(tuple(events), " ".join([*notes, "No ship flies this round."]))
    events.append(event("phase_changed", round=state.table.round, phase="flight",
                        active=state.ships[order[0]].owner))
    text = " ".join([*notes, f"Flight order: {shown}.", *ties, f"{order[0]} flies first."])
    return Outcome(tuple(events), text)


def next_ship(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    require_phase(state, ("flight",), "end a ship's flight turn")
    require_no_draw(state)
    require_owed_drawn(state)
    flying = flying_ship(state)
    if flying is None:
        raise IllegalMoveError("No ship is flying now.")
    index = state.flight_index + 1
    while index < len(state.flight_order) and \
            state.ships[state.flight_order[index]].location == "destroyed":
        index += 1
    events: list[Event] = [event("flight_advanced", index=index)]
    if index < len(state.flight_order):
        following = state.ships[state.flight_order[index]]
        events.append(event("phase_changed", round=state.table.round, phase="flight",
                            active=following.owner))
        return Outcome(tuple(events), f"{flying.card} ends its flight turn. {following.card} "
                                      f"({following.owner}) flies next.", flying.owner)
    events.append(event("phase_changed", round=state.table.round, phase="drift", active=None))
    return Outcome(tuple(events), f"{flying.card} ends its flight turn. Every selected ship has "
                                  f"flown: all spaceships movement comes next.",
                   flying.owner)


def owed_cards(state: XpState) -> list[str]:
    """The cards owed now (a hazard's secondary mission card...), as "a secondary card
    for Baikonur (hazard New orders)"."""
    return [f"a {p.deck} card for {p.seat} ({p.reason})" for p in state.pending
            if p.deck != MODULE_CHOICE]


def require_owed_drawn(state: XpState) -> None:
    """Refuse to end a flight turn while a card is owed: the card is taken at once (a
    hazard's "Take one secondary mission card"), so the turn does not walk away from it."""
    owed = owed_cards(state)
    if owed:
        raise IllegalMoveError(f"First {owed[0]} is drawn (at the table, or by the app); "
                               f"then the flight turn can end.")


# ---- velocity move --------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveReport:
    """What the players reported about one move."""

    steps: int
    end: str
    past: tuple[str, ...] = ()
    where: str = ""
    faces: tuple[str, ...] = ()


def parse_move(args: Sequence[str]) -> MoveReport:
    usage = ("move takes a ship, the spaces moved and where it ends, then `past OBJECT` for "
             "each object passed, `at NAME` and `die FACE` for each check rolled at the table "
             f"(`die {APP_FACE}`: the app rolls that one): move SHLD1 3 credit past L1 die two")
    if len(args) < 3:
        raise CommandSyntaxError(usage)
    steps = whole_number(args[1], "the spaces moved")
    past: list[str] = []
    faces: list[str] = []
    where = ""
    rest = list(args[3:])
    if len(rest) % 2:
        raise CommandSyntaxError(usage)
    for word, value in zip(rest[::2], rest[1::2], strict=True):
        key = word.lower()
        if key not in OPTION_WORDS:
            raise CommandSyntaxError(usage)
        if key == "past":
            past.append(value)
        elif key == "die":
            faces.append(value)
        else:
            where = value
    return MoveReport(steps, args[2].lower(), tuple(past), where, tuple(faces))


def check_end(state: XpState, word: str) -> None:
    """Refuse an end space the rules forbid, or a word that is no space."""
    if word in FORBIDDEN:
        raise IllegalMoveError(f"That move is not allowed: {FORBIDDEN[word]}.")
    if word not in ENDS and not traps.is_trap_word(state, word):
        raise CommandSyntaxError(f"{word!r} is not a space; the move ends on one of "
                                 f"{', '.join(ENDS)} or a trap ID.")


def _check_steps(state: XpState, catalog: Catalog, ship: ShipStatus, report: MoveReport) -> None:
    if ship.location == "outer_space":
        per_round = flight_rule(catalog, "outer_tiles_per_round")
        if report.steps != 1 or report.end not in ("outer", "tile"):
            raise IllegalMoveError(f"{ship.card} is in outer space: it moves "
                                   f"{counted(per_round, 'hex tile')} per round, one per move "
                                   f"(`move {ship.card} 1 outer` or `... 1 tile at X3`).")
        allowed = per_round + ship.bonus("extra_move", state.table.round)
        used = ship.outer_moves if ship.outer_moves_round == state.table.round else 0
        if used >= allowed:
            raise IllegalMoveError(f"{ship.card} already moved "
                                   f"{counted(used, 'hex tile')} this round.")
        return
    if report.end == "tile":
        raise IllegalMoveError(f"{ship.card} is on the map: flying off it reveals a new tile "
                               f"(`outer`).")
    velocity = attribute(catalog, ship, "velocity", state.table.round)
    if velocity == 0:
        raise IllegalMoveError(f"{ship.card} has velocity 0 this round and cannot make a "
                               f"velocity move.")
    if not 1 <= report.steps <= velocity:
        raise IllegalMoveError(f"{ship.card} moves 1 to {velocity} spaces (its velocity), "
                               f"not {report.steps}.")


def pass_target(state: XpState, catalog: Catalog, ship: ShipStatus,
                 word: str) -> tuple[int, str]:
    lowered = word.lower()
    if lowered in ("l1", "gnss"):
        return flight_rule(catalog, f"{lowered}_maneuverability"), word.upper()
    other = state.ships.get(word.upper())
    if other is None or not other.is_deployed or other.card == ship.card:
        raise IllegalMoveError(f"{word!r} cannot be passed: name L1, GNSS, a trap ID or "
                               f"another ship on the map.")
    return attribute(catalog, other, "maneuverability", state.table.round), other.card


def entered_face(word: str) -> str | None:
    """A check's `die` word: the face the table rolled, or None for the app to roll it."""
    return None if word.lower() == APP_FACE else word


def sure_pass(state: XpState, catalog: Catalog, ship: ShipStatus, word: str) -> bool:
    """Whether passing `word` cannot fail: the ship's maneuverability alone, with the die's
    lowest face, already beats it (try 9: a die asked for a check that could not fail)."""
    try:
        target, _name = pass_target(state, catalog, ship, word)
    except IllegalMoveError:
        return False
    skill = attribute(catalog, ship, "maneuverability", state.table.round)
    return skill + min(maneuver_die(catalog).values) > target


def sure_sentence(catalog: Catalog, card: str, name: str, skill: int, target: int) -> str:
    """A check no face can fail, said without a roll: "SMAN1 passes SHLD1 for sure: no roll
    needed (maneuverability 3 alone is above 2)."."""
    lowest = min(maneuver_die(catalog).values)
    sum_ = f"{skill} alone" if lowest == 0 else f"{skill} + at least {lowest} from the die"
    return f"{card} passes {name} for sure: no roll needed (maneuverability {sum_} is above " \
           f"{target})."


def move(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    report = parse_move(args)
    ship = acting_ship(state, args[0], "move")
    check_end(state, report.end)
    _check_steps(state, catalog, ship, report)
    checked = [w for w in report.past if not traps.is_trap_word(state, w)]
    passed_traps = [w.upper() for w in report.past if traps.is_trap_word(state, w)]
    if len(set(passed_traps)) != len(passed_traps):
        raise IllegalMoveError("A move passes each trap once; name it once.")
    if report.faces and len(report.faces) != len(checked):
        raise IllegalMoveError(f"This move needs {counted(len(checked), 'maneuver check')}: "
                               f"enter {counted(len(checked), 'die face')}, or none to let "
                               f"the app roll.")
    energy = max(0, ship.energy - flight_rule(catalog, "action_energy"))
    events: list[Event] = [spend_energy(catalog, ship)]
    texts = [f"{ship.card} moves {counted(report.steps, 'space')}."]
    table, faces = state.table, list(report.faces)
    sure_checks = 0  # the sure passes' sentences lead the result
    for word in report.past:
        if traps.is_trap_word(state, word):
            more, text, dead = traps.passing(traps.find_trap(state, word), ship)
            events += more
            texts.append(text)
            if dead:
                return Outcome(tuple(events), " ".join(texts), ship.owner)
            continue
        target, name = pass_target(state, catalog, ship, word)
        skill = attribute(catalog, ship, "maneuverability", state.table.round)
        entered = entered_face(faces.pop(0)) if faces else None
        if entered is None and sure_pass(state, catalog, ship, word):
            # No face can fail it, so no die is rolled (try 19, finding 5: the app rolled
            # one nobody saw and History kept it); the result's first line says so.
            texts.insert(sure_checks, sure_sentence(catalog, ship.card, name, skill, target))
            sure_checks += 1
            continue
        rolled, check = roll_check(table, maneuver_die(catalog), skill, target, name, entered,
                                   ship=ship.card)
        table = apply_table_event(table, rolled)
        events.append(rolled)
        texts.append(check_sentence(rolled, check))
        if not check.passed:
            lost = flight_rule(catalog, "failed_check_energy")
            energy = max(0, energy - lost)
            events.append(event("ship_updated", card=ship.card, set={"energy": energy}))
            texts.append(f"{ship.card} passes {name} but loses {lost} energy ({energy} left).")
    more, text = arrive(replace(state, table=table), catalog,
                        replace(ship, energy=energy), report.end, report.where)
    return Outcome(tuple(events + more), " ".join([*texts, text]), ship.owner)


def arrive(state: XpState, catalog: Catalog, ship: ShipStatus, end: str,
           where: str) -> tuple[list[Event], str]:
    """The ship ends its move (or drift) on `end`: place it and resolve the space."""
    if traps.is_trap_word(state, end):
        return traps.ending_on(traps.find_trap(state, end), ship)
    location = {"orbit": "orbit", "outer": "outer_space", "tile": "outer_space"}.get(
        end, "space")
    changes: dict[str, object] = {"location": location,
                                  "where": where or _default_where(end, ship)}
    if location == "outer_space":
        used = ship.outer_moves if ship.outer_moves_round == state.table.round else 0
        changes.update(outer_moves_round=state.table.round, outer_moves=used + 1)
    events: list[Event] = [event("ship_updated", card=ship.card, set=changes)]
    more, text = _space_effect(state, catalog, ship, end, where)
    return events + more, text


def _default_where(end: str, ship: ShipStatus) -> str:
    return {"orbit": "orbiting space", "outer": "outer space", "space": "a plain space"}.get(
        end, f"a {end} space")


def _space_effect(state: XpState, catalog: Catalog, ship: ShipStatus, end: str,
                  where: str) -> tuple[list[Event], str]:
    seat = ship.owner
    if end == "credit":
        return credit_gain(state, seat, flight_rule(catalog, "credit_space"), "credit space")
    if end == "command":
        amount = flight_rule(catalog, "command_space")
        return [gain(seat, "command", amount, "command space")], \
            f"{seat} gains {counted(amount, 'command point')}."
    if end == "hazard":
        return [request("hazard", ship)], f"Hazard space: a hazard card is drawn for " \
                                          f"{ship.card}."
    if end == "outer":
        if not drawable(state, catalog, "hex"):
            return [], f"{ship.card} flies off the map. {empty_deck_sentence(catalog, 'hex')} " \
                       f"It waits in outer space; its next move enters a revealed tile " \
                       f"(`move {ship.card} 1 tile at TILE`)."
        return [request("hex", ship)], f"{ship.card} flies off the map: an outer-space tile " \
                                       f"is revealed for it."
    if end == "tile":
        return _revisit(state, catalog, ship, where)
    return [], f"{ship.card} ends its move on {_default_where(end, ship)}."


def _revisit(state: XpState, catalog: Catalog, ship: ShipStatus,
             where: str) -> tuple[list[Event], str]:
    if not where or where.upper() not in state.outer_space_tiles():
        shown = ", ".join(state.outer_space_tiles()) or "none yet"
        raise IllegalMoveError(f"Name a revealed tile with `at TILE` (revealed: {shown}).")
    card = catalog.card(where.upper())
    events, text = tile_effects(state, card, ship)
    return events, f"{ship.card} enters {card.name}. {text}"


# ---- direction change -----------------------------------------------------------------------
def turn(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    if len(args) != 1:
        raise CommandSyntaxError("turn takes your flying ship: turn SHLD1")
    ship = acting_ship(state, args[0], "change direction")
    flipped = not ship.reversed
    way = "against" if flipped else "with"
    cost = flight_rule(catalog, "action_energy")
    return Outcome((spend_energy(catalog, ship),
                    event("ship_updated", card=ship.card, set={"reversed": flipped})),
                   f"{ship.card} changes direction: it now flies {way} its spaceport's orbit "
                   f"direction ({cost} energy).", ship.owner)


# ---- appliers -------------------------------------------------------------------------------
def _flight_order_set(state: XpState, e: Event) -> XpState:
    return replace(state, flight_order=tuple(e["order"]), flight_index=0)


def _flight_advanced(state: XpState, e: Event) -> XpState:
    return replace(state, flight_index=int(e["index"]))


APPLIERS = {"flight_order_set": _flight_order_set, "flight_advanced": _flight_advanced}
VERB_DOCS = (
    Verb("move", "move SHIP STEPS END [past OBJECT]... [at NAME] [die FACE]...",
         "Velocity move of the flying ship (spends the action energy). END: space, credit, "
         "command, hazard, orbit, outer (off the map), tile (outer space, with `at TILE`) or "
         "a trap ID; l1, ship, gnss, enemy-orbit and domination are refused. Each `past` L1, "
         "GNSS or ship is a maneuver check (the app rolls unless `die FACE` is given per check); "
         "each `past` trap lowers its count.", "move SHLD1 3 credit past L1 die two"),
    Verb("turn", "turn SHIP", "Direction change of the flying ship (spends the action "
         "energy).", "turn SHLD1"),
    Verb("next", "next", "End the flying ship's turn; the next ship in flight order flies.",
         "next"),
)
