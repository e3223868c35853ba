"""`companion recover`: the good prefix into a new game, or a named backup restored."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.cli.conftest import ROOT
from tests.store.damage import commands_in, companion, flip, one_sentence, saved_game


def _damage_step(db, number: int) -> None:
    data = db.read_bytes()
    flip(db, data.find(f"table note number {number - 1:03d}".encode()) + 3, 0x01)


def test_the_good_prefix_becomes_a_new_game_saying_how_many_steps_are_lost(tmp_path):
    db = tmp_path / "g.db"
    commands = saved_game(db, notes=60)
    _damage_step(db, 17)
    damaged = db.read_bytes()
    run = companion("--db", str(db), "recover")
    assert run.code == 0, run
    assert "Copied steps 1 to 16 of xp-" in run.out and "44 steps after them are lost" in run.out
    new_id = run.out.split("into a new game ")[1].split(";")[0]
    history = json.loads(companion("--db", str(db), "--game-id", new_id, "history",
                                   "--json").out)
    assert [h["command"] for h in history] == commands[:16]
    played = companion("--db", str(db), "--game-id", new_id, "play", "--script", "-",
                       stdin="note the game goes on\n")
    assert played.code == 0, played
    old_id = run.out.split(" of ")[1].split(" into")[0]
    again = companion("--db", str(db), "--game-id", old_id, "state")
    assert again.code == 1 and "Step 17" in again.err  # the damaged game was left as it was
    assert len(damaged) <= len(db.read_bytes())


def test_an_intact_game_needs_no_recovery(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=5)
    run = companion("--db", str(db), "recover")
    assert run.code == 0 and "is intact (5 steps); nothing to recover" in run.out
    assert "companion recover --restore NAME" in run.out  # the backups are named


def test_a_kept_copy_gives_back_its_good_games_and_is_never_changed(tmp_path):
    db = tmp_path / "g.db"
    commands = saved_game(db, notes=40)
    data = bytearray(db.read_bytes())
    data[-4096:] = bytes(4096)  # the last page zeroed: the file is set aside
    db.write_bytes(bytes(data))
    run = companion("--db", str(db), "state")
    kept = next(tmp_path.glob("g.db.corrupt-*"))
    assert kept.name in run.err
    before = kept.read_bytes()
    recovered = companion("--db", str(db), "recover", "--from", str(kept))
    assert recovered.code == 0 and one_sentence(recovered.out), recovered
    assert kept.read_bytes() == before
    saved = commands_in(db)
    assert saved == commands[: len(saved)] and saved  # a prefix, in order
    if len(saved) < len(commands):
        assert f"{len(commands) - len(saved)} step" in recovered.out


def test_a_named_backup_is_restored_and_the_file_it_replaces_is_kept(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=3)  # closing writes a backup
    backup = sorted((tmp_path / "backups").glob("g-*.db"))[-1]
    companion("--db", str(db), "play", "--game", "xp", "--script", "-",
              stdin="note after the backup\n")
    before = db.read_bytes()
    run = companion("--db", str(db), "recover", "--restore", backup.name)
    assert run.code == 0 and f"Restored {backup.name}" in run.out, run
    kept = next(tmp_path.glob("g.db.replaced-*"))
    assert kept.read_bytes() == before and kept.name in run.out
    assert "note after the backup" not in commands_in(db)
    assert companion("--db", str(db), "state").code == 0


def test_an_unknown_backup_is_one_sentence_and_changes_nothing(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=2)
    before = db.read_bytes()
    run = companion("--db", str(db), "recover", "--restore", "nope.db")
    assert run.code == 1 and one_sentence(run.err) and "There is no backup called" in run.err
    assert db.read_bytes() == before and not list(tmp_path.glob("g.db.replaced-*"))


def test_recover_never_reads_standard_input(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=2)
    child = subprocess.Popen([sys.executable, "-m", "companion", "--db", str(db), "recover"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    try:
        child.wait(timeout=60)  # standard input is left open: reading it would hang
    finally:
        child.kill()
    assert child.returncode == 0 and "nothing to recover" in child.stdout.read()
