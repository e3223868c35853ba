"""Module drops: domination modules (maneuver check), GNSS and traps.

Rulebook, "Module drop", "Building modules" and the Conqueror ability. A
domination drop succeeds when maneuverability + symbols is higher than the
module's requirement; on failure the ship loses [rules.flight].failed_check_energy
more and keeps the module. GNSS and traps are placed under the ship at the
start or end of a move (between moves, as the app sees it) and need no check.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.core.catalog import Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.core.words import counted
from companion.games.exploration import catalog as xc
from companion.games.exploration import traps
from companion.games.exploration.checks import (
    acting_ship,
    area_spaces,
    areas,
    attribute,
    check_sentence,
    drop_bonus,
    flight_rule,
    require_ship,
    roll_check,
    space_name,
    spend_energy,
)
from companion.games.exploration.flight import maneuver_die
from companion.games.exploration.resources import credit_gain
from companion.games.exploration.state import Control, ShipStatus, XpState, with_seat, with_ship


def _split_space(catalog: Catalog, word: str) -> tuple[str, str | None]:
    lowered = word.lower()
    if lowered in areas(catalog):
        return lowered, None
    for area in areas(catalog):
        if lowered in area_spaces(catalog, area):
            return area, lowered
    raise IllegalMoveError(f"{word!r} is not an area or domination space; areas: "
                           f"{', '.join(areas(catalog))} (spaces like mars2).")


def choose_space(state: XpState, catalog: Catalog, ship: ShipStatus, kind: str,
                 word: str) -> tuple[str, str, Control | None]:
    """The area and space a module goes to, and the enemy cube a Conqueror replaces."""
    area, space = _split_space(catalog, word)
    data = areas(catalog)[area]
    if kind not in data.get("modules", []):
        raise IllegalMoveError(f"A {kind} module cannot be dropped on {data['name']} "
                               f"(it takes {', '.join(data['modules'])}).")
    held = {c.space: c for c in state.controls}
    open_spaces = [s for s in area_spaces(catalog, area)
                   if s not in held and s not in state.restricted_spaces]
    if space is None:
        if not open_spaces:
            hint = "; name the space to conquer" if _conqueror(catalog, ship) else ""
            raise IllegalMoveError(f"Every {data['name']} space is taken or restricted{hint}.")
        return area, open_spaces[0], None
    if space in state.restricted_spaces:
        raise IllegalMoveError(f"{space} carries a restriction token: no domination there.")
    owner = held.get(space)
    if owner is None:
        return area, space, None
    if owner.seat == ship.owner:
        raise IllegalMoveError(f"{ship.owner} already controls {space}.")
    if not _conqueror(catalog, ship):
        raise IllegalMoveError(f"{owner.seat} controls {space}; only a Conqueror can take it.")
    return area, space, owner


def _conqueror(catalog: Catalog, ship: ShipStatus) -> bool:
    return xc.ship_type(catalog, ship.ship_type).ability == "conqueror"


def rewards(state: XpState, catalog: Catalog, ship: ShipStatus, kind: str, area: str,
            space: str) -> tuple[list[Event], str]:
    """Place the cube, then gain the reward table's credits and domination points."""
    data = xc.module(catalog, kind)
    area_name = areas(catalog)[area]["name"]
    source = f"{data['name']} dropped on {area_name}"
    events: list[Event] = [event("module_dropped", card=ship.card, seat=ship.owner,
                                 module=kind, area=area, space=space)]
    more, text = credit_gain(state, ship.owner, int(data["credits"]), source)
    events += [*more, event("scored", seat=ship.owner, points=int(data["score"]), source=source)]
    return events, f"{ship.owner} places a cube on {space_name(catalog, area, space)}. {text} " \
                   f"{ship.owner} scores {counted(int(data['score']), 'domination point')}."


def _next_open(state: XpState, area: str) -> str:
    used = {c.space for c in state.controls}
    n = 1
    while f"{area}{n}" in used:
        n += 1
    return f"{area}{n}"


def droppable(catalog: Catalog, kind: str) -> bool:
    """A module of this kind can be dropped (a trap or a domination module)."""
    return str(xc.module(catalog, kind)["category"]) in ("trap", "domination")


def nothing_to_drop(catalog: Catalog, ship: ShipStatus) -> str:
    """Why `ship` cannot drop a module: what it carries stays built, and what can be dropped."""
    kinds = [k for k in xc.module_kinds(catalog) if droppable(catalog, k)]
    dropped = ", ".join(str(xc.module(catalog, k)["name"]) for k in kinds)
    built = [str(xc.module(catalog, k)["name"]) for k in dict.fromkeys(ship.modules)]
    held = f"its {' and '.join(built)} stay{'s' * (len(built) == 1)} built on it" if built \
        else "it carries no module"
    return f"{ship.card} has nothing to drop: {held}. Only these are dropped: {dropped}."


