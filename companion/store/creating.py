"""A new saved-games file is made whole or not at all, and leftovers are cleaned up.

SQLite creates a file in place: a kill while it writes the first pages leaves
a half-made file and a hot rollback journal at the path. So the file is built
under a private name (switched to WAL, migrated, closed, synced) and only then
linked into place; a kill leaves a `.games.db-creating-PID` file, which the
next start removes. Removed too: unfinished backups (`backups/.games-PID-writing.db`)
and restores (`.games.db-restoring-PID`) of processes no longer running.
Only plain files are removed, never what a link points to.
"""

from __future__ import annotations

import os
import stat
import threading
from contextlib import suppress
from pathlib import Path

from companion.store.backups import backup_folder
from companion.store.heads import folder_lock
from companion.store.journal import connect, file_identity


def create_whole(path: Path, identity: tuple[int, int] | None) -> bool:
    """Build a new file aside and put it at `path` if nothing (or an empty file) is there.

    False when the path holds a file with something in it: it is opened in place.
    """
    if identity is not None and _size(path):
        return False
    # The process's id last (what `remove_leftovers` reads); the thread's before it.
    building = path.with_name(f".{path.name}-creating-{threading.get_ident()}-{os.getpid()}")
    try:
        connect(building).close()  # WAL, schema; closing folds the -wal into the file
        fd = os.open(building, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        with folder_lock(path.parent):
            _put_in_place(building, path, identity)
    finally:
        _remove_parts(building)
    return True


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except FileNotFoundError:
        return 0  # gone since it was found empty: `_put_in_place` looks again


def _put_in_place(building: Path, path: Path, identity: tuple[int, int] | None) -> None:
    now = file_identity(path)
    if now is None:
        with suppress(FileExistsError):  # another companion made it first: theirs is used
            os.link(building, path)
    elif now == identity and os.stat(path).st_size == 0:
        os.replace(building, path)


def _remove_parts(base: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{base}{suffix}").unlink(missing_ok=True)


def remove_leftovers(path: Path) -> None:
    """Unfinished files of companions that are no longer running (a kill, a power cut)."""
    patterns = [(path.parent, f".{path.name}-creating-*"),
                (path.parent, f".{path.name}-restoring-*"),
                (backup_folder(path), f".{path.stem}-*-writing.db")]
    for folder, pattern in patterns:
        if folder.is_symlink() or not folder.is_dir():
            continue
        for leftover in folder.glob(pattern):
            if _pid_gone(leftover.name) and _is_plain_file(leftover):
                with suppress(OSError):
                    leftover.unlink()


def _pid_gone(name: str) -> bool:
    """True when the process named at the end of a leftover's name is no longer running."""
    number = name.removesuffix("-writing.db").rsplit("-", 1)[-1]
    if not number.isdigit():
        return False
    pid = int(number)
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def _is_plain_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False
