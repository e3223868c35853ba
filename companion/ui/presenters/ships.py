"""The Ships panel's data: each seat's ships with their tracks, bonuses and cargo, and
the corrections (`adjust SHIP energy|resistance ±N reason`) a ship in play can take."""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.colours import seat_colour, seat_place
from companion.core.words import counted

#: The tracks of a ship in play the Ships panel corrects, with their words (the view's
#: key, its maximum's key, the word `adjust` takes).
TRACKS = (("Energy", "energy", "max_energy"), ("Resistance", "resistance", "max_resistance"))

#: Reasons offered with one tap (a typed reason is optional); kept in the step's log.
REASONS = ("table mistake", "forgot an effect", "misread a card", "house rule")


@dataclass(frozen=True)
class Track:
    """A track a correction may change: now and its maximum (the game refuses what it must)."""

    label: str
    what: str
    value: int
    highest: int


@dataclass(frozen=True)
class ShipLine:
    card: str
    title: str
    place: str
    tracks: str
    bonuses: str
    cargo: str
    correctable: tuple[Track, ...]


@dataclass(frozen=True)
class SeatShips:
    seat: str
    player: str
    colour: str
    ships: tuple[ShipLine, ...]
    #: The seat's counters a correction may change (`adjust SEAT credits +5 reason`).
    correctable: tuple[Track, ...] = ()


#: A seat's counters `adjust` takes, when the game's view has them, with their labels.
SEAT_TRACKS = (("Credits", "credits"), ("Command", "command"), ("Technology", "technology"),
               ("Frags", "frags"), ("Score", "score"))

#: No printed maximum for a seat's counters: the stepper stops here.
SEAT_LIMIT = 99


def seat_tracks(seat: Mapping[str, Any]) -> tuple[Track, ...]:
    return tuple(Track(label, what, int(seat[what]), SEAT_LIMIT) for label, what in SEAT_TRACKS
                 if isinstance(seat.get(what), int))


def _words(attr: str) -> str:
    return attr.replace("_", " ")


def bonus_text(bonus: Mapping[str, Any], round_: int) -> str:
    """'+1 maneuverability (Trim thrusters) until round 4'."""
    condition = f", {bonus['condition']}" if bonus.get("condition") else ""
    start = int(bonus.get("from_round") or 0)
    when = f"from round {start} to {bonus['expires_round']}" if start > round_ \
        else f"until round {bonus['expires_round']}"
    return f"{int(bonus['amount']):+d} {_words(str(bonus['attr']))} ({bonus['source']}" \
           f"{condition}) {when}"


def _place(ship: Mapping[str, Any]) -> str:
    name = str(ship.get("location_name") or ship.get("location") or "")
    where = str(ship.get("where") or "")
    place = f"{name}: {where}" if where and where not in name else name
    extras = []
    if ship.get("selected"):
        extras.append("selected to fly this round")
    if ship.get("skip_turns"):
        extras.append(f"skips {counted(int(ship['skip_turns']), 'turn')}")
    return " · ".join([place, *extras])


def _cargo(ship: Mapping[str, Any]) -> str:
    modules = ship.get("module_names") or ship.get("modules") or []
    slots = ship.get("cargo_slots")
    held = ", ".join(modules) if modules else "empty"
    return f"Cargo: {held} ({len(modules)} of {counted(int(slots), 'slot')})" if slots is not None \
        else f"Cargo: {held}"


def _deployed(ship: Mapping[str, Any], round_: int) -> ShipLine:
    tracks = (f"Energy {ship['energy']}/{ship['max_energy']} · Resistance "
              f"{ship['resistance']}/{ship['max_resistance']} · Velocity {ship['velocity']}"
              f" · Maneuverability {ship['maneuverability']}")
    bonuses = "; ".join(bonus_text(b, round_) for b in ship.get("bonuses") or [])
    destroyed = ship.get("location") == "destroyed"
    correctable = () if destroyed else tuple(
        Track(label, what, int(ship[what]), int(ship[top])) for label, what, top in TRACKS)
    return ShipLine(str(ship["card"]), f"{ship['card']} {ship['type']}", _place(ship),
                    "" if destroyed else tracks, f"Bonuses: {bonuses}" if bonuses else "",
                    "" if destroyed else _cargo(ship), correctable)


def _in_hand(ship: Mapping[str, Any]) -> ShipLine:
    """A ship still in its player's hand: the card's printed values, not empty tracks."""
    p = ship.get("printed") or {}
    tracks = (f"Deploy cost {p.get('deploy_cost')} · starts with energy {p.get('energy')}/"
              f"{p.get('max_energy')}, resistance {p.get('resistance')}, velocity "
              f"{p.get('velocity')}, maneuverability {p.get('maneuverability')}, "
              f"{p.get('cargo_slots')} cargo slots")
    return ShipLine(str(ship["card"]), f"{ship['card']} {ship['type']}", "not deployed",
                    tracks, "", "", ())


def ship_line(ship: Mapping[str, Any], round_: int = 0) -> ShipLine:
    return _in_hand(ship) if ship.get("location") == "hand" else _deployed(ship, round_)


def seat_ships(view: Mapping[str, Any]) -> tuple[SeatShips, ...]:
    """Every seat with its ships, in the view's seat order (seats with none say so)."""
    round_ = int(view.get("round") or 0)
    return tuple(
        SeatShips(str(seat["seat"]), str(seat.get("player") or ""),
                  seat_colour(seat_place(seat, index), seat.get("color")),
                  tuple(ship_line(s, round_) for s in seat.get("ships") or []),
                  seat_tracks(seat))
        for index, seat in enumerate(view.get("seats", [])))


def adjust_line(target: str, what: str, delta: int, reasons: Sequence[str]) -> str:
    """The command line a correction sends, exactly as typed at the CLI."""
    reason = "; ".join(r.strip() for r in reasons if r.strip())
    line = f"adjust {shlex.quote(target)} {what} {delta:+d}"
    return f"{line} {shlex.quote(reason)}" if reason else line
