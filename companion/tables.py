"""The saved-games file as a screen sees it: list, open, start and recover games.

The app holds one `Tables` for its file and, once a game is open, one `TableAPI`
(companion/api.py); it never holds a `Session` or the journal itself. Every call
here opens the file, does one thing and closes it again, except `open` and `new`,
whose `TableAPI` keeps the game open until its `close()`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.api import TableAPI, table_view
from companion.core.errors import CompanionError
from companion.games.registry import game, games
from companion.recovery import (
    recover_from,
    recover_game,
    restore_backup,
    restore_instead,
    set_aside_and_start,
)
from companion.session import load_match, open_session
from companion.store.backups import backups_of
from companion.store.errors import StoreError
from companion.store.journal import GameInfo, Journal
from companion.store.opening import open_journal


@dataclass(frozen=True)
class SavedGame:
    """One saved game as a list shows it: its id, its game's title, steps, last change."""

    game_id: str
    title: str
    steps: int
    updated: str
    #: The game's public view as it now stands, its table view under `table` ({} when
    #: the game cannot be read).
    view: dict[str, Any] = field(default_factory=dict)
    #: When it was deleted (UTC, ISO): it waits in Deleted games, to be brought back; "" if
    #: it was not.
    deleted: str = ""
    #: It is the game open in this companion now (it cannot be deleted while it is).
    playing: bool = False

    @classmethod
    def of(cls, info: GameInfo, view: dict[str, Any] | None = None,
           playing: bool = False) -> SavedGame:
        try:
            title = games().declaration(info.kind).title  # its rules not imported
        except CompanionError:
            title = info.kind  # a game this companion does not know: its id, as saved
        return cls(info.game_id, title, info.steps, info.updated, view or {},
                   info.deleted or "", playing)


@dataclass(frozen=True)
class LastGame:
    """The game played last (None when none), and the sentence when opening the file
    had to set a damaged one aside first."""

    game_id: str | None
    notice: str | None = None


class Tables:
    """The saved-games file at `db` (created on first use)."""

    def __init__(self, db: Path):
        self.db = db

    @contextmanager
    def _journal(self) -> Iterator[tuple[Journal, str | None]]:
        journal, notice = open_journal(self.db)
        try:
            yield journal, notice
        finally:
            journal.close()

    def games(self, open_game: TableAPI | None = None,
              deleted: bool = False) -> tuple[SavedGame, ...]:
        """Every saved game, the most recently played first, each with its public view
        (round, players): `open_game`'s own, the others replayed from their last
        snapshot (about 10 ms for 99 steps). With `deleted`, the deleted games follow,
        the most recently deleted first."""
        playing = open_game.game_id if open_game is not None else None
        with self._journal() as (journal, _notice):
            infos = journal.games() + (journal.games(deleted=True) if deleted else [])
            return tuple(SavedGame.of(info, _view_of(journal, info, open_game),
                                      info.game_id == playing) for info in infos)

    def delete(self, game_id: str) -> None:
        """Set a saved game aside whole (`bring_back` brings it back); a sentence if it
        cannot be (the file busy or read-only, no such game)."""
        with self._journal() as (journal, _notice):
            journal.delete_game(game_id)

    def bring_back(self, game_id: str) -> None:
        """Bring a deleted game back to the list, exactly as it was."""
        with self._journal() as (journal, _notice):
            journal.restore_game(game_id)

    def mark_played(self, game_id: str) -> None:
        """A game resumed at the table goes first in the list ("Last played" now) and is
        the one a restart opens (try 9). A file that cannot be written (read-only, busy)
        leaves the time as it was: the game itself still opens."""
        with self._journal() as (journal, _notice):
            if journal.read_only:
                return
            try:
                journal.mark_played(game_id)
            except StoreError:
                return

    def last_game(self, kind: str | None = None) -> LastGame:
        """The game played last (of `kind`, a game's id, when given)."""
        with self._journal() as (journal, notice):
            return LastGame(journal.last_game(kind), notice)

    def last_kind(self) -> str | None:
        """The game (its id) this table played last: None on a new table."""
        with self._journal() as (journal, _notice):
            return journal.last_kind()

    def open(self, game_id: str | None = None) -> TableAPI:
        """The named saved game (else the one played last), open until `close()`."""
        return TableAPI(open_session(self.db, None, game_id))

    def new(self, kind: str, seed: int | None = None) -> TableAPI:
        """A new game of `kind` (a registered game's id), open until `close()`."""
        return TableAPI(open_session(self.db, kind, new=True, seed=seed))

    # ---- recovery (the same calls as `companion recover`) -------------------------------
    def backups(self) -> list[str]:
        """The names of the backups beside the file, oldest first."""
        return [path.name for path in backups_of(self.db)]

    def recover_game(self, game_id: str | None) -> str:
        """Copy a damaged game's good steps into a new game; the sentence saying so."""
        return recover_game(self.db, game_id)

    def recover_from(self, kept: Path) -> str:
        """Copy every readable game of a damaged file set aside into this file."""
        return recover_from(self.db, kept)

    def restore(self, backup: str) -> str:
        """Put the named backup in place of the file (the file it replaces is kept)."""
        return restore_backup(self.db, backup)

    def restore_instead(self, backup: str) -> str:
        """Put the named backup in place of a file that cannot be used (kept aside first)."""
        return restore_instead(self.db, backup)

    def set_aside(self) -> str:
        """Keep whatever is at the path aside and start a new saved-games file."""
        return set_aside_and_start(self.db)


def _view_of(journal: Journal, info: GameInfo, open_game: TableAPI | None) -> dict[str, Any]:
    try:
        if open_game is not None and open_game.game_id == info.game_id:
            return open_game.view()
        match = load_match(journal, info.game_id, game(info.kind))
        shown = match.rules.view(match.state, match.catalog, None)
        return {**shown, "table": table_view(match, None, shown).to_dict()}
    except (CompanionError, StoreError):
        return {}  # a damaged game is still listed; opening it says what is wrong
