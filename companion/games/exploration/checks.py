"""Maneuver checks: maneuverability plus one per maneuver symbol rolled.

Rulebook, "Passing by spaceships and GNSS" and "Module drop": the check
passes when the result is *higher* than the maneuverability of the object
passed (another ship, a GNSS, L1) or the requirement of the domination space.

>>> ManeuverCheck(3, 2, 2, "L1").text()
'Maneuver check: maneuverability 3 + 2 symbols = 5 > 2 (L1): passed'
>>> ManeuverCheck(1, 0, 1, "GNSS").passed
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.catalog import Catalog
from companion.core.dice import Die, roll, roll_text
from companion.core.errors import IllegalMoveError
from companion.core.events import Event, event
from companion.core.table import Table
from companion.games.exploration import catalog as xc
from companion.games.exploration.state import ShipStatus, XpState, require_phase, require_ship


@dataclass(frozen=True)
class ManeuverCheck:
    """One check: the ship's maneuverability, the symbols rolled, what it must beat."""

    maneuverability: int
    symbols: int
    target: int
    against: str
    ship: str = ""  # the ship checked ("" in games saved before it was kept)

    @property
    def result(self) -> int:
        return self.maneuverability + self.symbols

    @property
    def passed(self) -> bool:
        return self.result > self.target

    def to_dict(self) -> dict[str, Any]:
        """The check's numbers as a screen shows them (carried by the `die_rolled` event)."""
        return {"maneuverability": self.maneuverability, "symbols": self.symbols,
                "result": self.result, "target": self.target, "against": self.against,
                "passed": self.passed, "ship": self.ship}

    def text(self) -> str:
        word = "symbol" if self.symbols == 1 else "symbols"
        sign = ">" if self.passed else "<="
        verdict = "passed" if self.passed else "failed"
        return (f"Maneuver check: maneuverability {self.maneuverability} + {self.symbols} "
                f"{word} = {self.result} {sign} {self.target} ({self.against}): {verdict}")


def roll_check(
    table: Table, die: Die, maneuverability: int, target: int, against: str,
    entered: str | None = None, ship: str = "",
) -> tuple[Event, ManeuverCheck]:
    """Roll the maneuver die (or take the face the table rolled) and judge the check.

    The `die_rolled` event carries the check's numbers under `check`, so a screen
    shows the arithmetic without knowing the rule.
    """
    rolled = roll(table, die, f"maneuver check against {against}", entered)
    check = ManeuverCheck(maneuverability, int(rolled["value"]), target, against, ship)
    return Event(rolled.type, {**rolled.data, "check": check.to_dict()}), check


def check_title(ship: str, against: str, number: int = 1, checks: int = 1) -> str:
    """A check's heading: "Maneuver check 1 of 2: DSTR3 against UFST4" (the number only
    when a move makes more than one)."""
    count = f" {number} of {checks}" if checks > 1 else ""
    who = f"{ship} against {against}" if ship else f"against {against}"
    return f"Maneuver check{count}: {who}"


def check_sentence(rolled: Event, check: ManeuverCheck) -> str:
    """The roll and its arithmetic, as shown to the table."""
    return f"{roll_text(rolled)}. {check.text()}."


# ---- the ship's current attributes and the guards every flight action shares ---------------
def attribute(catalog: Catalog, ship: ShipStatus, attr: str, round_: int) -> int:
    """A ship's velocity or maneuverability in `round_`, as every rule and view reads it.

    Printed value + attribute modules carried + active unconditional bonuses, never
    below 0 (Recharge's -5 velocity leaves a slow ship at 0, not below). Resistance
    modules change the resistance track when built, so they are not added here.
    """
    base = int(getattr(ship, attr))
    modules = 0 if attr == "resistance" else sum(
        int(xc.module(catalog, m).get("amount", 0)) for m in ship.modules
        if xc.module(catalog, m).get("attribute") == attr)
    return max(0, base + modules + ship.bonus(attr, round_))


def destroyed(ship: ShipStatus, reason: str) -> Event:
    """The ship is destroyed with its modules (attack, trap, hazard, outer-space tile)."""
    return event("ship_destroyed", card=ship.card, reason=reason)


