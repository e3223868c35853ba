import json
import sqlite3

import pytest

from companion.core.engine import Match
from companion.store import journal as journal_module
from companion.store.journal import Journal, StoreError, open_journal
from companion.store.schema import SCHEMA_VERSION
from tests.core.toygame import ToyRules, toy_catalog

RULES = ToyRules()


def new_game(path, lines=()):
    journal, _ = open_journal(path)
    catalog = toy_catalog()
    game_id = journal.create_game("xp", 7, catalog)
    match = Match(RULES, catalog, 7)
    for line in lines:
        journal.append(game_id, match, match.plan(line))
    return journal, game_id, match


def test_a_reopened_game_is_exactly_where_it_was(tmp_path):
    journal, game_id, match = new_game(tmp_path / "g.db", [
        "sit Ann", "scan XP/H2", "roll maneuver", "undo", "pay Ann 2", "undo", "redo"])
    journal.close()
    reopened, notice = open_journal(tmp_path / "g.db")
    assert notice is None
    loaded = reopened.load(game_id, RULES)
    assert loaded.state == match.state
    assert loaded.stack == match.stack and loaded.redo_stack == match.redo_stack
    assert reopened.last_game("xp") == game_id


def test_refused_command_writes_nothing(tmp_path):
    journal, game_id, match = new_game(tmp_path / "g.db", ["sit Ann"])
    journal.append(game_id, match, match.plan("pay Ann 99"))
    assert len(journal.history(game_id)) == 1


def test_snapshot_plus_later_steps_equals_full_replay(tmp_path, monkeypatch):
    monkeypatch.setattr(journal_module, "SNAPSHOT_EVERY", 5)
    lines = ["sit Ann"] + ["pay Ann 0", "roll maneuver", "note x"] * 6
    journal, game_id, match = new_game(tmp_path / "g.db", lines)
    assert journal.conn.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0] >= 3
    for _ in range(7):  # undo past the newest snapshots: an older one or the start is used
        journal.append(game_id, match, match.plan("undo"))
    loaded = journal.load(game_id, RULES)
    assert loaded.state == match.state == match.replay_from_start()


def test_several_games_in_one_file(tmp_path):
    journal, first, _ = new_game(tmp_path / "g.db", ["sit Ann"])
    second = journal.create_game("xp", 8, toy_catalog())
    assert {g.game_id for g in journal.games()} == {first, second}
    assert journal.last_game("xp") == second


def test_game_keeps_the_catalog_it_was_played_with(tmp_path):
    journal, game_id, _ = new_game(tmp_path / "g.db", ["sit Ann"])
    assert journal.catalog_of(game_id).content_hash == toy_catalog().content_hash


def test_corrupt_file_is_kept_aside_and_a_new_one_started(tmp_path):
    path = tmp_path / "g.db"
    path.write_bytes(b"this is not a database at all" * 100)
    journal, notice = open_journal(path)
    assert "was damaged; it was kept as g.db.corrupt-" in notice
    assert journal.games() == []
    assert len(list(tmp_path.glob("g.db.corrupt-*"))) == 1


