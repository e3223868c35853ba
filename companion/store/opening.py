"""Opening the saved-games file: ours, new, damaged, or not ours at all.

A damaged file of ours is set aside (never deleted, never overwritten) and a
new one started. Setting aside happens once, under a lock on the folder: a
companion re-checks, holding the lock, that the file at the path is still
the one it found damaged, so several companions starting on one damaged file
set it aside once and never set aside the new game another one started.
What is not ours (a folder, a fifo, a link to something else, a read-only
file, another application's database) is refused and left untouched.
"""

from __future__ import annotations

import errno
import fcntl
import os
import sqlite3
import stat
import struct
import time
from contextlib import suppress
from pathlib import Path
from typing import Literal

from companion.core.errors import DamageError
from companion.store.errors import NotOursError, StoreError, is_damage, primary_code, translate
from companion.store.heads import folder_lock, is_own_wal, read_heads, wal_salts
from companion.store.journal import Journal, file_identity
from companion.store.schema import (
    APPLICATION_ID,
    OUR_TABLES,
    SchemaDamagedError,
    SchemaTooNewError,
    table_names,
)

Kind = Literal["new", "ours", "damaged"]
#: Files up to this size get SQLite's full integrity check on every open (docs/perf.md).
FULL_CHECK_BYTES = 16 * 1024 * 1024
#: The -shm byte every connection holds a shared lock on (SQLite's WALINDEX_LOCK_OFFSET + 8).
SHM_DMS_BYTE = 128
SQLITE_MAGIC = b"SQLite format 3\x00"
OPEN_ATTEMPTS = 4


