"""Checks at open: how thorough, whether the last close was clean, whose -wal it is."""

from __future__ import annotations

import fcntl
import os
import struct
from contextlib import suppress
from pathlib import Path

from companion.store import held
from companion.store.heads import folder_lock, is_own_wal, read_heads, wal_salts
from companion.store.names import free_name, move_no_replace

#: Files up to this size get SQLite's full integrity check on every open (docs/perf.md).
FULL_CHECK_BYTES = 16 * 1024 * 1024
#: The -shm byte every connection holds a shared lock on (SQLite's WALINDEX_LOCK_OFFSET + 8).
SHM_DMS_BYTE = 128


def is_small(path: Path) -> bool:
    try:
        return os.stat(path).st_size <= FULL_CHECK_BYTES
    except OSError:
        return True


def was_left_open(path: Path) -> bool:
    """A -wal with steps in it and no companion holding the file: an unclean shutdown.

    Every SQLite connection in WAL mode holds a shared lock on one byte of the
    -shm (its "dead man switch"); nobody holding it means nobody has it open.
    """
    try:
        if os.stat(f"{path}-wal").st_size <= 32:
            return False
        st = os.stat(path)
    except OSError:
        return False
    return held.unless_held((st.st_dev, st.st_ino), lambda: _nobody_holds_shm(path), False)


def _nobody_holds_shm(path: Path) -> bool:
    try:
        fd = os.open(f"{path}-shm", os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        probe = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, SHM_DMS_BYTE, 1, 0)
        found = fcntl.fcntl(fd, fcntl.F_GETLK, probe)
        return bool(struct.unpack("hhqqi", found)[0] == fcntl.F_UNLCK)
    except OSError:
        return False
    finally:
        os.close(fd)


def set_aside_stray_wal(path: Path) -> str | None:
    """Keep aside a -wal that is not the file's own, before SQLite can apply it.

    The heads file names the salts of the -wal the last write left (every write
    notes them under the folder lock); another salt is another file's log, or a
    write cut short before its step was acknowledged. Unknown salts apply.
    """
    with folder_lock(path.parent):
        found, noted = wal_salts(path), read_heads(path).wal
        if found is None or noted is None or is_own_wal(found, noted):
            return None
        aside = free_name(Path(f"{path}-wal"), "stray")
        move_no_replace(Path(f"{path}-wal"), aside)
        shm = Path(f"{path}-shm")
        if shm.exists() and not shm.is_symlink():
            with suppress(FileNotFoundError):
                shm.unlink()  # the index of the log set aside; SQLite rebuilds it
    return (f"A -wal beside {path} was not its own (another file's log, or a write cut "
            f"short before it was acknowledged); it was kept as {aside.name} and not "
            "applied.")
