"""What one seat holds, as the seat screen shows it (a tap on a seat's card opens it).

Plain data in (the table view, `view["table"]`, docs/table-api.md), plain data out. The
game declares which of its panels list what each seat holds (`by_seat`); the seat's rows
of each (`Panel.seat_rows`) are shown under the panel's title, after the seat's own
counters, score and lasting cards. Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.colours import seat_colour, seat_place
from companion.core.tableview import Panel


@dataclass(frozen=True)
class SeatSheet:
    """`title` names the seat (and its player); `counters` says its counts on one line;
    `lines` its score's sources, lasting cards and public facts; `panels` the panel data
    (the table view's shape, this seat's rows only) of every panel that lists them."""

    seat: str
    title: str
    initial: str
    colour: str
    score: str
    counters: str
    lines: tuple[str, ...]
    panels: tuple[Mapping[str, Any], ...]


def seat_sheet(table: Mapping[str, Any], seat: str) -> SeatSheet | None:
    """The sheet of `seat`, or None when the table has no such seat (it left, an undo)."""
    seats = list(table.get("seats") or ())
    index = next((n for n, s in enumerate(seats) if s["seat"] == seat), None)
    if index is None:
        return None
    shown = seats[index]
    player = str(shown.get("player") or "")
    title = f"{seat}  ·  {player}" if player and player != seat else seat
    score = shown.get("score")
    return SeatSheet(
        seat=seat, title=title, initial=seat[:1].upper(),
        colour=seat_colour(seat_place(shown, index), shown.get("colour")),
        score="" if score is None else str(score),
        counters=" · ".join(str(c["text"]) for c in shown.get("counters") or ()),
        lines=_lines(shown), panels=seat_panels(table, seat))


def player_of(table: Mapping[str, Any] | None, seat: str) -> str:
    """The name of the player at `seat` ("" when none was typed or the seat is unknown).

    >>> player_of({"seats": [{"seat": "North", "player": "Ana"}]}, "North")
    'Ana'
    """
    seats: Sequence[Mapping[str, Any]] = (table or {}).get("seats") or ()
    shown: Mapping[str, Any] = next((s for s in seats if s.get("seat") == seat), {})
    player = str(shown.get("player") or "")
    return "" if player == seat else player


def who(table: Mapping[str, Any] | None, seat: str) -> str:
    """A seat as a player who must act reads it: their name first, the seat after
    ("Ana (North)"), or the seat alone when no name was typed.

    >>> who({"seats": [{"seat": "North", "player": "Ana"}]}, "North")
    'Ana (North)'
    >>> who({"seats": [{"seat": "North", "player": None}]}, "North")
    'North'
    """
    player = player_of(table, seat)
    return f"{player} ({seat})" if player else seat


def _lines(shown: Mapping[str, Any]) -> tuple[str, ...]:
    sources = [f"{s['source']} {s['points']:+d}" for s in shown.get("score_sources") or ()]
    lines = [f"Score: {', '.join(sources)}"] if sources else []
    lines += [f"In effect: {card['name'] or card['id']}"
              + (f" ({card['summary']})" if card.get("summary") else "")
              for card in shown.get("in_effect") or ()]
    return (*lines, *(str(d) for d in shown.get("detail") or ()))


def seat_panels(table: Mapping[str, Any], seat: str) -> tuple[Mapping[str, Any], ...]:
    """Every `by_seat` panel holding rows of `seat`, with those rows only (and no actions:
    they act for the whole table, on its own tab)."""
    found = []
    for raw in table.get("panels") or ():
        rows = Panel.from_dict(raw).seat_rows(seat)
        if rows:
            found.append({**raw, "rows": [r.to_dict() for r in rows], "actions": None})
    return tuple(found)


def neighbours(table: Mapping[str, Any], seat: str) -> tuple[str | None, str | None]:
    """The seats before and after `seat` around the table, the first after the last (a
    page's bar is the same on every seat's: try 10, finding 28); None with no other seat."""
    names: Sequence[str] = [str(s["seat"]) for s in table.get("seats") or ()]
    if seat not in names or len(names) < 2:
        return None, None
    n = names.index(seat)
    return names[n - 1], names[(n + 1) % len(names)]
