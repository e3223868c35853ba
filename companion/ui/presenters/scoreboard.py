"""The scoreboard's view data: the public scores in large type, read from across a table.

Built from the public view only (the same `TableData` every shared screen gets),
so it can never name a hidden card: a seat's hidden missions are a count.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.ui.presenters.dashboard import dashboard
from companion.ui.table import TableData


@dataclass(frozen=True)
class ScoreLine:
    seat: str
    player: str
    initial: str
    colour: str
    score: str
    delta: str
    note: str
    active: bool


@dataclass(frozen=True)
class Scoreboard:
    title: str
    round_text: str
    status_text: str
    leader_text: str
    last_text: str
    lines: tuple[ScoreLine, ...]


def _leader(lines: tuple[ScoreLine, ...]) -> str:
    scored = [(int(line.score), line) for line in lines if line.score.lstrip("-").isdigit()]
    if not scored:
        return ""
    best = max(points for points, _line in scored)
    leaders = [_name(line) for points, line in scored if points == best]
    if len(leaders) == len(scored) and len(scored) > 1:
        return f"All tied at {best}"
    if len(leaders) > 1:
        return f"Tied for the lead at {best}: {', '.join(leaders)}"
    return f"{leaders[0]} leads with {best}"


def _name(line: ScoreLine) -> str:
    return line.player or line.seat


def _note(sources: str, counters: str, hidden: int) -> str:
    parts = [part for part in (sources, counters) if part]
    if hidden:
        parts.append(f"{hidden} hidden mission{'s' if hidden != 1 else ''}")
    return " · ".join(parts)


def scoreboard(table: TableData, before: Mapping[str, int] | None = None) -> Scoreboard:
    """The scoreboard of `table`; `before` holds the scores last shown (for the deltas)."""
    board = dashboard(table.title, table.view, before)
    hidden = {str(s["seat"]): int(s.get("hidden_missions") or 0)
              for s in table.view.get("seats", [])}
    lines = tuple(ScoreLine(row.seat, row.player, row.initial, row.colour, row.score,
                            row.delta, _note(row.sources, row.counters, hidden.get(row.seat, 0)),
                            row.active)
                  for row in board.seats)
    last = next((row.sentence for row in reversed(table.history) if row.kind == "do"
                 and not row.undone), "")
    status = "  ·  ".join(t for t in (board.phase_text, board.turn_text) if t)
    return Scoreboard(board.title, board.round_text, status, _leader(lines),
                      f"Last: {last}" if last else "", lines)
