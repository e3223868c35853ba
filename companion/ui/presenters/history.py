"""History rows for the screen: newest first, undone steps marked."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from companion.core.words import counted
from companion.tables import SavedGame
from companion.ui.table import HistoryRow

#: "Undid step 37 (drift): ..." as the engine says it: the command line in brackets.
_UNDO_COMMAND = re.compile(r"^(Undid|Redid) step (\d+) \((?:[^()]|\([^()]*\))*\): ")


def step_words(message: str) -> str:
    """An undo or redo told in the step's words, without its command line in brackets.

    >>> step_words("Undid step 37 (move SHLD1 1 credit): SHLD1 moves 1 space.")
    'Undid step 37: SHLD1 moves 1 space.'
    >>> step_words("Xichang gains 6 credits (Lv-1).")
    'Xichang gains 6 credits (Lv-1).'
    """
    return _UNDO_COMMAND.sub(r"\1 step \2: ", message, count=1)


@dataclass(frozen=True)
class HistoryLine:
    number: str
    text: str
    undone: bool


def history_lines(rows: Sequence[HistoryRow]) -> list[HistoryLine]:
    lines = []
    for row in reversed(rows):
        mark = " (undone)" if row.undone else ""
        lines.append(HistoryLine(str(row.step), f"{step_words(row.sentence)}{mark}",
                                 row.undone))
    return lines


def games_lines(games: Sequence[SavedGame]) -> list[tuple[str, str]]:
    """(game id, one line) for the saved-games list: what, how far, when."""
    return [(g.game_id, f"{g.title}  ·  {counted(g.steps, 'step')}  ·  last played "
                        f"{g.updated[:16].replace('T', ' ')}") for g in games]
