"""The journal: every command is one transaction, acknowledged after commit.

WAL with `synchronous=FULL` means a committed step survives a killed process
and a power cut. The journal only records: it writes and reads steps,
snapshots and backups, checks every row it reads against its checksum, and
knows no game. The session decides what to write and when.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.core.catalog import Catalog, content_hash
from companion.core.errors import CompanionError, DamageError
from companion.core.events import Event, Step
from companion.store import deleting, heads, held
from companion.store.backups import write_backup
from companion.store.checksums import (
    INDEX_TEXT,
    game_crc,
    head_crc,
    index_start,
    snapshot_crc,
    step_crc,
)
from companion.store.errors import (
    BUSY_CODES,
    FileReplacedError,
    StoreError,
    primary_code,
    translate,
)
from companion.store.schema import check_read_only_schema, migrate

StepIndex = dict[int, tuple[str, int | None]]


@dataclass(frozen=True)
class GameInfo:
    game_id: str
    kind: str
    created: str
    updated: str
    steps: int
    #: When the game was deleted (UTC, ISO; store/deleting.py), None if it was not.
    deleted: str | None = None


@dataclass(frozen=True)
class StoredSnapshot:
    """A stored state after the first `length` steps in effect, read only if used."""

    length: int
    chain: str
    load: Callable[[], dict[str, Any]]


@dataclass(frozen=True)
class GameRecord:
    """What opening a game reads: its seed, catalog, index, snapshots and a step loader."""

    game_id: str
    kind: str
    seed: int
    catalog_data: dict[str, Any]
    index: StepIndex
    snapshots: list[StoredSnapshot]
    load_steps: Callable[[Sequence[int]], dict[int, Step]]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _damaged(game_id: str, what: str, step: int | None = None) -> DamageError:
    return DamageError(f"{what} of the saved game {game_id} is damaged (its checksum does not "
                       "match); the command was not run. `companion recover` can copy the "
                       "good steps into a new game or restore a backup.", step)


class Journal:
    """One SQLite file holding any number of saved games."""

    def __init__(self, path: Path, read_only: str | None = None):
        """`read_only`: why the file cannot be written (it is then only read, never changed)."""
        self.path = path
        self.read_only = read_only
        self._held = file_identity(path)  # held from before the connection takes its locks
        held.hold(self._held)
        try:
            self._connect(path, read_only)
        except BaseException:
            held.release(self._held)
            raise
        self.identity = file_identity(path)

    def _connect(self, path: Path, read_only: str | None) -> None:
        if read_only:
            self.conn = connect_read_only(path)
            return
        with heads.folder_lock(path.parent):
            self.conn = connect(path)  # a migration may start a new -wal: its salts noted
            if heads.wal_salts(path) not in (None, heads.read_heads(path).wal):
                _note_heads(path, {})

    def close(self) -> None:
        """Close the connection under the folder lock, so no set-aside happens meanwhile.

        SQLite's last connection to a file checkpoints it and then deletes its
        `-wal` and `-shm` by name. It skips both when the path no longer holds
        its file, but it looks once, before the checkpoint: a set-aside and a new
        file linked in while it checkpoints would lose the new file's log and
        index. Setting aside takes this lock too (opening.py).
        """
        try:
            if self.read_only:
                self.conn.close()
                return
            try:
                with heads.folder_lock(self.path.parent):
                    self.conn.close()
            except OSError:  # the folder is gone or unreadable: nothing is set aside there
                self.conn.close()
        finally:
            held.release(self._held)
            self._held = None

    # ---- the file under us ----------------------------------------------------------
    def check_same_file(self) -> None:
        """Refuse to write if the file at our path is no longer the one we opened."""
        now = file_identity(self.path)
        if now is None:
            raise FileReplacedError(f"The saved-games file {self.path} was deleted while this "
                                    "companion had it open; nothing more is saved. Close this "
                                    "companion and start it again.")
        if now != self.identity:
            raise FileReplacedError(f"The saved-games file {self.path} was replaced while this "
                                    "companion had it open (a restore?); the command was not "
                                    "saved. Close this companion and start it again.")

    @contextmanager
    def _transaction(self, game_id: str | None = None) -> Iterator[sqlite3.Connection]:
        """One write; then, still under the folder lock, the game's head and the -wal noted.

        A transaction may restart the -wal with new salts, so the heads file is
        written before anyone else may look at the -wal (docs/journal.md).
        """
        if self.read_only:
            raise StoreError(f"The saved-games file {self.path} is read-only "
                             f"({self.read_only}), so nothing can be played or changed; the "
                             "game, its history and its export can still be shown.")
        with heads.folder_lock(self.path.parent):
            self.check_same_file()
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                yield self.conn
                head = {game_id: _head_now(self.conn, game_id)} if game_id else {}
                self.conn.execute("COMMIT")
            except sqlite3.Error as exc:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise translate(exc, self.path) from exc
            _note_heads(self.path, head)

    def _read(self, query: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            return self.conn.execute(query, params).fetchall()
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from exc

    # ---- games ------------------------------------------------------------------
    def create_game(self, kind: str, seed: int, catalog: Catalog) -> str:
        try:
            with self._transaction() as conn:
                return _insert_game(conn, kind, seed, catalog)
        except StoreError as exc:
            raise _before_any_command(exc, self.path) from exc

    def join_or_create(self, kind: str, seed: int, catalog: Catalog) -> tuple[str, bool]:
        """The last game of `kind`, else a new one (True): decided inside the write
        transaction, so companions starting together on an empty (or just set aside)
        file agree on one new game."""
        try:
            with self._transaction() as conn:
                found = conn.execute("SELECT value FROM meta WHERE key=?",
                                     (f"last:{kind}",)).fetchone()
                if found is not None:
                    return str(found[0]), False
                return _insert_game(conn, kind, seed, catalog), True
        except StoreError as exc:
            raise _before_any_command(exc, self.path) from exc

    def games(self, deleted: bool = False) -> list[GameInfo]:
        """The saved games, the most recently played first; with `deleted`, the deleted
        ones instead, the most recently deleted first."""
        rows = self._read(
            "SELECT g.game_id, g.kind, g.created, g.updated, "
            "(SELECT COUNT(*) FROM steps s WHERE s.game_id = g.game_id), "
            f"(SELECT value FROM meta m WHERE m.key = '{deleting.PREFIX}' || g.game_id) AS d "
            f"FROM games g WHERE {'NOT ' if deleted else ''}{deleting.KEPT} "
            f"ORDER BY {'d' if deleted else 'g.updated'} DESC")
        return [GameInfo(*row) for row in rows]

    def deleted_at(self, game_id: str) -> str | None:
        """When the game was deleted, or None if it was not (or there is no such game)."""
        try:
            return deleting.deleted_at(self.conn, game_id)
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from exc

    def delete_game(self, game_id: str) -> None:
        """Set the game aside in the file, whole (store/deleting.py); `restore_game` brings
        it back. A damaged game can be deleted too: only its kind is read."""
        kind = self._kind_unchecked(game_id)
        if self.deleted_at(game_id) is not None:
            raise StoreError(f"The saved game {game_id} is deleted already.")
        with self._transaction() as conn:
            deleting.mark(conn, game_id, kind, _now())

    def mark_played(self, game_id: str) -> None:
        """The game is played now (resumed at the table): its "last played" time and the
        game a restart resumes, as a step would set them; none of its steps changes."""
        kind = self._kind_unchecked(game_id)
        with self._transaction() as conn:
            conn.execute("UPDATE games SET updated=? WHERE game_id=?", (_now(), game_id))
            _set_last(conn, kind, game_id)

    def restore_game(self, game_id: str) -> None:
        """Bring a deleted game back to the list, exactly as it was."""
        kind = self._kind_unchecked(game_id)
        if self.deleted_at(game_id) is None:
            raise StoreError(f"The saved game {game_id} is not deleted; `companion games` "
                             "lists it.")
        with self._transaction() as conn:
            deleting.unmark(conn, game_id, kind)

    def last_kind(self) -> str | None:
        """The game (kind) of the game played last on this table, None before any."""
        rows = self._read("SELECT g.kind FROM meta m JOIN games g ON g.game_id = m.value "
                          "WHERE m.key='last'", ())
        return str(rows[0][0]) if rows else None

    def _kind_unchecked(self, game_id: str) -> str:
        rows = self._read("SELECT kind FROM games WHERE game_id=?", (game_id,))
        if not rows:
            raise StoreError(f"There is no saved game called {game_id!r}; "
                             "`companion games` lists them.")
        return str(rows[0][0])

    def last_game(self, kind: str | None = None) -> str | None:
        key = f"last:{kind}" if kind else "last"
        rows = self._read("SELECT value FROM meta WHERE key=?", (key,))
        return str(rows[0][0]) if rows else None

    def _game_row(self, game_id: str) -> tuple[str, int, str]:
        """Kind, seed and catalog hash of a game, checked against the row's checksum."""
        rows = self._read("SELECT kind, seed, catalog_hash, created, crc FROM games "
                          "WHERE game_id=?", (game_id,))
        if not rows:
            raise StoreError(f"There is no saved game called {game_id!r}; "
                             "`companion games` lists them.")
        kind, seed, catalog_hash, created, crc = rows[0]
        if crc != game_crc(game_id, kind, seed, catalog_hash, created):
            raise _damaged(game_id, "The record")
        return str(kind), int(seed), str(catalog_hash)

    def kind_of(self, game_id: str) -> str:
        return self._game_row(game_id)[0]

    # ---- loading ---------------------------------------------------------------------
    def catalog_data(self, game_id: str) -> dict[str, Any]:
        """The catalog data the game was played with, as stored beside it (its hash checked).

        Data, not a `Catalog`: building one needs the game's definition (its tag
        prefix), which the session has and the journal does not.
        """
        catalog_hash = self._game_row(game_id)[2]
        rows = self._read("SELECT data FROM catalogs WHERE hash=?", (catalog_hash,))
        if not rows:
            raise _damaged(game_id, "The catalog")
        try:
            data = json.loads(rows[0][0])
            intact = isinstance(data, dict) and content_hash(data) == catalog_hash
        except (ValueError, TypeError, RecursionError) as exc:
            raise _damaged(game_id, "The catalog") from exc
        if not intact:
            raise _damaged(game_id, "The catalog")
        return data

    def record(self, game_id: str) -> GameRecord:
        """What opening a game needs, every row of it checked; steps fetched when asked."""
        kind, seed, _ = self._game_row(game_id)
        return GameRecord(game_id, kind, seed, self.catalog_data(game_id), self.index(game_id),
                          self._snapshots(game_id),
                          lambda numbers: self.steps(game_id, numbers))

    def index(self, game_id: str) -> StepIndex:
        """Number -> (kind, undo target) of every step; the chain checked, no gap allowed.

        SQLite builds the index text in one string (C, no Python object per row),
        so checking the chain costs one CRC; only a mismatch reads row by row.
        """
        rows = self._read("SELECT step, kind, target FROM steps WHERE game_id=? ORDER BY step",
                          (game_id,))
        index: StepIndex = {n: (kind, target) for n, kind, target in rows}
        if not index:
            return index
        text, last = self._read(
            f"SELECT group_concat(t, ''), (SELECT head_crc FROM steps WHERE game_id=?1 "
            f"ORDER BY step DESC LIMIT 1) FROM (SELECT {INDEX_TEXT} AS t FROM steps "
            "WHERE game_id=?1 ORDER BY step)", (game_id,))[0]
        if zlib.crc32(text.encode("utf-8", "surrogateescape"), index_start(game_id)) != last:
            broken = self._first_broken(game_id)
            raise _damaged(game_id, f"Step {broken}", broken)
        if max(index) != len(index):
            missing = next(n for n in range(1, len(index) + 1) if n not in index)
            raise _damaged(game_id, f"Step {missing} (missing)", missing)
        return index

    def _first_broken(self, game_id: str) -> int:
        """The first step whose head does not continue the chain from the step before it."""
        rows = self._read("SELECT step, kind, target, head_crc FROM steps WHERE game_id=? "
                          "ORDER BY step", (game_id,))
        previous = index_start(game_id)
        for n, kind, target, head in rows:
            if head != head_crc(previous, n, kind, target):
                return int(n)
            previous = head
        return int(rows[-1][0])

    def steps(self, game_id: str, numbers: Sequence[int] | None = None) -> dict[int, Step]:
        """Whole steps with their events, each checked: all of them, or those named."""
        events = self._events(game_id, numbers)
        query = ("SELECT step, kind, target, command, message, seat, at, head_crc, crc "
                 "FROM steps WHERE game_id=?")
        steps: dict[int, Step] = {}
        for chunk in _chunks(numbers):
            where = f" AND step IN ({','.join('?' * len(chunk))})" if chunk else ""
            for n, kind, target, cmd, msg, seat, at, head, crc in self._read(
                    query + where, (game_id, *chunk)):
                # The head itself is checked with the index (a chain); a damaged head
                # makes this step's own checksum, which starts from it, fail here.
                raw = events.get(n, [])
                if crc != step_crc(head, cmd, msg, seat, at, raw):
                    raise _damaged(game_id, f"Step {n}", n)
                steps[n] = Step(n, kind, cmd, msg, _parse_events(game_id, n, raw), target, seat)
        missing = [n for n in numbers or () if n not in steps]
        if missing:
            raise _damaged(game_id, f"Step {missing[0]} (missing)", missing[0])
        return steps

    def _events(self, game_id: str, steps: Sequence[int] | None) -> dict[int, list[Any]]:
        """Raw (type, JSON text) events by step: of all steps, or only of those named."""
        query = "SELECT step, type, data FROM events WHERE game_id=?"
        found: dict[int, list[Any]] = {}
        for chunk in _chunks(steps):
            where = f" AND step IN ({','.join('?' * len(chunk))})" if chunk else ""
            for step, type_, data in self._read(query + where + " ORDER BY step, idx",
                                                (game_id, *chunk)):
                found.setdefault(step, []).append((type_, data))
        return found

    def _snapshots(self, game_id: str) -> list[StoredSnapshot]:
        """Every stored snapshot, newest first; a state is read and checked only if used."""
        def loader(length: int, chain: str) -> Callable[[], dict[str, Any]]:
            def load() -> dict[str, Any]:
                rows = self._read("SELECT state, crc FROM snapshots WHERE game_id=? AND "
                                  "length=? AND chain=?", (game_id, length, chain))
                if not rows or rows[0][1] != snapshot_crc(game_id, length, chain, rows[0][0]):
                    raise _damaged(game_id, f"The snapshot after {length} steps")
                return _json(game_id, f"The snapshot after {length} steps", rows[0][0])
            return load
        rows = self._read("SELECT length, chain FROM snapshots WHERE game_id=? "
                          "ORDER BY length DESC", (game_id,))
        return [StoredSnapshot(length, chain, loader(length, chain)) for length, chain in rows]

    def last_step(self, game_id: str) -> int:
        """The number of the newest saved step (0 for none): cheap enough to poll."""
        rows = self._read("SELECT MAX(step) FROM steps WHERE game_id=?", (game_id,))
        return int(rows[0][0] or 0)

    def data_version(self) -> int:
        """SQLite's `PRAGMA data_version`: it changes when another connection commits.

        A second screen polls this (microseconds) and reads only when it moved.
        """
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def step_times(self, game_id: str, since: int = 0) -> dict[int, str]:
        """When each step from number `since` on was saved (one indexed read)."""
        return dict(self._read("SELECT step, at FROM steps WHERE game_id=? AND step>=?",
                               (game_id, since)))

    def history(self, game_id: str) -> list[dict[str, Any]]:
        """Every step's words and time, each checked (with its events) as it is read."""
        steps = self.steps(game_id)
        times = dict(self._read("SELECT step, at FROM steps WHERE game_id=?", (game_id,)))
        return [{"step": n, "kind": s.kind, "target": s.target, "command": s.command,
                 "message": s.message, "seat": s.seat, "at": times[n]}
                for n, s in sorted(steps.items())]

    # ---- writing ------------------------------------------------------------------------
    def append(self, game_id: str, kind: str, step: Step) -> None:
        """Write one step in one transaction; raises a StoreError if it was not saved."""
        with self._transaction(game_id) as conn:
            _insert_step(conn, game_id, step)
            conn.execute("UPDATE games SET updated=? WHERE game_id=?", (_now(), game_id))
            _set_last(conn, kind, game_id)

    def snapshot(self, game_id: str, length: int, chain: str, state: dict[str, Any]) -> None:
        text = json.dumps(state)
        with self._transaction() as conn:
            conn.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?, ?)",
                         (game_id, length, chain, text,
                          snapshot_crc(game_id, length, chain, text)))

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the main file, so the main file holds the game.

        PASSIVE never waits for another companion that is reading; what it
        cannot copy now is copied at the next checkpoint.
        """
        if self.read_only:
            return
        self.check_same_file()
        try:
            self.conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from exc

    def backup(self, keep: int | None = None) -> Path:
        """Copy the whole file to backups/ beside it; keep the last few."""
        self.check_same_file()
        return write_backup(self.conn, self.path, keep)

    def integrity_ok(self) -> bool:
        return bool(self._read("PRAGMA integrity_check")[0][0] == "ok")

    # ---- export / import ----------------------------------------------------------------
    def export(self, game_id: str) -> dict[str, Any]:
        """The game with its catalog and every step, everything checked first."""
        kind, seed, _ = self._game_row(game_id)
        created = self._read("SELECT created FROM games WHERE game_id=?", (game_id,))[0][0]
        steps = self.steps(game_id)
        self.index(game_id)
        for snapshot in self._snapshots(game_id):
            snapshot.load()
        return {"format": "exploration-companion-game", "version": 1, "game_id": game_id,
                "kind": kind, "seed": seed, "created": created,
                "catalog": self.catalog_data(game_id),
                "steps": [s.to_dict() for _, s in sorted(steps.items())]}

    def add_game(self, kind: str, seed: int, catalog: Catalog, steps: Sequence[Step]) -> str:
        """A whole game as a new saved game, in one transaction: all of it, or nothing."""
        with self._transaction() as conn:
            game_id = _insert_game(conn, kind, seed, catalog)
            for step in steps:
                _insert_step(conn, game_id, step)
            head = _head_now(conn, game_id)
        with heads.folder_lock(self.path.parent):
            _note_heads(self.path, {game_id: head})
        return game_id


def _before_any_command(exc: StoreError, path: Path) -> StoreError:
    """A new game that could not be started: no command was lost, so none is named."""
    if "The disk is full" not in str(exc):
        return exc
    return StoreError(f"There is not enough free space to start a new game in {path}; "
                      "free some space and try again.")


def _head_now(conn: sqlite3.Connection, game_id: str) -> heads.Head | None:
    """The game's newest step and its checksum (over the step and the chain before it)."""
    row = conn.execute("SELECT s.step, s.crc, g.crc FROM games g JOIN steps s "
                       "ON s.game_id = g.game_id WHERE g.game_id=? ORDER BY s.step DESC "
                       "LIMIT 1", (game_id,)).fetchone()
    if row is None or not all(isinstance(x, int) for x in row):
        return None
    return heads.Head(*row)


