"""Each game's head, kept beside the saved-games file where damage to it cannot reach.

The checksum chain finds a damaged step but not a missing tail: a lost or
damaged `-wal`, or a truncated file, reopens a game shorter with every
remaining step intact. So after each step is committed (and before it is
acknowledged) the journal writes the game's newest step number and its
checksum to `games.db.heads`, a small JSON file behind its own CRC-32,
rewritten and synced. On open, a game that holds fewer steps than its
head, or other steps under the head's number, is said to be shorter.

The same file records the salts of the `-wal` the last write left, so a `-wal`
found beside the file at open that is not its own (another file's log left
behind by a hand restore) is set aside before SQLite can apply it.

Every write of the file, and every transaction that may restart the `-wal`,
runs under one lock on the folder (`folder_lock`), so what the file says about
the `-wal` is always true while nobody holds the lock.
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

WAL_MAGICS = (0x377F0682, 0x377F0683)
FORMAT = "exploration-companion-heads"
MAX_BYTES = 1 << 22
#: Restarts of the -wal a heads file may have missed (a kill between a commit and its note).
RESTARTS_TOLERATED = 64


@dataclass(frozen=True)
class Head:
    """How far a game had got: its newest step, that step's whole checksum, its record's."""

    step: int
    step_crc: int
    record_crc: int

    def to_dict(self) -> dict[str, int]:
        return {"step": self.step, "step_crc": self.step_crc, "record_crc": self.record_crc}

    @classmethod
    def from_dict(cls, data: Any) -> Head | None:
        try:
            values = [data[k] for k in ("step", "step_crc", "record_crc")]
        except (KeyError, TypeError):
            return None
        if not all(type(v) is int and 0 <= v < 2**63 for v in values):
            return None
        return cls(*values)


@dataclass(frozen=True)
class Heads:
    games: dict[str, Head]
    wal: tuple[int, int] | None


def heads_path(db: Path) -> Path:
    return db.with_name(f"{db.name}.heads")


#: The folders whose lock this thread holds: taking it again inside is a no-op.
_held = threading.local()


@contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """An exclusive lock on the folder of the saved-games file, between processes and
    between threads; a thread that holds it may take it again inside (opening.py holds it
    around a whole open and check, and the journal's own writes take it too)."""
    key = os.path.abspath(folder)
    held: set[str] = _held.__dict__.setdefault("folders", set())
    if key in held:
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        held.add(key)
        yield
    finally:
        held.discard(key)
        os.close(fd)  # closing releases the lock


def wal_salts(db: Path) -> tuple[int, int] | None:
    """The salts in the header of the `-wal` beside `db`, or None if there is no valid one."""
    try:
        fd = os.open(f"{db}-wal", os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        header = os.read(fd, 32)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(header) < 32 or int.from_bytes(header[:4], "big") not in WAL_MAGICS:
        return None
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def read_heads(db: Path) -> Heads:
    """What the heads file says; an unreadable, damaged or half-written one says nothing."""
    try:
        fd = os.open(heads_path(db), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as handle:
            return _parse(handle.read(MAX_BYTES))
    except OSError:
        return Heads({}, None)


def _parse(raw: bytes) -> Heads:
    crc, _, body = raw.partition(b"\n")
    try:
        if int(crc, 16) != zlib.crc32(body):
            return Heads({}, None)
        data = json.loads(body)
    except (ValueError, RecursionError):
        return Heads({}, None)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return Heads({}, None)
    games = data.get("games")
    if not isinstance(games, dict):
        games = {}
    found = {str(g): h for g, v in games.items() if (h := Head.from_dict(v)) is not None}
    wal = data.get("wal")
    salts = (wal[0], wal[1]) if isinstance(wal, list) and len(wal) == 2 and \
        all(type(x) is int for x in wal) else None
    return Heads(found, salts)


def is_own_wal(found: tuple[int, int], noted: tuple[int, int]) -> bool:
    """The -wal the last write left, or that one restarted a few times since.

    SQLite adds one to the first salt at each restart of the log (a new one at
    random for another file's): a restart whose note was cut short by a kill
    still counts as the file's own.
    """
    return 0 <= (found[0] - noted[0]) % 2**32 <= RESTARTS_TOLERATED


def record(db: Path, updates: dict[str, Head | None]) -> None:
    """Write the heads file with these games' heads and the `-wal`'s salts (hold the lock).

    A head of None removes the game's head (a restore). The file is rewritten
    in place and synced once (one fdatasync: a step costs about one more sync
    than SQLite's own); a write cut short leaves a checksum that does not match,
    which reads as no heads at all. Raises OSError if it cannot be written.
    """
    current = read_heads(db)
    games = {g: h for g, h in current.games.items() if g not in updates}
    games.update({g: h for g, h in updates.items() if h is not None})
    salts = wal_salts(db) or current.wal
    body = json.dumps({"format": FORMAT, "version": 1, "wal": list(salts) if salts else None,
                       "games": {g: h.to_dict() for g, h in sorted(games.items())}})
    data = f"{zlib.crc32(body.encode()):08x}\n{body}".encode()
    fd = os.open(heads_path(db), os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    try:
        os.pwrite(fd, data, 0)
        os.ftruncate(fd, len(data))
        os.fdatasync(fd)
    finally:
        os.close(fd)
