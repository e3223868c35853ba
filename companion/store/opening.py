"""Opening the saved-games file: ours, new, damaged, or not ours at all.

A damaged file of ours is set aside (never deleted, never overwritten) and a
new one started. Setting aside happens once, under a lock on the folder: a
companion re-checks, holding the lock, that the file at the path is still
the one it found damaged, so several companions starting on one damaged file
set it aside once and never set aside the new game another one started.
A new file is built aside and linked into place whole, so a kill while it is
made leaves nothing at the path. What is not ours (a folder, a fifo, a link
to something else, another application's database) is refused and left
untouched; `companion recover --set-aside` keeps it aside when the player says so.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path
from typing import Literal

from companion.core.errors import DamageError
from companion.store import held
from companion.store.checks import is_small, set_aside_stray_wal, was_left_open
from companion.store.creating import create_whole, remove_leftovers
from companion.store.errors import (
    DeadEndError,
    NotOursError,
    StoreError,
    is_damage,
    is_full,
    translate,
)
from companion.store.heads import folder_lock
from companion.store.journal import Journal, file_identity
from companion.store.names import PARTS, free_name, move_no_replace
from companion.store.schema import (
    APPLICATION_ID,
    OUR_TABLES,
    SchemaDamagedError,
    SchemaTooNewError,
    table_names,
)

Kind = Literal["new", "ours", "damaged", "read-only"]
SQLITE_MAGIC = b"SQLite format 3\x00"
OPEN_ATTEMPTS = 8
WAYS_OUT = ("`companion recover --set-aside` keeps it aside and starts afresh, and "
            "`companion recover --restore NAME` puts a backup in its place")


def open_journal(path: Path, full_check: bool = False) -> tuple[Journal, str | None]:
    """Open the saved-games file; a damaged one is kept aside and a fresh one started.

    Returns the journal and, if the file (or a -wal not its own) had to be set
    aside, a sentence saying so that names the kept copy. SQLite's full
    integrity check runs when `full_check`, on a small file, and after an
    unclean shutdown; otherwise its quick check (docs/perf.md has their costs).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_leftovers(path)
    notice = None
    for _ in range(OPEN_ATTEMPTS):
        found, identity = _identify(path)
        if found == "read-only":
            journal = _open_read_only(path)
            return journal, _join(notice, f"The saved-games file {path} is read-only "
                                  f"({journal.read_only}): the game can be shown and exported, "
                                  "but nothing can be played until it is writable.")
        if found == "ours":
            notice = _join(notice, set_aside_stray_wal(path))
        if found == "new" and _create(path, identity):
            continue  # and look again: another companion may have made it first
        if found != "damaged":
            try:
                checked = _open_checked(path, full_check, identity)
                if checked is None:
                    continue  # the file found is gone or replaced: look again
                return checked, notice
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


def _create(path: Path, identity: tuple[int, int] | None) -> bool:
    try:
        return create_whole(path, identity)
    except sqlite3.Error as exc:
        raise _open_error(path, exc) from exc
    except OSError as exc:
        raise StoreError(f"The saved-games file {path} cannot be created "
                         f"({exc.strerror}); check that you may write in its folder.") from exc


def _open_read_only(path: Path) -> Journal:
    target = path.resolve()
    why = _read_only_why(target, os.stat(target).st_mode) or "its permissions"
    try:
        return Journal(path, read_only=why)
    except SchemaTooNewError as exc:
        raise DeadEndError(f"{exc} Or: {WAYS_OUT}.", plain=str(exc)) from exc
    except sqlite3.Error as exc:
        raise _open_error(path, exc) from exc


def _join(first: str | None, second: str | None) -> str | None:
    return " ".join(x for x in (first, second) if x) or None


def _open_checked(path: Path, full_check: bool,
                  identity: tuple[int, int] | None) -> Journal | None:
    """Open and check the file identified as `identity`, under the folder lock; None if
    the path no longer holds it.

    Without the lock and the re-check, a companion could open the path in the instant
    another one had set the damaged file aside and not yet linked the new one in: its
    SQLite then made a file in place, which a third companion, seeing its hot journal,
    set aside too (2 of 60 runs of four companions under load). Closing takes the same
    lock (`Journal.close`): SQLite's close deletes `-wal` and `-shm` by name.
    """
    with folder_lock(path.parent):
        if identity is None or file_identity(path) != identity:
            return None
        return _open_and_check(path, full_check)


def _open_and_check(path: Path, full_check: bool) -> Journal:
    full = full_check or is_small(path) or was_left_open(path)
    try:
        journal = Journal(path)
    except SchemaTooNewError as exc:
        raise DeadEndError(f"{exc} Or: {WAYS_OUT}.", plain=str(exc)) from exc
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


def _open_error(path: Path, exc: sqlite3.Error) -> StoreError | DamageError:
    if is_full(exc):
        return StoreError(f"There is not enough free space to open the saved-games file "
                          f"{path}; free some space and try again.")
    return translate(exc, path)


