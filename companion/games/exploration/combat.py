"""Attacks, damage and destruction, and the ship abilities used as actions.

Rulebook, "Attacking", "Attributes" (resistance) and "Abilities". Range is the
attacker's current energy on the same orbit: the players assert it, and the
app checks `range N` against the energy when they give the distance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.core.catalog import Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.core.words import counted, whole_number
from companion.games.exploration import catalog as xc
from companion.games.exploration import traps
from companion.games.exploration.checks import acting_ship, destroyed, flight_rule, spend_energy
from companion.games.exploration.resources import gain
from companion.games.exploration.state import ShipStatus, XpState, require_ship, with_ship


@dataclass(frozen=True)
class Damage:
    """Damage one attack deals: energy and resistance points, summed."""

    energy: int
    resistance: int

    @property
    def total(self) -> int:
        return self.energy + self.resistance


@dataclass(frozen=True)
class Hit:
    """What a ship has after taking damage, and how much it really lost."""

    energy: int
    resistance: int
    lost: int

    @property
    def destroyed(self) -> bool:
        return self.resistance <= 0


def take_damage(energy: int, resistance: int, damage: Damage, shield: bool = False) -> Hit:
    """Energy damage first; a Shield ship may lose energy instead of resistance.

    >>> take_damage(3, 2, Damage(1, 2), shield=True)
    Hit(energy=0, resistance=2, lost=3)
    >>> take_damage(0, 2, Damage(1, 2)).destroyed
    True
    """
    new_energy = max(0, energy - damage.energy)
    to_resistance = damage.resistance
    if shield:
        absorbed = min(new_energy, to_resistance)
        new_energy, to_resistance = new_energy - absorbed, to_resistance - absorbed
    new_resistance = max(0, resistance - to_resistance)
    return Hit(new_energy, new_resistance, (energy - new_energy) + (resistance - new_resistance))


def turret_damage(catalog: Catalog, ship: ShipStatus) -> Damage:
    """Each turret's damage of its kind, plus the Laser beam's extra resistance damage."""
    turrets = [k for k in (xc.module(catalog, m) for m in ship.modules)
               if k["category"] == "turret"]
    energy = sum(int(k["damage_per_turret"]) for k in turrets if k["damage"] == "energy")
    resistance = sum(int(k["damage_per_turret"]) for k in turrets
                     if k["damage"] == "resistance")
    if energy + resistance == 0:
        return Damage(0, 0)
    extra = int(xc.ship_type(catalog, ship.ship_type).extras.get("extra_resistance_damage", 0))
    return Damage(energy, resistance + extra)


def hit_ship(catalog: Catalog, attacker: ShipStatus, target: ShipStatus, damage: Damage,
             shield: bool, reason: str) -> tuple[list[Event], str]:
    """Damage `target`; the attacker's owner gains command per damage and a frag per kill."""
    use_shield = shield and xc.ship_type(catalog, target.ship_type).ability == "shield"
    hit = take_damage(target.energy, target.resistance, damage, use_shield)
    events = [event("ship_updated", card=target.card,
                    set={"energy": hit.energy, "resistance": hit.resistance})]
    command = hit.lost * flight_rule(catalog, "command_per_damage")
    seat = attacker.owner
    if command:
        events.append(gain(seat, "command", command, reason))
    changes = [f"{name} {old}->{new}" for name, old, new in
               (("energy", target.energy, hit.energy),
                ("resistance", target.resistance, hit.resistance)) if old != new]
    gains = [counted(command, "command point")]
    if hit.destroyed:
        frags = flight_rule(catalog, "frags_per_destroyed_ship")
        events += [destroyed(target, reason),
                   gain(seat, "frags", frags, f"destroyed {target.card}")]
        gains.append(counted(frags, "frag"))
    # What the attacker's owner gains first, where the result's folded first line shows it
    # (try 15: the command point came after the damage, past the fold).
    text = (f"{seat} gains {' and '.join(gains)}: {attacker.card} hits {target.card}, "
            f"{hit.lost} damage"
            + (f" ({', '.join(changes)})" if changes else "")
            + (", shielded by its energy" if use_shield else "") + ".")
    if hit.destroyed:
        text += f" {target.card} is destroyed with its modules."
    return events, text


def hit_preview(catalog: Catalog, attacker: ShipStatus, target: ShipStatus,
                shield: bool = False, damage: Damage | None = None) -> str:
    """What an attack (its turrets' damage, or `damage`) would do to `target`, said before
    the tap: "2 damage, destroyed", "1 damage: resistance 3 to 2" (a Shield target with
    `shield` loses energy first)."""
    damage = damage or turret_damage(catalog, attacker)
    use_shield = shield and xc.ship_type(catalog, target.ship_type).ability == "shield"
    hit = take_damage(target.energy, target.resistance, damage, use_shield)
    if hit.destroyed:
        frags = flight_rule(catalog, "frags_per_destroyed_ship")
        return f"{hit.lost} damage, destroyed ({attacker.owner} +{counted(frags, 'frag')})"
    changes = [f"{name} {old} to {new}" for name, old, new in
               (("energy", target.energy, hit.energy),
                ("resistance", target.resistance, hit.resistance)) if old != new]
    return f"{hit.lost} damage: " + ", ".join(changes) if changes else "no damage"


