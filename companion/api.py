"""The table API: everything a screen shows and offers, over one game session.

Screens hold no rules: they show `view()`, offer `prompt()`'s actions and run the
command of the one a player chose. docs/table-api.md documents every call and
its JSON shape. Everything returned is plain JSON data; hidden cards are masked
unless `seat` is their owner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.core import piles
from companion.core.catalog import Catalog
from companion.core.engine import Match, Result
from companion.core.errors import CompanionError
from companion.core.privacy import hidden_card_of, hidden_counts, public_step
from companion.core.prompt import (
    DRAWERS,
    Prompt,
    prompt,
    redo_preview,
    supports_prompt,
    undo_preview,
)
from companion.core.tableview import TableView, table_view_of
from companion.core.tags import Tag
from companion.core.words import without_rule_marks
from companion.scanner.codes import ScanCode
from companion.session import Session
from companion.store.journal import file_identity


class TableAPI:
    """One game's table API. `run` is the only call that changes the game."""

    def __init__(self, session: Session):
        self.session = session

    @property
    def match(self) -> Match[Any]:
        return self.session.match

    @property
    def game_id(self) -> str:
        return self.session.game_id

    @property
    def kind(self) -> str:
        """The game's id in the registry ("xp", "ti4")."""
        return self.session.game.id

    @property
    def title(self) -> str:
        return self.session.game.title

    @property
    def catalog(self) -> Catalog:
        """The catalog this game is played with (the scanner resolves codes against it)."""
        return self.match.catalog

    @property
    def notice(self) -> str | None:
        """The sentence saying a damaged saved-games file was set aside on opening."""
        return self.session.notice

    @property
    def steps(self) -> int:
        """How many steps the journal holds for this game (undone ones too)."""
        return self.match.step_count

    def seat(self, word: str | None) -> str | None:
        """The seat a player named (unique prefix allowed), or None for the public view."""
        return self.match.state.table.find_seat(word) if word else None

    # ---- reading ----------------------------------------------------------------------
    def prompt(self, seat: str | None = None, after: str | None = None,
               drawer: str = "table") -> Prompt:
        """Who acts, what the game waits for, and every action now (or after a partial).

        `drawer`: who draws the owed cards, "table" (real cards, picked or scanned: the
        pick is the main action) or "app" (the app's decks: its draw is the main action);
        see core/prompt.py `candidates`."""
        return table_prompt(self.match, self.seat(seat), after, drawer)

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

    def history(self, last: int | None = None) -> list[dict[str, Any]]:
        """Every step as a row: step, sentence, time, undone (hidden cards never named);
        with `last`, only the newest `last` steps (a screen's recent history)."""
        if last is None:
            times = {row["step"]: row["at"] for row in
                     self.session.journal.history(self.session.game_id)}
            return history_rows(self.match, times)
        numbers = sorted(self.match.index)[-last:] if last > 0 else []
        times = self.session.journal.step_times(self.game_id, numbers[0]) if numbers else {}
        return history_rows(self.match, times, numbers=numbers)

    def hidden_card(self, seat: str, step: int, event: int) -> str | None:
        """The hidden card a step's event drew for `seat` (a reveal's `step` and `event`),
        for that seat's own screen; None if that event drew no hidden card for it."""
        who = self.seat(seat)
        if who is None or step not in self.match.index:
            return None
        return hidden_card_of(self.match.step(step), event, who)

    def hidden_counts(self) -> dict[str, int]:
        """How many hidden cards each seat holds (their backs are public), by seat."""
        return hidden_counts(self.match.state.table)

    def undo_preview(self, command: bool = True) -> str | None:
        """What undo would take back; `command=False` says it in the history's words
        only, without the step's command line (a screen's sentence)."""
        if command:
            return undo_preview(self.match)
        return _step_sentence(self.match, self.match.stack, "Undo would take back")

    def redo_preview(self, command: bool = True) -> str | None:
        """What redo would put back; `command=False` as for `undo_preview`."""
        if command:
            return redo_preview(self.match)
        return _step_sentence(self.match, self.match.redo_stack, "Redo would bring back")

    def is_over(self) -> bool:
        """True once the game has ended (the game's own `is_over`): no turn follows."""
        return bool(self.match.rules.is_over(self.match.state))

    def camera_words(self) -> tuple[tuple[str, str], ...]:
        """The game's words for a table with a camera, each with what it says to a table
        with none instead ("and scan the card." -> "and pick it from the list ..."); a
        screen shows the ones that fit its camera. None when the game words all alike."""
        return tuple((str(a), str(b)) for a, b in
                     getattr(self.match.rules, "camera_words", ()))

    def rule_marks(self) -> str:
        """The game's pattern of the rule references its sentences cite ("(35.9a)"): a
        table's screen leaves them out (history rows' `sentence` already does); "" if none."""
        return rule_marks(self.match)

    def odds(self, deck: str) -> dict[str, Any]:
        """What the next card of `deck` may be: counts and chances of each card name."""
        if deck not in self.match.catalog.decks:
            raise CompanionError(f"{deck!r} is not a deck; decks: "
                                 f"{', '.join(self.match.catalog.decks)}.")
        return self.match.odds(deck).to_dict()

    # ---- acting and change notices ----------------------------------------------------------
    def run(self, line: str) -> dict[str, Any]:
        """Run one command; the result as `play --json` prints it, with the `next` hint."""
        return result_dict(self.match, self.act(line), None)

    def scan(self, code: ScanCode) -> dict[str, Any]:
        """Play one code the camera read, as the scanner resolved it (no text round
        trip); the result as `run` gives it. History shows it as `scan TAG`."""
        return result_dict(self.match, self.act(code), None)

    def act(self, what: str | ScanCode) -> Result:
        """`run` or `scan`, with the typed result (its step: the cards it revealed)."""
        return self.session.run(what) if isinstance(what, str) else self.session.scan(what)

    def next_draw(self, deck: str) -> str:
        """The tag of the card the app's own draw would deal next from `deck`: only for
        a demo camera, which shows it to be "scanned"; never for a player's screen."""
        _events, card = piles.virtual_pick(self.match.state.table, deck)
        return Tag(self.session.game.prefix, card).text

    def subscribe(self, callback: Callable[[Result], None]) -> Callable[[], None]:
        """`callback(result)` after each step this process saves; returns unsubscribe."""
        return self.session.subscribe(callback)

    def changed(self) -> bool:
        """True when another process saved a step of this game (then call `reload`)."""
        return self.session.changed()

    def reload(self) -> None:
        self.session.reload()

    def file_version(self) -> int:
        """A number that changes whenever another companion writes to the saved-games
        file (SQLite's data version: microseconds to read, so cheap to poll)."""
        return self.session.journal.data_version()

    def latest_game(self) -> str | None:
        """The id of the game played last in this saved-games file (another screen may
        have started a new one)."""
        return self.session.journal.last_game()

    def replaced(self) -> bool:
        """True when the file at this game's path is no longer the one open here (a
        backup was restored, or the file set aside): close, and open the path again."""
        journal = self.session.journal
        return file_identity(journal.path) != journal.identity

    def close(self) -> str | None:
        """Checkpoint, back up what was written and close; a sentence if that failed."""
        return self.session.close()


