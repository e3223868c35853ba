"""Reading what can be read from a damaged saved-games file, row by row.

Used by `companion recover`: each game's steps are read one at a time from
the first, each checked against its checksum (files from schema 2 on), and
reading stops at the first step that cannot be read or does not match. The
file is only ever read: a kept copy is first copied to a temporary folder,
so replaying its write-ahead log never changes the copy.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.catalog import content_hash
from companion.core.events import Event, Step
from companion.store.checksums import head_crc, index_start, step_crc


@dataclass(frozen=True)
class Salvaged:
    """The good prefix of one saved game, and how many steps it had in all."""

    game_id: str
    kind: str
    seed: int
    catalog_data: dict[str, Any] | None  # None when missing or not what was stored
    steps: tuple[Step, ...]
    total: int | None  # None when the file no longer says how many steps there were


@contextmanager
def readable_copy(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection to a private copy of the file (with its -wal), never to the file."""
    with tempfile.TemporaryDirectory(prefix="companion-recover-") as folder:
        copy = Path(folder) / "copy.db"
        for suffix in ("", "-wal"):
            if Path(f"{path}{suffix}").is_file():
                shutil.copyfile(f"{path}{suffix}", f"{copy}{suffix}")
        conn = sqlite3.connect(copy, isolation_level=None)
        try:
            yield conn
        finally:
            conn.close()


def game_ids(conn: sqlite3.Connection) -> list[str]:
    try:
        return [str(g) for (g,) in conn.execute("SELECT game_id FROM games ORDER BY created")]
    except sqlite3.Error:
        return []


def salvage_game(conn: sqlite3.Connection, game_id: str) -> Salvaged | None:
    """The game's readable prefix; None if not even its kind and seed can be read."""
    try:
        kind, seed, catalog_hash = conn.execute(
            "SELECT kind, seed, catalog_hash FROM games WHERE game_id=?", (game_id,)).fetchone()
    except (sqlite3.Error, TypeError):
        return None
    checked = "crc" in {row[1] for row in conn.execute("PRAGMA table_info(steps)")}
    steps: list[Step] = []
    head = index_start(game_id)
    while (found := _read_step(conn, game_id, len(steps) + 1, head if checked else None)):
        step, head = found
        steps.append(step)
    return Salvaged(game_id, str(kind), int(seed), _catalog(conn, str(catalog_hash)),
                    tuple(steps), _total(conn, game_id, len(steps)))


def _total(conn: sqlite3.Connection, game_id: str, read: int) -> int | None:
    """How many steps the game had: the highest number either table still shows."""
    highest = []
    for table in ("steps", "events"):
        try:
            highest.append(int(conn.execute(f"SELECT MAX(step) FROM {table} WHERE game_id=?",
                                            (game_id,)).fetchone()[0] or 0))
        except sqlite3.Error:
            continue
    return max(read, *highest) if highest else None


def _catalog(conn: sqlite3.Connection, catalog_hash: str) -> dict[str, Any] | None:
    try:
        row = conn.execute("SELECT data FROM catalogs WHERE hash=?", (catalog_hash,)).fetchone()
        data = json.loads(row[0])
        intact = isinstance(data, dict) and content_hash(data) == catalog_hash
    except (sqlite3.Error, TypeError, ValueError, KeyError, RecursionError):
        return None
    return data if intact else None


def _read_step(conn: sqlite3.Connection, game_id: str, n: int,
               previous: int | None) -> tuple[Step, int] | None:
    """Step `n` and its head, whole and matching its checksums (unless `previous` is
    None: a file from before checksums), or None."""
    checked = previous is not None
    columns = "kind, target, command, message, seat, at" + (", head_crc, crc" if checked else "")
    try:
        row = conn.execute(f"SELECT {columns} FROM steps WHERE game_id=? AND step=?",
                           (game_id, n)).fetchone()
        raw = conn.execute("SELECT type, data FROM events WHERE game_id=? AND step=? "
                           "ORDER BY idx", (game_id, n)).fetchall()
    except sqlite3.Error:
        return None
    if row is None:
        return None
    kind, target, command, message, seat, at = row[:6]
    head = 0
    if previous is not None:
        head = head_crc(previous, n, kind, target)
        if row[6] != head or row[7] != step_crc(head, command, message, seat, at, raw):
            return None
    try:
        events = tuple(Event(str(t), dict(json.loads(d))) for t, d in raw)
    except (ValueError, TypeError, RecursionError):
        return None
    if kind not in ("do", "undo", "redo"):
        return None
    return Step(n, kind, str(command), str(message), events, target, seat), head
