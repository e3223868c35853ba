"""What a screen reads from a session, gathered on the runner thread in one go.

Screens never touch the session: the runner hands them a `TableData`, a plain
snapshot (JSON-like data only) taken right after each command.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.api import table_prompt, table_view
from companion.core.errors import CompanionError
from companion.core.privacy import hidden_counts, public_step
from companion.core.prompt import supports_prompt
from companion.session import Session

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


def history_rows(session: Session, count: int = RECENT_STEPS) -> tuple[HistoryRow, ...]:
    """The last `count` steps, newest last, in the words the table may see."""
    match = session.match
    numbers = sorted(match.index)[-count:]
    in_effect = set(match.stack)
    rows = []
    for number in numbers:
        step = public_step(match.step(number))
        rows.append(HistoryRow(number, step.message, step.command,
                               step.kind == "do" and number not in in_effect, step.kind))
    return tuple(rows)


def redo_preview(session: Session) -> str | None:
    match = session.match
    if not match.redo_stack:
        return None
    target = public_step(match.step(match.redo_stack[-1]))
    return f"Redo would bring back step {target.number}: {target.message}"


def undo_preview(session: Session) -> str | None:
    """The step undo would take back, in the history's words (not its command line)."""
    match = session.match
    if not match.stack:
        return None
    target = public_step(match.step(match.stack[-1]))
    return f"Undo would take back step {target.number}: {target.message}"


def prompt_data(session: Session, seat: str | None = None,
                after: str | None = None) -> dict[str, Any]:
    """The table API's prompt as plain data ({} for a game that offers none)."""
    if not supports_prompt(session.match.rules):
        return {}
    try:
        return table_prompt(session.match, seat, after).to_dict()
    except CompanionError as exc:
        return {"seat": seat, "waiting_for": str(exc), "expects_scan": [], "actions": []}


def table_data(session: Session) -> TableData:
    """The snapshot a screen shows: public view, recent history, undo/redo previews."""
    match = session.match
    shown = match.rules.view(match.state, match.catalog, None)  # built once per step
    view = {**shown, "table": table_view(match, None, shown).to_dict()}
    return TableData(session.game_id, session.kind, session.game.title, view,
                     history_rows(session), undo_preview(session), redo_preview(session),
                     match.step_count, prompt_data(session),
                     hidden_counts(match.state.table))
