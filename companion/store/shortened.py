"""A game that reopens shorter than its head says so, and names the backup that has it.

The head (companion/store/heads.py) was written after the game's newest
acknowledged step. If the file now holds fewer steps, or other steps under
that number, something took them: a lost or damaged `-wal`, a truncated file,
an older copy put in its place. Nothing is changed: the sentence names what is
missing and the newest backup that still holds it.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from companion.store import heads
from companion.store.backups import backups_of
from companion.store.journal import Journal


@dataclass(frozen=True)
class Shortened:
    """What is missing of a game, in a sentence, and the backup that has it (if any)."""

    sentence: str
    backup: str | None


def shortened(journal: Journal, game_id: str) -> Shortened | None:
    """None if the game holds at least what its head says; else what is missing."""
    head = heads.read_heads(journal.path).games.get(game_id)
    if head is None:
        return None
    try:
        found = journal.conn.execute(
            "SELECT g.crc, (SELECT MAX(step) FROM steps WHERE game_id=?1), (SELECT crc "
            "FROM steps WHERE game_id=?1 AND step=?2) FROM games g WHERE g.game_id=?1",
            (game_id, head.step)).fetchone()
    except sqlite3.Error:
        return None  # the open that follows says what is wrong with the file
    if found is None or found[0] != head.record_crc:
        return None  # another game under the same name (a new file after one set aside)
    last, at_head = int(found[1] or 0), found[2]
    if last >= head.step and at_head == head.step_crc:
        return None
    if last < head.step:
        missing = (f"step {head.step} is" if last + 1 == head.step
                   else f"steps {last + 1} to {head.step} are")
        what = (f"The saved game {game_id} reopened at step {last}, but {head.step} steps "
                f"of it were saved: {missing} missing from {journal.path.name} (its -wal "
                "was lost or damaged, or the file was cut short).")
    else:
        what = (f"The saved game {game_id} does not hold the steps saved last: its step "
                f"{head.step} is not the one that was saved (was the file replaced by "
                "another copy?).")
    backup = newest_backup_with(journal.path, game_id, head)
    return Shortened(f"{what} {_offer(journal.path, backup)}", backup)


def _offer(db: Path, backup: str | None) -> str:
    if backup is not None:
        return (f"The backup {backup} has them: `companion recover --restore {backup}` puts "
                "it back (the file now in place is kept).")
    if backups_of(db):
        return "No backup has them; playing on continues from here."
    return "There is no backup to restore; playing on continues from here."


def newest_backup_with(db: Path, game_id: str, head: heads.Head) -> str | None:
    """The name of the newest backup holding the game up to its head, if any."""
    for backup in reversed(backups_of(db)):
        try:
            conn = sqlite3.connect(f"{backup.resolve().as_uri()}?mode=ro", uri=True)
            try:
                row = conn.execute("SELECT crc FROM steps WHERE game_id=? AND step=?",
                                   (game_id, head.step)).fetchone()
            finally:
                conn.close()
        except sqlite3.Error:
            continue
        if row is not None and row[0] == head.step_crc:
            return backup.name
    return None


def heads_of_file(db: Path) -> dict[str, heads.Head | None]:
    """Every game's head as the file at `db` holds it now (after a restore)."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT g.game_id, s.step, s.crc, g.crc FROM games g JOIN steps s ON "
            "s.game_id = g.game_id AND s.step = (SELECT MAX(step) FROM steps "
            "WHERE game_id = g.game_id)").fetchall()
    finally:
        conn.close()
    return {str(g): heads.Head(n, crc, record) for g, n, crc, record in rows
            if all(isinstance(x, int) for x in (n, crc, record))}


def restart_heads(db: Path) -> None:
    """After a restore: the heads file describes the file now in place, and only it."""
    with heads.folder_lock(db.parent):
        try:
            found = heads_of_file(db)
        except sqlite3.Error:
            found = {}
        old = heads.read_heads(db).games
        try:
            heads.record(db, {**dict.fromkeys(old), **found})
        except OSError:
            heads.heads_path(db).unlink(missing_ok=True)
