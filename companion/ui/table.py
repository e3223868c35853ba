"""What a screen reads from the table API, gathered on the runner thread in one go.

Screens never touch the API: the runner hands them a `TableData`, a plain
snapshot (JSON-like data only) taken right after each command.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.api import TableAPI
from companion.core.errors import CompanionError
from companion.core.prompt import supports_prompt
from companion.core.words import without_rule_marks

#: History rows carried to the screens with every snapshot (the history screen pages
#: further back on demand).
RECENT_STEPS = 60


@dataclass(frozen=True)
class HistoryRow:
    step: int
    sentence: str
    command: str
    undone: bool
    kind: str


@dataclass(frozen=True)
class TableData:
    """One game as the shared screen may see it (hidden cards masked)."""

    game_id: str
    kind: str
    title: str
    view: dict[str, Any]
    history: tuple[HistoryRow, ...] = ()
    undo_preview: str | None = None
    redo_preview: str | None = None
    steps: int = 0
    prompt: dict[str, Any] = field(default_factory=dict)
    #: How many hidden cards each seat holds (their backs are public), seats with none left out.
    hidden: dict[str, int] = field(default_factory=dict)
    #: The game has ended (its rules' `is_over`): the final scores follow.
    over: bool = False
    #: The game's words for a table with a camera and for one with none (the API's).
    camera_words: tuple[tuple[str, str], ...] = ()
    #: The game's pattern of its rule references, left out of what the screens say (the API's).
    rule_marks: str = ""


def history_rows(api: TableAPI, count: int = RECENT_STEPS) -> tuple[HistoryRow, ...]:
    """The last `count` steps, newest last, in the words the table may see (the API's)."""
    return tuple(HistoryRow(row["step"], row["sentence"], row["command"], row["undone"],
                            row["kind"]) for row in api.history(last=count))


def prompt_data(api: TableAPI, seat: str | None = None, after: str | None = None,
                drawer: str = "table") -> dict[str, Any]:
    """The table API's prompt as plain data ({} for a game that offers none); `drawer`:
    who draws the owed cards, the table's setting (the API's `prompt`)."""
    if not supports_prompt(api.match.rules):
        return {}
    try:
        return table_said(api.prompt(seat, after, drawer).to_dict(), api.rule_marks())
    except CompanionError as exc:
        return {"seat": seat, "waiting_for": str(exc), "expects_scan": [], "actions": []}


#: The prompt's keys a player reads (never a command, a template or a value it sends).
SAID_KEYS = frozenset({"waiting_for", "label", "reason", "greyed", "hint", "note", "detail"})


def table_said(data: Any, marks: str) -> Any:
    """The prompt's data with the words a player reads said without the game's rule
    references (issue 22: "(35.9a)", "(LRR 94)" on greyed choices)."""
    if not marks:
        return data
    if isinstance(data, list):
        return [table_said(item, marks) for item in data]
    if not isinstance(data, dict):
        return data
    return {key: without_rule_marks(value, marks) if key in SAID_KEYS and isinstance(value, str)
            else table_said(value, marks) for key, value in data.items()}


def table_data(api: TableAPI, drawer: str = "table") -> TableData:
    """The snapshot a screen shows: public view, recent history, undo/redo previews, the
    prompt as `drawer` (who draws the owed cards) makes it."""
    return TableData(api.game_id, api.kind, api.title, api.view(), history_rows(api),
                     api.undo_preview(command=False), api.redo_preview(command=False),
                     api.steps, prompt_data(api, drawer=drawer), api.hidden_counts(),
                     api.is_over(), api.camera_words(), api.rule_marks())


def resumed_line(table: TableData) -> str:
    """What the table is told when a saved game comes back: the game and where it stands
    ('Resumed Exploration, round 1 of 8.'), never its id (try 13, 18)."""
    when = str((table.view.get("table") or {}).get("round_name") or "")
    where = f", {when[:1].lower()}{when[1:]}" if when else ""
    return f"Resumed {table.title}{where}."
