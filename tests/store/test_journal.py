import json
import sqlite3

import pytest

from companion import session as session_module
from companion.core.engine import Match
from companion.store import backups as backups_module
from companion.store.errors import StoreError
from companion.store.opening import open_journal
from companion.store.schema import SCHEMA_VERSION
from tests.racegame import GAME, race_catalog

RULES = GAME.rules
RACING = ["join Ann", "join Bob", "start"]


def new_session(path, lines=()):
    journal, _ = open_journal(path)
    catalog = race_catalog()
    game_id = journal.create_game("race", 7, catalog)
    session = session_module.Session(journal, game_id, GAME, Match(RULES, catalog, 7))
    for line in lines:
        session.run(line)
    return session


def new_game(path, lines=()):
    session = new_session(path, lines)
    return session.journal, session.game_id, session.match


def load(journal, game_id):
    return session_module.load_match(journal, game_id, GAME)


def test_a_reopened_game_is_exactly_where_it_was(tmp_path):
    journal, game_id, match = new_game(tmp_path / "g.db", [
        *RACING, "scan RC/T2", "roll d6", "undo", "roll d6 2", "undo", "redo"])
    assert match.state.table.counters == {"position:Ann": 2, "position:Bob": 2}
    journal.close()
    reopened, notice = open_journal(tmp_path / "g.db")
    assert notice is None
    loaded = load(reopened, game_id)
    assert loaded.state == match.state
    assert loaded.stack == match.stack and loaded.redo_stack == match.redo_stack
    assert reopened.last_game("race") == game_id


def test_refused_command_writes_nothing(tmp_path):
    session = new_session(tmp_path / "g.db", ["join Ann"])
    assert not session.run("start").ok  # Comet Race needs two seats
    assert len(session.journal.history(session.game_id)) == 1


def test_snapshot_plus_later_steps_equals_full_replay(tmp_path, monkeypatch):
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", 5)
    lines = RACING + ["roll d6 1", "adjust Ann score +1 x", "note x"] * 6
    session = new_session(tmp_path / "g.db", lines)
    journal, game_id = session.journal, session.game_id
    assert journal.conn.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0] >= 3
    for _ in range(7):  # undo past the newest snapshots: an older one or the start is used
        assert session.run("undo").ok
    match = session.match
    loaded = load(journal, game_id)
    assert loaded.state == match.state == match.replay_from_start()


def test_several_games_in_one_file(tmp_path):
    journal, first, _ = new_game(tmp_path / "g.db", ["join Ann"])
    second = journal.create_game("race", 8, race_catalog())
    assert {g.game_id for g in journal.games()} == {first, second}
    assert journal.last_game("race") == second


def test_game_keeps_the_catalog_it_was_played_with(tmp_path):
    journal, game_id, _ = new_game(tmp_path / "g.db", ["join Ann"])
    assert journal.catalog_data(game_id) == race_catalog().to_data()


def test_corrupt_file_is_kept_aside_and_a_new_one_started(tmp_path):
    path = tmp_path / "g.db"
    path.write_bytes(b"this is not a database at all" * 100)
    journal, notice = open_journal(path)
    assert "was damaged; it was kept as g.db.corrupt-" in notice
    assert journal.games() == []
    assert len(list(tmp_path.glob("g.db.corrupt-*"))) == 1


