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


@pytest.fixture(autouse=True)
def no_finger_left_on_the_glass(request: pytest.FixtureRequest) -> Iterator[None]:
    """A touch put down and never lifted stays in Kivy's `EventLoop.touches` for the whole
    process: every later test on that worker then sees a finger on the glass (no quiet moment
    comes, lists hold still) and fails far from the cause. Each test lifts its own fingers;
    one left down is taken off here and named as this test's error."""
    yield
    from kivy.base import EventLoop

    left = list(EventLoop.touches)
    if not left:
        return
    EventLoop.touches[:] = []
    failed = getattr(request.node, "rep_call", None)
    if failed is None or not failed.failed:
        pytest.fail(f"{len(left)} touch(es) left down on the glass after the test: lift each "
                    "finger (touch_up), in a finally if the test can stop early", pytrace=False)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[object]:
    report = yield
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]  (read by the fixture above)
    return report


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
