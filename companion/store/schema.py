"""Schema and migrations. `PRAGMA user_version` holds the schema version."""

from __future__ import annotations

import sqlite3

SCHEMA_VERSION = 1

# Each entry upgrades the database from version N-1 to N. Append only.
MIGRATIONS: dict[int, str] = {
    1: """
    CREATE TABLE games (
        game_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        seed INTEGER NOT NULL,
        catalog_hash TEXT NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL
    );
    CREATE TABLE catalogs (
        hash TEXT PRIMARY KEY,
        data TEXT NOT NULL
    );
    CREATE TABLE steps (
        game_id TEXT NOT NULL,
        step INTEGER NOT NULL,
        kind TEXT NOT NULL,
        target INTEGER,
        command TEXT NOT NULL,
        message TEXT NOT NULL,
        seat TEXT,
        at TEXT NOT NULL,
        PRIMARY KEY (game_id, step)
    ) WITHOUT ROWID;
    CREATE TABLE events (
        game_id TEXT NOT NULL,
        step INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (game_id, step, idx)
    ) WITHOUT ROWID;
    CREATE TABLE snapshots (
        game_id TEXT NOT NULL,
        length INTEGER NOT NULL,
        chain TEXT NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game_id, length, chain)
    ) WITHOUT ROWID;
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
}


class SchemaTooNewError(RuntimeError):
    pass


def migrate(conn: sqlite3.Connection) -> None:
    """Bring the database up to SCHEMA_VERSION, one transaction per migration."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise SchemaTooNewError(
            f"This saved-games file was written by a newer companion (schema {version}); "
            "update the companion to open it."
        )
    for target in range(version + 1, SCHEMA_VERSION + 1):
        conn.execute("BEGIN IMMEDIATE")
        for statement in MIGRATIONS[target].split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {target}")
        conn.execute("COMMIT")
