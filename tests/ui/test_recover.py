"""The recover dialog: a damaged saved-games file or game is said in one sentence on the
start screen, with the offer to copy the good steps into a new game or restore a backup
(the same code as `companion recover`), confirmed first, never losing anything."""

from __future__ import annotations

from pathlib import Path

from tests.store.damage import commands_in, flip, zero_page
from tests.store.damage import saved_game as noted_game


def _damage_step(db: Path, number: int) -> None:
    data = db.read_bytes()
    flip(db, data.find(f"table note number {number - 1:03d}".encode()) + 3, 0x01)


def test_a_damaged_game_is_copied_into_a_new_one_after_a_yes(make_driver,
                                                             tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    noted_game(db, notes=30)
    _damage_step(db, 17)
    before = commands_in(db)
    driver = make_driver(db=db)
    assert driver.screen.name == "start"
    assert driver.shown("Step 17 of the saved game") and driver.shown("nothing was changed")
    assert not driver.shown("companion recover")  # the screen offers, not the CLI
    driver.tap("Copy the good steps into a new game")
    assert driver.shown("Copy every good step of the game")
    assert commands_in(db) == before  # nothing before the yes
    driver.tap("Cancel")
    assert not driver.shown("Copy every good step") and commands_in(db) == before
    driver.tap("Copy the good steps into a new game")
    driver.tap("Yes, copy the good steps")
    assert driver.screen.name == "dashboard"
    assert driver.shown("Copied steps 1 to 16 of") and driver.shown("14 steps after them")
    assert driver.app.table.steps == 16
    assert commands_in(db)[: len(before)] == before  # the damaged game is still there


def test_a_backup_is_restored_and_the_replaced_file_kept(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    noted_game(db, notes=30)  # closing writes a backup
    _damage_step(db, 17)
    damaged = db.read_bytes()
    driver = make_driver(db=db)
    driver.tap("Restore the latest backup")
    assert driver.shown("The file it replaces is kept")
    driver.tap("Yes, restore the backup")
    assert driver.screen.name == "dashboard"
    assert driver.shown("Restored games-") and driver.app.table.steps == 30
    (kept,) = tmp_path.glob("games.db.replaced-*")
    assert kept.read_bytes() == damaged


def test_a_file_set_aside_gives_back_its_good_steps(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    noted_game(db, notes=40)
    zero_page(db, len(db.read_bytes()) // 4096)  # the last page zeroed: the file is set aside
    driver = make_driver(db=db)
    (kept,) = tmp_path.glob("games.db.corrupt-*")
    untouched = kept.read_bytes()
    assert driver.screen.name == "start"
    assert driver.shown(f"it was kept as {kept.name} and a new one was started")
    driver.tap("Copy the good steps into a new game")
    assert driver.shown("Copy every good step of the kept copy of the file")
    driver.tap("Yes, copy the good steps")
    assert driver.screen.name == "dashboard"
    assert driver.shown("Copied steps 1 to 18 of") and driver.shown("22 steps after them")
    assert driver.app.table.steps == 18
    assert kept.read_bytes() == untouched


def test_nothing_readable_is_one_sentence_and_the_backup_stays_offered(make_driver,
                                                                     tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    noted_game(db, notes=40)
    zero_page(db, 2)
    driver = make_driver(db=db)
    driver.tap("Copy the good steps into a new game")
    driver.tap("Yes, copy the good steps")
    assert driver.screen.name == "start"
    assert driver.app.message.startswith("No saved game can be read from")
    assert "--restore" not in driver.app.message and driver.app.message_refused
    driver.tap("Restore the latest backup")
    driver.tap("Yes, restore the backup")
    assert driver.screen.name == "dashboard" and driver.app.table.steps == 40


# ---- a file that cannot be used: the two ways out, as buttons (issue 23) --------------
def _newer_companion_s(db: Path) -> None:
    import sqlite3

    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version=9")
    conn.close()


def test_a_newer_companion_s_file_is_kept_aside_and_a_new_one_started_after_a_yes(
        make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    noted_game(db, notes=12)
    _newer_companion_s(db)
    untouched = db.read_bytes()
    driver = make_driver(db=db)
    assert driver.screen.name == "start"
    assert driver.shown("written by a newer companion")
    assert driver.shown("cannot be used as it is")
    assert not driver.shown("companion recover") and not driver.shown("--db")
    assert driver.button("Recover from a backup") is not None
    driver.tap("Keep it aside and start fresh")
    assert driver.shown("Keep the saved-games file aside under a new name")
    assert db.read_bytes() == untouched  # nothing before the yes
    driver.tap("Cancel")
    driver.tap("Keep it aside and start fresh")
    driver.tap("Yes, keep it aside")
    (kept,) = tmp_path.glob("games.db.set-aside-*")
    assert kept.read_bytes() == untouched
    assert driver.shown(f"was kept as {kept.name}, and a new saved-games file was started")
    assert not driver.shown("Keep it aside and start fresh")
    assert driver.shown("No saved game yet: start a new one")
    assert db.is_file() and db.read_bytes() != untouched


def test_a_folder_at_the_path_is_kept_aside_and_the_backup_put_in_its_place(
        make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    noted_game(db, notes=30)  # closing writes a backup
    for part in tmp_path.glob("games.db*"):
        part.unlink()
    db.mkdir()
    (db / "someone's.txt").write_text("not ours")
    driver = make_driver(db=db)
    assert driver.screen.name == "start"
    assert driver.shown("is not a saved-games file of the companion (it is a folder)")
    assert not driver.shown("give --db")
    driver.tap("Recover from a backup")
    assert driver.shown("Put the backup games-")
    assert db.is_dir()  # nothing before the yes
    driver.tap("Yes, restore the backup")
    assert driver.screen.name == "dashboard" and driver.app.table.steps == 30
    (kept,) = tmp_path.glob("games.db.set-aside-*")
    assert (kept / "someone's.txt").read_text() == "not ours"
    assert driver.shown(f"what was there was kept as {kept.name}")


def test_a_link_loop_without_a_backup_offers_to_start_fresh_and_says_why_no_backup(
        make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    db.symlink_to(db.name)
    driver = make_driver(db=db)
    assert driver.screen.name == "start"
    assert driver.shown("a link that leads nowhere")
    assert driver.shown("No backup was found beside it.")
    assert not driver.shown("Recover from a backup")
    driver.tap("Saved games")  # not "There are no saved games yet": the file is unreadable
    assert driver.screen.name == "start" and driver.shown("a link that leads nowhere")
    assert not driver.shown("There are no saved games yet")
    driver.tap("Keep it aside and start fresh")
    driver.tap("Yes, keep it aside")
    (kept,) = tmp_path.glob("games.db.set-aside-*")
    assert kept.is_symlink() and db.is_file() and not db.is_symlink()
    driver.tap("New game")
    assert driver.screen.name == "newgame"
