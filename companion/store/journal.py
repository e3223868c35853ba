"""The journal: every command is one transaction, acknowledged after commit.

WAL with `synchronous=FULL` means a committed step survives a killed process
and a power cut. Storage errors are translated here into sentences.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.core.catalog import Catalog
from companion.core.engine import Match, Plan, Snapshot
from companion.core.events import Event, Step
from companion.core.rules import GameRules
from companion.store.schema import SchemaTooNewError, migrate

SNAPSHOT_EVERY = 100
BACKUPS_KEPT = 5


class StoreError(RuntimeError):
    """A saved-games problem, with a sentence a player can act on."""


@dataclass(frozen=True)
class GameInfo:
    game_id: str
    kind: str
    created: str
    updated: str
    steps: int


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class StoreConflictError(StoreError):
    """Another companion saved a step of this game first; reload and try again."""


def _translate(exc: sqlite3.Error) -> StoreError:
    text = str(exc).lower()
    if isinstance(exc, sqlite3.IntegrityError) and "unique" in text:
        return StoreConflictError("Another companion saved a step of this game at the same "
                                  "time; the game was reloaded.")
    if "full" in text:
        return StoreError("The disk is full: the last command was not saved and the game is "
                          "as it was before it. Free some space and try again.")
    if "locked" in text or "busy" in text:
        return StoreError("The saved-games file is busy in another companion; close it and retry.")
    if "readonly" in text or "read-only" in text:
        return StoreError("The saved-games file is read-only; the command was not saved.")
    return StoreError("The saved-games file could not be written; the game is unchanged.")


class Journal:
    """One SQLite file holding any number of saved games."""

    def __init__(self, path: Path):
        self.path = path
        self.conn = _connect(path)

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            yield self.conn
            self.conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise _translate(exc) from exc

    # ---- games ------------------------------------------------------------------
    def create_game(self, kind: str, seed: int, catalog: Catalog) -> str:
        with self._transaction() as conn:
            return _insert_game(conn, kind, seed, catalog)

    def games(self) -> list[GameInfo]:
        rows = self.conn.execute(
            "SELECT g.game_id, g.kind, g.created, g.updated, "
            "(SELECT COUNT(*) FROM steps s WHERE s.game_id = g.game_id) "
            "FROM games g ORDER BY g.updated DESC").fetchall()
        return [GameInfo(*row) for row in rows]

    def last_game(self, kind: str | None = None) -> str | None:
        key = f"last:{kind}" if kind else "last"
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def kind_of(self, game_id: str) -> str:
        row = self.conn.execute("SELECT kind FROM games WHERE game_id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"There is no saved game called {game_id!r}; "
                             "`companion games` lists them.")
        return str(row[0])

    # ---- loading ---------------------------------------------------------------------
    def catalog_of(self, game_id: str) -> Catalog:
        """The catalog the game was played with, as stored beside it."""
        row = self.conn.execute(
            "SELECT c.data, c.hash FROM games g JOIN catalogs c ON c.hash = g.catalog_hash "
            "WHERE g.game_id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"The saved game {game_id!r} has lost its catalog.")
        return Catalog.from_data(json.loads(row[0]), f"catalog saved with {game_id}")

    def load(self, game_id: str, rules: GameRules[Any]) -> Match[Any]:
        """Latest valid snapshot plus the steps after it."""
        seed = self.conn.execute("SELECT seed FROM games WHERE game_id=?",
                                 (game_id,)).fetchone()[0]
        catalog = self.catalog_of(game_id)
        return Match(rules, catalog, seed, (), self._snapshots(game_id, rules),
                     index=self._index(game_id),
                     load_steps=lambda numbers: self._steps(game_id, numbers))

    def _steps(self, game_id: str, numbers: Sequence[int] | None = None) -> dict[int, Step]:
        """Whole steps with their events: all of them, or those named (in chunks)."""
        events = self._events(game_id, numbers)
        query = ("SELECT step, kind, target, command, message, seat FROM steps "
                 "WHERE game_id=?")
        steps: dict[int, Step] = {}
        for chunk in _chunks(numbers):
            where = f" AND step IN ({','.join('?' * len(chunk))})" if chunk else ""
            for n, kind, target, cmd, msg, seat in self.conn.execute(query + where,
                                                                     (game_id, *chunk)):
                steps[n] = Step(n, kind, cmd, msg, events.get(n, ()), target, seat)
        return steps

    def _index(self, game_id: str) -> dict[int, tuple[str, int | None]]:
        rows = self.conn.execute("SELECT step, kind, target FROM steps WHERE game_id=?",
                                 (game_id,))
        return {n: (kind, target) for n, kind, target in rows}

    def _events(self, game_id: str, steps: Sequence[int] | None) -> dict[int, tuple[Event, ...]]:
        """Events by step: of all steps, or only of those named (in chunks)."""
        query = "SELECT step, type, data FROM events WHERE game_id=?"
        found: dict[int, list[Event]] = {}
        for chunk in _chunks(steps):
            where = f" AND step IN ({','.join('?' * len(chunk))})" if chunk else ""
            for step, type_, data in self.conn.execute(query + where + " ORDER BY step, idx",
                                                        (game_id, *chunk)):
                found.setdefault(step, []).append(Event(type_, json.loads(data)))
        if steps is not None:
            for step in steps:
                found.setdefault(step, [])
        return {n: tuple(e) for n, e in found.items()}

    def _snapshots(self, game_id: str, rules: GameRules[Any]) -> list[Snapshot[Any]]:
        """Every stored snapshot, newest first; a state is parsed only if used."""
        def loader(length: int, chain: str) -> Callable[[], Any]:
            def load() -> Any:
                row = self.conn.execute(
                    "SELECT state FROM snapshots WHERE game_id=? AND length=? AND chain=?",
                    (game_id, length, chain)).fetchone()
                return rules.state_from_dict(json.loads(row[0]))
            return load
        rows = self.conn.execute("SELECT length, chain FROM snapshots WHERE game_id=? "
                                 "ORDER BY length DESC", (game_id,)).fetchall()
        return [Snapshot(length, chain, loader(length, chain)) for length, chain in rows]

    def last_step(self, game_id: str) -> int:
        """The number of the newest saved step (0 for none): cheap enough to poll."""
        row = self.conn.execute("SELECT MAX(step) FROM steps WHERE game_id=?",
                                (game_id,)).fetchone()
        return int(row[0] or 0)

    def data_version(self) -> int:
        """SQLite's `PRAGMA data_version`: it changes when another connection commits.

        A second screen polls this (microseconds) and reads only when it moved.
        """
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def history(self, game_id: str) -> list[dict[str, Any]]:
        rows = self.conn.execute(
            "SELECT step, kind, target, command, message, seat, at FROM steps "
            "WHERE game_id=? ORDER BY step", (game_id,)).fetchall()
        keys = ("step", "kind", "target", "command", "message", "seat", "at")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    # ---- writing ------------------------------------------------------------------------
    def append(self, game_id: str, match: Match[Any], plan: Plan[Any]) -> str | None:
        """Write the planned step in one transaction; only then commit it in memory.

        Snapshots and backups come after the commit: if one of them fails, the
        command is still saved, and the sentence returned says what was not.
        """
        step = plan.result.step
        if step is None:
            return None
        with self._transaction() as conn:
            _insert_step(conn, game_id, step)
            conn.execute("UPDATE games SET updated=? WHERE game_id=?", (_now(), game_id))
            _set_last(conn, match.rules.game, game_id)
        round_before = match.state.table.round
        match.commit(plan)
        try:
            if len(match.stack) % SNAPSHOT_EVERY == 0 and step.kind == "do":
                self.snapshot(game_id, match)
            if match.state.table.round > round_before:
                self.backup()
        except (sqlite3.Error, OSError, StoreError):
            return ("(Saved; but the end-of-round backup or the snapshot could not be "
                    "written: check the free space and the backups folder.)")
        return None

    def snapshot(self, game_id: str, match: Match[Any]) -> None:
        length, chain = match.snapshot_key
        state = json.dumps(match.state.to_dict())
        with self._transaction() as conn:
            conn.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)",
                         (game_id, length, chain, state))

    def backup(self, keep: int = BACKUPS_KEPT) -> Path:
        """Copy the whole file to backups/ (SQLite's online backup); keep the last few."""
        folder = self.path.parent / "backups"
        folder.mkdir(parents=True, exist_ok=True)
        # Ordered by a sequence number, not the clock: a Pi without network may
        # boot with its clock set back, and must not delete its newest backup.
        existing = sorted(_backup_number(p) for p in folder.glob(f"{self.path.stem}-*.db"))
        number = (existing[-1] + 1) if existing else 1
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = folder / f"{self.path.stem}-{number:06d}-{stamp}.db"
        copy = sqlite3.connect(target)
        try:
            self.conn.backup(copy)
        finally:
            copy.close()
        for old in sorted(folder.glob(f"{self.path.stem}-*.db"), key=_backup_number)[:-keep]:
            old.unlink()
        return target

    def integrity_ok(self) -> bool:
        return self.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    # ---- export / import ----------------------------------------------------------------
    def export(self, game_id: str) -> dict[str, Any]:
        row = self.conn.execute("SELECT kind, seed, created FROM games WHERE game_id=?",
                                (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"There is no saved game called {game_id!r}.")
        return {"format": "exploration-companion-game", "version": 1, "game_id": game_id,
                "kind": row[0], "seed": row[1], "created": row[2],
                "catalog": self.catalog_of(game_id).to_data(),
                "steps": [s.to_dict() for _, s in sorted(self._steps(game_id).items())]}

    def import_game(self, data: Mapping[str, Any], rules: GameRules[Any]) -> str:
        """Add an exported game as a new saved game, checking it replays.

        An import file comes from outside: anything that keeps it from replaying,
        whatever the exception, is refused as a ValueError with a sentence.
        """
        catalog = Catalog.from_data(data["catalog"], "imported catalog")
        steps = [Step.from_dict(s) for s in data["steps"]]
        numbers = [s.number for s in steps]
        if numbers != sorted(set(numbers)):
            raise ValueError("its steps are repeated or out of order")
        try:
            Match(rules, catalog, int(data["seed"]), steps)
        except ValueError:
            raise
        except Exception as exc:  # untrusted data: refused whole, never a crash
            raise ValueError(f"it does not replay ({exc.__class__.__name__})") from exc
        with self._transaction() as conn:  # all of it, or nothing
            game_id = _insert_game(conn, str(data["kind"]), int(data["seed"]), catalog)
            for step in steps:
                _insert_step(conn, game_id, step)
        return game_id


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
    conn.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)",
                 (game_id, kind, seed, catalog.content_hash, now, now))
    _set_last(conn, kind, game_id)
    return game_id