def table_view(match: Match[Any], seat: str | None = None,
               shown: Mapping[str, Any] | None = None) -> TableView:
    """The game's `TableView` (public when `seat` is None); works on a bare `Match`;
    `shown`: the game's view for `seat` when the caller has built it already."""
    return table_view_of(match.rules, match.state, match.catalog, seat, shown)


def table_prompt(match: Match[Any], seat: str | None = None,
                 after: str | None = None, drawer: str = "table") -> Prompt:
    if not supports_prompt(match.rules):
        raise CompanionError(f"{match.rules.title} offers no prompt yet.")
    if drawer not in DRAWERS:
        raise CompanionError(f"Who draws the cards is 'table' or 'app', not {drawer!r}.")
    return prompt(match, seat, after, drawer)


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
                 newest: int | None = None,
                 numbers: Sequence[int] | None = None) -> list[dict[str, Any]]:
    """Every step of the journal as the table may see it, oldest first (only the
    `newest` steps if given: a live page needs the last few, not the whole game; or
    only the steps `numbers`).

    Keys: step, sentence, time, undone, and the step's own (kind, command,
    message, target, seat, events); `at` repeats `time` for older readers. `sentence`
    is the message as the table reads it, without the game's rule references (`message`
    keeps them).
    """
    marks = rule_marks(match)
    in_effect = set(match.stack)
    rows = []
    if newest is not None:
        numbers = sorted(match.index)[-newest:] if newest > 0 else []
    steps = match.history() if numbers is None else [match.step(n) for n in numbers]
    for step in steps:
        shown = public_step(step)
        time = (times or {}).get(step.number)
        rows.append({**shown.to_dict(), "sentence": without_rule_marks(shown.message, marks),
                     "time": time, "at": time,
                     "undone": step.kind == "do" and step.number not in in_effect})
    return rows


def _step_sentence(match: Match[Any], stack: Sequence[int], opening: str) -> str | None:
    """`opening` and the newest step of `stack` in the history's words; None if empty."""
    if not stack:
        return None
    target = public_step(match.step(stack[-1]))
    return f"{opening} step {target.number}: " \
        f"{without_rule_marks(target.message, rule_marks(match))}"


def rule_marks(match: Match[Any]) -> str:
    """The game's pattern of its rule references (its rules' `rule_marks`), "" if none."""
    return str(getattr(match.rules, "rule_marks", ""))
