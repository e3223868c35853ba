"""Exploration's flight-phase and hazard choices for the prompt, with their partials
(the drift's are in prompt_drift.py).

A move walks its choices the way the command reads: the ship, the spaces moved
(1 to velocity), the kind of space it ends on, the objects it passes (L1, GNSS,
ships, traps, or none), then for each maneuver check a die face or "the app
rolls". The companion knows kinds of spaces, not board positions, so every kind
is offered and the rules judge each complete command.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from companion.core import piles
from companion.core.catalog import Catalog
from companion.core.errors import IllegalMoveError
from companion.core.events import Event
from companion.core.moments import die_faces
from companion.core.prompt import Choice, InputSpec, Option, amount_phrase
from companion.core.words import counted
from companion.games.exploration import catalog as xc
from companion.games.exploration.check_moments import check_moment
from companion.games.exploration.checks import (
    ManeuverCheck,
    areas,
    attribute,
    check_title,
    flight_rule,
    flying_ship,
)
from companion.games.exploration.combat import destroyer_damage, hit_preview, turret_damage
from companion.games.exploration.display import location_name, module_name
from companion.games.exploration.drops import (
    choose_space,
    drop_check,
    droppable,
    nothing_to_drop,
)
from companion.games.exploration.flight import (
    APP_FACE,
    ENDS,
    entered_face,
    maneuver_die,
    owed_cards,
    pass_target,
    sure_pass,
)
from companion.games.exploration.prompt_move import move_form
from companion.games.exploration.state import ShipStatus, XpState

FLIGHT, HAZARD, DRIFT, TURN, MISSIONS = "Flight", "Hazard", \
    "All spaceships movement", "Turn", "Missions"
APP_ROLLS = "The app rolls the maneuver die"
END_LABELS = {"space": "a plain space", "credit": "a credit space", "command": "a command space",
              "hazard": "a hazard space", "orbit": "its orbiting space",
              "outer": "off the map (a new outer-space tile)"}
#: The move's end where "Ends on" does not read: "Flies off the map", "Ends on its orbiting space".
END_CHOICES = {"orbit": "Ends on its orbiting space",
               "outer": "Flies off the map (onto a new outer-space tile)"}
#: Where a ship can be reported to drift; a plain space too, so a ship reported one by one
#: can be said to drift onto one (try 19, finding 8), last: the other spaces keep their places.
DRIFT_ENDS = ("credit", "command", "hazard", "orbit", "outer", "space")


def _energy(catalog: Catalog) -> str:
    return amount_phrase(flight_rule(catalog, "action_energy"), "energy")


def flight_choices(state: XpState, catalog: Catalog) -> list[Choice]:
    ship = flying_ship(state)
    if ship is None:
        return []
    # An owed card (a hazard's New orders) is drawn first: the draw is then the main action.
    owed = bool(owed_cards(state) or state.ship_draws)
    return [*ship_actions(state, catalog, ship), *mission_choices(state, ship.owner),
            Choice(f"End {ship.card}'s flight turn", TURN, command="next", cost="free",
                   main=not owed)]


def ship_actions(state: XpState, catalog: Catalog, ship: ShipStatus) -> list[Choice]:
    c, cost = ship.card, _energy(catalog)
    # Move kept greyed in its place with why (try 13, finding 39: after an outer-space
    # tile "Move UFST4" went away and nothing said it had moved its tile this round).
    choices = [Choice(f"Move {c}", FLIGHT, partial=f"move {c}", cost=cost,
                      input=move_form(state, catalog, ship), in_place=True),
               Choice(f"Change {c}'s direction", FLIGHT, command=f"turn {c}", cost=cost)]
    if not any(droppable(catalog, kind) for kind in ship.modules):
        choices.append(_no_drop(catalog, ship))
    for kind in dict.fromkeys(ship.modules):
        data = xc.module(catalog, kind)
        if data["category"] == "trap" or (data["category"] == "domination"
                                          and not data.get("placed_under_ship")):
            choices.append(Choice(f"Drop the {data['name']}", FLIGHT,
                                  partial=f"drop {c} {kind}", cost=cost))
        elif data["category"] == "domination":
            choices.append(Choice(f"Drop the {data['name']} under {c}", FLIGHT,
                                  command=f"drop {c} {kind}", cost=cost))
    if any(xc.module(catalog, m)["category"] == "turret" for m in ship.modules):
        choices.append(Choice(f"Attack with {c}: same orbit, up to "
                              f"{counted(ship.energy, 'space')}", FLIGHT, partial=f"attack {c}",
                              cost=cost))
    ability = xc.ship_type(catalog, ship.ship_type).ability
    if ability in ("bomber", "destroyer", "recover"):
        name = xc.ship_type(catalog, ship.ship_type).name
        choices.append(Choice(f"Use {c}'s {name} ability", FLIGHT, partial=f"ability {c}",
                              cost=cost))
    return choices


def _no_drop(catalog: Catalog, ship: ShipStatus) -> Choice:
    """A module drop, greyed in its place for a ship that carries nothing to drop, with why
    (try 13, finding 47: a ship with a Maneuverability module showed no way to drop it)."""
    return Choice(f"Drop a module from {ship.card}", FLIGHT, command=f"drop {ship.card}",
                  cost=_energy(catalog), refused=nothing_to_drop(catalog, ship), in_place=True,
                  greyed=f"{ship.card} has nothing to drop")  # the whole why: Not possible now


def mission_choices(state: XpState, seat: str) -> list[Choice]:
    """A seat's hidden missions: masked on the shared screen, opened under --as SEAT."""
    if not state.table.count_in(piles.hand_zone(seat)):
        return []
    shown = f'"{seat}"' if " " in seat else seat
    return [Choice(f"{seat}: complete a mission", MISSIONS, partial=f"complete {shown}",
                   cost="free", private_to=seat)]