def _note_heads(path: Path, updates: dict[str, heads.Head | None]) -> None:
    """Write the heads file (the lock held); if it cannot be written, remove it.

    A heads file left behind with an old -wal's salts would have the next open
    set aside a -wal that is the file's own: no heads file says nothing instead.
    """
    try:
        heads.record(path, updates)
    except OSError:
        with suppress(OSError):
            heads.heads_path(path).unlink()


def _json(game_id: str, what: str, text: str, step: int | None = None) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _damaged(game_id, what, step) from exc


def _parse_events(game_id: str, n: int, raw: list[tuple[str, str]]) -> tuple[Event, ...]:
    events = []
    for type_, data in raw:
        value = _json(game_id, f"Step {n}", data, n)
        if not isinstance(value, dict):
            raise _damaged(game_id, f"Step {n}", n)
        events.append(Event(type_, value))
    return tuple(events)


def _insert_game(conn: sqlite3.Connection, kind: str, seed: int, catalog: Catalog) -> str:
    """A new game row named `KIND-DAY-N` (the first free N), with its catalog kept beside it."""
    day = datetime.now(UTC).strftime("%Y%m%d")
    number = 1
    while conn.execute("SELECT 1 FROM games WHERE game_id=?",
                       (f"{kind}-{day}-{number}",)).fetchone():
        number += 1
    game_id = f"{kind}-{day}-{number}"
    conn.execute("INSERT OR IGNORE INTO catalogs VALUES (?, ?)",
                 (catalog.content_hash, json.dumps(catalog.to_data())))
    now = _now()
    conn.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (game_id, kind, seed, catalog.content_hash, now, now,
                  game_crc(game_id, kind, seed, catalog.content_hash, now)))
    _set_last(conn, kind, game_id)
    return game_id


