"""The table API: everything a screen shows and offers, over one game session.

Screens hold no rules: they show `view()`, offer `prompt()`'s actions and run the
command of the one a player chose. docs/table-api.md documents every call and
its JSON shape. Everything returned is plain JSON data; hidden cards are masked
unless `seat` is their owner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.engine import Match, Result
from companion.core.errors import CompanionError
from companion.core.privacy import hidden_counts, public_step
from companion.core.prompt import Prompt, prompt, redo_preview, supports_prompt, undo_preview
from companion.core.tableview import TableView, table_view_of
from companion.session import Session


class TableAPI:
    """One game's table API. `run` is the only call that changes the game."""

    def __init__(self, session: Session):
        self.session = session

    @property
    def match(self) -> Match[Any]:
        return self.session.match

    def seat(self, word: str | None) -> str | None:
        """The seat a player named (unique prefix allowed), or None for the public view."""
        return self.match.state.table.find_seat(word) if word else None

    # ---- reading ----------------------------------------------------------------------
    def prompt(self, seat: str | None = None, after: str | None = None) -> Prompt:
        """Who acts, what the game waits for, and every action now (or after a partial)."""
        return table_prompt(self.match, self.seat(seat), after)

    def view(self, seat: str | None = None) -> dict[str, Any]:
        """The board, ready to show: public, or with that seat's own hidden cards; the
        key `table` holds the same as `table(seat)`."""
        match, who = self.match, self.seat(seat)
        shown = match.rules.view(match.state, match.catalog, who)
        return {**shown, "table": table_view(match, who, shown).to_dict()}

    def table(self, seat: str | None = None) -> dict[str, Any]:
        """The one view shape every game fills (core/tableview.py): title, round, phase,
        whose turn, seats with counters, decks and the game's own panels."""
        return table_view(self.match, self.seat(seat)).to_dict()

    def history(self) -> list[dict[str, Any]]:
        """Every step as a row: step, sentence, time, undone (hidden cards never named)."""
        times = {row["step"]: row["at"] for row in
                 self.session.journal.history(self.session.game_id)}
        return history_rows(self.match, times)

    def hidden_counts(self) -> dict[str, int]:
        """How many hidden cards each seat holds (their backs are public), by seat."""
        return hidden_counts(self.match.state.table)

    def undo_preview(self) -> str | None:
        return undo_preview(self.match)

    def redo_preview(self) -> str | None:
        return redo_preview(self.match)

    def odds(self, deck: str) -> dict[str, Any]:
        """What the next card of `deck` may be: counts and chances of each card name."""
        if deck not in self.match.catalog.decks:
            raise CompanionError(f"{deck!r} is not a deck; decks: "
                                 f"{', '.join(self.match.catalog.decks)}.")
        return self.match.odds(deck).to_dict()

    # ---- acting and change notices ----------------------------------------------------------
    def run(self, line: str) -> dict[str, Any]:
        """Run one command; the result as `play --json` prints it, with the `next` hint."""
        result = self.session.run(line)
        return result_dict(self.match, result, None)

    def subscribe(self, callback: Callable[[Result], None]) -> Callable[[], None]:
        """`callback(result)` after each step this process saves; returns unsubscribe."""
        return self.session.subscribe(callback)

    def changed(self) -> bool:
        """True when another process saved a step of this game (then call `reload`)."""
        return self.session.changed()

    def reload(self) -> None:
        self.session.reload()


def table_view(match: Match[Any], seat: str | None = None,
               shown: Mapping[str, Any] | None = None) -> TableView:
    """The game's `TableView` (public when `seat` is None); works on a bare `Match`;
    `shown`: the game's view for `seat` when the caller has built it already."""
    return table_view_of(match.rules, match.state, match.catalog, seat, shown)


def table_prompt(match: Match[Any], seat: str | None = None,
                 after: str | None = None) -> Prompt:
    if not supports_prompt(match.rules):
        raise CompanionError(f"{match.rules.title} offers no prompt yet.")
    return prompt(match, seat, after)


def next_hint(match: Match[Any]) -> str | None:
    """What the game waits for now: the CLI's `next:` line and the JSON `next` key."""
    if not supports_prompt(match.rules):
        return None
    rules: Any = match.rules
    return str(rules.situation(match.state, match.catalog, None).waiting_for)


def result_dict(match: Match[Any], result: Result, line: int | None) -> dict[str, Any]:
    """A command's result as JSON, with the prompt's hint under `next`."""
    return {**result.to_dict(line or 0), "line": line, "next": next_hint(match)}


def history_rows(match: Match[Any], times: Mapping[int, str] | None = None,
                 newest: int | None = None) -> list[dict[str, Any]]:
    """Every step of the journal as the table may see it, oldest first (only the
    `newest` steps if given: a live page needs the last few, not the whole game).

    Keys: step, sentence, time, undone, and the step's own (kind, command,
    message, target, seat, events); `at` repeats `time` for older readers.
    """
    in_effect = set(match.stack)
    rows = []
    steps = match.history() if newest is None else \
        [match.step(n) for n in sorted(match.index)[-newest:]]
    for step in steps:
        shown = public_step(step)
        time = (times or {}).get(step.number)
        rows.append({**shown.to_dict(), "sentence": shown.message, "time": time, "at": time,
                     "undone": step.kind == "do" and step.number not in in_effect})
    return rows