def drop(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    if len(args) == 1:  # a ship alone: refused with why when it has nothing to drop
        ship = require_ship(state, args[0])
        if not any(droppable(catalog, kind) for kind in ship.modules):
            raise IllegalMoveError(nothing_to_drop(catalog, ship))
    if len(args) < 2:
        raise CommandSyntaxError("drop takes your flying ship, a module it carries and, for a "
                                 "domination module the area or space (trap: its count): drop "
                                 "TRNS1 habitat mars [die two] | drop TRNS1 gnss | drop TRNS1 "
                                 "trap 3")
    ship = acting_ship(state, args[0], "drop a module")
    kind = args[1].lower()
    if kind not in ship.modules:
        raise IllegalMoveError(f"{ship.card} carries no {kind} module (it carries "
                               f"{', '.join(ship.modules) or 'nothing'}).")
    data = xc.module(catalog, kind)
    if data["category"] == "trap":
        return _drop_trap(state, catalog, ship, args[2:])
    if data["category"] != "domination":
        raise IllegalMoveError(f"A {data['name']} cannot be dropped; only domination modules, "
                               f"GNSS and traps can.")
    if data.get("placed_under_ship"):
        if len(args) != 2:
            raise CommandSyntaxError(f"A {data['name']} goes under the ship: drop {ship.card} "
                                     f"{kind}")
        space = _next_open(state, str(data["area"]))
        events, text = rewards(state, catalog, ship, kind, str(data["area"]), space)
        return Outcome(tuple([spend_energy(catalog, ship), *events]),
                       f"{ship.card} drops a {data['name']} under itself. {text}", ship.owner)
    return _drop_domination(state, catalog, ship, kind, args[2:])


def drop_check(state: XpState, catalog: Catalog, ship: ShipStatus, kind: str,
               area: str) -> tuple[int, int, str, int, str]:
    """A domination drop's check: maneuverability (with bonuses), requirement, what it is
    against, and the bonus with its sources."""
    data = xc.module(catalog, kind)
    area_name = str(areas(catalog)[area]["name"])
    bonus, why = drop_bonus(state, ship, area_name)
    skill = attribute(catalog, ship, "maneuverability", state.table.round) + bonus
    return skill, int(data["requirement"]), f"{data['name']} drop on {area_name}", bonus, why


def _drop_domination(state: XpState, catalog: Catalog, ship: ShipStatus, kind: str,
                     rest: Sequence[str]) -> Outcome:
    if len(rest) not in (1, 3) or (len(rest) == 3 and rest[1].lower() != "die"):
        raise CommandSyntaxError(f"Name the area or space: drop {ship.card} {kind} mars "
                                 f"[die FACE]")
    area, space, taken = choose_space(state, catalog, ship, kind, rest[0])
    skill, target, against, bonus, why = drop_check(state, catalog, ship, kind, area)
    rolled, check = roll_check(state.table, maneuver_die(catalog), skill, target, against,
                               rest[2] if len(rest) == 3 else None, ship=ship.card)
    said = check_sentence(rolled, check) + (f" (includes +{bonus} from {why})" if bonus else "")
    if not check.passed:
        lost = flight_rule(catalog, "failed_check_energy")
        return Outcome((rolled, spend_energy(catalog, ship, extra=lost)),
                       f"{said} {ship.card} loses {lost} more energy and keeps the "
                       f"{xc.module(catalog, kind)['name']}.", ship.owner)
    events, text = rewards(state, catalog, ship, kind, area, space)
    conquered = f" {ship.card} (Conqueror) takes {space} from {taken.seat}." if taken else ""
    return Outcome(tuple([rolled, spend_energy(catalog, ship), *events]),
                   f"{said}{conquered} {text}", ship.owner)


#: What a dropped trap does next, said when it is dropped (try 19, finding 4: the ship
#: that dropped it stayed on its space, and the table wondered why nothing went off).
DROPPED_TRAP = ("It does not go off under the ship that dropped it; a ship that ends a "
                "later move on its space sets it off.")


def _drop_trap(state: XpState, catalog: Catalog, ship: ShipStatus,
               rest: Sequence[str]) -> Outcome:
    if len(rest) != 1:
        raise CommandSyntaxError(f"Give the trap's count: drop {ship.card} trap 3")
    count = traps.valid_count(catalog, rest[0])
    where = ship.where or ship.location
    events = [spend_energy(catalog, ship),
              event("module_removed", card=ship.card, module="trap", reason="trap dropped"),
              *traps.dropped(state, ship.owner, [count], [traps.dropped_at(ship.card, where)])]
    trap_id = next(e["trap_id"] for e in events if e.type == "trap_dropped")
    return Outcome(tuple(events), f"{ship.card} drops trap {trap_id} with count {count} at "
                                  f"{where}. {DROPPED_TRAP}", ship.owner)


# ---- appliers -------------------------------------------------------------------------------
def _module_dropped(state: XpState, e: Event) -> XpState:
    ship = state.ships.get(e["card"])
    if ship is not None and e["module"] in ship.modules:
        modules = list(ship.modules)
        modules.remove(e["module"])
        state = with_ship(state, replace(ship, modules=tuple(modules)))
    control = Control(e["area"], e["space"], e["seat"], e["module"])
    kept = tuple(c for c in state.controls if c.space != e["space"])
    state = replace(state, controls=(*kept, control))
    status = state.seats.get(e["seat"])
    if status is None:
        return state
    dropped = dict(status.dropped)
    for key in (e["module"], f"in_{e['area']}"):
        dropped[key] = dropped.get(key, 0) + 1
    return with_seat(state, e["seat"], replace(status, dropped=dropped))


APPLIERS = {"module_dropped": _module_dropped}
VERB_DOCS = (
    Verb("drop", "drop SHIP MODULE [AREA|SPACE [die FACE] | COUNT]", "Drop a module from the "
         "flying ship (spends the action energy). Domination modules: maneuver check against "
         "the requirement (failure: more energy lost, module kept); success places a cube and "
         "pays the reward table. GNSS goes under the ship; a trap takes its count.",
         "drop TRNS1 habitat mars"),
)
