"""Schema and migrations. `PRAGMA user_version` holds the schema version.

Each migration is a sequence of single statements, or of functions for a step
SQL cannot do (filling checksums); they run one by one in one transaction, so
nothing is ever split on `;`. `PRAGMA application_id` marks the file as ours,
so another application's SQLite file is never taken for a saved-games file.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence

from companion.store.checksums import fill_checksums
from companion.store.errors import StoreError

SCHEMA_VERSION = 2
#: "XPCM" in the SQLite header (offset 68): this file belongs to the companion.
APPLICATION_ID = 0x5850434D

Migration = Sequence[str | Callable[[sqlite3.Connection], None]]

# Each entry upgrades the database from version N-1 to N. Append only.
MIGRATIONS: dict[int, Migration] = {
    1: (
        """CREATE TABLE games (
            game_id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            seed INTEGER NOT NULL,
            catalog_hash TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        )""",
        """CREATE TABLE catalogs (
            hash TEXT PRIMARY KEY,
            data TEXT NOT NULL
        )""",
        """CREATE TABLE steps (
            game_id TEXT NOT NULL,
            step INTEGER NOT NULL,
            kind TEXT NOT NULL,
            target INTEGER,
            command TEXT NOT NULL,
            message TEXT NOT NULL,
            seat TEXT,
            at TEXT NOT NULL,
            PRIMARY KEY (game_id, step)
        ) WITHOUT ROWID""",
        """CREATE TABLE events (
            game_id TEXT NOT NULL,
            step INTEGER NOT NULL,
            idx INTEGER NOT NULL,
            type TEXT NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (game_id, step, idx)
        ) WITHOUT ROWID""",
        """CREATE TABLE snapshots (
            game_id TEXT NOT NULL,
            length INTEGER NOT NULL,
            chain TEXT NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (game_id, length, chain)
        ) WITHOUT ROWID""",
        """CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
    ),
    2: (  # checksums on every step, snapshot and game; the file marked as ours
        "ALTER TABLE steps ADD COLUMN head_crc INTEGER",
        "ALTER TABLE steps ADD COLUMN crc INTEGER",
        "ALTER TABLE snapshots ADD COLUMN crc INTEGER",
        "ALTER TABLE games ADD COLUMN crc INTEGER",
        f"PRAGMA application_id = {APPLICATION_ID}",
        fill_checksums,
    ),
}

#: The tables of a saved-games file, whatever its version: how an older file
#: without the application id is recognised as ours.
OUR_TABLES = frozenset({"games", "catalogs", "steps", "events", "snapshots", "meta"})


class SchemaTooNewError(RuntimeError):
    pass


class SchemaDamagedError(StoreError):
    """The version in the header does not match the tables the file holds."""

    def __init__(self, detail: str):
        super().__init__("The saved-games file is damaged: its schema version does not match "
                         f"its tables ({detail}).")


def migrate(conn: sqlite3.Connection) -> None:
    """Bring the database up to SCHEMA_VERSION, in one transaction.

    The version is read inside the write transaction, so companions starting
    at the same instant on a new file run the migration exactly once.
    """
    if _version(conn) == SCHEMA_VERSION:
        _check_version(conn, SCHEMA_VERSION)
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = _version(conn)
        _check_version(conn, version)
        for target in range(version + 1, SCHEMA_VERSION + 1):
            _run_migration(conn, target)
        if version < SCHEMA_VERSION:
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _run_migration(conn: sqlite3.Connection, target: int) -> None:
    """One migration; one that does not fit the tables means the version is wrong."""
    for statement in MIGRATIONS[target]:
        try:
            if callable(statement):
                statement(conn)
            else:
                conn.execute(statement)
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorcode", None) != sqlite3.SQLITE_ERROR:
                raise  # busy, full, I/O: not the file's fault
            raise SchemaDamagedError(f"schema version {target - 1} with tables of a later "
                                     f"one ({exc})") from exc


def _version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def table_names(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall()
    return {str(name) for (name,) in rows}


def _check_version(conn: sqlite3.Connection, version: int) -> None:
    if version > SCHEMA_VERSION:
        raise SchemaTooNewError(
            f"This saved-games file was written by a newer companion (schema {version}); "
            "update the companion to open it."
        )
    tables = table_names(conn)
    if (version == 0 and tables & OUR_TABLES) or (version > 0 and not tables >= OUR_TABLES):
        raise SchemaDamagedError(f"schema version {version} with tables {sorted(tables)}")


def check_read_only_schema(conn: sqlite3.Connection) -> None:
    """A file read without migrating it must already be at this companion's schema."""
    version = _version(conn)
    if version != SCHEMA_VERSION:
        if version > SCHEMA_VERSION:
            _check_version(conn, version)
        raise StoreError(f"This read-only saved-games file has schema {version}, from an older "
                         "companion; make it writable once so that it can be brought up to "
                         "date.")
    _check_version(conn, version)