def test_truncated_file_is_kept_aside(tmp_path):
    journal, _, _ = new_game(tmp_path / "g.db", ["join Ann"] + ["note n"] * 50)
    journal.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()
    data = (tmp_path / "g.db").read_bytes()
    (tmp_path / "g.db").write_bytes(data[: len(data) // 2])
    reopened, notice = open_journal(tmp_path / "g.db")
    assert notice is not None and reopened.integrity_ok()


def test_disk_full_keeps_the_last_good_state(tmp_path):
    session = new_session(tmp_path / "g.db", ["join Ann"])
    journal, game_id, match = session.journal, session.game_id, session.match
    pages = journal.conn.execute("PRAGMA page_count").fetchone()[0]
    journal.conn.execute(f"PRAGMA max_page_count = {pages}")
    before = match.state
    result = session.run("note " + "x" * 4000)
    assert not result.ok and result.message.startswith("The disk is full")
    assert match.state == before and len(match.steps) == 1
    assert len(journal.history(game_id)) == 1


def test_newer_schema_is_refused_with_a_sentence(tmp_path):
    path = tmp_path / "g.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError, match="newer companion"):
        open_journal(path)


def test_export_then_import_gives_the_same_game(tmp_path):
    journal, game_id, match = new_game(tmp_path / "g.db", [*RACING, "draw comet", "undo"])
    exported = json.loads(json.dumps(journal.export(game_id)))
    copy_id = session_module.import_game(journal, exported, GAME)
    assert load(journal, copy_id).state == match.state


def test_backups_rotate(tmp_path):
    journal, _, _ = new_game(tmp_path / "g.db", ["join Ann"])
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
    journal, _, _ = new_game(tmp_path / "g.db", ["join Ann"])
    first = journal.backup(keep=2)

    class Past:
        @staticmethod
        def now(tz=None):
            from datetime import datetime as real
            return real(1970, 1, 1, tzinfo=tz)

    monkeypatch.setattr(backups_module, "datetime", Past)
    newest = journal.backup(keep=2)
    third = journal.backup(keep=2)
    assert newest.exists() and third.exists() and "19700101" in third.name
    assert not first.exists()


def test_an_import_that_cannot_be_written_leaves_no_half_game(tmp_path):
    journal, game_id, _ = new_game(tmp_path / "g.db", [*RACING, "draw comet"])
    exported = journal.export(game_id)
    pages = journal.conn.execute("PRAGMA page_count").fetchone()[0]
    journal.conn.execute(f"PRAGMA max_page_count = {pages}")
    exported["steps"][0]["message"] = "x" * 50000  # too big for the space that is left
    with pytest.raises(StoreError, match="The disk is full"):
        session_module.import_game(journal, exported, GAME)
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

    session = new_session(tmp_path / "g.db", ["join Ann"])
    journal, game_id, match = session.journal, session.game_id, session.match
    (tmp_path / "backups").write_text("a file where the backups folder goes")
    # A step that starts a new round asks for the end-of-round backup.
    b = match.builder()
    b.add(event("phase_changed", round=1, phase="race"))
    b.say("Round 1 begins.")
    plan = match.plan_built("next round", b, None)
    journal.append(game_id, "race", plan.result.step)
    warning = session._commit(plan)
    assert warning is not None and warning.startswith("(Saved;")
    assert journal.history(game_id)[-1]["command"] == "next round"
    assert match.state.table.round == 1


def test_a_file_saved_at_d08fab6_is_migrated_checksummed_and_plays_on(tmp_path):
    import shutil
    from pathlib import Path

    from companion.session import open_session

    db = tmp_path / "games.db"
    shutil.copy(Path(__file__).parent / "fixtures" / "saved-at-d08fab6.db", db)
    session = open_session(db, "ti4")
    assert [s.command for s in session.match.history()][-3:] == [
        "note saved by the companion at d08fab6", "undo", "redo"]
    assert session.run("note after the upgrade").ok
    conn = session.journal.conn
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("SELECT COUNT(*) FROM steps WHERE crc IS NULL OR head_crc IS NULL "
                        "").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM games WHERE crc IS NULL").fetchone()[0] == 0
    session.close()
    xp = open_session(db, "xp")
    assert [s.command for s in xp.match.history()] == ["note an xp game", "roll maneuver"]
    assert xp.journal.export(xp.game_id)["steps"][1]["events"][0]["type"] == "die_rolled"
    xp.close()


def test_migrations_run_statement_by_statement_never_split_on_semicolons(tmp_path):
    from companion.store import schema

    for migration in schema.MIGRATIONS.values():
        for statement in migration:
            assert callable(statement) or sqlite3.complete_statement(statement + ";")
    # A statement holding a semicolon inside a string would break a split on ';'.
    conn = sqlite3.connect(tmp_path / "m.db", isolation_level=None)
    saved = dict(schema.MIGRATIONS)
    try:
        schema.MIGRATIONS[schema.SCHEMA_VERSION + 1] = (
            "INSERT INTO meta VALUES ('motto', 'one; two; three')",)
        schema.SCHEMA_VERSION += 1
        schema.migrate(conn)
        assert conn.execute("SELECT value FROM meta WHERE key='motto'").fetchone()[0] \
            == "one; two; three"
    finally:
        schema.SCHEMA_VERSION -= 1
        schema.MIGRATIONS.clear()
        schema.MIGRATIONS.update(saved)
        conn.close()


def test_storage_errors_are_told_apart_by_sqlites_code_not_their_text():
    from companion.core.errors import DamageError
    from companion.store.errors import StoreConflictError, translate

    def error(text, code):
        exc = sqlite3.OperationalError(text)
        exc.sqlite_errorcode = code
        return exc

    busy = translate(error("database or disk is full", sqlite3.SQLITE_BUSY))
    assert "busy in another companion" in str(busy)
    full = translate(error("whatever the text", sqlite3.SQLITE_FULL))
    assert str(full).startswith("The disk is full")
    assert isinstance(translate(error("x", sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)),
                      StoreConflictError)
    assert isinstance(translate(error("unique locked", sqlite3.SQLITE_CORRUPT_INDEX)),
                      DamageError)
    assert "read-only" in str(translate(error("full", sqlite3.SQLITE_READONLY_DBMOVED)))


def test_a_failed_backup_leaves_nothing_behind(tmp_path, monkeypatch):
    journal, _, _ = new_game(tmp_path / "g.db", ["join Ann"])
    for _ in range(2):
        journal.backup(keep=2)
    good = sorted((tmp_path / "backups").iterdir())
    real_connect = sqlite3.connect

    def failing(target, *args, **kwargs):
        if "backups" in str(target):  # the copy fails half-way: its file exists, empty
            open(target, "wb").close()
            raise sqlite3.OperationalError("disk I/O error")
        return real_connect(target, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", failing)
    for _ in range(3):
        with pytest.raises((sqlite3.Error, StoreError, OSError)):
            journal.backup(keep=2)
    assert sorted((tmp_path / "backups").iterdir()) == good  # no empty file took a place
