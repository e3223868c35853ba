"""The table dashboard's view data: round, phase, whose turn, seats with scores."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.colours import seat_colour, seat_place


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


def _sources(seat: Mapping[str, Any]) -> str:
    return ", ".join(f"{s['source']} {s['points']:+d}" for s in seat["score_sources"])


def _counters(seat: Mapping[str, Any]) -> str:
    """Each counter said by the game's own noun ('3 command points'), then what is in
    effect (a kept card or a lasting one: why a number moves)."""
    parts = [str(c["text"]) for c in seat["counters"]]
    lasting = [str(card["name"] or card["id"]) for card in seat["in_effect"]]
    if lasting:
        parts.append("in effect: " + ", ".join(lasting))
    return " · ".join(parts)


def _delta(seat: str, score: int | None, before: Mapping[str, int]) -> str:
    if score is None or seat not in before or before[seat] == score:
        return ""
    return f"{score - before[seat]:+d}"


def scores_of(view: Mapping[str, Any]) -> dict[str, int]:
    return {s["seat"]: s["score"] for s in view.get("seats", []) if s.get("score") is not None}


def _decks(table: Mapping[str, Any]) -> str:
    parts = [f"{d['id']} {d['left']}" for d in table.get("decks") or () if d["left"]]
    return "Cards left: " + ", ".join(parts) if parts else ""


def dashboard(title: str, view: Mapping[str, Any],
              before: Mapping[str, int] | None = None, waiting: str = "") -> Dashboard:
    """The dashboard for `view` (its one view shape under `table`); `before` holds the
    scores of the previous view (deltas); `waiting` is the prompt's sentence (who acts
    and what the app expects), shown when given in place of the view's shorter one."""
    table = view["table"]
    seats = []
    for index, seat in enumerate(table["seats"]):
        name = str(seat["seat"])
        score = seat["score"]
        seats.append(SeatRow(
            seat=name, player=str(seat["player"] or ""),
            initial=name[:1].upper(),
            colour=seat_colour(seat_place(seat, index), seat["colour"]),
            score="" if score is None else str(score),
            delta=_delta(name, score, before or {}), sources=_sources(seat),
            counters=_counters(seat), detail="; ".join(seat["detail"]),
            active=bool(seat["active"])))
    return Dashboard(title=title, round_text=table["round_name"], phase_text=table["phase_name"],
                     turn_text=table["turn"], next_text=waiting or table["waiting_for"],
                     order_text="\n".join(table["notes"]), decks_text=_decks(table),
                     seats=tuple(seats), has_scores=any(s.score for s in seats))
