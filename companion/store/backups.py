"""Backups: whole copies of the saved-games file in `backups/` beside it.

A backup is written under a temporary name and only then linked to its
numbered name, so a failed backup leaves nothing behind and never takes one of
the places kept. Names are ordered by a sequence number, not the clock: a Pi
without network may boot with its clock set back and must not delete its
newest backup. A name is never reused: linking refuses an existing name.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

BACKUPS_KEPT = 5


def backup_folder(path: Path) -> Path:
    return path.parent / "backups"


def backups_of(path: Path) -> list[Path]:
    """The backups of this saved-games file, oldest first (plain files in our own folder:
    never through a link, so pruning can never delete what a link points to)."""
    folder = backup_folder(path)
    if folder.is_symlink() or not folder.is_dir():
        return []
    found = [p for p in folder.glob(f"{path.stem}-*.db")
             if backup_number(p) and not p.is_symlink()]
    return sorted(found, key=backup_number)


def backup_number(path: Path) -> int:
    parts = path.stem.rsplit("-", 3)
    return int(parts[1]) if len(parts) == 4 and parts[1].isdigit() else 0


def write_backup(conn: sqlite3.Connection, path: Path, keep: int | None = None) -> Path:
    """Copy the database behind `conn` (SQLite's online backup); keep the last `keep`."""
    folder = backup_folder(path)
    if folder.is_symlink():  # the companion makes a folder, never a link: not ours
        raise OSError(errno.ENOTDIR, f"{folder} is a link the companion did not make; "
                      "no backup was written there")
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f".{path.stem}-{os.getpid()}-writing.db"
    try:
        copy = sqlite3.connect(temporary)
        try:
            conn.backup(copy)
        finally:
            copy.close()
        target = _link_numbered(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    for old in backups_of(path)[:-(keep or BACKUPS_KEPT)]:
        old.unlink(missing_ok=True)
    return target


def _link_numbered(temporary: Path, path: Path) -> Path:
    """Give the finished copy the next free number; an existing name is never replaced."""
    existing = backups_of(path)
    number = backup_number(existing[-1]) + 1 if existing else 1
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    while True:
        target = temporary.parent / f"{path.stem}-{number:06d}-{stamp}.db"
        if any(temporary.parent.glob(f"{path.stem}-{number:06d}-*.db")):
            number += 1
            continue
        try:
            os.link(temporary, target)
            return target
        except FileExistsError:
            number += 1
