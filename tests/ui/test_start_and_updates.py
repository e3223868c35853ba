"""Start-up order and screens updated in place (issue 16's speed work): the game opened
while Kivy starts reaches the dashboard, and the history stays right when only the new
steps are drawn."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from companion.session import open_session
from companion.ui.runner import Reply, run_inline, start_opening

SETUP = ("length 13", "join Kourou Zoe", "join Baikonur Yann")


def saved_game(db: Path, notes: int = 0) -> str:
    session = open_session(db, "xp", new=True, seed=5)
    for line in SETUP:
        assert session.run(line).ok
    for n in range(notes):
        assert session.run(f"note table note {n + 1}").ok
    game_id = session.game_id
    session.close()
    return game_id


def test_a_game_opened_before_the_screens_exist_waits_for_them(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    game_id = saved_game(db)
    opening = start_opening(db)
    for _ in range(2000):  # the game opens on the runner's thread, nobody to tell yet
        if opening.runner.api is not None:
            break
        threading.Event().wait(0.005)
    replies: list[Reply] = []
    opening.runner.run("note after the start", replies.append)
    threading.Event().wait(0.2)
    assert replies == [] and opening.runner.pending == 2
    opening.first_reply.connect(replies.append)
    opening.runner.attach(run_inline)
    for _ in range(2000):
        if not opening.runner.pending:
            break
        threading.Event().wait(0.005)
    opening.runner.stop()
    assert [r.ok for r in replies] == [True, True]  # in the order they were asked
    assert replies[0].message == "Resumed Exploration, before round 1 of 13."  # no id
    assert game_id not in replies[0].message
    assert replies[0].table is not None and replies[0].table.steps == 3
    assert replies[1].table is not None and replies[1].table.steps == 4


def test_a_reply_with_nowhere_to_go_is_a_clear_error() -> None:
    from companion.ui.runner import Handoff

    with pytest.raises(RuntimeError, match="before anything was connected"):
        Handoff()(Reply(True, "Resumed."))


def test_the_app_shows_the_game_opened_while_kivy_started(kivy_window: object,
                                                         tmp_path: Path) -> None:
    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.driver import AppDriver
    from companion.ui.settings import AppSettings

    db = tmp_path / "games.db"
    saved_game(db)
    opening = start_opening(db)  # as `companion app` does, before the app is made
    driver = AppDriver(CompanionApp(AppOptions(db=db), AppSettings(typed_commands=True),
                                    opening=opening))
    try:
        assert driver.screen.name == "dashboard"
        assert driver.shown("Before round 1 of 13") and driver.shown("Zoe")
        driver.type_command("note the table is set")
        assert driver.app.table.steps == 4
    finally:
        driver.close()


def history_rows(driver) -> list[str]:
    return [t for t in driver.texts(driver.screen.ids.rows)]


def test_history_keeps_the_newest_rows_right_as_steps_come_and_go(make_driver,
                                                                 tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, notes=70)  # 73 steps: more than the 60 rows a reply carries
    driver = make_driver(db=db)
    driver.tap("History")
    rows = history_rows(driver)
    assert len(rows) == 60
    assert rows[0].startswith("73.") and rows[-1].startswith("14.")
    driver.tap("Back to the table")
    for line in ("note one", "note two", "undo"):  # replies while the history is hidden
        driver.type_command(line)
    driver.tap("History")
    rows = history_rows(driver)
    assert len(rows) == 60
    assert rows[0].startswith("76.  Undid step 75")
    assert rows[1].startswith("75.") and rows[1].endswith("(undone)")
    assert rows[2].startswith("74.") and not rows[2].endswith("(undone)")
    assert rows[-1].startswith("17.")
    driver.tap("Undo the last step")  # while the history is up: drawn at once
    rows = history_rows(driver)
    assert rows[0].startswith("77.  Undid step 74")
    assert rows[2].startswith("75.") and rows[2].endswith("(undone)")
    assert rows[3].startswith("74.") and rows[3].endswith("(undone)")
    assert len(rows) == 60 and rows[-1].startswith("18.")
    driver.tap("Redo", exact=True)
    rows = history_rows(driver)
    assert rows[0].startswith("78.  Redid step 74") and not rows[4].endswith("(undone)")


def test_a_refusal_leaves_the_actions_working(make_driver) -> None:
    from companion.ui.devtools.gallery import seat_players

    driver = make_driver()
    driver.tap("New game")
    seat_players(driver, {"Xichang": "Ana", "Baikonur": "Ben"})
    driver.tap("Start the game")
    buttons = [b.text for b in driver.app.screen("dashboard").ids.actions.walk()
               if hasattr(b, "kind") and b.text]
    driver.type_command("scan XP/ZZZ9")  # refused: the same prompt comes back
    assert driver.app.message_refused
    again = [b.text for b in driver.app.screen("dashboard").ids.actions.walk()
             if hasattr(b, "kind") and b.text]
    assert again == buttons and "The next cards drawn are Baikonur's" in buttons
    driver.tap("The next cards drawn are Baikonur's")
    assert not driver.app.message_refused and driver.shown("Baikonur")


def test_the_scan_strip_shows_the_camera_once_frames_come(make_driver) -> None:
    from companion.games.exploration import DEMO_SETUP

    driver = make_driver(demo=True, scanner=True, demo_setup=DEMO_SETUP, seed=7)
    strip = driver.app.screen("dashboard").ids.scanstrip
    preview = strip.ids.preview
    assert driver.screen.name == "dashboard"
    # The demo camera's pictures reach the preview, which opens from nothing to its box.
    driver.wait_for(lambda: preview.texture is not None, "the first preview frame", 60)
    # Under load the first frame may be drawn while the box is still opening; the
    # preview is redrawn at the box's settled size.
    driver.wait_for(lambda: preview.width >= 100 and preview.texture.size[0] >= 100,
                    "the preview filling its box", 60)
    assert strip.status != "No camera"
