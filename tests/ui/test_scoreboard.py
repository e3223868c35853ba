"""Scoreboard mode: the idle screen of the table's app, and `companion app --scoreboard`,
a second read-only process on the same saved-games file refreshed by the change notice."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

from companion.api import TableAPI
from companion.session import open_session
from companion.ui.devtools.gallery import script_lines
from tests.ui.test_actions import saved_game


def _scoreboard(kivy_window: object, db: Path):
    from companion.ui.app import AppOptions
    from companion.ui.driver import AppDriver
    from companion.ui.scoreboardapp import ScoreboardApp

    return AppDriver(ScoreboardApp(AppOptions(db=db)))


def _polled_until(board, shown) -> None:
    """Let the scoreboard's own 0.5 s poll run (a look already under way may predate the
    change) until `shown()`; fails after 10 s."""
    board.wait_for(shown, "the scoreboard to show the change")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_command_at_the_table_shows_on_the_second_screen_after_a_poll(
        kivy_window: object, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)  # Xichang has its development card; missions are owed next
    board = _scoreboard(kivy_window, db)
    try:
        assert board.screen.name == "scoreboard"
        assert board.shown("Before round 1 of 8")
        assert board.shown("Xichang  ·  Ana") and board.shown("Baikonur  ·  Ben")
        assert board.shown("Last: Xichang draws")
        assert not any(w.__class__.__name__ in ("CommandInput", "Button")
                       for w in board.widgets())  # no command bar, no actions
        table = open_session(db, None)  # the table's companion, a second session
        for line in script_lines()[2:4]:  # Xichang's two hidden missions, scanned
            assert table.run(line).ok
        catalog = table.match.catalog
        secrets = [w for card in ("P06", "P04") for w in (card, catalog.card(card).name)]
        table.close()
        assert not board.shown("2 hidden missions")
        _polled_until(board, lambda: board.shown("2 hidden missions"))
        texts = " ".join(board.texts())
        assert "Last: Xichang" in texts and "hidden" in texts
        assert not any(secret in texts for secret in secrets)
    finally:
        board.close()


def test_the_scoreboard_never_writes_to_the_game(kivy_window: object, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)
    before = _digest(db)
    board = _scoreboard(kivy_window, db)
    for _ in range(3):
        board.app.poll()
        board.settle()
    board.close()
    assert _digest(db) == before


def test_without_a_saved_game_it_waits_and_creates_no_file(kivy_window: object,
                                                          tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    board = _scoreboard(kivy_window, db)
    try:
        assert board.shown("Waiting for a game")
        assert not db.exists()
        saved_game(db, 1)
        _polled_until(board, lambda: board.shown("Xichang  ·  Ana"))
        assert not board.shown("Waiting for a game")
    finally:
        board.close()


def test_the_scoreboard_opened_from_the_menu_has_its_back_where_settings_has(
        make_driver, tmp_path: Path) -> None:
    """A tap on a seat's row keeps the scores on show; the visible Back, at the top right
    where Settings' Back is, goes back to the Menu it was opened from, as Settings' does
    (try 27: it went to the table, and the next tap meant for the Menu landed there)."""
    db = tmp_path / "games.db"
    saved_game(db, 2)
    driver = make_driver(db=db)
    driver.tap("Menu")
    driver.tap("Settings")
    settings_back = driver.screen.ids.back
    where = (settings_back.right, settings_back.top, settings_back.width)
    driver.tap("Back")
    driver.tap("Scoreboard")
    assert driver.screen.name == "scoreboard"
    assert driver.shown("Xichang  ·  Ana") and not driver.shown("Tap anywhere")
    driver.tap(driver.screen.ids.lines)
    assert driver.screen.name == "scoreboard"
    back = driver.screen.ids.back
    assert back.opacity == 1 and not back.disabled
    assert (back.right, back.top, back.width) == where
    driver.tap("Back", exact=True)
    assert driver.screen.name == "start"


def test_a_restored_file_is_followed(kivy_window: object, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)
    board = _scoreboard(kivy_window, db)
    try:
        assert board.shown("Xichang  ·  Ana")
        other = tmp_path / "other.db"
        session = open_session(other, "xp", new=True, seed=5)
        for line in ("length 8", "join Kourou Kim", "join Xichang Xu"):
            assert session.run(line).ok
        session.close()
        other.replace(db)  # what a restore does: another file at the same path
        _polled_until(board, lambda: board.shown("Kourou  ·  Kim"))
        assert not board.shown("Xichang  ·  Ana")
    finally:
        board.close()


def test_the_dashboard_gives_way_to_the_scoreboard_when_idle(make_driver,
                                                            tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)
    driver = make_driver(db=db)
    idle = driver.app.idle
    idle.check()
    assert driver.screen.name == "dashboard"  # just touched: not idle
    idle.seconds = 0.2
    driver.wait_for(lambda: time.monotonic() - idle.last > idle.seconds, "0.2 s untouched")
    idle.check()
    # The screen manager takes touches once the switch is drawn.
    driver.wait_for(lambda: driver.screen.name == "scoreboard"
                    and not driver.app.manager.transition.is_active, "the scoreboard")
    assert driver.shown("Xichang  ·  Ana") and driver.shown("Tap anywhere to go back")
    before, idle.seconds = idle.last, 60.0  # (the app's own 5 s check must not switch back)
    driver.tap(driver.screen.ids.lines)  # a tap brings the table back
    assert driver.screen.name == "dashboard"
    assert idle.last > before  # and counts as a touch: the idle time starts again


def test_a_game_without_scores_shows_what_each_seat_holds(tmp_path: Path) -> None:
    import shlex

    from companion.catalogs import assets_dir
    from companion.ui.presenters.scoreboard import scoreboard
    from companion.ui.table import table_data

    session = open_session(tmp_path / "ti4.db", "ti4", new=True, seed=1)
    script = (assets_dir() / "demo" / "ti4.txt").read_text(encoding="utf-8").splitlines()
    for raw in script[:20]:
        if shlex.split(raw, comments=True):
            session.run(raw.strip())
    board = scoreboard(table_data(TableAPI(session)))
    session.close()
    alice = next(line for line in board.lines if line.seat == "Alice")
    assert alice.score == ""
    assert alice.note.startswith("4 planets · 14 resources · 3 influence")


def test_a_named_game_is_shown_even_when_another_starts(kivy_window: object,
                                                         tmp_path: Path) -> None:
    from companion.ui.app import AppOptions
    from companion.ui.driver import AppDriver
    from companion.ui.scoreboardapp import ScoreboardApp

    db = tmp_path / "games.db"
    saved_game(db, 2)
    opened = open_session(db, None)
    first = opened.game_id
    opened.close()
    board = AppDriver(ScoreboardApp(AppOptions(db=db), game_id=first))
    try:
        session = open_session(db, "xp", new=True, seed=9)  # the table starts another game
        for line in ("length 8", "join Kourou Kim"):
            assert session.run(line).ok
        session.close()
        looks: list[object] = []
        on_look = board.app._on_look
        board.app._on_look = lambda reply: (looks.append(reply), on_look(reply))
        board.wait_for(lambda: len(looks) >= 2, "two of the scoreboard's own polls")
        board.settle()
        assert board.shown("Xichang  ·  Ana") and not board.shown("Kim")
    finally:
        board.close()