def _insert_step(conn: sqlite3.Connection, game_id: str, step: Step) -> None:
    conn.execute("INSERT INTO steps VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                 (game_id, step.number, step.kind, step.target, step.command,
                  step.message, step.seat, _now()))
    conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?)", [
        (game_id, step.number, i, e.type, json.dumps(dict(e.data)))
        for i, e in enumerate(step.events)])


def _backup_number(path: Path) -> int:
    parts = path.stem.rsplit("-", 3)
    return int(parts[1]) if len(parts) == 4 and parts[1].isdigit() else 0


def _chunks(numbers: Sequence[int] | None, size: int = 500) -> list[Sequence[int]]:
    """SQLite limits bound parameters: query long lists of steps in chunks."""
    if numbers is None:
        return [[]]
    return [numbers[i:i + size] for i in range(0, len(numbers), size)]


def _set_last(conn: sqlite3.Connection, kind: str, game_id: str) -> None:
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('last', ?)", (game_id,))
    conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"last:{kind}", game_id))


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None, timeout=5.0)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        migrate(conn)
        conn.execute("SELECT COUNT(*) FROM games").fetchone()
    except SchemaTooNewError as exc:
        conn.close()
        raise StoreError(str(exc)) from exc
    except sqlite3.DatabaseError:
        conn.close()
        raise
    return conn


