"""A game that reopens shorter than it was says so, and names the backup that has the rest."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from companion.session import CHECKPOINT_EVERY, open_session
from companion.store import checks
from companion.store.heads import read_heads
from tests.store.damage import commands_in, companion, kept_copies, one_sentence, saved_game

NOTES = 2 * CHECKPOINT_EVERY + 7


def _history(db: Path) -> list[str]:
    run = companion("--db", str(db), "history", "--json")
    assert run.code == 0, run
    return [row["command"] for row in json.loads(run.out)]


def _crash_copy(tmp_path: Path, with_backup: bool) -> tuple[Path, list[str], str | None]:
    """A game left open (a power cut), copied with its -wal, heads file and backups."""
    db = tmp_path / "live" / "g.db"
    db.parent.mkdir()
    session = open_session(db, "xp", new=True, seed=3)
    commands = []
    for n in range(NOTES):
        commands.append(f"note table note number {n:03d}")
        assert session.run(commands[-1]).ok
    backup = session.backup().name if with_backup else None
    copy = tmp_path / "copy"
    shutil.copytree(db.parent, copy)
    session.journal.close()
    return copy / db.name, commands, backup


def test_a_lost_wal_reopens_shorter_and_says_which_steps_and_which_backup(tmp_path):
    db, commands, backup = _crash_copy(tmp_path, with_backup=True)
    Path(f"{db}-wal").unlink()
    run = companion("--db", str(db), "state")
    assert run.code == 0 and one_sentence(run.err), run
    kept = len(commands_in(db))
    assert kept < NOTES
    assert f"reopened at step {kept}, but {NOTES} steps of it were saved: steps {kept + 1} " \
        f"to {NOTES} are missing" in run.err
    assert f"The backup {backup} has them" in run.err
    restored = companion("--db", str(db), "recover", "--restore", str(backup))
    assert restored.code == 0, restored
    again = companion("--db", str(db), "state")
    assert again.code == 0 and "missing" not in again.err, again
    assert _history(db) == commands


def test_a_damaged_wal_tail_says_so_even_without_a_backup(tmp_path):
    db, _commands, _ = _crash_copy(tmp_path, with_backup=False)
    wal = Path(f"{db}-wal")
    data = bytearray(wal.read_bytes())
    data[_last_frame(data) + 24 + 100] ^= 0xFF  # its checksum fails: SQLite stops before it
    wal.write_bytes(bytes(data))
    run = companion("--db", str(db), "history")
    assert run.code == 0 and one_sentence(run.err), run
    assert f"{NOTES} steps of it were saved" in run.err and "no backup" in run.err


def _last_frame(wal: bytes) -> int:
    """Offset of the newest frame of the log (frames after it are stale: other salts)."""
    page = int.from_bytes(wal[8:12], "big")
    at, last = 32, 32
    while at + 24 + page <= len(wal) and wal[at + 8:at + 16] == wal[16:24]:
        last, at = at, at + 24 + page
    return last


def test_the_newest_step_deleted_is_named_missing(tmp_path):
    db = tmp_path / "g.db"
    commands = saved_game(db, notes=20)
    conn = sqlite3.connect(db)
    conn.execute("DELETE FROM events WHERE step=20")
    conn.execute("DELETE FROM steps WHERE step=20")
    conn.commit()
    conn.close()
    run = companion("--db", str(db), "state")
    assert "reopened at step 19, but 20 steps of it were saved: step 20 is missing" in run.err
    assert one_sentence(run.err), run
    # playing on is the player's choice: the game goes on from step 19, and says so no more
    played = companion("--db", str(db), "play", "--script", "-", stdin="note on we go\n")
    assert played.code == 0, played
    assert companion("--db", str(db), "state").err == ""
    assert _history(db) == [*commands[:19], "note on we go"]


def test_another_copy_put_in_place_says_its_steps_are_not_the_ones_saved(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=5)
    other = tmp_path / "other"
    shutil.copytree(tmp_path, other, ignore=shutil.ignore_patterns("other"))
    for folder, word in ((tmp_path, "ours"), (other, "theirs")):
        run = companion("--db", str(folder / "g.db"), "play", "--script", "-",
                        stdin="".join(f"note {word} {n}\n" for n in range(3)))
        assert run.code == 0, run
    shutil.copyfile(other / "g.db", db)  # the same game played on elsewhere, put in place
    run = companion("--db", str(db), "state")
    assert run.code == 0 and one_sentence(run.err), run
    assert "does not hold the steps saved last: its step 8 is not the one that was saved" \
        in run.err


def test_a_head_of_another_game_of_the_same_name_is_ignored(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=5)
    kept = tmp_path / "kept.db"
    db.rename(kept)
    saved_game(db, notes=2)  # a new file, a new game with the same name: not shorter
    run = companion("--db", str(db), "state")
    assert run.code == 0 and run.err == "", run


def _misordered(db: Path) -> None:
    """One byte of the newest step's key changed: rows out of order, quick_check still ok."""
    conn = sqlite3.connect(db)
    game_id = conn.execute("SELECT game_id FROM games").fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    at = data.find(game_id.encode() + bytes([60]) + b"donote table note number 059")
    assert at > 0
    data[at + len(game_id) - 1] = ord("0")
    db.write_bytes(bytes(data))
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
    conn.close()


