"""The app fills the display unless `--size WxH` asks for a window, and the window asked
for is remembered for the next start (companion/ui/window.py, `companion app`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from companion.ui import command, theme
from companion.ui.settings import AppSettings, load_settings
from companion.ui.window import WindowChoice, WindowSizeError, choose_window


def test_with_nothing_asked_or_remembered_the_app_fills_the_display() -> None:
    choice, kept = choose_window(None, False, AppSettings())
    assert choice.fill and kept == AppSettings()
    # A settings file written before the window was remembered says fullscreen: false
    # (the old default, not a choice): it fills the display too.
    choice, _ = choose_window(None, False, AppSettings(fullscreen=False))
    assert choice.fill


def test_size_gives_a_window_and_remembers_it_until_fullscreen_is_asked_for() -> None:
    choice, kept = choose_window("1024x600", False, AppSettings(fullscreen=True))
    assert choice == WindowChoice(False, (1024, 600))
    assert kept.window == "1024x600" and not kept.fullscreen
    again, same = choose_window(None, False, kept)  # the next start, nothing asked
    assert again == WindowChoice(False, (1024, 600)) and same == kept
    full, back = choose_window(None, True, kept)
    assert full.fill and back.window == "" and back.fullscreen
    assert choose_window(None, False, back)[0].fill


@pytest.mark.parametrize(("size", "fullscreen", "words"), [
    ("800", False, "--size takes WIDTHxHEIGHT, such as 800x480, not '800'."),
    ("100x100", False, "--size 100x100 is not a screen size: from 320x240 to 7680x4320."),
    ("800x480", True, "use one or the other"),
])
def test_a_size_the_app_cannot_open_is_one_sentence(size: str, fullscreen: bool,
                                                     words: str) -> None:
    with pytest.raises(WindowSizeError, match=words.replace("(", r"\(").replace(".", r"\.")):
        choose_window(size, fullscreen, AppSettings())


def test_a_remembered_size_that_cannot_be_read_fills_the_display(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"window": "huge", "rotation": 180}))
    settings = load_settings(path)
    assert settings.window == "" and settings.rotation == 180
    assert choose_window(None, False, AppSettings(window="9x9"))[0].fill


def _args(*words: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    command.app_command.add_arguments(parser)
    return parser.parse_args(list(words))


def test_companion_app_size_is_kept_in_the_settings_file_for_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path))
    opened: list[tuple[tuple[int, int], bool]] = []
    monkeypatch.setattr(command, "configure_kivy", lambda size, fill: opened.append((size, fill)))
    command._window_settings(_args())
    command._window_settings(_args("--size", "1280x720"))
    assert json.loads((tmp_path / "settings.json").read_text())["window"] == "1280x720"
    command._window_settings(_args())  # the next start remembers the window
    command._window_settings(_args("--scoreboard", "--size", "640x480"))  # not kept
    command._window_settings(_args())
    command._window_settings(_args("--fullscreen"))
    command._window_settings(_args())
    assert opened == [((800, 480), True), ((1280, 720), False), ((1280, 720), False),
                      ((640, 480), False), ((1280, 720), False), ((800, 480), True),
                      ((800, 480), True)]
    assert command._window_settings(_args("--size", "1280")) is None
    assert capsys.readouterr().err == ("--size takes WIDTHxHEIGHT, such as 800x480, "
                                       "not '1280'.\n")


def _chosen_in_row(driver, title: str) -> list[str]:
    row = next(w.parent for w in driver.widgets() if getattr(w, "text", None) == title)
    return [w.text for w in row.children[::-1] if getattr(w, "chosen", False)]


def test_settings_show_the_window_in_use_and_keep_a_change_for_the_next_start(
        make_driver, tmp_path: Path) -> None:
    # Started as `--size 800x480` did: the window remembered, the window in use.
    driver = make_driver(settings=AppSettings(window="800x480"))
    driver.tap("Settings")
    assert _chosen_in_row(driver, "Screen") == ["Window 800x480"]
    assert not driver.shown("from its next start")
    driver.tap("Whole display")
    assert _chosen_in_row(driver, "Screen") == ["Whole display"]
    # Painted as chosen once the finger's press has faded, not in the plain button blue.
    tapped = driver.button("Whole display", exact=True)
    driver.wait_for(lambda: tapped.state == "normal", "the press to fade")
    driver.pump(2)
    assert list(tapped.background_color) == list(theme.ACCENT)
    assert driver.shown("The app opens the whole display from its next start.")
    kept = load_settings(tmp_path / "settings.json")
    assert choose_window(None, False, kept)[0].fill
    driver.tap("Window 800x480")
    assert not driver.shown("from its next start")
    kept = load_settings(tmp_path / "settings.json")
    assert choose_window(None, False, kept)[0] == WindowChoice(False, (800, 480))
