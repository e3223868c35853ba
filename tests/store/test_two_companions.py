"""Two companions on one game (a table screen and a phone) never fork it."""

from companion.session import load_match, open_session


def test_two_sessions_taking_turns_share_one_history(tmp_path):
    db = tmp_path / "games.db"
    screen = open_session(db, "ti4", new=True, seed=5)
    phone = open_session(db, "ti4", screen.game_id)
    assert screen.run("player Alice red").ok
    assert phone.run("player Bob blue").ok      # phone had not seen Alice: it reloads
    assert screen.run("setup").ok               # screen had not seen Bob
    result = phone.run("take Abyz for Alice")
    assert result.ok, result.message
    assert [s.command for s in load_match(screen.journal, screen.game_id, screen.game)
            .history()] == ["player Alice red", "player Bob blue", "setup",
                            "take Abyz for Alice"]
    screen.run("undo")
    assert phone.run("history 1").message.strip().startswith("5  Undid step 4")
    screen.close()
    phone.close()


def test_a_write_race_is_reloaded_and_judged_again(tmp_path, monkeypatch):
    db = tmp_path / "games.db"
    screen = open_session(db, "ti4", new=True, seed=5)
    phone = open_session(db, "ti4", screen.game_id)
    screen.run("player Alice red")
    # The phone misses the freshness check, as when both write in the same instant.
    monkeypatch.setattr(type(phone), "is_stale", lambda self: False)
    assert phone.run("player Bob blue").ok  # step 1 was taken: reloaded, saved as step 2
    assert [s.command for s in phone.match.history()] == ["player Alice red", "player Bob blue"]
    screen.run("player Carol green")
    result = phone.run("player Carol white")  # valid on the stale state, not on the real one
    assert (result.ok, result.message) == (False, "Carol already has a seat.")
    assert phone.match.step_count == 3
    screen.close()
    phone.close()


def test_a_ti4_session_that_never_ends_a_round_still_backs_up_and_checkpoints(tmp_path,
                                                                               monkeypatch):
    import sqlite3

    from companion import session as session_module

    monkeypatch.setattr(session_module, "BACKUP_EVERY", 4)
    monkeypatch.setattr(session_module, "CHECKPOINT_EVERY", 4)
    db = tmp_path / "games.db"
    table = open_session(db, "ti4", new=True, seed=5)
    for line in ("player Alice red", "player Bob blue", "note one", "note two"):
        assert table.run(line).ok
    assert table.match.state.table.round == 0  # no round has ended
    backups = list((tmp_path / "backups").glob("games-*.db"))
    assert len(backups) == 1
    main_file_only = tmp_path / "copy.db"
    main_file_only.write_bytes(db.read_bytes())  # the main file alone, without the -wal
    conn = sqlite3.connect(main_file_only)
    assert conn.execute("SELECT COUNT(*) FROM steps").fetchone()[0] == 4
    conn.close()
    table.close()