def drop_bonus(state: XpState, ship: ShipStatus, area_name: str) -> tuple[int, str]:
    """Conditional drop bonuses (e.g. a maneuver card for Mars or the Moon) that apply here."""
    found = [m for m in ship.modifiers if m.attr == "drop_maneuverability"
             and m.is_active(state.table.round)
             and area_name.lower() in m.condition.lower()]
    return sum(m.amount for m in found), ", ".join(m.source for m in found)


def flight_rule(catalog: Catalog, key: str) -> int:
    """A number of [rules.flight] (credit space, L1 maneuverability, ...)."""
    return int(catalog.rules["flight"][key])


def areas(catalog: Catalog) -> Mapping[str, Mapping[str, Any]]:
    """The domination areas of [rules.areas] (GNSS, Moon, Mars, ...)."""
    return {k: v for k, v in catalog.rules["areas"].items() if isinstance(v, Mapping)}


def area_spaces(catalog: Catalog, area: str) -> list[str]:
    """Domination spaces of an area, named AREA1, AREA2, ... as the players call them."""
    return [f"{area}{n}" for n in range(1, int(areas(catalog)[area]["spaces"]) + 1)]


def space_name(catalog: Catalog, area: str, space: str) -> str:
    """A domination space as the rulebook names it: its area, then which of the area's
    spaces ("Lagrangian points (space 1)", never the id "lagrange1")."""
    spaces = area_spaces(catalog, area)
    name = str(areas(catalog)[area]["name"])
    return f"{name} (space {spaces.index(space) + 1})" if space in spaces else name


def flying_ship(state: XpState) -> ShipStatus | None:
    """The ship whose flight turn it is, if any."""
    if state.table.phase != "flight" or state.flight_index >= len(state.flight_order):
        return None
    return state.ships.get(state.flight_order[state.flight_index])


def require_no_tile(state: XpState) -> None:
    """Refuse while a revealed outer-space tile waits for the table to say its effect."""
    pending = state.pending_tile
    if pending is not None:
        raise IllegalMoveError(f"First say what outer-space tile {pending.card} does for "
                               f"{pending.ship}: the companion's default, or what your "
                               f"tile says.")


def require_no_draw(state: XpState) -> None:
    """Refuse while a hazard card or outer-space tile must be drawn or resolved."""
    if state.pending_hazard is not None:
        card = state.pending_hazard.card
        raise IllegalMoveError(f"First the hazard card {card} is resolved, or ignored for "
                               f"its command points.")
    require_no_tile(state)
    if state.ship_draws:
        draw = state.ship_draws[0]
        deck = "hazard card" if draw.deck == "hazard" else "outer-space tile"
        raise IllegalMoveError(f"First the {deck} for {draw.ship} is drawn (at the table, "
                               f"or by the app).")


def acting_ship(state: XpState, word: str, doing: str) -> ShipStatus:
    """The ship named, if it is the one flying now and can be controlled."""
    require_phase(state, ("flight",), doing)
    require_no_draw(state)
    ship = require_ship(state, word)
    flying = flying_ship(state)
    if flying is None:
        raise IllegalMoveError(f"You cannot {doing} now: no ship is flying.")
    if ship.card != flying.card:
        raise IllegalMoveError(f"{ship.card} cannot {doing} now: it is {flying.card}'s flight "
                               f"turn ({flying.owner}).")
    if ship.location == "destroyed":
        raise IllegalMoveError(f"{ship.card} was destroyed; its flight turn can only end.")
    if ship.energy <= 0:
        raise IllegalMoveError(f"{ship.card} has 0 energy and cannot be controlled until its "
                               f"energy is recovered; its flight turn can only end.")
    return ship


def spend_energy(catalog: Catalog, ship: ShipStatus, extra: int = 0) -> Event:
    """The action's energy cost (plus `extra` lost), never below 0."""
    cost = flight_rule(catalog, "action_energy") + extra
    return event("ship_updated", card=ship.card, set={"energy": max(0, ship.energy - cost)})