# ---- moves ----------------------------------------------------------------------------------
def _expand_move(state: XpState, catalog: Catalog, words: Sequence[str],
                 seat: str | None) -> list[Choice]:
    ship = state.ships.get(words[1].upper()) if len(words) > 1 else None
    if ship is None:
        return []
    if len(words) == 2:
        return _steps(state, catalog, ship)
    if len(words) == 3:
        return _ends(state, ship, " ".join(words))
    if len(words) == 4:
        return _passes(state, catalog, ship, words)
    return _dice(state, catalog, words)


def _steps(state: XpState, catalog: Catalog, ship: ShipStatus) -> list[Choice]:
    if ship.location == "outer_space":
        return [Choice("1 hex tile", FLIGHT, partial=f"move {ship.card} 1")]
    fastest = max(1, attribute(catalog, ship, "velocity", state.table.round))
    return [Choice(f"{n} space{'s' if n > 1 else ''}", FLIGHT, partial=f"move {ship.card} {n}")
            for n in range(1, fastest + 1)]


def _ends(state: XpState, ship: ShipStatus, partial: str) -> list[Choice]:
    if ship.location == "outer_space":
        return [Choice("Onto a new outer-space tile", FLIGHT, command=f"{partial} outer"),
                *(Choice(f"Onto the revealed tile {tile}", FLIGHT,
                         command=f"{partial} tile at {tile}")
                  for tile in state.outer_space_tiles())]
    choices = [Choice(END_CHOICES.get(end, f"Ends on {END_LABELS[end]}"), FLIGHT,
                      partial=f"{partial} {end}")
               for end in ENDS if end in END_LABELS]
    return choices + [Choice(f"Ends on trap {t.trap_id} (it explodes)", FLIGHT,
                             partial=f"{partial} {t.trap_id}") for t in state.traps]


def _objects(state: XpState, ship: ShipStatus, end: str) -> list[str]:
    others = [s.card for s in state.ships.values()
              if s.is_deployed and s.card != ship.card and s.location != "launch_pad"]
    traps = [t.trap_id for t in state.traps if t.trap_id.upper() != end.upper()]
    return ["L1", "GNSS", *others, *traps]


def _passes(state: XpState, catalog: Catalog, ship: ShipStatus,
            words: Sequence[str]) -> list[Choice]:
    """No object, one object, or two objects passed; moves with checks go on to the dice
    (a check that cannot fail is the app's to roll: no die is asked for it)."""
    base = " ".join(words)
    traps = {t.trap_id.upper() for t in state.traps}
    objects = _objects(state, ship, words[3])
    choices = [Choice("Passes no object", FLIGHT, command=base)]
    for count in (1, 2):
        for passed in combinations(objects, count):
            line = base + "".join(f" past {o}" for o in passed)
            label = "Passes " + " and ".join(passed)
            checks = [o for o in passed if o.upper() not in traps
                      and not sure_pass(state, catalog, ship, o)]
            choices.append(Choice(label, FLIGHT, partial=line) if checks
                           else Choice(label, FLIGHT, command=line))
    return choices


