"""UI tests: Kivy under SDL's offscreen driver, one window for the whole session.

Kivy reads its environment when first imported, so it is configured here,
before any test module imports it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_KIVY_HOME = tempfile.mkdtemp(prefix="companion-kivy-")
os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ["KIVY_HOME"] = _KIVY_HOME
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ.setdefault("KIVY_CLIPBOARD", "dummy")

from companion.ui.command import configure_kivy  # noqa: E402  (after the environment)

configure_kivy((800, 480), False)  # before any test module imports Kivy's window


@pytest.fixture(scope="session")
def kivy_window() -> object:
    from kivy.core.window import Window

    return Window


@pytest.fixture
def make_driver(kivy_window: object, tmp_path: Path) -> Iterator[object]:
    """`make_driver(db=None, **options)` starts an app on a fresh (or given) saved-games file."""
    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.driver import AppDriver
    from companion.ui.settings import AppSettings
    from companion.ui.sound import SilentSpeaker

    drivers: list[AppDriver] = []

    def make(db: Path | None = None, settings: AppSettings | None = None,
             **options: object) -> AppDriver:
        """`settings`: by default the command bar is shown (most tests type a command)."""
        opts = AppOptions(db=db or tmp_path / "games.db", settings_path=tmp_path / "settings.json",
                          **options)  # type: ignore[arg-type]
        settings = settings or AppSettings(typed_commands=True)
        driver = AppDriver(CompanionApp(opts, settings, speaker=SilentSpeaker()))
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        driver.close()
