"""A game session: the journal and the match, joined. The UI and CLI use this.

Every command is planned against the match, written to the journal in one
transaction, and only then made part of the match. A failed write (disk full)
leaves both exactly as they were.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.catalogs import load_catalog
from companion.core.engine import Match, Result
from companion.core.errors import CompanionError
from companion.core.tags import with_article
from companion.games.registry import rules_for
from companion.store.journal import Journal, StoreConflictError, StoreError, open_journal


@dataclass
class Session:
    journal: Journal
    game_id: str
    match: Match[Any]
    notice: str | None = None
    listeners: list[Callable[[Result], None]] = field(default_factory=list)
    seen_version: int | None = None

    def run(self, line: str) -> Result:
        """Run one command line; the result is acknowledged only once saved.

        If another companion (a second screen, a phone) saved a step of the same
        game since this one last looked, the game is reloaded and the command
        judged again against the state everyone now shares.
        """
        for attempt in range(2):
            if attempt or self.is_stale():
                self.reload()
            plan = self.match.plan(line)
            if plan.result.step is None:
                return plan.result
            try:
                warning = self.journal.append(self.game_id, self.match, plan)
            except StoreConflictError:
                continue
            except StoreError as exc:
                return Result(False, str(exc), "refused")
            result = plan.result
            if warning:
                result = replace(result, message=f"{result.message} {warning}")
            self._notify(result)
            return result
        return Result(False, "Another companion keeps changing this game; try again.",
                      "refused")

    def is_stale(self) -> bool:
        """True if the journal holds steps this session has not seen."""
        return self.journal.last_step(self.game_id) != max(self.match.index, default=0)

    def reload(self) -> None:
        self.match = self.journal.load(self.game_id, self.match.rules)

    # ---- change notices (docs/table-api.md) ----
    def subscribe(self, callback: Callable[[Result], None]) -> Callable[[], None]:
        """Call `callback(result)` after each step this session saves; returns unsubscribe."""
        self.listeners.append(callback)
        return lambda: self.listeners.remove(callback) if callback in self.listeners else None

    def _notify(self, result: Result) -> None:
        for callback in list(self.listeners):
            callback(result)

    def changed(self) -> bool:
        """True when another companion saved a step of this game since the last look.

        Cheap enough to poll: SQLite's data_version first (microseconds); only when
        it moved is the newest step number read. Reload the game when it says True.
        """
        version = self.journal.data_version()
        if version == self.seen_version:
            return False
        self.seen_version = version
        return self.is_stale()

    @property
    def kind(self) -> str:
        return self.match.rules.game

    def close(self) -> None:
        self.journal.close()


def open_db(db: Path) -> tuple[Journal, str | None]:
    try:
        return open_journal(db)
    except OSError as exc:
        raise CompanionError(f"The saved-games file {db} cannot be opened ({exc.strerror}).") \
            from exc


def open_session(db: Path, game: str | None, game_id: str | None = None,
                 new: bool = False, seed: int | None = None) -> Session:
    """Resume the named game, else the last game of `game`, else start a new one."""
    journal, notice = open_db(db)
    try:
        if game_id is None and not new:
            game_id = journal.last_game(game)
        if game_id is not None and not new:
            kind = journal.kind_of(game_id)
            if game is not None and kind != game:
                raise CompanionError(f"The saved game {game_id} is {with_article(kind)} game, "
                                     f"not {with_article(game)} game.")
            match = journal.load(game_id, rules_for(kind))
            return Session(journal, game_id, match, notice)
        if game is None:
            raise CompanionError("There is no saved game yet; start one with "
                                 "`companion play --game xp` or `--game ti4`.")
        return _new_session(journal, game, seed, notice)
    except BaseException:
        journal.close()
        raise


def _new_session(journal: Journal, game: str, seed: int | None,
                 notice: str | None) -> Session:
    rules = rules_for(game)
    catalog = load_catalog(game)  # a broken catalog refuses here, before any game starts
    seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    match = Match(rules, catalog, seed)
    game_id = journal.create_game(game, seed, catalog)
    return Session(journal, game_id, match, notice)
