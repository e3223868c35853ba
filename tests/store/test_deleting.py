"""Deleting a saved game sets it aside whole and brings it back whole (store/deleting.py):
the list leaves it out, nothing of it is changed, the last-game marks move on, a file
that cannot be written says so in one sentence and changes nothing."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.core.errors import CompanionError
from companion.session import open_session
from companion.store import journal as journal_module
from companion.store.errors import StoreError
from companion.store.opening import open_journal
from tests.store.damage import companion, one_sentence, saved_game
from tests.store.test_journal import RACING, load, new_game

TABLES = ("games", "steps", "events", "snapshots", "catalogs")


def rows(db) -> dict[str, list]:
    """Every row of the tables that hold games (meta aside), in order."""
    conn = sqlite3.connect(db)
    try:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}
    finally:
        conn.close()


def two_races(tmp_path):
    db = tmp_path / "g.db"
    first, old, _ = new_game(db, [*RACING, "roll d6 3"])
    first.close()
    journal, new, match = new_game(db, [*RACING, "roll d6 5", "roll d6 2"])
    return db, journal, old, new, match


def test_a_deleted_game_leaves_the_list_whole_and_comes_back_the_same(tmp_path):
    db, journal, old, new, match = two_races(tmp_path)
    before = rows(db)
    journal.delete_game(new)
    assert [g.game_id for g in journal.games()] == [old]
    assert [(g.game_id, g.steps) for g in journal.games(deleted=True)] == [(new, 5)]
    assert journal.games(deleted=True)[0].deleted
    assert rows(db) == before  # nothing of the game was touched
    journal.restore_game(new)
    assert [g.game_id for g in journal.games()] == [new, old]
    assert journal.games(deleted=True) == [] and journal.games()[0].deleted is None
    assert load(journal, new).state == match.state  # replays the same
    assert rows(db) == before
    journal.close()


def test_the_last_game_marks_move_to_the_newest_game_left(tmp_path):
    _db, journal, old, new, _match = two_races(tmp_path)
    assert journal.last_game("race") == journal.last_game() == new
    journal.delete_game(new)
    assert journal.last_game("race") == journal.last_game() == old
    journal.delete_game(old)
    assert journal.last_game("race") is None and journal.last_game() is None
    journal.restore_game(old)
    assert journal.last_game("race") == old
    journal.close()


def test_a_deleted_game_is_not_opened_until_it_is_brought_back(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=2)
    journal, _ = open_journal(db)
    game_id = journal.games()[0].game_id
    journal.delete_game(game_id)
    journal.close()
    with pytest.raises(CompanionError, match="is deleted; bring it back first"):
        open_session(db, None, game_id)
    session = open_session(db, "xp")  # the last xp game was deleted: a new one
    assert session.game_id != game_id
    session.close()


def test_deleting_twice_or_an_unknown_game_says_so_and_changes_nothing(tmp_path):
    db, journal, old, new, _match = two_races(tmp_path)
    journal.delete_game(old)
    before = rows(db), journal.games(deleted=True)
    for act, game_id, said in ((journal.delete_game, old, "is deleted already"),
                               (journal.restore_game, new, "is not deleted"),
                               (journal.delete_game, "race-1", "no saved game called")):
        with pytest.raises(StoreError, match=said):
            act(game_id)
    assert (rows(db), journal.games(deleted=True)) == before
    journal.close()


def test_a_busy_file_says_so_in_one_sentence_and_deletes_nothing(tmp_path, monkeypatch):
    db, journal, old, new, _match = two_races(tmp_path)
    journal.close()
    monkeypatch.setattr(journal_module, "BUSY_SECONDS", 0.2)
    journal, _ = open_journal(db)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another companion is writing
    try:
        with pytest.raises(StoreError, match="busy in another companion") as error:
            journal.delete_game(old)
        assert one_sentence(str(error.value))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert [g.game_id for g in journal.games()] == [new, old]
    journal.close()


def test_a_damaged_game_can_be_deleted(tmp_path):
    _db, journal, old, _new, _match = two_races(tmp_path)
    journal.conn.execute("UPDATE games SET crc = crc + 1 WHERE game_id = ?", (old,))
    journal.delete_game(old)
    assert [g.game_id for g in journal.games(deleted=True)] == [old]
    journal.close()


# ---- the command line ------------------------------------------------------------------------
def test_companion_games_deletes_lists_and_brings_back(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=2)
    game_id = json.loads(companion("--db", str(db), "games", "--json").out)[0]["game_id"]
    run = companion("--db", str(db), "games", "--delete", game_id)
    assert run.code == 0 and f"Deleted {game_id}" in run.out and "--restore" in run.out
    assert companion("--db", str(db), "games", "--json").out.strip() == "[]"
    listed = companion("--db", str(db), "games").out
    assert "1 deleted game: `companion games --deleted` lists it." in listed
    gone = json.loads(companion("--db", str(db), "games", "--deleted", "--json").out)
    assert [g["game_id"] for g in gone] == [game_id] and gone[0]["deleted"]
    assert {"game_id", "kind", "created", "updated", "steps"} <= set(gone[0])  # keys kept
    again = companion("--db", str(db), "games", "--delete", game_id)
    assert again.code == 1 and one_sentence(again.err) and "deleted already" in again.err
    back = json.loads(companion("--db", str(db), "games", "--restore", game_id, "--json").out)
    assert back["game_id"] == game_id and back["deleted"] is None
    assert f"{game_id}" in companion("--db", str(db), "games").out


def test_a_read_only_file_deletes_nothing(tmp_path):
    db = tmp_path / "g.db"
    saved_game(db, notes=2)
    game_id = json.loads(companion("--db", str(db), "games", "--json").out)[0]["game_id"]
    db.chmod(0o444)
    run = companion("--db", str(db), "games", "--delete", game_id)
    assert run.code == 1 and "read-only" in run.err and "nothing can be" in run.err
    assert json.loads(companion("--db", str(db), "games", "--json").out)[0]["game_id"] == game_id
