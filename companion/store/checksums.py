"""Checksums of stored rows: a damaged byte in a step or snapshot is found, not played.

CRC-32 (zlib, one C call) of the row's fields joined by a unit separator.
Each step carries two. `head_crc` chains the index: it continues the CRC of
the step before with this step's number, kind and undo target, starting from
the game's id, so checking the whole index at every open is one CRC over a
text SQLite builds (`INDEX_TEXT`), compared with the newest step's value; a
mismatch is then traced row by row to the step it names. `crc` covers the
whole step with its events, continuing from its head. CRC-32 finds every burst of damage up
to 32 bits and misses other damage once in four billion: it guards against a
damaged disk, not against someone forging a file.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Iterable
from typing import Any

SEPARATOR = "\x1f"


def _bytes(fields: Iterable[object]) -> bytes:
    # surrogateescape: a row read as raw bytes (a migration) checks the same way.
    return SEPARATOR.join(map(str, fields)).encode("utf-8", "surrogateescape")


#: One step's part of the index text, as SQLite writes it (no target: empty).
INDEX_TEXT = "step || '|' || kind || '|' || ifnull(target, '') || ';'"


def index_start(game_id: str) -> int:
    """The chain's value before the first step."""
    return zlib.crc32(game_id.encode("utf-8", "surrogateescape"))


def index_text(step: int, kind: str, target: int | None) -> str:
    return f"{step}|{kind}|{'' if target is None else target};"


def head_crc(previous: int, step: int, kind: str, target: int | None) -> int:
    """The index chain after this step, from its value after the step before."""
    return zlib.crc32(index_text(step, kind, target).encode("utf-8", "surrogateescape"),
                      previous)


def step_crc(head: int, command: str, message: str, seat: str | None, at: str,
             events: Iterable[tuple[str, str]]) -> int:
    """The whole step: its head, its words and its events (type, JSON text) in order."""
    flat = [command, message, seat, at]
    for type_, data in events:
        flat += (type_, data)
    return zlib.crc32(_bytes(flat), head)


def snapshot_crc(game_id: str, length: int, chain: str, state: str) -> int:
    return zlib.crc32(_bytes((game_id, length, chain, state)))


def game_crc(game_id: str, kind: str, seed: int, catalog_hash: str, created: str) -> int:
    return zlib.crc32(_bytes((game_id, kind, seed, catalog_hash, created)))


def _text(value: object) -> str:
    """A column read as a BLOB, back to the text it was written as."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "surrogateescape")
    return str(value)


def _blobs(conn: sqlite3.Connection, table: str, columns: str) -> list[tuple[Any, ...]]:
    names = ", ".join(f"CAST({c} AS BLOB)" for c in columns.split())
    return conn.execute(f"SELECT {names} FROM {table}").fetchall()


_WHERE = "CAST(game_id AS BLOB)=?"


def fill_checksums(conn: sqlite3.Connection) -> None:
    """Migration to schema 2: checksum every row an older companion wrote.

    Columns are read as BLOBs (a number as its digits, as `str` writes it), so
    a row that is already damaged gets the checksum of its bytes as they are
    and never stops the migration; rows are found again by those bytes.
    """
    for row in _blobs(conn, "games", "game_id kind seed catalog_hash created"):
        crc = zlib.crc32(_bytes(map(_text, row)))
        conn.execute(f"UPDATE games SET crc=? WHERE {_WHERE}", (crc, row[0]))
    events: dict[tuple[Any, ...], list[tuple[str, str]]] = {}
    for g, n, type_, data in _blobs(conn, "events ORDER BY game_id, step, idx",
                                    "game_id step type data"):
        events.setdefault((g, n), []).append((_text(type_), _text(data)))
    chains: dict[Any, int] = {}
    for row in _blobs(conn, "steps ORDER BY game_id, step",
                      "game_id step kind target command message seat at"):
        g, n, kind, target, cmd, msg, seat, at = (None if v is None else _text(v) for v in row)
        previous = chains.get(row[0], index_start(str(g)))
        head = chains[row[0]] = zlib.crc32(
            f"{n}|{kind}|{'' if target is None else target};".encode("utf-8", "surrogateescape"),
            previous)
        crc = step_crc(head, str(cmd), str(msg), seat, str(at), events.get(row[:2], []))
        conn.execute(f"UPDATE steps SET head_crc=?, crc=? WHERE {_WHERE} AND step=?",
                     (head, crc, row[0], int(str(n))))
    for row in _blobs(conn, "snapshots", "game_id length chain state"):
        crc = zlib.crc32(_bytes(map(_text, row)))
        conn.execute(f"UPDATE snapshots SET crc=? WHERE {_WHERE} AND length=? AND "
                     "CAST(chain AS BLOB)=?", (crc, row[0], int(_text(row[1])), row[2]))
