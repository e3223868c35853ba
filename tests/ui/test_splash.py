"""The first frame after a start (a power cut's included) says what is being opened:
the splash, drawn before the app is imported and built, then the dashboard (issue 22)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.session import open_session
from companion.ui.opening import opening_file, opening_words, remembered_heading
from companion.ui.settings import AppSettings

SETUP = ("length 13", "join Kourou Zoe", "join Baikonur Yann")


def saved_game(db: Path) -> None:
    session = open_session(db, "xp", new=True, seed=5)
    for line in SETUP:
        assert session.run(line).ok
    session.close()


def start_as_the_command_does(db: Path, frames: list[list[str]]) -> Any:
    """`companion app`'s start (ui/command.py): the first frame, the game opened, the app;
    every frame drawn from the first on is recorded as the texts on top of the window."""
    from kivy.core.window import Window

    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.command import first_frame
    from companion.ui.driver import AppDriver
    from companion.ui.runner import start_opening
    from companion.ui.sound import SilentSpeaker

    def drawn(*_args: Any) -> None:
        top = Window.children[0]
        frames.append([getattr(w, "text", "") for w in top.walk(restrict=True)
                       if getattr(w, "text", "") and getattr(w, "opacity", 1) > 0]
                      if getattr(top, "name", "") != "dashboard" and
                      not hasattr(top, "current_screen") else
                      [f"screen {top.current_screen.name}"])

    Window.bind(on_flip=drawn)
    settings = AppSettings()
    try:
        splash = first_frame(db, settings)
        opening = start_opening(db)
        app = CompanionApp(AppOptions(db=db, opening_file=opening_file(db)), settings,
                           speaker=SilentSpeaker(), opening=opening, splash=splash)
        driver = AppDriver(app)
        driver.wait_for(lambda: driver.screen.name == "dashboard" and driver.screen.heading,
                        "the dashboard")
        driver.pump(2)
    finally:
        Window.unbind(on_flip=drawn)
    return driver


def test_the_first_frame_names_the_game_being_opened_then_the_dashboard_follows(
        kivy_window: object, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db)
    first: list[list[str]] = []
    start_as_the_command_does(db, first).close()  # a first start: nothing kept yet
    assert first[0] == ["Starting..."]
    assert first[-1] == ["screen dashboard"]
    frames: list[list[str]] = []
    driver = start_as_the_command_does(db, frames)  # the next start (after a power cut)
    try:
        words = frames[0][0]
        assert words.startswith("Opening your game:\nExploration")
        assert words.endswith("Setting up  ·  Yann, Zoe...")  # its round and players
        assert frames[-1] == ["screen dashboard"]
        assert all(f == frames[0] for f in frames[:frames.index(["screen dashboard"])]), \
            "nothing else was drawn between the splash and the dashboard"
        assert all(type(w).__name__ != "Splash" for w in kivy_window.children)  # type: ignore[attr-defined]
    finally:
        driver.close()


def test_a_missing_torn_or_foreign_kept_heading_says_starting(tmp_path: Path) -> None:
    db, kept = tmp_path / "games.db", opening_file(tmp_path / "games.db")
    assert opening_words(remembered_heading(kept, db)) == "Starting..."
    kept.write_text('{"db": "', encoding="utf-8")  # a write torn by a power cut
    assert opening_words(remembered_heading(kept, db)) == "Starting..."
    kept.write_text('{"db": "/elsewhere/games.db", "heading": "Exploration"}',
                    encoding="utf-8")
    assert opening_words(remembered_heading(kept, db)) == "Starting..."