# ---- attack ---------------------------------------------------------------------------------
def _options(words: Sequence[str], ship: ShipStatus) -> tuple[int | None, bool]:
    distance, shield, i = None, False, 0
    while i < len(words):
        word = words[i].lower()
        if word == "shield":
            shield = True
        elif word == "range" and i + 1 < len(words):
            distance, i = whole_number(words[i + 1], "the range in spaces"), i + 1
        else:
            raise CommandSyntaxError(f"{words[i]!r} is not understood here; add `range N` "
                                     f"and/or `shield`.")
        i += 1
    if distance is not None and distance > ship.energy:
        raise IllegalMoveError(f"The target is out of range: {ship.card}'s range is its energy "
                               f"{ship.energy}, the target is "
                               f"{counted(distance, 'space')} away.")
    return distance, shield


def attack(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    if len(args) < 2:
        raise CommandSyntaxError("attack takes your flying ship and a target (ship, dropped "
                                 "module space or trap): attack LASR1 SHLD2 range 3 [shield]")
    ship = acting_ship(state, args[0], "attack")
    damage = turret_damage(catalog, ship)
    if damage.total == 0:
        raise IllegalMoveError(f"{ship.card} has no turret module and cannot attack.")
    _, shield = _options(args[2:], ship)
    events: list[Event] = [spend_energy(catalog, ship)]
    reason = f"{ship.card} attack"
    word = args[1].upper()
    if word in state.ships:
        target = require_ship(state, word)
        if target.card == ship.card:
            raise IllegalMoveError(f"{ship.card} cannot attack itself.")
        if not target.is_deployed:
            raise IllegalMoveError(f"{target.card} is not on the map.")
        _require_shield(catalog, target, shield)
        more, text = hit_ship(catalog, ship, target, damage, shield, reason)
    else:
        if shield:
            raise IllegalMoveError(f"shield is reported, but {word} is not a ship: only a "
                                   f"Shield ship absorbs damage with its energy.")
        more, text = hit_dropped(state, catalog, ship, word, damage, reason)
    said = (f"{text} Range: {RANGE_REMINDER} "
            f"({ship.card} dealt {damage.energy} energy and {damage.resistance} resistance "
            f"damage).")
    return Outcome(tuple(events + more), said, ship.owner)


#: The rulebook's range condition the app cannot see: it trusts the players on it.
RANGE_REMINDER = "the target must be on the same orbit, within the attacker's energy in spaces"


def _require_shield(catalog: Catalog, target: ShipStatus, shield: bool) -> None:
    """`shield` is the target's Shield ability; reported for another ship it is refused."""
    kind = xc.ship_type(catalog, target.ship_type)
    if shield and kind.ability != "shield":
        raise IllegalMoveError(f"{target.card} is a {kind.name}, not a Shield ship: it cannot "
                               f"shield damage with its energy; drop `shield` from the report.")


def hit_dropped(state: XpState, catalog: Catalog, ship: ShipStatus, word: str,
                damage: Damage, reason: str) -> tuple[list[Event], str]:
    """A dropped module (a cube on a space, or a trap) falls to a little damage: no frag."""
    needed = flight_rule(catalog, "dropped_module_damage")
    if damage.total < needed:
        raise IllegalMoveError(f"{ship.card} deals {damage.total} damage; a dropped module "
                               f"needs {needed} to be destroyed.")
    command = flight_rule(catalog, "command_per_damage") * needed
    gained = gain(ship.owner, "command", command, reason)
    for control in state.controls:
        if control.space.upper() == word:
            return [event("control_removed", space=control.space, reason=reason), gained], (
                f"{ship.owner} gains {counted(command, 'command point')}, no frag: "
                f"{ship.card} destroys {control.seat}'s cube of the "
                f"{xc.module(catalog, control.module)['name']} on {control.space} "
                f"(discarded).")
    if traps.is_trap_word(state, word):
        trap = traps.find_trap(state, word)
        return [event("trap_removed", trap_id=trap.trap_id, reason=reason), gained], (
            f"{ship.owner} gains {counted(command, 'command point')}, no frag: {ship.card} "
            f"destroys trap {trap.trap_id}.")
    raise IllegalMoveError(f"{word} is not a ship, a dropped module's space or a trap.")


# ---- abilities used as actions --------------------------------------------------------------
def use_ability(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    if len(args) < 2:
        raise CommandSyntaxError("ability takes your flying ship and a target: ability BOMB1 "
                                 "SHLD2 habitat | ability DSTR1 SHLD2 | ability RECV1 SHLD3")
    ship = acting_ship(state, args[0], "use its ability")
    target = require_ship(state, args[1])
    if not target.is_deployed:
        raise IllegalMoveError(f"{target.card} is not on the map.")
    kind = xc.ship_type(catalog, ship.ship_type)
    handlers = {"bomber": _bomb, "destroyer": _destroy, "recover": _recover}
    if kind.ability not in handlers:
        name = kind.name
        raise IllegalMoveError(f"{ship.card}'s ability ({name}) is not an action: it applies "
                               f"by itself.")
    events, text = handlers[kind.ability](state, catalog, ship, target, args[2:])
    return Outcome(tuple([spend_energy(catalog, ship), *events]), text, ship.owner)


def _once_per_round(state: XpState, ship: ShipStatus) -> Event:
    if ship.ability_round == state.table.round:
        raise IllegalMoveError(f"{ship.card} already used its ability this round.")
    return event("ship_updated", card=ship.card, set={"ability_round": state.table.round})


def _bomb(state: XpState, catalog: Catalog, ship: ShipStatus, target: ShipStatus,
          rest: Sequence[str]) -> tuple[list[Event], str]:
    mark = _once_per_round(state, ship)
    if len(rest) != 1 or rest[0].lower() not in target.modules:
        carried = ", ".join(target.modules) or "no modules"
        raise IllegalMoveError(f"Name one module {target.card} carries ({carried}).")
    return [mark, *remove_module(catalog, target, rest[0].lower(), f"{ship.card} bomber")], (
        f"{ship.card} (Bomber) discards a {rest[0].lower()} module from {target.card}.")


def _destroy(state: XpState, catalog: Catalog, ship: ShipStatus, target: ShipStatus,
             rest: Sequence[str]) -> tuple[list[Event], str]:
    if target.card == ship.card:
        raise IllegalMoveError(f"{ship.card} cannot attack itself.")
    mark = _once_per_round(state, ship)
    damage = destroyer_damage(catalog, ship)
    shield = any(w.lower() == "shield" for w in rest)
    events, text = hit_ship(catalog, ship, target, damage, shield, f"{ship.card} destroyer")
    return [mark, *events], f"{text} It is {ship.card}'s Destroyer ability."


def destroyer_damage(catalog: Catalog, ship: ShipStatus) -> Damage:
    """The Destroyer ability's damage to an adjacent ship (catalog `adjacent_damage`)."""
    return Damage(0, int(xc.ship_type(catalog, ship.ship_type).extras["adjacent_damage"]))


def _recover(state: XpState, catalog: Catalog, ship: ShipStatus, target: ShipStatus,
             rest: Sequence[str]) -> tuple[list[Event], str]:
    if target.owner != ship.owner:
        raise IllegalMoveError(f"{target.card} is not a friendly ship of {ship.owner}.")
    _options(rest, ship)
    amount = int(xc.ship_type(catalog, ship.ship_type).extras["restore_resistance"])
    value = min(target.max_resistance, target.resistance + amount)
    if value == target.resistance:
        raise IllegalMoveError(f"{target.card} already has full resistance ({value}).")
    return [event("ship_updated", card=target.card, set={"resistance": value})], (
        f"{ship.card} (Recover) restores {target.card}'s resistance to {value}.")


def remove_module(catalog: Catalog, ship: ShipStatus, kind: str, reason: str) -> list[Event]:
    """Take one module token off a ship; a resistance module takes its +1 with it."""
    events = [event("module_removed", card=ship.card, module=kind, reason=reason)]
    data = xc.module(catalog, kind)
    if data.get("attribute") == "resistance":
        top = max(1, ship.max_resistance - int(data["amount"]))
        events.append(event("ship_updated", card=ship.card, set={
            "max_resistance": top, "resistance": min(ship.resistance, top)}))
    return events


# ---- appliers -------------------------------------------------------------------------------
def _ship_destroyed(state: XpState, e: Event) -> XpState:
    ship = state.ships.get(e["card"])
    if ship is None:
        return state
    return with_ship(state, replace(ship, location="destroyed", where="", energy=0,
                                    resistance=0, modules=(), selected=False, modifiers=()))


def _control_removed(state: XpState, e: Event) -> XpState:
    return replace(state, controls=tuple(c for c in state.controls if c.space != e["space"]))


APPLIERS = {"ship_destroyed": _ship_destroyed, "control_removed": _control_removed}
VERB_DOCS = (
    Verb("attack", "attack SHIP TARGET [range N] [shield]", "The flying ship attacks a ship, a "
         "dropped module's space or a trap (spends the action energy). Energy turrets take "
         "energy, laser turrets resistance; damage is summed. `range N` checks N <= energy; "
         "`shield` lets a Shield target lose energy instead of resistance.",
         "attack LASR1 SHLD2 range 2"),
    Verb("ability", "ability SHIP TARGET [MODULE|range N|shield]", "Use the flying ship's "
         "ability (spends the action energy): Bomber discards a module of an adjacent ship, "
         "Destroyer damages an adjacent ship (once per round each), Recover restores "
         "resistance to a friendly ship within range.", "ability BOMB1 SHLD2 habitat"),
)
