"""A game session: the journal and the match, joined. The UI and CLI use this.

Every command is planned against the match, written to the journal in one
transaction, and only then committed to the match: a failed write (disk
full, a file replaced underfoot) leaves both exactly as they were. The
session, not the journal, decides when to snapshot, checkpoint and back up:
by step count, at the end of a round or of the game, and on close (a TI4
session never ends a round, so step counts alone must keep it safe).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.catalogs import load_catalog
from companion.core.definition import GameDefinition
from companion.core.engine import Match, Plan, Result, Snapshot
from companion.core.errors import CompanionError, DamageError
from companion.core.tags import classify
from companion.games.registry import game as game_named
from companion.games.registry import games
from companion.scanner.codes import ScanCode
from companion.store.errors import StoreConflictError, StoreError
from companion.store.journal import Journal, StoredSnapshot
from companion.store.opening import open_journal
from companion.store.shortened import shortened

#: A snapshot every this many steps in effect: an open folds at most this many steps.
SNAPSHOT_EVERY = 100
#: The write-ahead log is copied into the main file every this many steps.
CHECKPOINT_EVERY = 25
#: A backup every this many steps, for games that never end a round (TI4).
BACKUP_EVERY = 200

#: The longest command line, in characters: enough for any note (docs/commands.md).
MAX_LINE_CHARS = 4096

AFTER_SAVE_FAILED = ("(Saved; but the backup, checkpoint or snapshot after it could not be "
                     "written: check the free space and the backups folder.)")


@dataclass
class Session:
    journal: Journal
    game_id: str
    game: GameDefinition
    match: Match[Any]
    notice: str | None = None
    #: The newest backup holding steps this game lost (companion/store/shortened.py).
    backup_offer: str | None = None
    unbacked: int = 0  # steps written by this session since its last backup
    listeners: list[Callable[[Result], None]] = field(default_factory=list)
    seen_version: int | None = None

    def run(self, line: str) -> Result:
        """Run one typed or scripted command line; acknowledged only once saved."""
        refusal = _unreadable_line(line)
        if refusal:
            return Result(False, refusal, "refused")
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
            # The resolver's sentence, as `decode` shows it: it may suggest the tag a
            # look-alike such as `xp/h03` resembles.
            return Result(True, code.message or f"Foreign code {code.text[:60]!r} ignored: "
                          "not a card tag.", "foreign")
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
            try:
                if attempt or self.is_stale():
                    self.reload()
            except (StoreError, CompanionError) as exc:
                return Result(False, str(exc), "refused")
            plan = planner()
            step = plan.result.step
            if step is None:
                return plan.result
            try:
                self.journal.append(self.game_id, self.kind, step)
            except StoreConflictError:
                continue
            except (StoreError, CompanionError) as exc:
                return Result(False, str(exc), "refused")
            warning = self._commit(plan)
            result = self.match.with_moments(plan.result)
            if warning:
                result = replace(result, message=f"{result.message} {warning}")
            self._notify(result)
            return result
        return Result(False, "Another companion keeps changing this game; try again.",
                      "refused")

    def _commit(self, plan: Plan[Any]) -> str | None:
        """Commit a written step; snapshot, checkpoint and back up when it is time."""
        rules, before = self.match.rules, self.match.state
        was_over = rules.is_over(before)
        self.match.commit(plan)
        self.unbacked += 1
        after = self.match.state
        boundary = after.table.round > before.table.round or \
            (rules.is_over(after) and not was_over)
        count = self.match.step_count
        try:
            if plan.result.step and plan.result.step.kind == "do" \
                    and len(self.match.stack) % SNAPSHOT_EVERY == 0:
                self.snapshot()
            if boundary or count % CHECKPOINT_EVERY == 0:
                self.journal.checkpoint()
            if boundary or count % BACKUP_EVERY == 0:
                self.backup()
        except (StoreError, CompanionError, sqlite3.Error, OSError):
            return AFTER_SAVE_FAILED
        return None

    def snapshot(self) -> None:
        length, chain = self.match.snapshot_key
        self.journal.snapshot(self.game_id, length, chain, self.match.state.to_dict())

    def backup(self) -> Path:
        target = self.journal.backup()
        self.unbacked = 0
        return target

    def is_stale(self) -> bool:
        """True if the journal holds steps this session has not seen."""
        return self.journal.last_step(self.game_id) != max(self.match.index, default=0)

    def reload(self) -> None:
        self.match = load_match(self.journal, self.game_id, self.game)

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

    def close(self) -> str | None:
        """Checkpoint and back up what this session wrote, then close; a sentence if not."""
        warning = None
        if self.unbacked:
            try:
                self.journal.checkpoint()
                self.backup()
            except (StoreError, CompanionError, sqlite3.Error, OSError):
                warning = "The backup on closing could not be written; every command is saved."
        self.journal.close()
        return warning


def _unreadable_line(line: str) -> str | None:
    """A sentence for a line too long or not UTF-8 text (read with surrogateescape)."""
    if len(line) > MAX_LINE_CHARS:
        length = getattr(line, "real_length", len(line.rstrip("\r\n")))  # LongLine: cut short
        return (f"That line is {length:,} characters long; a command is at most "
                f"{MAX_LINE_CHARS:,} characters, so it was not read.")
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return "That line is not UTF-8 text, so it was not read; retype it."
    return None


def load_match(journal: Journal, game_id: str, game: GameDefinition) -> Match[Any]:
    """A saved game as a match: the newest usable snapshot plus the steps after it."""
    record = journal.record(game_id)
    rules = game.rules
    try:
        catalog = game.catalog_from_data(record.catalog_data, f"catalog saved with {game_id}")
    except CompanionError as exc:
        raise DamageError(f"The catalog saved with {game_id} cannot be read ({exc}); "
                          "`companion recover` can restore a backup.") from exc
    return Match(rules, catalog, record.seed, (),
                 [_snapshot(rules, s) for s in record.snapshots],
                 index=record.index, load_steps=record.load_steps)


def _snapshot(rules: Any, stored: StoredSnapshot) -> Snapshot[Any]:
    def load() -> Any:
        data = stored.load()
        try:
            return rules.state_from_dict(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise DamageError(f"The snapshot after {stored.length} steps cannot be read; "
                              "`companion recover` can save the game.") from exc
    return Snapshot(stored.length, stored.chain, load)


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
            saved = _saved_game(journal.kind_of(game_id), game_id)
            if journal.deleted_at(game_id) is not None:
                raise CompanionError(f"The saved game {game_id} is deleted; bring it back "
                                     f"first with `companion games --restore {game_id}` "
                                     "or the app's Saved games.")
            if game is not None and saved.id != game:
                raise CompanionError(
                    f"The saved game {game_id} is {saved.title_with_article} game, "
                    f"not {game_named(game).title_with_article} game.")
            match = load_match(journal, game_id, saved)
            short = shortened(journal, game_id)
            if short is None:
                return Session(journal, game_id, saved, match, notice)
            notice = " ".join(x for x in (notice, short.sentence) if x)
            return Session(journal, game_id, saved, match, notice, short.backup)
        if game is None:
            raise CompanionError("There is no saved game yet; start one with "
                                 f"`companion play --game GAME` (GAME: {games().choices()}).")
        return _new_session(journal, game_named(game), seed, notice, reuse=not new)
    except (CompanionError, StoreError) as exc:
        journal.close()
        if notice and notice not in str(exc):  # every command that set a file aside says so
            raise CompanionError(f"{notice} {exc}") from exc
        raise
    except BaseException:
        journal.close()
        raise


def _saved_game(kind: str, game_id: str) -> GameDefinition:
    """The definition a saved game was played with; a sentence if it is not installed."""
    if kind not in games():
        raise CompanionError(f"The saved game {game_id} is a {kind!r} game, which this "
                             f"companion does not know (it knows {games().choices()}).")
    return games().get(kind)


def _new_session(journal: Journal, game: GameDefinition, seed: int | None,
                 notice: str | None, reuse: bool = False) -> Session:
    """A new game; with `reuse`, the game another companion started a moment ago, if any."""
    catalog = load_catalog(game.id)  # a broken catalog refuses here, before any game starts
    seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    match = Match(game.rules, catalog, seed)
    if not reuse:
        return Session(journal, journal.create_game(game.id, seed, catalog), game, match,
                       notice)
    game_id, created = journal.join_or_create(game.id, seed, catalog)
    if not created:  # another companion started it a moment ago: play that one
        match = load_match(journal, game_id, game)
    return Session(journal, game_id, game, match, notice)


def import_game(journal: Journal, data: Mapping[str, Any], game: GameDefinition) -> str:
    """Add an exported game as a new saved game (every field checked; see transfer)."""
    from companion.transfer import import_game as checked_import

    return checked_import(journal, data, game)
