"""`companion app --demo [GAME]`: each game gives its own demo table (its definition's
`demo_setup`); `--demo` alone still starts Exploration, `--demo ti4` a TI4 table the app
plays with the demo camera, and an unknown game is one sentence naming the games."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
from pathlib import Path

from companion.core.definition import GameDefinition
from companion.ui.command import app_command, demo_game
from companion.ui.runner import Reply, run_inline, start_opening

ROOT = Path(__file__).resolve().parents[2]


def demo_of(*words: str) -> GameDefinition | None:
    parser = argparse.ArgumentParser()
    app_command.add_arguments(parser)
    return demo_game(parser.parse_args(list(words)))


def test_demo_alone_is_exploration_and_a_game_key_picks_that_game() -> None:
    assert demo_of() is None  # no --demo: the saved game, no demo table
    alone = demo_of("--demo", "--size", "1280x720")
    assert alone is not None and alone.title == "Exploration"
    assert alone.demo_setup == ("length 8", "join Xichang Ana", "join Baikonur Ben")
    ti4 = demo_of("--demo", "ti4")
    assert ti4 is not None and ti4.title == "TI4 Exploration"
    assert ti4.demo_setup == ("player Alice red", "player Bob blue", "player Carol green",
                              "setup")


def test_every_game_s_demo_setup_is_accepted_line_by_line(tmp_path: Path) -> None:
    from companion.games.registry import games
    from companion.session import open_session

    demos = [g for g in games() if g.demo_setup]
    assert {g.id for g in demos} >= {"xp", "ti4"}
    for game in demos:
        session = open_session(tmp_path / f"{game.id}.db", game.id, new=True, seed=1)
        try:
            refused = [(line, r.message) for line in game.demo_setup
                       if not (r := session.run(line)).ok]
            assert not refused, f"{game.title}: {refused}"
            assert session.match.step_count == len(game.demo_setup)
        finally:
            session.close()


def test_a_game_kept_outside_the_package_gives_its_demo_table_too(tmp_path: Path) -> None:
    race = demo_of("--demo", "race")  # the test game, registered only in the test process
    assert race is not None and race.title == "Comet Race"
    opening = start_opening(tmp_path / "demo.db", None, race.demo_setup, seed=3, game=race.id)
    replies: list[Reply] = []
    opening.first_reply.connect(replies.append)
    opening.runner.attach(run_inline)
    for _ in range(2000):
        if replies:
            break
        threading.Event().wait(0.005)
    opening.runner.stop()
    assert replies and replies[0].ok, replies
    table = replies[0].table
    assert table is not None and table.title == "Comet Race" and table.steps == 3


def test_an_unknown_demo_game_is_one_sentence_naming_the_games() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "offscreen"}
    env.pop("COMPANION_GAMES", None)  # the packaged games only, as a player has them
    done = subprocess.run([sys.executable, "-m", "companion", "app", "--demo", "chess"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == ("'chess' is not a game with a demo table; choose xp (Exploration) "
                           "or ti4 (TI4 Exploration).\n")
    helped = subprocess.run([sys.executable, "-m", "companion", "app", "--help"],
                            env=env, capture_output=True, text=True, timeout=60)
    said = " ".join(helped.stdout.split())
    assert "--demo [GAME]" in said and "(xp or ti4; xp when GAME is left out)" in said


def test_demo_ti4_starts_a_seated_ti4_table_that_explores_with_the_demo_camera(
        make_driver, monkeypatch) -> None:
    from companion.ui import app

    monkeypatch.setattr(app, "DEMO_CARD_DELAY", 0.05)
    ti4 = demo_of("--demo", "ti4")
    assert ti4 is not None
    driver = make_driver(seed=102, demo=True, scanner=True, demo_setup=ti4.demo_setup,
                         demo_game=ti4.id)
    driver.wait_for(lambda: driver.screen.name == "dashboard" and driver.app.table is not None,
                    "the demo table")
    assert driver.app.table.title == "TI4 Exploration"
    for seat in ("Alice", "Bob", "Carol"):
        assert driver.shown(seat)
    # The demo camera is a camera: once it answers, the words for a table with one.
    driver.wait_for(lambda: driver.shown("Alice's action: take or scan a planet, or another "
                                         "action."), "the camera's words")
    assert driver.app.demo_camera.tag is None  # nothing owed yet: the table is clear
    driver.tap("Take planets for Alice")
    assert driver.screen.name == "order"
    driver.tap("76: Rigel I, Rigel II, Rigel III")
    driver.tap("Take planets for Alice (3)")
    # The first planet's card is owed: the demo camera lays it and the scanner reads it.
    driver.wait_for(lambda: driver.screen.name == "reveal", "the demo camera's first card", 60)
    assert driver.shown("Hazardous card for Alice exploring Rigel I (tile 76)")
    assert driver.shown("Drawn at the table")  # the demo camera's card, read by the scanner
    strip = driver.app.screen("dashboard").ids.scanstrip
    read = [t for t in driver.texts(strip) if t.startswith("Read")]
    assert read == ["Read Rich World (H12)"] and driver.shown("Resolve Rich World (H12)")


def _open_demo(db: Path, lines: tuple[str, ...] = ()) -> tuple[Reply, Reply | None]:
    """Open the race's demo table in `db` as `companion app --demo race --db db` does, run
    `lines` on it, stop (a killed demo: every step is already saved)."""
    from companion.games.registry import game

    race = game("race")
    opening = start_opening(db, None, race.demo_setup, seed=3, game=race.id)
    replies: list[Reply] = []
    opening.first_reply.connect(replies.append)
    opening.runner.attach(run_inline)
    for line in lines:
        opening.runner.run(line, replies.append)
    for _ in range(4000):
        if len(replies) > len(lines):
            break
        threading.Event().wait(0.005)
    opening.runner.stop()
    assert len(replies) == len(lines) + 1, replies
    return replies[0], (replies[-1] if lines else None)


def test_a_demo_kept_in_a_file_resumes_on_the_same_step_and_a_finished_one_starts_anew(
        tmp_path: Path) -> None:
    db = tmp_path / "demo.db"
    first, played = _open_demo(db, ("roll d6 2",))
    assert first.ok and first.table is not None and first.table.steps == 3
    assert played is not None and played.ok and played.table is not None
    again, _ = _open_demo(db)  # started again after the demo was stopped
    assert again.table is not None and again.table.game_id == first.table.game_id
    assert again.table.steps == 4 and again.table.view == played.table.view
    assert again.message == ("The demo game you left resumes at 4 steps: New demo game on "
                             "the menu starts another.")
    _, last = _open_demo(db, ("roll d6 6",) * 8)  # both comets race to the finish
    assert last is not None and last.table is not None and last.table.over
    fresh, _ = _open_demo(db)
    assert fresh.table is not None and fresh.table.game_id != first.table.game_id
    assert fresh.table.steps == 3 and not fresh.table.over


def test_the_demo_keeps_its_games_in_its_own_file_or_the_one_db_names(
        tmp_path: Path, monkeypatch) -> None:
    from companion.ui import command

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    monkeypatch.setattr(command, "configure_kivy", lambda size, fill: None)
    from companion.ui import applog

    monkeypatch.setattr(applog, "setup_logging", lambda: None)  # no handler left behind
    opened: list[tuple[Path, str | None]] = []
    monkeypatch.setattr(command, "_run_app", lambda args, db, settings, demo: opened.append(
        (db, demo.id if demo else None)) or 0)

    def start(*words: str) -> None:
        parser = argparse.ArgumentParser()
        parser.add_argument("--db", type=Path)
        app_command.add_arguments(parser)
        assert command.run(parser.parse_args(list(words))) == 0

    start("--demo")
    start("--demo", "ti4", "--db", str(tmp_path / "mine.db"))
    start()
    assert opened == [(tmp_path / "data" / "demo.db", "xp"), (tmp_path / "mine.db", "ti4"),
                      (tmp_path / "data" / "games.db", None)]