# ---- what is at the path ------------------------------------------------------------
def _identify(path: Path) -> tuple[Kind, tuple[int, int] | None]:
    """What the path holds; refuses (NotOursError) what is not ours to open or change.

    A file gone while it is looked at (another companion set it aside) is nothing
    at the path: "new", and the creation that follows never replaces what came since.
    """
    try:
        return _identify_path(path)
    except FileNotFoundError:
        return "new", None


def _identify_path(path: Path) -> tuple[Kind, tuple[int, int] | None]:
    link = os.lstat(path)
    target = path
    if stat.S_ISLNK(link.st_mode):
        try:
            target = path.resolve(strict=True)
        except (OSError, RuntimeError):
            raise _not_ours(path, "a link that leads nowhere (a loop, or a missing file)",
                            set_aside=True) from None
        if not target.is_file():
            raise _not_ours(path, f"a link to {target}, which is not a saved-games file")
    st = os.stat(target)
    if not stat.S_ISREG(st.st_mode):
        what = "a folder" if stat.S_ISDIR(st.st_mode) else \
            "a pipe (fifo)" if stat.S_ISFIFO(st.st_mode) else "a device or socket"
        raise _not_ours(path, what, set_aside=True)
    identity = (st.st_dev, st.st_ino)
    found: Kind = "damaged" if _odd_parts(path) else held.unless_held(
        identity, lambda: _identify_file(target, st.st_size), "ours")  # open here: ours
    if found == "ours" and _read_only_why(target, st.st_mode):
        return "read-only", identity
    if found != "ours" and _read_only_why(target, st.st_mode):
        raise _not_ours(path, "a read-only file", "make it writable, or ")
    if target != path and found == "damaged":
        raise _not_ours(path, f"a link to {target}, which is damaged")
    return found, identity


def _read_only_why(target: Path, mode: int) -> str | None:
    """Why the file cannot be written, or None if it can."""
    if not mode & 0o222:
        return "its permissions"
    if not os.access(target, os.W_OK) or not os.access(target.parent, os.W_OK):
        return "its permissions or its file system"
    return None


def _odd_parts(path: Path) -> bool:
    """A -wal, -shm or -journal that is not a plain file (a folder named games.db-wal)."""
    for suffix in ("-wal", "-shm", "-journal"):
        try:
            if not stat.S_ISREG(os.lstat(f"{path}{suffix}").st_mode):
                return True
        except FileNotFoundError:
            continue
    return False


def _identify_file(path: Path, size: int) -> Kind:
    journal = Path(f"{path}-journal")
    if size == 0:
        # Nothing in it: new, unless a hot journal says a creation was cut short.
        return "damaged" if journal.exists() and journal.stat().st_size else "new"
    with path.open("rb") as handle:
        header = handle.read(100)
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC) or _bad_header(header):
        return "damaged"
    if int.from_bytes(header[68:72], "big") == APPLICATION_ID:
        return "ours"
    if journal.exists():
        return "damaged"  # an older companion's creation cut short: its hot journal
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


def _bad_header(header: bytes) -> bool:
    """Header fields SQLite allows only a few values of (its file format, section 1.3)."""
    return (header[18] not in (1, 2) or header[19] not in (1, 2)
            or header[21:24] != bytes((64, 32, 32))
            or int.from_bytes(header[44:48], "big") not in (0, 1, 2, 3, 4)
            or int.from_bytes(header[56:60], "big") not in (0, 1, 2, 3))


def _not_ours(path: Path, what: str, hint: str = "", set_aside: bool = False) -> NotOursError:
    way = f"{WAYS_OUT}, or give --db another file name" if set_aside else \
        f"{hint}give --db another file name"
    plain = f"{path} is not a saved-games file of the companion (it is {what}); it was left " \
        "untouched."
    return NotOursError(f"{plain[:-1]}: {way}.", plain=plain)


# ---- setting aside -------------------------------------------------------------------
def set_aside_once(path: Path, identity: tuple[int, int] | None,
                   label: str = "corrupt") -> Path | None:
    """Keep the damaged file (with its -wal, -shm and -journal) under a new name, exactly once.

    None if, by the time the lock is held, the file at the path is no longer
    the one found damaged: another companion set it aside (and may already
    have started a new game in its place), so there is nothing to do.
    """
    with folder_lock(path.parent):
        if identity is None or file_identity(path) != identity:
            return None
        aside = free_name(path, label)
        # The log and index first: a companion that finds no file at the path then
        # starts afresh, and never meets the old log beside its new file.
        for suffix in PARTS:
            part = Path(f"{path}{suffix}")
            if part.exists() or part.is_symlink():
                move_no_replace(part, Path(f"{aside}{suffix}"))
        return aside


def set_aside_by_hand(path: Path) -> Path | None:
    """`recover --set-aside`: whatever is at the path (a link is never followed), with its
    -wal, -shm and -journal, kept under a new name; None if there is nothing there."""
    with folder_lock(path.parent):
        if not any(os.path.lexists(f"{path}{suffix}") for suffix in PARTS):
            return None
        aside = free_name(path, "set-aside")
        for suffix in PARTS:
            if os.path.lexists(f"{path}{suffix}"):
                move_no_replace(Path(f"{path}{suffix}"), Path(f"{aside}{suffix}"))
        return aside
