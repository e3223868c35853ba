"""The app driven by simulated touches; assertions are on what the screens show."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.session import open_session
from companion.ui.settings import TEXT_SIZES
from companion.ui.widgets import CommandInput

ROOT = Path(__file__).resolve().parents[2]


def fill_names(driver, *names: str) -> None:
    fields = [w for w in driver.widgets() if isinstance(w, CommandInput)]
    for field, name in zip(fields, names, strict=False):
        field.text = name


def test_first_start_offers_a_new_game_and_plays_it_by_touch(make_driver) -> None:
    driver = make_driver()
    assert driver.screen.name == "start"
    assert driver.shown("No saved game yet")
    driver.tap("New game")
    assert driver.screen.name == "newgame"
    fill_names(driver, "Ana", "Ben")
    driver.tap("Start the game")
    assert driver.screen.name == "dashboard"
    texts = driver.texts()
    assert any("Before round 1 of 8" in t for t in texts)
    assert any(t.startswith("Xichang") and "Ana" in t for t in texts)
    assert any(t.startswith("Wostochny") and "Ben" in t for t in texts)
    driver.type_command("for Xichang")
    driver.type_command("scan XP/D17")
    assert driver.screen.name == "reveal"
    assert driver.shown("Funding") and driver.shown("Development card for Xichang")
    driver.tap("Continue")
    # The same sentence the CLI prints for the same command.
    assert driver.shown("Xichang draws Funding (D17).")
    assert driver.shown("development 17")


def test_undo_and_redo_from_the_top_bar_with_the_history_showing_it(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    fill_names(driver, "Ana", "Ben")
    driver.tap("Start the game")
    driver.type_command("for Xichang")
    driver.type_command("scan XP/D17")
    assert driver.screen.name == "reveal"
    driver.tap("Undo this")  # one tap from the reveal
    assert driver.screen.name == "dashboard"
    assert driver.shown("Undid: ")
    assert driver.shown("development 18")
    driver.tap("History")
    assert driver.screen.name == "history"
    assert driver.shown("(undone)")
    assert driver.shown("Redo would bring back step")
    driver.tap("Redo", exact=True)
    assert driver.shown("Redid step")
    driver.tap("Back to the table")
    assert driver.shown("development 17")


def test_a_refused_command_says_why_and_changes_nothing(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    fill_names(driver, "Ana", "Ben")
    driver.tap("Start the game")
    steps = driver.app.table.steps
    driver.type_command("scan XP/ZZZ9")
    assert driver.app.message_refused
    assert driver.app.message and "ZZZ9" in driver.app.message
    assert driver.app.table.steps == steps


def test_the_last_game_is_resumed_at_start(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    session = open_session(db, "xp", new=True, seed=5)
    for line in ("length 13", "join Kourou Zoe", "join Baikonur Yann"):
        assert session.run(line).ok
    session.close()
    driver = make_driver(db=db)
    assert driver.screen.name == "dashboard"
    assert driver.shown("Before round 1 of 13")
    assert driver.shown("Zoe")
    driver.tap("Menu")
    # Issue 22: the game, how far and who plays, as Saved games says it ("3 steps" before)
    assert driver.shown("Resume: Exploration  ·  Setting up  ·  Yann, Zoe")
    driver.tap("Saved games")
    assert driver.shown("Exploration  ·  Setting up  ·  Yann, Zoe\nLast played ")  # seat order


def test_the_form_says_what_is_missing(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    fill_names(driver, "Ana")
    driver.tap("Start the game")
    assert driver.screen.name == "newgame"
    assert driver.shown("Name at least 2 players to start.")


def test_names_are_shown_as_typed_never_as_markup(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    fill_names(driver, "[b]Bob[/b]", "[color=ff0000]Eve")
    driver.tap("Start the game")
    assert driver.shown("[b]Bob[/b]")
    assert all(not getattr(w, "markup", False) for w in driver.widgets())


def test_a_ti4_game_starts_with_players_colours_and_codex(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    driver.tap("TI4 Exploration")
    driver.tap("Codex cards: off")  # says what the option is and that it is off
    assert driver.shown("Codex cards: on") and not driver.shown("Codex cards: off")
    fill_names(driver, "Alice", "Bob", "Carol")
    driver.tap("Start the game")
    assert driver.screen.name == "dashboard"
    assert driver.shown("Alice") and driver.shown("Carol")
    assert "codex" in driver.app.table.view["options"]


def test_settings_are_kept_in_the_apps_own_file(make_driver, tmp_path: Path) -> None:
    driver = make_driver()
    driver.tap("Settings")
    driver.tap("Large")
    driver.tap("Off")
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["text_scale"] == TEXT_SIZES[-1] and saved["sound"] is False
    assert driver.app.text_scale == TEXT_SIZES[-1]


def test_every_button_is_a_finger_sized_target(make_driver) -> None:
    from kivy.uix.button import Button

    driver = make_driver()
    driver.tap("New game")
    fill_names(driver, "Ana", "Ben")
    driver.tap("Start the game")
    for name in ("dashboard", "history", "start", "settings", "newgame"):
        driver.app.show(name)
        driver.pump(2)
        small = [(b.text, b.size) for b in driver.widgets() if isinstance(b, Button)
                 and b.opacity > 0 and (b.height < 48 or b.width < 48)]
        assert not small, f"{name}: {small}"


def test_without_a_display_the_app_says_so_in_one_sentence() -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "companion", "app"], env=env,
                          capture_output=True, text=True, timeout=60)
    if Path("/dev/dri").exists():
        return  # a machine with a GPU console has a display to try
    assert done.returncode == 2
    assert "no display" in done.stderr and "companion play" in done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1
