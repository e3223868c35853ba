"""The end of a game: places, totals, points by score category (for the chart), the winner."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.colours import OKABE_ITO, seat_colour, seat_place
from companion.core.words import counted


@dataclass(frozen=True)
class FinalSeat:
    seat: str
    player: str
    initial: str
    colour: str
    place: int
    total: int
    by_category: tuple[tuple[str, int], ...]  # in the order of `FinalView.categories`

    @property
    def breakdown(self) -> str:
        return " · ".join(f"{name} {points:+d}" for name, points in self.by_category if points)


@dataclass(frozen=True)
class FinalView:
    winner: str
    seats: tuple[FinalSeat, ...]
    categories: tuple[str, ...]
    category_colours: tuple[str, ...]
    scale: int  # the largest total, for bar lengths


def _categories(seat: Mapping[str, Any]) -> dict[str, int]:
    totals: dict[str, int] = {}
    entries = seat.get("score_entries")
    if entries is None:  # an older view: its free-text sources are the categories
        entries = [{"category": s, "points": p}
                   for s, p in (seat.get("score_breakdown") or {}).items()]
    for entry in entries:
        name = str(entry.get("category") or entry.get("source") or "other")
        totals[name] = totals.get(name, 0) + int(entry["points"])
    return totals


def winner_sentence(seats: tuple[FinalSeat, ...]) -> str:
    if not seats:
        return ""
    best = max(s.total for s in seats)
    winners = [s.player or s.seat for s in seats if s.total == best]
    if len(winners) == 1:
        return f"{winners[0]} wins with {counted(best, 'point')}."
    return f"{' and '.join(winners)} share the win with {counted(best, 'point')} each."


def final_view(view: Mapping[str, Any]) -> FinalView:
    seats_data = list(view.get("seats", []))
    per_seat = [_categories(s) for s in seats_data]
    categories: list[str] = []
    for totals in per_seat:
        categories += [c for c in totals if c not in categories]
    totals_by_seat = [int(s.get("score") or 0) for s in seats_data]
    seats = []
    for index, (seat, cats, total) in enumerate(zip(seats_data, per_seat, totals_by_seat,
                                                    strict=True)):
        name = str(seat["seat"])
        seats.append(FinalSeat(name, str(seat.get("player") or ""), name[:1].upper(),
                               seat_colour(seat_place(seat, index), seat.get("color")),
                               1 + sum(t > total for t in totals_by_seat), total,
                               tuple((c, cats.get(c, 0)) for c in categories)))
    seats.sort(key=lambda s: s.place)
    colours = tuple(OKABE_ITO[(i + 4) % len(OKABE_ITO)] for i in range(len(categories)))
    return FinalView(winner_sentence(tuple(seats)), tuple(seats), tuple(categories), colours,
                     max([*totals_by_seat, 1]))
