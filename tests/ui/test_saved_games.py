"""Saved games by touch: a row's Delete asks first, in one sentence naming the game; the
game is set aside whole and comes back by Undo or from Deleted games; the game being
played is never deleted; a file that cannot be written says so and nothing changes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.session import open_session
from companion.store import journal as journal_module
from companion.store.opening import open_journal
from companion.ui.settings import AppSettings

OLD = ("player Ann red", "player Bob blue", "setup")
NEW = ("player Cleo red", "player Dan blue", "player Eve green", "setup")
ASK = "Delete it: it can be brought back"  # the game's own button, asking in its place


def two_games(db: Path) -> tuple[str, str]:
    """An older TI4 game of Ann and Bob, then a newer one of Cleo, Dan and Eve."""
    ids = []
    for lines in (OLD, NEW):
        session = open_session(db, "ti4", new=True, seed=5)
        for line in lines:
            assert session.run(line).ok, line
        ids.append(session.game_id)
        session.close()
    return ids[0], ids[1]


def listed(db: Path, deleted: bool = False) -> list[str]:
    journal, _ = open_journal(db)
    try:
        return [g.game_id for g in journal.games(deleted=deleted)]
    finally:
        journal.close()


def saved_screen(make_driver, tmp_path: Path, scale: float = 1.0):
    db = tmp_path / "games.db"
    old, new = two_games(db)
    driver = make_driver(db=db, settings=AppSettings(typed_commands=False, text_scale=scale))
    assert driver.app.table.game_id == new  # the app resumed the newer game
    driver.tap("Menu")
    driver.tap("Saved games")
    driver.wait_for(lambda: driver.shown("Ann, Bob"), "the saved games")
    return driver, db, old, new


def delete_of(driver, players: str):
    """The Delete beside the row of the game these players play."""
    row = next(b for b in driver.widgets() if getattr(b, "text", "").find(players) >= 0
               and b.parent is not None)
    return next(w for w in row.parent.children if getattr(w, "text", "") == "Delete")


def test_delete_asks_naming_the_game_and_keep_it_changes_nothing(make_driver, tmp_path):
    driver, db, old, new = saved_screen(make_driver, tmp_path)
    driver.tap(delete_of(driver, "Ann, Bob"))
    question = [t for t in driver.texts() if t.endswith(ASK)]
    assert len(question) == 1 and question[0].startswith("TI4") and "Ann, Bob" in question[0]
    assert listed(db) == [new, old]  # asking deletes nothing
    driver.tap("Keep it", exact=True)
    assert not any(t.endswith(ASK) for t in driver.texts())
    assert listed(db) == [new, old]


def test_delete_asks_in_the_rows_place_and_no_other_row_moves(make_driver, tmp_path):
    driver, _db, _old, _new = saved_screen(make_driver, tmp_path)
    top, below = driver.button("Cleo, Dan, Eve"), driver.button("Ann, Bob")
    before = (top.height, below.x, below.y, below.height)
    driver.tap(delete_of(driver, "Cleo, Dan, Eve"))  # the top row: the game being played
    driver.settle()
    said = driver.button("Being played now")
    below = driver.button("Ann, Bob")
    assert (said.height, below.x, below.y, below.height) == before  # nothing slid down
    driver.tap("OK", exact=True)
    driver.tap(delete_of(driver, "Ann, Bob"))
    driver.settle()
    assert driver.button(ASK).height == before[3]
    assert driver.button(ASK).y == pytest.approx(driver.button("Keep it", exact=True).y)


def test_no_delete_stands_under_back(make_driver, tmp_path):
    """The last new players' tries: Delete stood under Back, so a finger aiming for Back
    after a scroll, or a little low, hit it. No row's Delete shares Back's column."""
    driver, _db, _old, _new = saved_screen(make_driver, tmp_path)
    back = driver.screen.ids.back
    for players in ("Cleo, Dan, Eve", "Ann, Bob"):
        delete = delete_of(driver, players)
        left, _y = delete.to_window(delete.x, delete.y)
        right = left + delete.width
        assert right < back.to_window(back.x, back.y)[0]


def test_a_resumed_game_is_played_now_and_goes_first(make_driver, tmp_path):
    driver, db, old, new = saved_screen(make_driver, tmp_path)
    assert listed(db) == [new, old]
    driver.tap(driver.button("Ann, Bob"))  # resumed, not a step played
    driver.wait_for(lambda: driver.screen.name == "dashboard", "the game to open")
    assert listed(db) == [old, new]  # its "Last played" is now, so it is listed first
    driver.tap("Menu")
    driver.tap("Saved games")
    driver.wait_for(lambda: driver.shown("Ann, Bob"), "the saved games")
    rows = [t for t in driver.texts() if "Last played" in t]
    assert "Ann, Bob" in rows[0]


def test_a_game_deleted_goes_to_deleted_games_and_undo_brings_it_back(make_driver, tmp_path):
    driver, db, old, new = saved_screen(make_driver, tmp_path)
    driver.tap(delete_of(driver, "Ann, Bob"))
    driver.tap(ASK)
    driver.wait_for(lambda: driver.shown("Deleted games (1)"), "the game to be deleted")
    assert listed(db) == [new] and listed(db, deleted=True) == [old]
    assert any(t.startswith("Deleted TI4") and "Ann, Bob" in t for t in driver.texts())
    assert not any("Ann, Bob" in t for t in driver.texts() if "Last played" in t)
    driver.tap("Undo: bring it back", exact=True)
    driver.wait_for(lambda: not driver.shown("Deleted games ("), "the game to come back")
    assert listed(db) == [new, old] and listed(db, deleted=True) == []
    driver.tap(driver.button("Ann, Bob"))  # and it plays as before
    driver.wait_for(lambda: driver.screen.name == "dashboard", "the game to open")
    assert driver.app.table.game_id == old


def test_deleted_games_bring_one_back(make_driver, tmp_path):
    driver, db, old, new = saved_screen(make_driver, tmp_path)
    driver.tap(delete_of(driver, "Ann, Bob"))
    driver.tap(ASK)
    driver.wait_for(lambda: driver.shown("Deleted games (1)"), "the game to be deleted")
    driver.tap("Back")
    driver.tap("Saved games")  # a later visit: no Undo, the game waits under Deleted games
    driver.wait_for(lambda: driver.shown("Deleted games (1)"), "the list")
    assert not driver.shown("Undo: bring it back")
    driver.tap("Deleted games (1)", exact=True)
    assert any("Ann, Bob" in t and "\nDeleted " in t for t in driver.texts())
    driver.tap("Bring back", exact=True)
    driver.wait_for(lambda: driver.shown("Brought back"), "the game to come back")
    assert listed(db) == [new, old]


def test_the_game_being_played_says_why_it_is_not_deleted(make_driver, tmp_path):
    driver, db, old, new = saved_screen(make_driver, tmp_path)
    driver.tap(delete_of(driver, "Cleo, Dan, Eve"))
    assert driver.shown("Being played now, so it cannot be deleted")
    with pytest.raises(Exception, match="No button"):
        driver.button(ASK)
    driver.tap("OK", exact=True)
    assert listed(db) == [new, old]


def test_a_busy_file_says_so_in_one_sentence_and_deletes_nothing(make_driver, tmp_path,
                                                                  monkeypatch):
    driver, db, old, new = saved_screen(make_driver, tmp_path)
    monkeypatch.setattr(journal_module, "BUSY_SECONDS", 0.2)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another companion is writing
    try:
        driver.tap(delete_of(driver, "Ann, Bob"))
        driver.tap(ASK)
        driver.wait_for(lambda: driver.shown("is busy in another companion"), "the sentence")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert listed(db) == [new, old]
    assert not driver.shown("Deleted games (")
