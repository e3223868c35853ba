"""A companion closing a file that another one set aside never touches the new file.

SQLite's last connection to a file checkpoints it on close and then deletes its
`-wal` and `-shm` by name, unless the path no longer holds its file. If a
set-aside and a new file came in between, the new file's log and index would go:
its acknowledged steps vanish for every companion that opens it next.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from companion.session import Session, open_session
from companion.store.journal import file_identity
from companion.store.opening import set_aside_once
from tests.store.damage import commands_in, kept_copies, saved_game

PARTS = ("", "-wal", "-shm")


def _kept_parts(aside: Path) -> dict[str, bytes]:
    return {s: Path(f"{aside}{s}").read_bytes() for s in PARTS if Path(f"{aside}{s}").exists()}


def test_closing_after_the_file_was_set_aside_leaves_new_file_and_kept_copy_as_they_are(
        tmp_path):
    db = tmp_path / "games.db"
    saved_game(db, notes=3)
    leaving = open_session(db, "xp")  # it passed its check; another companion's failed
    assert leaving.run("note before the set-aside").ok
    aside = set_aside_once(db, leaving.journal.identity)
    assert aside is not None
    kept = _kept_parts(aside)
    assert "-wal" in kept  # the last step is still in the log, not yet in the file
    fresh = open_session(db, "xp", new=True)
    assert fresh.run("note in the new game").ok
    leaving.close()
    assert Path(f"{db}-wal").exists() and Path(f"{db}-shm").exists()
    assert commands_in(db) == ["note in the new game"]  # read while `fresh` has it open
    assert _kept_parts(aside) == kept  # not checkpointed into, nothing deleted
    assert commands_in(aside)[-1] == "note before the set-aside"
    fresh.close()
    assert commands_in(db) == ["note in the new game"]


def _folder_locked(folder: Path) -> bool:
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # releases the probe's lock if it got it
    return False


class _OtherCompanion(threading.Thread):
    """Finds the file damaged, sets it aside, starts a new game and saves one step; keeps
    the new file open until told to close."""

    def __init__(self, db: Path, identity: tuple[int, int] | None) -> None:
        super().__init__(daemon=True)
        self.db, self.identity = db, identity
        self.blocked_or_done, self.done, self.may_close = (threading.Event() for _ in range(3))
        self.errors: list[str] = []

    def run(self) -> None:
        session: Session | None = None
        try:
            if _folder_locked(self.db.parent):
                self.blocked_or_done.set()  # it waits for the lock below
            assert set_aside_once(self.db, self.identity) is not None
            session = open_session(self.db, "xp", new=True)
            assert session.run("note in the new game").ok
        except Exception as exc:
            self.errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            self.done.set()
            self.blocked_or_done.set()
            self.may_close.wait(60)
            if session is not None:
                session.close()


class _ClosingLikeSQLite:
    """The connection, with SQLite's close slowed down where it is open to a race.

    SQLite looks whether the path still holds its file, checkpoints (which can take a
    while), then deletes `-wal` and `-shm` by name. Here the other companion runs
    between the look and the deletion, as far as the lock lets it.
    """

    def __init__(self, conn: Any, db: Path, meanwhile: _OtherCompanion) -> None:
        self._conn, self._db, self._meanwhile = conn, db, meanwhile

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)

    def close(self) -> None:
        holds_its_file = file_identity(self._db) == self._meanwhile.identity
        self._meanwhile.start()
        assert self._meanwhile.blocked_or_done.wait(60)
        if holds_its_file:
            self._conn.execute("PRAGMA wal_checkpoint").fetchall()
            for suffix in ("-wal", "-shm"):
                Path(f"{self._db}{suffix}").unlink(missing_ok=True)
        self._conn.close()


def test_no_set_aside_while_a_companion_closes_the_file(tmp_path):
    db = tmp_path / "games.db"
    saved_game(db, notes=3)
    leaving = open_session(db, "xp")
    assert leaving.run("note before leaving").ok
    other = _OtherCompanion(db, leaving.journal.identity)
    leaving.journal.conn = _ClosingLikeSQLite(leaving.journal.conn, db, other)  # type: ignore
    try:
        leaving.close()
        assert other.done.wait(60) and other.errors == []
        # Read while the other companion still has the new file open, as a third would.
        assert commands_in(db) == ["note in the new game"]
        assert Path(f"{db}-wal").exists() and Path(f"{db}-shm").exists()
    finally:
        other.may_close.set()
        other.join(60)
    assert commands_in(db) == ["note in the new game"]
    kept = kept_copies(db)
    assert len(kept) == 1 and commands_in(kept[0])[-1] == "note before leaving"


def test_a_look_at_the_file_in_the_same_process_keeps_the_open_games_locks(tmp_path):
    """The app lists the saved games (a second open in its process) while a game is open.
    That open read the file's header and probed its -shm with plain opens and closes,
    which drop every POSIX lock the process held on them, the open game's included: another
    companion closing the file then took it for unused and deleted its -wal, and the open
    game's next step went into a deleted log, unseen by anyone else (lost at a power cut)."""
    from companion.tables import Tables

    db = tmp_path / "games.db"
    saved_game(db, notes=3)
    playing = open_session(db, "xp")
    try:
        assert playing.run("note while the list is looked at").ok
        Tables(db).games()  # the games list, in the same process
        other = ("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                 "c.execute('SELECT COUNT(*) FROM steps').fetchall(); c.close()")
        subprocess.run([sys.executable, "-c", other, str(db)], check=True, timeout=60)
        assert Path(f"{db}-wal").exists()
        assert playing.run("note after the other companion left").ok
        seen = subprocess.run([sys.executable, "-c", READER, str(db)], check=True,
                              capture_output=True, text=True, timeout=60).stdout
        assert seen.split("\n")[-2] == "note after the other companion left"
    finally:
        playing.close()


READER = ("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
          "print('\\n'.join(r[0] for r in c.execute('SELECT command FROM steps ORDER BY step')))")