def _insert_step(conn: sqlite3.Connection, game_id: str, step: Step) -> None:
    at = _now()
    events = [(e.type, json.dumps(dict(e.data))) for e in step.events]
    before = conn.execute("SELECT head_crc FROM steps WHERE game_id=? AND step=?",
                          (game_id, step.number - 1)).fetchone()
    head = head_crc(before[0] if before else index_start(game_id), step.number, step.kind,
                    step.target)
    conn.execute("INSERT INTO steps VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 (game_id, step.number, step.kind, step.target, step.command,
                  step.message, step.seat, at, head,
                  step_crc(head, step.command, step.message, step.seat, at, events)))
    conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?)", [
        (game_id, step.number, i, type_, data) for i, (type_, data) in enumerate(events)])


def _chunks(numbers: Sequence[int] | None, size: int = 500) -> list[Sequence[int]]:
    """SQLite limits bound parameters: query long lists of steps in chunks."""
    if numbers is None:
        return [[]]
    return [numbers[i:i + size] for i in range(0, len(numbers), size)]


def _set_last(conn: sqlite3.Connection, kind: str, game_id: str) -> None:
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('last', ?)", (game_id,))
    conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"last:{kind}", game_id))


def file_identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file at `path`, or None if there is none."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


#: How long a companion waits for another one holding the file before saying it is busy.
BUSY_SECONDS = 5.0


