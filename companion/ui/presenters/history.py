"""History rows for the screen: newest first, undone steps marked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.ui.runner import SavedGame
from companion.ui.table import HistoryRow


@dataclass(frozen=True)
class HistoryLine:
    number: str
    text: str
    undone: bool


def history_lines(rows: Sequence[HistoryRow]) -> list[HistoryLine]:
    lines = []
    for row in reversed(rows):
        mark = " (undone)" if row.undone else ""
        lines.append(HistoryLine(str(row.step), f"{row.sentence}{mark}", row.undone))
    return lines


def games_lines(games: Sequence[SavedGame]) -> list[tuple[str, str]]:
    """(game id, one line) for the saved-games list: what, how far, when."""
    return [(g.game_id, f"{g.title}  ·  {g.steps} steps  ·  last played "
                        f"{g.updated[:16].replace('T', ' ')}") for g in games]
