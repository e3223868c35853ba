"""The damage suite: a saved-games file damaged in every way we know of.

For each case: one sentence and never exit 3; no acknowledged command lost
(lost means in neither the live file nor the kept copy: damage that destroyed
a step is reported, not repaired); no kept copy overwritten; a new game
possible, except for what is not ours, which is refused and left untouched.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

import pytest

from tests.store.damage import (
    PAGE,
    commands_in,
    companion,
    flip,
    kept_copies,
    one_sentence,
    saved_game,
    zero_page,
)


def _plant_kept_copies(db: Path) -> dict[Path, bytes]:
    """Copies kept from earlier damage, named for this second and the next few."""
    planted = {}
    for ahead in range(4):
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() + ahead))
        copy = db.with_name(f"{db.name}.corrupt-{stamp}")
        copy.write_bytes(f"an older kept copy {ahead}".encode())
        planted[copy] = copy.read_bytes()
    return planted


def _check_nothing_lost(db: Path, damaged: bytes, planted: dict[Path, bytes],
                        commands: list[str]) -> None:
    run = companion("--db", str(db), "play", "--game", "xp", "--script", "-",
                    stdin="note after the damage\n")
    assert run.code in (0, 1), run
    assert one_sentence(run.err), run.err
    new_copies = [p for p in kept_copies(db) if p not in planted]
    if new_copies:  # set aside: the kept copy is the damaged file, byte for byte
        assert len(new_copies) == 1
        assert new_copies[0].read_bytes() == damaged
        assert new_copies[0].name in run.err and "was damaged" in run.err
        assert commands_in(db) == ["note after the damage"]
    else:  # refused in one sentence: the file keeps every step it had
        assert run.code == 1 and "damaged" in run.err, run.err
        kept = commands_in(db)[: len(commands)]  # nothing added; only the damaged step differs
        assert len(kept) == len(commands)
        assert sum(a != b for a, b in zip(kept, commands, strict=True)) <= 1
    for copy, data in planted.items():
        assert copy.read_bytes() == data, "a kept copy was overwritten"
    fresh = companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
                      stdin="note a new game\n")
    assert fresh.code == 0, fresh
    assert "note a new game" in commands_in(db)


def _truncate(db: Path) -> None:
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2 + 100])


DAMAGE = {
    "truncated": _truncate,
    "truncated inside the header": lambda db: db.write_bytes(db.read_bytes()[:60]),
    "magic flipped": lambda db: flip(db, 3),
    "page size flipped": lambda db: flip(db, 16, 0x10),
    "schema version zero": lambda db: [flip(db, 63, 0x02)],
    "b-tree page type flipped": lambda db: flip(db, PAGE),
    "cell pointer flipped": lambda db: flip(db, 2 * PAGE + 9, 0x40),
    "zeroed page 2": lambda db: zero_page(db, 2),
    "zeroed last page": lambda db: zero_page(db, len(db.read_bytes()) // PAGE),
    "zeroed first page": lambda db: zero_page(db, 1),
    "not a database at all": lambda db: db.write_bytes(b"hello " * 3000),
}


@pytest.mark.parametrize("case", DAMAGE)
def test_a_damaged_file_is_one_sentence_loses_nothing_and_a_new_game_starts(tmp_path, case):
    db = tmp_path / "g.db"
    commands = saved_game(db)
    DAMAGE[case](db)
    planted = _plant_kept_copies(db)
    _check_nothing_lost(db, db.read_bytes(), planted, commands)


def _row_offset(db: Path, text: bytes) -> int:
    data = db.read_bytes()
    offset = data.find(text)
    assert offset > 0
    return offset


@pytest.mark.parametrize("text", [b"table note number 017", b"noted", b"note table"])
def test_a_flipped_byte_inside_a_row_is_named_and_refused_not_played(tmp_path, text):
    db = tmp_path / "g.db"
    commands = saved_game(db)
    flip(db, _row_offset(db, text) + 2, 0x01)
    damaged = db.read_bytes()
    for command in (["state"], ["history"], ["export"]):
        run = companion("--db", str(db), *command)
        assert run.code == 1 and one_sentence(run.err), run
        assert "Step " in run.err and "damaged" in run.err and "companion recover" in run.err
    assert db.read_bytes() == damaged
    _check_nothing_lost(db, damaged, {}, commands)


def test_a_byte_that_is_not_utf8_inside_a_row_is_damage_not_a_crash(tmp_path):
    db = tmp_path / "g.db"
    commands = saved_game(db)
    data = bytearray(db.read_bytes())
    offset = _row_offset(db, b"table note number 031")
    data[offset] = 0xFF
    db.write_bytes(bytes(data))
    _check_nothing_lost(db, bytes(data), {}, commands)


def test_bad_json_in_an_event_row_with_a_matching_checksum_is_damage(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=3)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE events SET data='{not json' WHERE step=2")
    conn.commit()
    conn.close()
    run = companion("--db", str(db), "history")
    assert run.code == 1 and "Step 2" in run.err and one_sentence(run.err)


def test_a_removed_wal_after_a_crash_keeps_every_checkpointed_step(tmp_path):
    from companion.session import CHECKPOINT_EVERY

    db = tmp_path / "g.db"
    commands = saved_game(db, notes=2 * CHECKPOINT_EVERY + 7, close=False)  # a crash: no close
    wal = Path(f"{db}-wal")
    assert wal.exists()
    snapshot = {p: p.read_bytes() for p in (db, wal)}
    for p, data in snapshot.items():  # the files as a power cut leaves them
        (tmp_path / "copy").mkdir(exist_ok=True)
        (tmp_path / "copy" / p.name).write_bytes(data)
    copy = tmp_path / "copy" / db.name
    Path(f"{copy}-wal").unlink()
    run = companion("--db", str(copy), "history", "--json")
    assert run.code == 0, run
    kept = commands_in(copy)
    assert kept == commands[: len(kept)]
    assert len(kept) >= 2 * CHECKPOINT_EVERY


# ---- what is not ours: refused in one sentence, left untouched --------------------------
def _refused_and_untouched(db: Path, target: Path | None = None) -> None:
    target = target or db
    before = _fingerprint(target)
    for args in (["play", "--game", "xp", "--script", "-"], ["state"], ["games"],
                 ["play", "--game", "xp", "--new", "--script", "-"]):
        run = companion("--db", str(db), *args, stdin="note never saved\n")
        assert run.code == 1 and one_sentence(run.err), run
        assert "left untouched" in run.err and "--db" in run.err
    assert _fingerprint(target) == before
    assert not kept_copies(db) and not Path(f"{db}-wal").exists()


def _fingerprint(path: Path) -> object:
    if path.is_dir():
        return sorted((p.name, p.read_bytes()) for p in path.iterdir())
    st = os.lstat(path)
    data = path.read_bytes() if path.is_file() else None
    return st.st_mode, st.st_mtime_ns, data


def test_another_applications_database_is_refused_and_never_changed(tmp_path):
    db = tmp_path / "contacts.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
    conn.execute("INSERT INTO contacts VALUES ('Ann', '555')")
    conn.commit()
    conn.close()
    _refused_and_untouched(db)
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


def test_another_application_with_a_games_table_is_not_ours_either(tmp_path):
    db = tmp_path / "scores.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE games (title TEXT)")
    conn.execute("PRAGMA application_id = 1234")
    conn.commit()
    conn.close()
    _refused_and_untouched(db)


def test_a_folder_is_refused_and_left_alone(tmp_path):
    folder = tmp_path / "games.db"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    _refused_and_untouched(folder)


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "games.db"
    os.mkfifo(fifo)
    _refused_and_untouched(fifo)


def test_a_symlink_to_something_else_is_refused(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("my notes, not a database")
    link = tmp_path / "games.db"
    link.symlink_to(other)
    _refused_and_untouched(link, other)
    folder_link = tmp_path / "folder.db"
    folder_link.symlink_to(tmp_path)
    run = companion("--db", str(folder_link), "state")
    assert run.code == 1 and "left untouched" in run.err


def test_a_symlink_to_a_saved_games_file_is_followed(tmp_path):
    real = tmp_path / "real.db"
    saved_game(real, notes=2)
    link = tmp_path / "games.db"
    link.symlink_to(real)
    run = companion("--db", str(link), "play", "--game", "xp", "--script", "-",
                    stdin="note through the link\n")
    assert run.code == 0, run
    assert commands_in(real)[-1] == "note through the link" and link.is_symlink()


def test_a_read_only_file_is_shown_but_never_played_or_changed(tmp_path):
    db = tmp_path / "g.db"
    commands = saved_game(db, notes=2)
    db.chmod(0o444)
    before = _fingerprint(db)
    for args in (["state"], ["history"], ["export"], ["games"]):
        run = companion("--db", str(db), *args)
        assert run.code == 0 and "is read-only (its permissions)" in run.err, run
        assert one_sentence(run.err), run
    assert "table note number 001" in companion("--db", str(db), "history").out
    for args in (["play", "--script", "-"], ["play", "--game", "xp", "--new", "--script", "-"]):
        run = companion("--db", str(db), *args, stdin="note never saved\n")
        assert run.code == 1 and "nothing can be played" in run.err and one_sentence(run.err)
    assert not kept_copies(db) and not Path(f"{db}-wal").exists()
    assert _fingerprint(db) == before and commands_in(db) == commands