def _switch_to_wal(conn: sqlite3.Connection) -> None:
    """WAL mode, waiting for others as long as any other busy wait.

    Companions starting together on a new file all switch it from the rollback journal;
    SQLite refuses at once (without its busy wait: two of them holding a shared lock and
    both wanting it exclusive would wait for each other forever), so the wait is ours.
    """
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL").fetchall()
            return
        except sqlite3.OperationalError as exc:
            if primary_code(exc) not in BUSY_CODES or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that never writes. Without a -wal to read, the file is opened as
    immutable (nothing is made beside it, not even a -shm); with one, SQLite's
    read-only mode reads it, or the file alone if even that cannot be done."""
    uri = path.resolve().as_uri()
    wal = Path(f"{path}-wal")
    with_log = wal.is_file() and wal.stat().st_size > 0
    for options in ("mode=ro", "mode=ro&immutable=1")[0 if with_log else 1:]:
        conn = sqlite3.connect(f"{uri}?{options}", uri=True, isolation_level=None,
                               timeout=BUSY_SECONDS)
        try:
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            check_read_only_schema(conn)
            return conn
        except sqlite3.OperationalError as exc:
            conn.close()
            if primary_code(exc) != sqlite3.SQLITE_CANTOPEN or "immutable" in options:
                raise
    raise AssertionError("unreachable")


def connect(path: Path) -> sqlite3.Connection:
    """A connection in WAL mode with full sync, migrated; raises sqlite3 errors as they are."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS)
    try:
        _switch_to_wal(conn)
        conn.execute("PRAGMA synchronous=FULL")
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


__all__ = ["CompanionError", "DamageError", "GameInfo", "GameRecord", "Journal",
           "StoreError", "StoredSnapshot"]