def open_journal(path: Path) -> tuple[Journal, str | None]:
    """Open the saved-games file; a damaged one is kept aside and a fresh one started.

    Returns the journal and, if the file had to be set aside, a sentence saying so.
    Only real damage sets a file aside: a file that cannot be opened (a folder, no
    permission, locked by another program) is refused with a sentence and left alone.
    """
    if path.exists() and not path.is_file():
        raise StoreError(f"{path} is not a saved-games file (it is a folder or a device); "
                         "give --db a file name.")
    try:
        journal = Journal(path)
    except sqlite3.DatabaseError as exc:
        if not _is_damage(exc):
            raise _unopenable(path, exc) from exc
        return _start_afresh(path)
    if journal.conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
        journal.close()
        return _start_afresh(path)
    return journal, None


def _is_damage(exc: sqlite3.DatabaseError) -> bool:
    """A file that is not a database or is malformed, not one that cannot be opened."""
    return not isinstance(exc, sqlite3.OperationalError)


def _unopenable(path: Path, exc: sqlite3.Error) -> StoreError:
    if "locked" in str(exc).lower():
        return _translate(exc)
    return StoreError(f"The saved-games file {path} cannot be opened: check the folder exists "
                      "and that you may write there.")


def _start_afresh(path: Path) -> tuple[Journal, str]:
    aside = _set_aside(path)
    try:
        journal = Journal(path)
    except sqlite3.Error as exc:
        raise _unopenable(path, exc) from exc
    return journal, (f"The saved-games file {path} was damaged; it was kept as {aside.name} "
                     "and a new one was started.")


def _set_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{path}{suffix}")
        if part.exists():
            part.rename(Path(f"{aside}{suffix}"))
    return aside