def open_journal(path: Path, full_check: bool = False) -> tuple[Journal, str | None]:
    """Open the saved-games file; a damaged one is kept aside and a fresh one started.

    Returns the journal and, if the file (or a -wal not its own) had to be set
    aside, a sentence saying so that names the kept copy. SQLite's full
    integrity check runs when `full_check`, on a small file, and after an
    unclean shutdown; otherwise its quick check (docs/perf.md has their costs).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    notice = None
    for _ in range(OPEN_ATTEMPTS):
        found, identity = _identify(path)
        if found == "ours":
            notice = _join(notice, set_aside_stray_wal(path))
        if found != "damaged":
            try:
                return _open_checked(path, full_check), notice
            except (DamageError, SchemaDamagedError):
                if path.is_symlink():
                    raise _not_ours(path, "a link to a damaged file") from None
                # `identity` is the file identified above: if the path changed since,
                # setting aside re-checks it under the lock and looks again.
        aside = set_aside_once(path, identity)
        if aside is not None:
            notice = _join(notice, f"The saved-games file {path} was damaged; it was kept "
                           f"as {aside.name} and a new one was started.")
    raise StoreError(f"The saved-games file {path} keeps changing under this companion "
                     "(another program?); close the other companions and try again.")


def _join(first: str | None, second: str | None) -> str | None:
    return " ".join(x for x in (first, second) if x) or None


def _open_checked(path: Path, full_check: bool) -> Journal:
    full = full_check or _is_small(path) or _was_left_open(path)
    try:
        journal = Journal(path)
    except SchemaTooNewError as exc:
        raise StoreError(str(exc)) from exc
    except sqlite3.Error as exc:
        raise _open_error(path, exc) from exc
    try:
        check = "integrity_check" if full else "quick_check"
        verdict = journal.conn.execute(f"PRAGMA {check}").fetchone()[0]
    except sqlite3.Error as exc:
        journal.close()
        raise _open_error(path, exc) from exc
    if verdict != "ok":
        journal.close()
        raise DamageError(f"{check}: {verdict}")
    return journal


def _is_small(path: Path) -> bool:
    try:
        return os.stat(path).st_size <= FULL_CHECK_BYTES
    except OSError:
        return True


def _was_left_open(path: Path) -> bool:
    """A -wal with steps in it and no companion holding the file: an unclean shutdown.

    Every SQLite connection in WAL mode holds a shared lock on one byte of the
    -shm (its "dead man switch"); nobody holding it means nobody has it open.
    """
    try:
        if os.stat(f"{path}-wal").st_size <= 32:
            return False
        fd = os.open(f"{path}-shm", os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        probe = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, SHM_DMS_BYTE, 1, 0)
        held = fcntl.fcntl(fd, fcntl.F_GETLK, probe)
        return bool(struct.unpack("hhqqi", held)[0] == fcntl.F_UNLCK)
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
        aside = _free_name(Path(f"{path}-wal"), "stray")
        _move_no_replace(Path(f"{path}-wal"), aside)
        shm = Path(f"{path}-shm")
        if shm.exists() and not shm.is_symlink():
            with suppress(FileNotFoundError):
                shm.unlink()  # the index of the log set aside; SQLite rebuilds it
    return (f"A -wal beside {path} was not its own (another file's log, or a write cut "
            f"short before it was acknowledged); it was kept as {aside.name} and not "
            "applied.")


def _open_error(path: Path, exc: sqlite3.Error) -> StoreError | DamageError:
    if primary_code(exc) == sqlite3.SQLITE_FULL:
        return StoreError(f"There is not enough free space to open the saved-games file "
                          f"{path}; free some space and try again.")
    return translate(exc, path)


# ---- what is at the path ------------------------------------------------------------
def _identify(path: Path) -> tuple[Kind, tuple[int, int] | None]:
    """What the path holds; refuses (NotOursError) what is not ours to open or change."""
    try:
        link = os.lstat(path)
    except FileNotFoundError:
        return "new", None
    target = path
    if stat.S_ISLNK(link.st_mode):
        target = path.resolve()
        if not target.is_file():
            raise _not_ours(path, f"a link to {target}, which is not a saved-games file")
    st = os.stat(target)
    if not stat.S_ISREG(st.st_mode):
        what = "a folder" if stat.S_ISDIR(st.st_mode) else \
            "a pipe (fifo)" if stat.S_ISFIFO(st.st_mode) else "a device or socket"
        raise _not_ours(path, what)
    if not st.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise _not_ours(path, "a read-only file", "make it writable, or ")
    found = _identify_file(target, st.st_size)
    if target != path and found == "damaged":
        raise _not_ours(path, f"a link to {target}, which is damaged")
    return found, (st.st_dev, st.st_ino)


def _identify_file(path: Path, size: int) -> Kind:
    if size == 0:
        return "new"
    with path.open("rb") as handle:
        header = handle.read(100)
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        return "damaged"
    if int.from_bytes(header[68:72], "big") == APPLICATION_ID:
        return "ours"
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0)
        try:
            tables = table_names(conn)
        finally:
            conn.close()
    except sqlite3.Error as exc:
        if is_damage(exc):
            return "damaged"
        raise translate(exc, path) from exc
    if tables >= OUR_TABLES or (not tables and not int.from_bytes(header[68:72], "big")):
        return "ours" if tables else "new"
    raise _not_ours(path, "another application's database")


def _not_ours(path: Path, what: str, hint: str = "") -> NotOursError:
    return NotOursError(f"{path} is not a saved-games file of the companion (it is {what}); "
                        f"it was left untouched: {hint}give --db another file name.")


# ---- setting aside -------------------------------------------------------------------
def set_aside_once(path: Path, identity: tuple[int, int] | None,
                   label: str = "corrupt") -> Path | None:
    """Keep the damaged file (with its -wal and -shm) under a new name, exactly once.

    None if, by the time the lock is held, the file at the path is no longer
    the one found damaged: another companion set it aside (and may already
    have started a new game in its place), so there is nothing to do.
    """
    with folder_lock(path.parent):
        if identity is None or file_identity(path) != identity:
            return None
        aside = _free_name(path, label)
        # The log and index first: a companion that finds no file at the path then
        # starts afresh, and never meets the old log beside its new file.
        for suffix in ("-wal", "-shm", ""):
            part = Path(f"{path}{suffix}")
            if part.exists():
                _move_no_replace(part, Path(f"{aside}{suffix}"))
        return aside


def _free_name(path: Path, label: str) -> Path:
    """`games.db.corrupt-STAMP`, or with -2, -3... : a name no part of a kept copy uses."""
    base = f"{path.name}.{label}-{time.strftime('%Y%m%d-%H%M%S')}"
    number = 1
    while True:
        name = base if number == 1 else f"{base}-{number}"
        candidate = path.with_name(name)
        if not any(Path(f"{candidate}{s}").exists() or Path(f"{candidate}{s}").is_symlink()
                   for s in ("", "-wal", "-shm")):
            return candidate
        number += 1


def _move_no_replace(source: Path, target: Path) -> None:
    """Rename that fails rather than replace: a hard link, then the old name removed."""
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV) or target.exists():
            raise
        os.rename(source, target)  # a file system without hard links; checked free above
        return
    with suppress(FileNotFoundError):
        os.unlink(source)
