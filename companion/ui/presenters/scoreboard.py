"""The scoreboard's view data: the public scores in large type, read from across a table.

Built from the public view only (the same `TableData` every shared screen gets),
so it can never name a hidden card: a seat's hidden missions are a count.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.core.words import counted
from companion.ui.presenters.dashboard import dashboard
from companion.ui.table import TableData

#: About how much of the last step's sentences the scoreboard shows (two lines at 800x480).
LAST_CHARS = 150


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


def _note(seat: Mapping[str, object], sources: str) -> str:
    """What the score is made of, by the view's categories when it has them (short enough
    for one line across a table), and the hidden missions as a count."""
    entries = seat.get("score_entries")
    parts = []
    if isinstance(entries, list) and entries:
        totals: dict[str, int] = {}
        for entry in entries:
            category = str(entry.get("category") or entry.get("source"))
            totals[category] = totals.get(category, 0) + int(entry.get("points") or 0)
        parts.append(", ".join(f"{name} {points:+d}" for name, points in totals.items()))
    elif sources:
        parts.append(sources)
    hidden = int(str(seat.get("hidden_missions") or 0))
    if hidden:
        parts.append(counted(hidden, "hidden mission"))
    return " · ".join(parts)


#: What a line of counters is joined with; it wraps there, never inside an item.
ITEMS = " · "


def whole_items(text: str) -> str:
    """`text`'s items (joined by " · ") each kept whole on one line: the spaces inside an
    item are no-break spaces, so a line wraps between items (try 10, finding 24: the
    scoreboard read "0 / commodities (of 3, assumed)").

    >>> whole_items("1 red token · 0 cubes") == "1\u00a0red\u00a0token · 0\u00a0cubes"
    True
    """
    return ITEMS.join(item.replace(" ", "\u00a0") for item in text.split(ITEMS))


def _first_sentences(text: str, limit: int = LAST_CHARS) -> str:
    """Whole sentences from the start of `text`, as many as fit in about `limit` characters.

    >>> _first_sentences("MONY1 drifts 2 spaces. MONY1 ends its move. SHLD1 stays.", 30)
    'MONY1 drifts 2 spaces.'
    """
    kept = ""
    for sentence in text.replace(". ", ".\n").splitlines():
        if kept and len(kept) + len(sentence) + 1 > limit:
            break
        kept = f"{kept} {sentence}".strip()
    return kept


def scoreboard(table: TableData, before: Mapping[str, int] | None = None) -> Scoreboard:
    """The scoreboard of `table`; `before` holds the scores last shown (for the deltas)."""
    board = dashboard(table.title, table.view, before)
    seats = {str(s["seat"]): s for s in table.view.get("seats", [])}
    # A game without scores shows what each seat holds instead (its counters).
    lines = tuple(ScoreLine(row.seat, row.player, row.initial, row.colour, row.score,
                            row.delta, _note(seats.get(row.seat, {}), row.sources)
                            if row.score else row.counters, row.active)
                  for row in board.seats)
    last = next((row.sentence for row in reversed(table.history) if row.kind == "do"
                 and not row.undone), "")
    status = "  ·  ".join(t for t in (board.phase_text, board.turn_text) if t)
    return Scoreboard(board.title, board.round_text, status, _leader(lines),
                      f"Last: {_first_sentences(last)}" if last else "", lines)