def test_truncated_file_is_kept_aside(tmp_path):
    journal, _, _ = new_game(tmp_path / "g.db", ["sit Ann"] + ["note n"] * 50)
    journal.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()
    data = (tmp_path / "g.db").read_bytes()
    (tmp_path / "g.db").write_bytes(data[: len(data) // 2])
    reopened, notice = open_journal(tmp_path / "g.db")
    assert notice is not None and reopened.integrity_ok()


def test_disk_full_keeps_the_last_good_state(tmp_path):
    journal, game_id, match = new_game(tmp_path / "g.db", ["sit Ann"])
    pages = journal.conn.execute("PRAGMA page_count").fetchone()[0]
    journal.conn.execute(f"PRAGMA max_page_count = {pages}")
    before = match.state
    plan = match.plan("note " + "x" * 20000)
    with pytest.raises(StoreError, match="The disk is full"):
        journal.append(game_id, match, plan)
    assert match.state == before and len(match.steps) == 1
    assert len(journal.history(game_id)) == 1


def test_newer_schema_is_refused_with_a_sentence(tmp_path):
    path = tmp_path / "g.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError, match="newer companion"):
        Journal(path)


def test_export_then_import_gives_the_same_game(tmp_path):
    journal, game_id, match = new_game(tmp_path / "g.db", ["sit Ann", "draw hazard", "undo"])
    exported = json.loads(json.dumps(journal.export(game_id)))
    copy_id = journal.import_game(exported, RULES)
    assert journal.load(copy_id, RULES).state == match.state


def test_backups_rotate(tmp_path):
    journal, _, _ = new_game(tmp_path / "g.db", ["sit Ann"])
    for _ in range(7):
        journal.backup(keep=3)
    backups = sorted((tmp_path / "backups").glob("g-*.db"))
    assert [b.name[:8] for b in backups] == ["g-000005", "g-000006", "g-000007"]
    copy = sqlite3.connect(backups[-1])
    assert copy.execute("SELECT COUNT(*) FROM steps").fetchone()[0] == 1


def test_wal_and_full_sync_are_on(tmp_path):
    journal, _, _ = new_game(tmp_path / "g.db")
    assert journal.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal.conn.execute("PRAGMA synchronous").fetchone()[0] == 2


def test_a_clock_set_back_never_deletes_the_newest_backup(tmp_path, monkeypatch):
    journal, _, _ = new_game(tmp_path / "g.db", ["sit Ann"])
    first = journal.backup(keep=2)

    class Past:
        @staticmethod
        def now(tz=None):
            from datetime import datetime as real
            return real(1970, 1, 1, tzinfo=tz)

    monkeypatch.setattr(journal_module, "datetime", Past)
    newest = journal.backup(keep=2)
    third = journal.backup(keep=2)
    assert newest.exists() and third.exists() and "19700101" in third.name
    assert not first.exists()


def test_an_import_that_cannot_be_written_leaves_no_half_game(tmp_path):
    journal, game_id, _ = new_game(tmp_path / "g.db", ["sit Ann", "draw hazard"])
    exported = journal.export(game_id)
    pages = journal.conn.execute("PRAGMA page_count").fetchone()[0]
    journal.conn.execute(f"PRAGMA max_page_count = {pages}")
    exported["steps"][0]["message"] = "x" * 50000  # too big for the space that is left
    with pytest.raises(StoreError, match="The disk is full"):
        journal.import_game(exported, RULES)
    assert [g.game_id for g in journal.games()] == [game_id]


def test_a_folder_given_as_the_file_is_refused_and_left_alone(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    with pytest.raises(StoreError, match="is not a saved-games file"):
        open_journal(folder)
    assert (folder / "keep.txt").read_text() == "mine"
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_a_file_that_cannot_be_opened_is_not_taken_for_damage(tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a plain file where a folder should be")
    with pytest.raises((StoreError, OSError)):
        open_journal(blocked / "games.db")
    assert blocked.read_text() == "a plain file where a folder should be"


def test_a_failed_backup_after_the_save_keeps_the_step_and_says_so(tmp_path):
    from companion.core.events import event

    journal, game_id, match = new_game(tmp_path / "g.db", ["sit Ann"])
    (tmp_path / "backups").write_text("a file where the backups folder goes")
    # A step that starts a new round asks for the end-of-round backup.
    b = match.builder()
    b.add(event("phase_changed", round=1, phase="play"))
    b.say("Round 1 begins.")
    plan = match.plan_built("next round", b, None)
    warning = journal.append(game_id, match, plan)
    assert warning is not None and warning.startswith("(Saved;")
    assert journal.history(game_id)[-1]["command"] == "next round"
    assert match.state.table.round == 1
