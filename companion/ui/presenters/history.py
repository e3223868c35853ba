"""History rows for the screen: newest first, undone steps marked."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.core.words import counted
from companion.tables import SavedGame
from companion.ui.table import HistoryRow

#: "Undid step 37 (drift): ..." as the engine says it: the command line in brackets.
_UNDO_COMMAND = re.compile(r"^(Undid|Redid) step (\d+) \((?:[^()]|\([^()]*\))*\): ")
#: The same anywhere in a result (after "Round 1 is over: ", say).
_UNDO_COMMAND_ANYWHERE = re.compile(_UNDO_COMMAND.pattern.removeprefix("^"))


def step_words(message: str) -> str:
    """An undo or redo told in the step's words, without its command line in brackets.

    >>> step_words("Undid step 37 (move SHLD1 1 credit): SHLD1 moves 1 space.")
    'Undid step 37: SHLD1 moves 1 space.'
    >>> step_words("Ana gains 6 credits (Lv-1).")
    'Ana gains 6 credits (Lv-1).'
    """
    return _UNDO_COMMAND.sub(r"\1 step \2: ", message, count=1)


def said_words(message: str) -> str:
    """A step's result as the table reads it: an undo or redo says what it took back or
    gave again in that step's own words, not its number (stranger 2, finding 6: "Undid
    step 25" told a player nothing; the history lists the numbers).

    >>> said_words("Undid step 25 (pass Ana): Ana passes.")
    'Undid: Ana passes.'
    >>> said_words("Ana gains 6 credits (Lv-1).")
    'Ana gains 6 credits (Lv-1).'
    >>> said_words("Round 1 is over: Round 2 of 8 begins. Redid step 37 (drift): End of round 1.")
    'Round 1 is over: Round 2 of 8 begins. Redid: End of round 1.'
    """
    return _UNDO_COMMAND_ANYWHERE.sub(r"\1: ", message, count=1)


@dataclass(frozen=True)
class HistoryLine:
    number: str
    text: str
    undone: bool


def round_over(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> str:
    """The words that say a round ended with a step, put first on its result line (try 9,
    finding 15: ignoring the round's last card showed round 2's first screen with the
    round's end folded away at the end of the sentence); "" when no round ended.

    >>> round_over({"table": {"round": 1}}, {"table": {"round": 2, "round_name": "Round 2 of 8"}})
    'Round 1 is over: Round 2 of 8 begins.'
    >>> round_over({"table": {"round": 0}}, {"table": {"round": 1, "round_name": "Round 1"}})
    ''
    """
    old = (before or {}).get("table") or {}
    new = (after or {}).get("table") or {}
    ended, now = old.get("round"), new.get("round")
    if not isinstance(ended, int) or not isinstance(now, int) or not 1 <= ended < now:
        return ""
    return f"Round {ended} is over: {new.get('round_name') or f'Round {now}'} begins."


def history_lines(rows: Sequence[HistoryRow],
                  words: Callable[[str], str] = str) -> list[HistoryLine]:
    """Newest first, each step's sentence through `words` (the table's camera words: a
    row of a table with no camera says no "scan the card")."""
    lines = []
    for row in reversed(rows):
        mark = " (undone)" if row.undone else ""
        lines.append(HistoryLine(str(row.step), f"{words(step_words(row.sentence))}{mark}",
                                 row.undone))
    return lines


def games_lines(games: Sequence[SavedGame]) -> list[tuple[str, str]]:
    """(game id, two lines) for the saved-games list: which game, how far, who plays,
    when it was last played ("Exploration · Round 2 of 8 · Ana, Ben" over
    "Last played Thu 26 Nov, 19:00")."""
    return [(g.game_id, f"{_saved_heading(g)}\nLast played {_when(g.updated)}")
            for g in games]


def deleted_lines(games: Sequence[SavedGame]) -> list[tuple[str, str]]:
    """(game id, two lines) for Deleted games: which game, and when it was deleted."""
    return [(g.game_id, f"{_saved_heading(g)}\nDeleted {_when(g.deleted)}") for g in games]


def delete_lines(saved: SavedGame) -> str:
    """What a row's Delete turns the game's own button into, in its place: the same first
    line naming the game, then what a tap on it does (or why the game being played is
    not deleted), so no row moves (try 9: the question slid the rows below down)."""
    if saved.playing:
        return f"{_saved_heading(saved)}\nBeing played now, so it cannot be deleted"
    return f"{_saved_heading(saved)}\nDelete it: it can be brought back"


def deleted_sentence(saved: SavedGame) -> str:
    return f"Deleted {_saved_heading(saved)}."


def brought_back_sentence(saved: SavedGame) -> str:
    return f"Brought back {_saved_heading(saved)}: tap it to play it."


def _saved_heading(saved: SavedGame) -> str:
    return game_heading(saved.title, saved.view, saved.steps)


def game_heading(title: str, view: Mapping[str, Any], steps: int) -> str:
    """Which game, how far, who plays, from its table view (the one view shape every
    game fills): "Exploration  ·  Round 2 of 8  ·  Ana, Ben"."""
    table = view.get("table") or {}
    seats = table.get("seats") or []
    players = ", ".join(str(s.get("player") or s.get("seat")) for s in seats)
    if table.get("over"):
        how_far = "Game over"
    elif table.get("round"):
        how_far = str(table.get("round_name") or "")
    elif table:
        how_far = "Setting up"
    else:  # a game that cannot be read
        how_far = counted(steps, "step")
    return "  ·  ".join(part for part in (title, how_far, players) if part)


def _when(updated: str) -> str:
    """A stored UTC time as the table's local day and time ("Thu 26 Nov, 19:00")."""
    try:
        moment = datetime.fromisoformat(updated).astimezone()
    except ValueError:
        return updated[:16].replace("T", " ")
    return moment.strftime("%a %d %b, %H:%M")
