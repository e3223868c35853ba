"""The table dashboard's view data: round, phase, whose turn, seats with scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.colours import seat_colour, seat_place
from companion.core.words import counted

#: Seat counters shown on the dashboard when a game's view has them, with their words.
#: A seat's counters on its row. The technology track is said "technology points", as the
#: table view says it: plain "technology" is the score category ("technology +3").
COUNTERS = (("credits", "credits"), ("command", "command"),
            ("technology", "technology points"), ("frags", "frags"))


@dataclass(frozen=True)
class SeatRow:
    seat: str
    player: str
    initial: str
    colour: str
    score: str
    delta: str
    sources: str
    counters: str
    detail: str
    active: bool


@dataclass(frozen=True)
class Dashboard:
    title: str
    round_text: str
    phase_text: str
    turn_text: str
    next_text: str
    order_text: str
    decks_text: str
    seats: tuple[SeatRow, ...]
    has_scores: bool


def _phase(view: Mapping[str, Any]) -> str:
    name = view.get("phase_name")
    if name:
        return str(name)
    phase = str(view.get("phase") or "")
    if phase in ("", "end"):
        return "Game over" if phase == "end" else ""
    return f"{phase.capitalize()} phase"


def _round(view: Mapping[str, Any]) -> str:
    rounds = view.get("rounds")
    of = f" of {rounds}" if rounds else ""
    number = int(view.get("round") or 0)
    return f"Round {number}{of}" if number else f"Before round 1{of}"


def _sources(seat: Mapping[str, Any]) -> str:
    entries = seat.get("score_breakdown") or {}
    return ", ".join(f"{source} {points:+d}" for source, points in entries.items())


def _counters(seat: Mapping[str, Any]) -> str:
    declared = seat.get("counters")
    if isinstance(declared, list) and declared:  # the game says its counters itself
        return " · ".join(str(c["text"]) for c in declared)
    parts = [f"{seat[key]} {word}" for key, word in COUNTERS if key in seat]
    if "planets" in seat:
        planets = seat["planets"]
        resources = sum(p.get("resources", 0) for p in planets)
        influence = sum(p.get("influence", 0) for p in planets)
        parts.append(f"{counted(len(planets), 'planet')} ({counted(resources, 'resource')}, "
                     f"{influence} influence)")
    if "fragments" in seat:
        parts.append(counted(len(seat["fragments"]), "fragment"))
    if "relics" in seat:
        parts.append(counted(len(seat["relics"]), "relic"))
    lasting = [str(card.get("name") or card.get("id")) for card in seat.get("in_effect") or []]
    if lasting:  # a kept hazard card or a lasting development card: why a number moves
        parts.append("in effect: " + ", ".join(lasting))
    return " · ".join(parts)


def _detail(seat: Mapping[str, Any]) -> str:
    ships = seat.get("ships") or []
    shown = []
    for ship in ships:
        where = ship.get("location_name") or ("not deployed" if ship.get("location") == "hand"
                                             else ship.get("where") or ship.get("location"))
        if ship.get("location") == "hand":
            continue
        shown.append(f"{ship['card']} {where}, energy {ship['energy']}/{ship['max_energy']}")
    hidden = seat.get("hidden_missions")
    if hidden:
        shown.append(counted(int(hidden), "hidden mission"))
    if seat.get("techs"):
        shown.append(", ".join(seat["techs"]))
    return "; ".join(shown)


def _delta(seat: str, score: int | None, before: Mapping[str, int]) -> str:
    if score is None or seat not in before or before[seat] == score:
        return ""
    return f"{score - before[seat]:+d}"


def scores_of(view: Mapping[str, Any]) -> dict[str, int]:
    return {s["seat"]: s["score"] for s in view.get("seats", []) if s.get("score") is not None}


def _order(view: Mapping[str, Any]) -> str:
    order: Sequence[str] = view.get("flight_order") or ()
    if not order:
        return ""
    ships = {ship["card"]: ship for s in view.get("seats", []) for ship in s.get("ships", [])}
    parts = []
    for card in order:
        ship = ships.get(card)
        if ship is None:
            parts.append(card)
            continue
        if ship.get("location") == "destroyed":
            continue  # a destroyed ship flies no more (as the Order tab shows)
        parts.append(f"{card} (velocity {ship.get('velocity')}, "
                     f"maneuverability {ship.get('maneuverability')})")
    return "Flight order: " + ", then ".join(parts) if parts else ""


def _decks(view: Mapping[str, Any]) -> str:
    decks = view.get("decks")
    if isinstance(decks, Mapping):
        return "Cards left: " + ", ".join(f"{d} {n}" for d, n in decks.items() if n)
    if isinstance(decks, Sequence):
        parts = [f"{d['deck']} {d['left']}" for d in decks]
        if "relic_deck_left" in view:
            parts.append(f"relic {view['relic_deck_left']}")
        return "Cards left: " + ", ".join(parts)
    return ""


def dashboard(title: str, view: Mapping[str, Any],
              before: Mapping[str, int] | None = None, waiting: str = "") -> Dashboard:
    """The dashboard for `view`; `before` holds the scores of the previous view (deltas);
    `waiting` is the prompt's sentence (who acts and what the app expects), shown when
    given in place of the view's shorter `waiting_for`."""
    active = view.get("active")
    seats = []
    for index, seat in enumerate(view.get("seats", [])):
        name = str(seat["seat"])
        score = seat.get("score")
        seats.append(SeatRow(
            seat=name, player=str(seat.get("player") or ""),
            initial=name[:1].upper(),
            colour=seat_colour(seat_place(seat, index), seat.get("color")),
            score="" if score is None else str(score),
            delta=_delta(name, score, before or {}), sources=_sources(seat),
            counters=_counters(seat), detail=_detail(seat), active=name == active))
    turn = f"{active} to play" if active else ""
    return Dashboard(title=title, round_text=_round(view), phase_text=_phase(view),
                     turn_text=turn, next_text=waiting or str(view.get("waiting_for") or ""),
                     order_text=_order(view), decks_text=_decks(view), seats=tuple(seats),
                     has_scores=any(s.score for s in seats))