def _dice(state: XpState, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    """For each maneuver check still unrolled: the face the table rolled (a `die` input
    whose faces come from the die's definition), or the app rolls them all."""
    lowered = [w.lower() for w in words]
    traps = {t.trap_id.upper() for t in state.traps}
    passed = [words[i + 1] for i, w in enumerate(lowered) if w == "past" and i + 1 < len(words)
              and words[i + 1].upper() not in traps]
    faces = lowered.count("die")
    base = " ".join(words)
    if faces >= len(passed):
        return []
    left = len(passed) - faces
    numbers = _pass_check(state, catalog, words[1], passed[faces], faces + 1, len(passed))
    if numbers is not None and faces:  # what the faces entered so far gave (try 9)
        entered = [words[i + 1] for i, w in enumerate(lowered) if w == "die"]
        numbers["before"] = _checks_before(state, catalog, words[1], passed, entered)
        # The same, as the check moments a roll's result gives: a screen shows a face
        # the table entered as large as the app's roll (try 30, finding 3).
        numbers["before_checks"] = _entered_checks(state, catalog, words[1], passed, entered)
    rolls = base + f" die {APP_FACE}" * left if faces else base  # the app rolls the rest
    choices = [Choice(APP_ROLLS, FLIGHT, command=rolls, check=numbers)]
    label = f"Check {faces + 1}: the face the table rolled"
    return [*choices, Choice(label, FLIGHT, input=face_input(catalog, base, left),
                             check=numbers)]


def _checks_before(state: XpState, catalog: Catalog, card: str, passed: Sequence[str],
                   entered: Sequence[str]) -> list[str]:
    """The outcome of each check whose face the table entered already, in order."""
    ship = state.ships.get(card.upper())
    die = maneuver_die(catalog)
    lines = []
    for number, (word, face) in enumerate(zip(passed, entered, strict=False), start=1):
        try:
            target, against = pass_target(state, catalog, ship, word) if ship else (0, word)
            if entered_face(face) is None:  # left to the app: rolled when the move is sent
                lines.append(f"Check {number} ({against}): the app rolls it with the last "
                             f"check.")
                continue
            value = die.values[die.face_index(face)]
        except IllegalMoveError:
            continue
        skill = attribute(catalog, ship, "maneuverability", state.table.round) if ship else 0
        check = ManeuverCheck(skill, value, target, against)
        outcome = "passed" if check.passed else "failed"
        symbols = counted(check.symbols, "symbol")
        sign = ">" if check.passed else "<="
        lines.append(f"Check {number} ({against}) {outcome}: the table rolled {face}, "
                     f"maneuverability {skill} + {symbols} = {check.result} {sign} {target}.")
    return lines


def _entered_checks(state: XpState, catalog: Catalog, card: str, passed: Sequence[str],
                    entered: Sequence[str]) -> list[dict[str, object]]:
    """Each check whose face the table entered already, as its `check` moment (the
    number, the face, the arithmetic, the verdict); none for a check left to the app."""
    ship = state.ships.get(card.upper())
    if ship is None:
        return []
    die = maneuver_die(catalog)
    skill = attribute(catalog, ship, "maneuverability", state.table.round)
    out = []
    for number, (word, face) in enumerate(zip(passed, entered, strict=False), start=1):
        if entered_face(face) is None:
            continue
        try:
            target, against = pass_target(state, catalog, ship, word)
            value = die.values[die.face_index(face)]
        except IllegalMoveError:
            continue
        check = ManeuverCheck(skill, value, target, against, card.upper())
        rolled = Event("die_rolled", {"die": die.name, "face": face, "by": "table",
                                      "check": check.to_dict()})
        out.append(check_moment(rolled, catalog, number, len(passed)).to_dict())
    return out


def face_input(catalog: Catalog, base: str, checks: int = 1) -> InputSpec:
    """The face of the maneuver die the table rolled for the next of `checks` checks: the
    die's own faces with their symbols; a partial while another check follows."""
    die = maneuver_die(catalog)
    options = tuple(Option(f["face"], str(f["face"]), symbols=int(f["symbols"]))
                    for f in die_faces(die))
    probe = base + f" die {options[0].value}" * checks
    return InputSpec("die", f"{base} die {{}}", probe=probe, options=options, die=die.name,
                     then="command" if checks == 1 else "partial", app=APP_FACE)


def _pass_check(state: XpState, catalog: Catalog, card: str, word: str, number: int,
                checks: int) -> dict[str, object] | None:
    """The numbers of one check of a move (None when the move names no such object)."""
    ship = state.ships.get(card.upper())
    if ship is None:
        return None
    try:
        target, against = pass_target(state, catalog, ship, word)
    except IllegalMoveError:
        return None
    skill = attribute(catalog, ship, "maneuverability", state.table.round)
    return _check_numbers(ship.card, number, checks, against, target, skill)


def _check_numbers(ship: str, number: int, checks: int, against: str, target: int,
                   skill: int) -> dict[str, object]:
    """A check's numbers, with the heading and the sum a check screen shows for them."""
    return {"ship": ship, "number": number, "checks": checks, "against": against,
            "target": target, "maneuverability": skill,
            "title": check_title(ship, against, number, checks),
            "sum": f"Maneuverability {skill} + the symbols rolled, against {target}"}


# ---- drops, attacks, abilities ----------------------------------------------------------------
def _expand_drop(state: XpState, catalog: Catalog, words: Sequence[str],
                 seat: str | None) -> list[Choice]:
    if len(words) == 4:
        numbers = _drop_numbers(state, catalog, words)
        base = " ".join(words)
        return [Choice(APP_ROLLS, FLIGHT, command=base, check=numbers),
                Choice("The face the table rolled", FLIGHT, input=face_input(catalog, base),
                       check=numbers)]
    ship = state.ships.get(words[1].upper()) if len(words) == 3 else None
    kind = words[2].lower() if len(words) == 3 else ""
    if ship is None or kind not in xc.module_kinds(catalog):
        return []
    base = " ".join(words)
    data = xc.module(catalog, kind)
    if data["category"] == "trap":
        return [Choice(f"With count {n}", FLIGHT, command=f"{base} {n}")
                for n in data["counts"]]
    choices = [Choice(f"On {area['name']}", FLIGHT, partial=f"{base} {name}")
               for name, area in areas(catalog).items() if kind in area.get("modules", [])]
    if xc.ship_type(catalog, ship.ship_type).ability == "conqueror":
        choices += [Choice(f"Conquer {c.space} from {c.seat}", FLIGHT,
                           partial=f"{base} {c.space}")
                    for c in state.controls if c.seat != ship.owner
                    and kind in areas(catalog)[c.area].get("modules", [])]
    return choices


def _drop_numbers(state: XpState, catalog: Catalog,
                  words: Sequence[str]) -> dict[str, object] | None:
    """The numbers of a domination drop's check (None when the drop names no such place)."""
    ship, kind = state.ships.get(words[1].upper()), words[2].lower()
    if ship is None or kind not in xc.module_kinds(catalog):
        return None
    try:
        area, _space, _taken = choose_space(state, catalog, ship, kind, words[3])
    except IllegalMoveError:
        return None
    skill, target, against, _bonus, _why = drop_check(state, catalog, ship, kind, area)
    return _check_numbers(ship.card, 1, 1, against, target, skill)


def _expand_attack(state: XpState, catalog: Catalog, words: Sequence[str],
                   seat: str | None) -> list[Choice]:
    """Every target the rulebook allows (any other ship, your own too; a dropped module's
    cube; a trap), each label saying what the one tap does to it. A Shield ship is the
    target first; then its owner chooses how it takes the hit (`_shield_choices`)."""
    ship = state.ships.get(words[1].upper()) if len(words) in (2, 3) else None
    if ship is None:
        return []
    if len(words) == 3:
        return _shield_choices(state, catalog, ship, words)
    base = " ".join(words)
    choices = []
    for other in state.ships.values():
        if other.is_deployed and other.card != ship.card:
            whose = f"{other.owner}'s own" if other.owner == ship.owner else other.owner
            where = f"{other.card} ({whose}, {location_name(other.location)})"
            if _is_shield(catalog, other):
                hits = counted(turret_damage(catalog, ship).total, "damage", "damage")
                choices.append(Choice(f"{where}: {hits}, {other.owner} chooses resistance "
                                      f"or energy", FLIGHT, partial=f"{base} {other.card}"))
            else:
                choices.append(Choice(f"{where}: {hit_preview(catalog, ship, other)}", FLIGHT,
                                      command=f"{base} {other.card}"))
    gone = "destroyed, no frag"
    choices += [Choice(f"{c.seat}'s {module_name(catalog, c.module)} on {c.space}: {gone}",
                       FLIGHT, command=f"{base} {c.space}") for c in state.controls]
    return choices + [Choice(f"Trap {t.trap_id} ({t.owner}'s, count {t.count}): {gone}",
                             FLIGHT, command=f"{base} {t.trap_id}") for t in state.traps]


def _is_shield(catalog: Catalog, ship: ShipStatus) -> bool:
    return xc.ship_type(catalog, ship.ship_type).ability == "shield"


def _shield_choices(state: XpState, catalog: Catalog, ship: ShipStatus,
                    words: Sequence[str]) -> list[Choice]:
    """Rulebook, the Shield ship: "You can choose to lose energy instead of resistance."
    The choice is its owner's, not the attacker's (try 9, finding 23): said so on both."""
    target = state.ships.get(words[2].upper())
    if target is None or not _is_shield(catalog, target) or target.card == ship.card:
        return []
    base, owner = " ".join(words), target.owner
    return [Choice(f"{owner} chooses: resistance, {hit_preview(catalog, ship, target)}",
                   FLIGHT, command=base),
            Choice(f"{owner} chooses: energy (its shield), "
                   f"{hit_preview(catalog, ship, target, shield=True)}", FLIGHT,
                   command=f"{base} shield")]


def _expand_ability(state: XpState, catalog: Catalog, words: Sequence[str],
                    seat: str | None) -> list[Choice]:
    ship = state.ships.get(words[1].upper()) if len(words) in (2, 3) else None
    if ship is None:
        return []
    base = " ".join(words)
    if len(words) == 3:
        target = state.ships.get(words[2].upper())
        return [Choice(module_name(catalog, m), FLIGHT, command=f"{base} {m}")
                for m in dict.fromkeys(target.modules)] if target else []
    ability = xc.ship_type(catalog, ship.ship_type).ability
    others = [s for s in state.ships.values() if s.is_deployed and s.card != ship.card]
    if ability == "recover":
        return [Choice(f"Restore {s.card}'s resistance", FLIGHT, command=f"{base} {s.card}")
                for s in others if s.owner == ship.owner]
    if ability == "bomber":
        return [Choice(f"Bomb a module of {s.card} ({s.owner})", FLIGHT,
                       partial=f"{base} {s.card}") for s in others if s.modules]
    damage = destroyer_damage(catalog, ship)
    return [Choice(f"Damage {s.card} ({s.owner}): "
                   f"{hit_preview(catalog, ship, s, damage=damage)}", FLIGHT,
                   command=f"{base} {s.card}") for s in others]


# ---- hazard cards and the drift -----------------------------------------------------------------
def hazard_choices(state: XpState, catalog: Catalog) -> list[Choice]:
    pending = state.pending_hazard
    if pending is None:
        return []
    card = catalog.card(pending.card)
    ship = state.ships[pending.ship]
    effect = str(card.attrs.get("effect", ""))
    if effect == "remove_module" and ship.modules:
        count = min(int(card.attrs["amount"]), len(ship.modules))
        sets = dict.fromkeys(tuple(sorted(c)) for c in combinations(ship.modules, count))
        resolves = [Choice(f"Apply {card.name}: remove the "
                           + " and the ".join(module_name(catalog, m) for m in s), HAZARD,
                           command="resolve " + " ".join(s)) for s in sets]
    elif effect == "restrict_mars_space":
        spaces = [f"mars{n}" for n in range(1, int(areas(catalog)["mars"]["spaces"]) + 1)
                  if f"mars{n}" not in state.restricted_spaces]
        resolves = [Choice(f"Apply {card.name}: close {s}", HAZARD, command=f"resolve {s}")
                    for s in spaces]
    else:
        resolves = [Choice(f"Apply {card.name}", HAZARD, command="resolve")]
    return [*resolves, Choice(f"Ignore {card.name}", HAZARD,
                              command="ignore")]


Expander = Callable[[XpState, Catalog, Sequence[str], "str | None"], list[Choice]]
EXPANDERS: dict[str, Expander] = {"move": _expand_move, "drop": _expand_drop,
                                  "attack": _expand_attack, "ability": _expand_ability}
