"""Storage errors as sentences, told apart by SQLite's error code, never its text.

`sqlite3.Error.sqlite_errorcode` holds SQLite's extended result code; its low
byte is the primary code (SQLITE_BUSY, SQLITE_FULL, ...). An error that has no
code comes from Python's adapter, not from SQLite: the only one a read can meet
is text that is not UTF-8, which in a saved-games file is damage.
"""

from __future__ import annotations

import sqlite3

from companion.core.errors import DamageError


class StoreError(RuntimeError):
    """A saved-games problem, with a sentence a player can act on."""


class StoreConflictError(StoreError):
    """Another companion saved a step of this game first; reload and try again."""


class DeadEndError(StoreError):
    """A file that cannot be used as it is, and that the companion may not change alone:
    the player chooses a way out (keep it aside and start fresh, or restore a backup).
    `plain` is the sentence without the command line's advice, for a touchscreen."""

    def __init__(self, message: str, plain: str | None = None) -> None:
        super().__init__(message)
        self.plain = plain or message


class NotOursError(DeadEndError):
    """A path that is not a saved-games file of ours: refused and left untouched."""


class FileReplacedError(StoreError):
    """The saved-games file was replaced or deleted while a session held it."""


DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})


def primary_code(exc: sqlite3.Error) -> int | None:
    """SQLite's primary result code of an error, or None if SQLite raised none."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


#: SQLite's extended code when the -shm cannot grow: on Linux, a full disk (ENOSPC).
SQLITE_IOERR_SHMSIZE = 4874


def is_full(exc: sqlite3.Error) -> bool:
    """No space left: SQLITE_FULL, or the -shm that could not grow (SQLITE_IOERR_SHMSIZE)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return primary_code(exc) == sqlite3.SQLITE_FULL or code == SQLITE_IOERR_SHMSIZE


def is_damage(exc: sqlite3.Error) -> bool:
    """A malformed file or row: not a database, a corrupt page, undecodable text."""
    code = primary_code(exc)
    if code is None:
        return isinstance(exc, sqlite3.OperationalError)  # text that is not UTF-8
    return code in DAMAGE_CODES


def translate(exc: sqlite3.Error, path: object = "") -> StoreError | DamageError:
    """One sentence for a failed read or write; the game in memory is unchanged."""
    code = primary_code(exc)
    where = f" {path}" if path else ""
    if is_damage(exc):
        return DamageError(f"The saved-games file{where} is damaged; the command was not "
                           "saved. `companion recover` can save the good part of the game.")
    if code == sqlite3.SQLITE_CONSTRAINT:
        return StoreConflictError("Another companion saved a step of this game at the same "
                                  "time; the game was reloaded.")
    if is_full(exc):
        return StoreError("The disk is full: the last command was not saved and the game is "
                          "as it was before it. Free some space and try again.")
    if code in BUSY_CODES:
        return StoreError(f"The saved-games file{where} is busy in another companion; "
                          "close it and retry.")
    if code == sqlite3.SQLITE_READONLY:
        return StoreError(f"The saved-games file{where} is read-only; the command was not "
                          "saved.")
    if code == sqlite3.SQLITE_CANTOPEN:
        return StoreError(f"The saved-games file{where} cannot be opened: check that its "
                          "folder exists and that you may write there.")
    name = getattr(exc, "sqlite_errorname", None) or type(exc).__name__
    return StoreError(f"The saved-games file{where} could not be read or written "
                      f"(SQLite said {name}); the game is unchanged.")
