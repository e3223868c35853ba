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
from companion.core.definition import GameDefinition
from companion.core.engine import Match, Plan, Result
from companion.core.errors import CompanionError
from companion.core.tags import classify
from companion.games.registry import game as game_named
from companion.games.registry import games
from companion.scanner.codes import ScanCode
from companion.store.journal import Journal, StoreConflictError, StoreError, open_journal


@dataclass
class Session:
    journal: Journal
    game_id: str
    game: GameDefinition
    match: Match[Any]
    notice: str | None = None
    listeners: list[Callable[[Result], None]] = field(default_factory=list)
    seen_version: int | None = None

    def run(self, line: str) -> Result:
        """Run one typed or scripted command line; acknowledged only once saved."""
        other = self._other_game_tag(line)
        if other is not None:
            return Result(False, other, "refused")
        return self._saved(lambda: self.match.plan(line))

    def scan(self, code: ScanCode) -> Result:
        """Play one code the camera read, as the scanner resolved it; no text round trip.

        Only a code resolved as a card of this game's catalog ("ok") can change the
        game; every other status is reported in its own sentence and changes nothing.
        """
        if code.status == "foreign":
            return Result(True, f"Foreign code {code.text[:60]!r} ignored: not a card tag.",
                          "foreign")
        card = code.card
        entry = self.match.catalog.cards.get(card.id) if card is not None else None
        if code.status != "ok" or card is None or card.game != self.game.id or entry is None:
            return Result(False, code.message or f"{code.text[:60]} is not a card of this "
                          f"{self.game.title} game.", "refused")
        line = f"scan {self.match.catalog.tag_of(entry.card_id)}"  # what history shows
        return self._saved(lambda: self.match.plan_card(entry, line))

    def _other_game_tag(self, line: str) -> str | None:
        """For a typed `scan TAG` of another registered game: the sentence naming it."""
        words = line.split()
        if len(words) != 2 or words[0].lower() != "scan":
            return None
        found = classify(words[1])
        if found.tag is None or found.tag.prefix == self.game.prefix:
            return None
        try:
            owner = games().game_of(found.tag)
        except CompanionError:
            return None  # the match says what is wrong with it
        return (f"{found.tag} is {owner.title_with_article} card, not part of this "
                f"{self.game.title} game.")

    def _saved(self, planner: Callable[[], Plan[Any]]) -> Result:
        """Plan, write and commit one step; the result is acknowledged only once saved.

        If another companion (a second screen, a phone) saved a step of the same
        game since this one last looked, the game is reloaded and the command
        judged again against the state everyone now shares.
        """
        for attempt in range(2):
            if attempt or self.is_stale():
                self.reload()
            plan = planner()
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
        self.match = self.journal.load(self.game_id, self.game)

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
        return self.game.id

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
            saved = game_named(journal.kind_of(game_id))
            if game is not None and saved.id != game:
                raise CompanionError(
                    f"The saved game {game_id} is {saved.title_with_article} game, "
                    f"not {game_named(game).title_with_article} game.")
            match = journal.load(game_id, saved)
            return Session(journal, game_id, saved, match, notice)
        if game is None:
            raise CompanionError("There is no saved game yet; start one with "
                                 f"`companion play --game GAME` (GAME: {games().choices()}).")
        return _new_session(journal, game_named(game), seed, notice)
    except BaseException:
        journal.close()
        raise


def _new_session(journal: Journal, game: GameDefinition, seed: int | None,
                 notice: str | None) -> Session:
    catalog = load_catalog(game.id)  # a broken catalog refuses here, before any game starts
    seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    match = Match(game.rules, catalog, seed)
    game_id = journal.create_game(game.id, seed, catalog)
    return Session(journal, game_id, game, match, notice)
