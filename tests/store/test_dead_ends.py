"""No file is a dead end: every state in which a file cannot be used has a way out."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.store import creating
from tests.store.damage import commands_in, companion, flip, kept_copies, one_sentence, saved_game
from tests.store.test_underfoot import COMPANIONS, _acknowledged, _start_together


def _hot_journal(db: Path) -> None:
    """What a kill while an older companion created the file left: a hot rollback journal."""
    db.unlink()
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("CREATE TABLE a(x)")
    conn.execute("PRAGMA cache_size=1")
    conn.execute("BEGIN")
    for _ in range(300):
        conn.execute("INSERT INTO a VALUES (randomblob(1000))")
    shutil.copyfile(db, f"{db}.copy")
    shutil.copyfile(f"{db}-journal", f"{db}.copy-journal")
    conn.close()
    os.replace(f"{db}.copy", db)
    os.replace(f"{db}.copy-journal", f"{db}-journal")


def _user_version(db: Path, version: int) -> None:
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version={version}")
    conn.commit()
    conn.close()


def _drop_events(db: Path) -> None:
    conn = sqlite3.connect(db)
    conn.execute("DROP TABLE events")
    conn.commit()
    conn.close()


def _write_version(db: Path) -> None:
    data = bytearray(db.read_bytes())
    data[18] = 3
    db.write_bytes(bytes(data))


UNUSABLE = {
    "hot journal of a creation cut short": _hot_journal,
    "user_version set to 0": lambda db: _user_version(db, 0),
    "user_version set to 1": lambda db: _user_version(db, 1),
    "schema format byte": lambda db: flip(db, 47, 0x10),
    "events table dropped": _drop_events,
    "write-version byte": _write_version,
    "a folder named g.db-wal": lambda db: os.mkdir(f"{db}-wal"),
}


@pytest.mark.parametrize("case", UNUSABLE)
def test_an_unusable_file_is_kept_aside_and_a_new_game_starts(tmp_path, case):
    db = tmp_path / "g.db"
    saved_game(db, notes=10)
    UNUSABLE[case](db)
    damaged = db.read_bytes()
    run = companion("--db", str(db), "play", "--game", "xp", "--script", "-",
                    stdin="note a new start\n")
    assert run.code == 0 and one_sentence(run.err), run
    assert "was kept as" in run.err and "a new one was started" in run.err
    assert [p.read_bytes() for p in kept_copies(db)] == [damaged]
    assert commands_in(db) == ["note a new start"]
    for again in (["state"], ["games"], ["recover"]):
        assert companion("--db", str(db), *again).code == 0


def test_a_file_from_a_newer_companion_names_both_ways_out_and_set_aside_is_one(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=3)
    _user_version(db, 9)
    before = db.read_bytes()
    run = companion("--db", str(db), "state")
    assert run.code == 1 and one_sentence(run.err), run
    assert "newer companion" in run.err and "--set-aside" in run.err and "--restore" in run.err
    out = companion("--db", str(db), "recover", "--set-aside")
    assert out.code == 0 and "was kept as g.db.set-aside-" in out.out, out
    kept = next(tmp_path.glob("g.db.set-aside-*"))
    assert kept.read_bytes() == before
    play = companion("--db", str(db), "play", "--game", "xp", "--script", "-", stdin="note\n")
    assert play.code == 0, play


def test_a_symlink_loop_is_one_sentence_with_the_ways_out_never_exit_3(tmp_path):
    db = tmp_path / "g.db"
    db.symlink_to(db.name)
    for args in (["state"], ["play", "--game", "xp", "--script", "-"], ["recover"]):
        run = companion("--db", str(db), *args, stdin="note\n")
        assert run.code == 1 and one_sentence(run.err), run
        assert "--set-aside" in run.err
    assert companion("--db", str(db), "recover", "--set-aside").code == 0
    assert next(tmp_path.glob("g.db.set-aside-*")).is_symlink()  # kept, as it was
    play = companion("--db", str(db), "play", "--game", "xp", "--script", "-", stdin="note\n")
    assert play.code == 0, play


def test_a_kill_while_a_new_file_is_made_leaves_nothing_at_the_path(tmp_path, monkeypatch):
    db = tmp_path / "g.db"

    def killed(*_args: object) -> None:
        raise SystemExit(137)  # the process ends before the new file is put in place

    monkeypatch.setattr(creating, "_put_in_place", killed)
    with pytest.raises(SystemExit):
        companion("--db", str(db), "play", "--game", "xp", "--script", "-", stdin="note\n")
    monkeypatch.undo()
    assert not db.exists() and not Path(f"{db}-journal").exists()
    run = companion("--db", str(db), "play", "--game", "xp", "--script", "-", stdin="note\n")
    assert run.code == 0 and run.err.startswith("Started xp-"), run
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backups", "g.db", "g.db.heads"]


def test_leftovers_of_companions_no_longer_running_are_cleaned_up(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=2)
    dead = 2**22 + 12345  # above the largest process id: never running
    leftovers = [tmp_path / "backups" / f".g-{dead}-writing.db",
                 tmp_path / f".g.db-creating-7-{dead}", tmp_path / f".g.db-restoring-{dead}"]
    for leftover in leftovers:
        leftover.write_bytes(b"half a file")
    mine = tmp_path / "backups" / f".g-{os.getpid()}-writing.db"
    mine.write_bytes(b"being written")
    target = tmp_path / "unrelated.txt"
    target.write_text("keep me")
    link = tmp_path / "backups" / f".g-{dead + 1}-writing.db"
    link.symlink_to(target)
    assert companion("--db", str(db), "state").code == 0
    assert not any(p.exists() for p in leftovers)
    assert mine.exists() and target.read_text() == "keep me" and link.is_symlink()


def test_companions_starting_together_on_a_damaged_file_agree_on_one_game(tmp_path):
    db = tmp_path / "games.db"
    saved_game(db, notes=30)
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    scripts = ["".join(f"note companion {n} says {k}\n" for k in range(3))
               for n in range(COMPANIONS)]
    runs = _start_together(db, scripts)
    acknowledged = []
    for run, script in zip(runs, scripts, strict=True):
        assert run.returncode in (0, 1) and one_sentence(run.stderr), run.stderr
        acknowledged += _acknowledged(run, script)
    # Four companions writing one game at once may each have a command refused (another
    # saved first, twice): refused in a sentence, never lost once acknowledged.
    assert len(kept_copies(db)) == 1 and len(acknowledged) >= 3
    conn = sqlite3.connect(db)
    games = conn.execute("SELECT game_id FROM games").fetchall()
    conn.close()
    assert len(games) == 1, games
    assert sorted(commands_in(db)) == sorted(acknowledged)
