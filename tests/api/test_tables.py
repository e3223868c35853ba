"""The app's side of the saved-games file: `Tables` and the `TableAPI` calls a screen
uses (recent history, previews in words, typed scans, the file changing under it)."""

from __future__ import annotations

from pathlib import Path

from companion.scanner.codes import RawCode
from companion.scanner.commands import build_resolver
from companion.tables import Tables


def started(db: Path):
    api = Tables(db).new("xp", seed=2047)
    for line in ("length 8", "join Xichang Ana", "join Baikonur Ben", "for Xichang"):
        assert api.act(line).ok, line
    return api


def test_tables_start_list_and_reopen_the_last_game(tmp_path: Path) -> None:
    tables = Tables(tmp_path / "games.db")
    assert tables.last_game().game_id is None and tables.games() == ()
    api = started(tables.db)
    game_id = api.game_id
    api.close()
    (saved,) = tables.games()
    assert (saved.game_id, saved.title, saved.steps) == (game_id, "Exploration", 4)
    assert tables.last_game().game_id == game_id
    again = tables.open()
    assert again.game_id == game_id and again.kind == "xp" and again.steps == 4
    assert again.view()["seats"][1]["seat"] == "Baikonur"
    again.close()


def test_recent_history_is_the_newest_rows_with_their_times(tmp_path: Path) -> None:
    api = started(tmp_path / "games.db")
    api.act("note first")
    api.act("undo")
    whole, recent = api.history(), api.history(last=2)
    assert recent == whole[-2:]
    assert recent[0]["command"] == "note first" and recent[0]["undone"]
    assert recent[0]["time"] and recent[1]["kind"] == "undo"
    assert api.history(last=0) == []
    api.close()


def test_previews_in_words_leave_the_command_line_out(tmp_path: Path) -> None:
    api = started(tmp_path / "games.db")
    assert api.undo_preview() == "Undo step 4 (for Xichang): The next scans are Xichang's draws."
    assert api.undo_preview(command=False) == \
        "Undo would take back step 4: The next scans are Xichang's draws."
    assert api.redo_preview(command=False) is None
    api.act("undo")
    assert api.redo_preview(command=False) == \
        "Redo would bring back step 4: The next scans are Xichang's draws."
    api.close()


def test_a_scanned_code_is_played_as_typed_and_a_foreign_one_changes_nothing(
        tmp_path: Path) -> None:
    api = started(tmp_path / "games.db")
    resolver = build_resolver("xp", api.catalog)
    played = api.scan(resolver.resolve(RawCode(b"XP/D17", (), "test")))
    assert played["ok"] and played["step"] == 5
    assert api.history(last=1)[0]["command"] == "scan XP/D17"
    other = api.scan(resolver.resolve(RawCode(b"TI/C01", (), "test")))
    stranger = api.scan(resolver.resolve(RawCode(b"https://example.com", (), "test")))
    assert not other["ok"] and other["step"] is None
    assert other["message"] == "TI/C01 is a TI4 Exploration card, not part of this " \
                               "Exploration game."
    assert stranger["message"] == "A QR code that is not a card tag was ignored."
    assert api.steps == 5
    api.close()


def test_a_restored_file_is_noticed_and_another_screens_new_game_is_seen(
        tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    api = started(db)
    other = Tables(db).new("ti4", seed=1)
    assert api.latest_game() == other.game_id
    version = api.file_version()
    other.act("player Alice")
    assert api.file_version() != version and not api.replaced()
    other.close()
    db.rename(tmp_path / "elsewhere.db")
    Tables(db).new("xp", seed=3).close()
    assert api.replaced()
    api.close()



def test_the_end_of_a_game_is_the_games_own_declaration(finished_xp_match,
                                                         tmp_path: Path) -> None:
    rules = finished_xp_match.rules
    assert rules.is_over(finished_xp_match.state)
    assert not rules.is_over(rules.new_state(finished_xp_match.catalog, 1))
    # TI4's exploration never ends by itself: the table plays TI4 around it.
    ti4 = Tables(tmp_path / "games.db").new("ti4", seed=1)
    for line in ("player Alice red", "player Bob blue", "setup", "take Loki",
                 "draw cultural", "resolve"):
        assert ti4.act(line).ok, line
    assert not ti4.is_over() and ti4.prompt().enabled()
    ti4.close()


def test_games_are_listed_in_their_declared_order_and_the_demo_is_declared() -> None:
    from companion.core.definition import GameRegistry
    from companion.games.registry import games

    listed = list(games())
    assert [g.id for g in listed[:2]] == ["xp", "ti4"]
    assert [g.id for g in GameRegistry(reversed(listed))] == [g.id for g in listed]
    assert games().demo_game(None).id == "xp"
    assert GameRegistry(g for g in listed if g.id != "xp").demo_game(None).id == "ti4"
