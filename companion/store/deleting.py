"""Deleting a saved game: set aside whole, inside the file, and brought back whole.

One SQLite file holds every saved game (journal.py), so deleting one is not moving a
file: the game is marked deleted (a `deleted:GAME` row in `meta`, holding when) in one
transaction, and lists leave it out. Its steps, events, snapshots, catalog and head are
not touched, so a game brought back (the mark removed, one transaction again) opens and
replays exactly as before; no part of a game is ever half gone. An older companion, which
knows no mark, lists the game as it always did.

The file's "last game" marks (what `play` and the app resume) never name a deleted game:
deleting the game played last hands them to the newest game left (of its kind).
"""

from __future__ import annotations

import sqlite3

PREFIX = "deleted:"

#: The games not deleted, as a condition on `g` (the games table).
KEPT = f"NOT EXISTS (SELECT 1 FROM meta m WHERE m.key = '{PREFIX}' || g.game_id)"


def deleted_at(conn: sqlite3.Connection, game_id: str) -> str | None:
    """When the game was deleted (UTC, ISO), or None if it was not."""
    row = conn.execute("SELECT value FROM meta WHERE key=?", (PREFIX + game_id,)).fetchone()
    return str(row[0]) if row else None


def mark(conn: sqlite3.Connection, game_id: str, kind: str, at: str) -> None:
    """Mark the game deleted (inside a write transaction) and move the last-game marks."""
    conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (PREFIX + game_id, at))
    for key, of_kind in (("last", None), (f"last:{kind}", kind)):
        row = conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        if row is None or row[0] != game_id:
            continue
        newest = _newest_kept(conn, of_kind)
        if newest is None:
            conn.execute("DELETE FROM meta WHERE key=?", (key,))
        else:
            conn.execute("UPDATE meta SET value=? WHERE key=?", (newest, key))


def unmark(conn: sqlite3.Connection, game_id: str, kind: str) -> None:
    """Bring the game back (inside a write transaction); it is the last game of its kind
    only if no other is."""
    conn.execute("DELETE FROM meta WHERE key=?", (PREFIX + game_id,))
    for key in ("last", f"last:{kind}"):
        conn.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, game_id))


def _newest_kept(conn: sqlite3.Connection, kind: str | None) -> str | None:
    where = f"{KEPT} AND g.kind = ?" if kind else KEPT
    row = conn.execute(f"SELECT g.game_id FROM games g WHERE {where} "
                       "ORDER BY g.updated DESC LIMIT 1", (kind,) if kind else ()).fetchone()
    return str(row[0]) if row else None