def test_a_byte_only_the_full_integrity_check_sees_is_never_played(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=60)
    _misordered(db)
    damaged = db.read_bytes()
    run = companion("--db", str(db), "play", "--script", "-", stdin="note after damage\n")
    assert run.code == 1 and one_sentence(run.err), run
    assert "was damaged; it was kept as" in run.err and "Noted" not in run.out
    assert [p.read_bytes() for p in kept_copies(db)] == [damaged]


def test_recover_never_writes_into_a_file_that_failed_the_full_check(tmp_path, monkeypatch):
    monkeypatch.setattr(checks, "FULL_CHECK_BYTES", 0)  # as for a big file
    db = tmp_path / "g.db"
    saved_game(db, notes=60)
    _misordered(db)
    damaged = db.read_bytes()
    run = companion("--db", str(db), "recover")
    assert run.code in (0, 1) and "Traceback" not in run.err + run.out, run
    assert [p.read_bytes() for p in kept_copies(db)] == [damaged]


def test_a_stray_wal_of_another_file_is_kept_aside_never_applied(tmp_path):
    db = tmp_path / "g.db"
    commands = saved_game(db, notes=30)  # closed: no -wal
    other = tmp_path / "other" / "g.db"
    other.parent.mkdir()
    saved_game(other, notes=12, close=False)  # left open: a -wal
    shutil.copyfile(f"{other}-wal", f"{db}-wal")
    run = companion("--db", str(db), "history", "--json")
    assert run.code == 0, run
    assert [row["command"] for row in json.loads(run.out)] == commands
    assert "was not its own" in run.err and one_sentence(run.err)
    assert len(list(tmp_path.glob("g.db-wal.stray-*"))) == 1


def test_the_own_wal_of_a_crash_is_applied_whole(tmp_path):
    db, commands, _ = _crash_copy(tmp_path, with_backup=False)
    assert _history(db) == commands
    assert not list(db.parent.glob("*stray*"))


HOLD = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1])
conn.execute("SELECT COUNT(*) FROM steps").fetchall()
print("open", flush=True)
sys.stdin.read()
"""


def test_an_unclean_shutdown_is_told_from_a_companion_still_running(tmp_path):
    # A power cut's copy: a game still open in this process holds its file (held.py).
    db = _crash_copy(tmp_path, with_backup=False)[0]
    assert checks.was_left_open(db)  # the -wal with steps, and nobody holding the file
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(db)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        assert not checks.was_left_open(db)
    finally:
        holder.communicate("")


def test_restoring_an_older_backup_is_the_players_choice_and_not_called_shorter(tmp_path):
    db = tmp_path / "g.db"
    session = open_session(db, "xp", new=True, seed=3)
    assert session.run("note one").ok
    backup = session.backup().name
    assert session.run("note two").ok
    session.close()
    restored = companion("--db", str(db), "recover", "--restore", backup)
    assert restored.code == 0, restored
    run = companion("--db", str(db), "state")
    assert run.code == 0 and run.err == "", run


def test_a_half_written_heads_file_says_nothing_and_a_restart_it_missed_is_own():
    from companion.store.heads import _parse, is_own_wal

    assert _parse(b"0000beef\n{\"format\": \"exploration-companion-heads\"}").games == {}
    assert is_own_wal((7, 1), (7, 1)) and is_own_wal((9, 5), (7, 1))  # two restarts missed
    assert not is_own_wal((123456, 1), (7, 1))  # another file's log


def test_the_heads_file_is_written_beside_and_never_through_a_planted_link(tmp_path):
    db = tmp_path / "g.db"
    target = tmp_path / "elsewhere.txt"
    target.write_text("not yours")
    db.with_name("g.db.heads").symlink_to(target)
    saved_game(db, notes=3)
    assert target.read_text() == "not yours"
    assert read_heads(db).games  # the link was replaced by the companion's own file
