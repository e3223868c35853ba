"""Settings by touch: rotation and text size really apply and are kept; on the kiosk,
Shut down and Restart (confirmed first) and the copy to a USB stick, with stand-ins."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.tests.common import UnitTestTouch

from companion.kiosk import power, usb
from companion.ui.runner import Reply
from companion.ui.settings import TEXT_SIZES, AppSettings, load_settings
from tests.ui.test_actions import saved_game


@pytest.fixture
def kiosk(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[power.StandInPower]:
    """The app as the kiosk, with a stand-in for systemd and folders for USB sticks."""
    monkeypatch.setenv("COMPANION_KIOSK", "1")
    stand_in = power.StandInPower()
    power.use(stand_in)
    usb.use(usb.StandInSticks(tmp_path / "sticks"))
    yield stand_in
    power.use(None)
    usb.use(None)


def _label_size(driver, fragment: str) -> float:
    from kivy.uix.label import Label

    return next(w.font_size for w in driver.widgets() if isinstance(w, Label)
                and fragment in w.text.replace("\u00a0", " "))  # (a count kept whole)


def _chosen_in_row(driver, title: str) -> list[str]:
    """The chosen toggles of the Settings row titled `title`."""
    row = next(w.parent for w in driver.widgets() if getattr(w, "text", None) == title)
    return [w.text for w in row.children[::-1] if getattr(w, "chosen", False)]


def test_rotation_and_text_size_apply_at_once_and_are_kept(make_driver,
                                                           tmp_path: Path) -> None:
    from kivy.core.window import Window

    db = tmp_path / "games.db"
    saved_game(db, 2)
    driver = make_driver(db=db)
    normal = _label_size(driver, "Xichang")
    driver.tap("Menu")
    driver.tap("Settings")
    try:
        driver.tap("Large")
        driver.tap("180°")
        assert Window.rotation == 180
        chosen = _chosen_in_row(driver, "Text size")
        assert chosen == ["Large"]  # the choice shows at once
        assert _chosen_in_row(driver, "Screen rotation") == ["180°"]
        # The picture is upside down now, and so are touches: a finger on the glass where
        # Back is drawn (the mirrored point) presses Back.
        for button in (driver.button("Back", exact=True), driver.app.screen("start").ids.resume):
            driver.wait_for_screen()  # a finger aims once the screen is up
            x, y = button.to_window(*button.center)
            touch = UnitTestTouch(Window.width - x, Window.height - y)
            touch.touch_down()
            driver.pump()
            touch.touch_up()
            driver.settle()
            if button.text == "Back":  # to the Menu it was opened from, then Resume
                assert driver.screen.name == "start"
        assert driver.screen.name == "dashboard"
        assert _label_size(driver, "Xichang") == pytest.approx(normal * TEXT_SIZES[-1])
        saved = json.loads((tmp_path / "settings.json").read_text())
        assert saved["rotation"] == 180 and saved["text_scale"] == TEXT_SIZES[-1]
        driver.close()
        # The next start reads them back and applies them before the first frame.
        from companion.ui.app import AppOptions, CompanionApp
        from companion.ui.driver import AppDriver

        Window.rotation = 0
        kept = load_settings(tmp_path / "settings.json")
        again = AppDriver(CompanionApp(AppOptions(db=db), kept))
        assert Window.rotation == 180
        assert _label_size(again, "Xichang") == pytest.approx(normal * TEXT_SIZES[-1])
        again.app.show("settings")
        again.pump(2)
        assert _chosen_in_row(again, "Text size") == ["Large"]
        again.close()
    finally:
        Window.rotation = 0


def test_text_size_is_in_reach_when_settings_open(make_driver, tmp_path: Path) -> None:
    """Both new players (tries 7 and 8) looked for Text size and needed a swipe past the
    voice's rows: it is the first row, each size a tap away at 800x480."""
    db = tmp_path / "games.db"
    saved_game(db, 2)
    driver = make_driver(db=db)
    driver.tap("Menu")
    driver.tap("Settings")
    for size in ("Small", "Normal", "Large"):
        assert driver.reachable(driver.button(size, exact=True)), size


def test_the_largest_text_still_fits_800x480(make_driver, tmp_path: Path) -> None:
    from kivy.core.window import Window
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView

    assert tuple(Window.size) == (800, 480)
    db = tmp_path / "games.db"
    saved_game(db, 2)
    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.driver import AppDriver

    driver = AppDriver(CompanionApp(AppOptions(db=db), AppSettings(text_scale=TEXT_SIZES[-1])))
    try:
        for name in ("start", "settings", "scoreboard", "dashboard"):
            driver.app.show(name)
            driver.pump(3)
            for w in driver.widgets():
                if not isinstance(w, Label) or not w.text or w.opacity == 0 or w.height == 0:
                    continue
                if any(isinstance(p, ScrollView) for p in _parents(w)):
                    continue  # a scroll view shows the rest
                x, y = w.to_window(w.x, w.y)
                assert x >= -1 and y >= -1 and x + w.width <= 801 and y + w.height <= 481, \
                    f"{name}: {w.text!r} is off the screen"
                assert w.texture_size[1] <= w.height + 2, f"{name}: {w.text!r} is cut"
    finally:
        driver.close()


def _bar_lines(driver) -> list:
    from companion.ui.widgets import GameBar

    bar = next(w for w in driver.widgets() if isinstance(w, GameBar))
    return [bar, *(w for w in bar.ids.lines.children if w.text)]


def test_large_text_is_clearly_larger_and_the_top_bar_holds_it_whole(make_driver,
                                                                   tmp_path: Path) -> None:
    """Large is at least 1.3 times Normal (1.2 read as "only a little bigger"), the seat
    card's detail lines grow with it, and the top bar grows to hold its heading whole at
    800x480 (a fixed 60 dp bar pushed the heading out of its top)."""
    from kivy.core.window import Window

    from tests.ui.layout_rules import label_problems, overflow_problems

    assert TEXT_SIZES[-1] >= 1.3
    assert tuple(Window.size) == (800, 480)
    db = tmp_path / "games.db"
    saved_game(db, 2)
    driver = make_driver(db=db)
    normal = _label_size(driver, "command points")
    driver.app.change_setting("text_scale", str(TEXT_SIZES[-1]))
    driver.settle()
    driver.pump(3)
    # (at Large on 800x480 the Seats page folds to names and scores: a seat's own page
    # has its counts)
    driver.app.open_seat("Xichang")
    driver.settle()
    assert _label_size(driver, "command points") == pytest.approx(normal * TEXT_SIZES[-1])
    driver.app.show("dashboard")
    driver.settle()
    for screen in ("dashboard", "seat"):
        if screen == "seat":
            driver.app.open_seat("Xichang")
            driver.settle()
        assert driver.screen.name == screen
        bar, *lines = _bar_lines(driver)
        box = bar.ids.lines
        assert lines and box.height + 1.5 >= sum(line.height for line in lines)
        assert bar.y <= box.y and box.top <= bar.top <= Window.height
        assert not list(overflow_problems(box))
        for line in lines:
            assert not list(label_problems(line, TEXT_SIZES[-1])), line.text


def _parents(widget):
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        yield parent
        parent = parent.parent


def test_off_the_kiosk_there_is_no_power_button(make_driver) -> None:
    driver = make_driver()
    driver.tap("Settings")
    assert not driver.shown("Shut down") and not driver.shown("USB stick")


def test_shut_down_and_restart_are_confirmed_first(make_driver, kiosk) -> None:
    driver = make_driver()
    driver.tap("Settings")
    driver.tap("Shut down")
    assert driver.shown("Shut the companion down now?")
    assert kiosk.requests == []  # nothing happens before the confirmation
    driver.tap("Cancel")
    assert not driver.shown("Shut the companion down now?") and kiosk.requests == []
    driver.tap("Restart")
    driver.tap("Yes, restart")
    assert kiosk.requests == ["restart"]
    assert driver.shown("Restarting")
    driver.tap("Shut down")
    driver.tap("Yes, shut down")
    assert kiosk.requests == ["restart", "shutdown"]
    assert driver.shown("Shutting down")


def test_a_refusal_is_one_sentence(make_driver, kiosk) -> None:
    power.use(power.StandInPower(refusal="The system refused to shut down (Access denied). "
                                         "Run `bash deploy/setup.sh kiosk` again."))
    driver = make_driver()
    driver.tap("Settings")
    driver.tap("Shut down")
    driver.tap("Yes, shut down")
    assert driver.screen.ids.kiosk_message.text == (  # the refusal as said, nothing more
        "The system refused to shut down (Access denied). Run `bash deploy/setup.sh kiosk` "
        "again.")
    assert driver.screen.kiosk_refused


def test_the_saved_games_go_to_a_plugged_usb_stick(make_driver, kiosk,
                                                   tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)
    driver = make_driver(db=db)
    driver.tap("Menu")
    driver.tap("Settings")
    assert driver.shown("Plug in a USB stick")
    (tmp_path / "sticks" / "KINGSTON").mkdir(parents=True)
    driver.screen.look_for_sticks()  # what the two-second poll does
    driver.settle()
    driver.tap("Copy every saved game to KINGSTON")
    assert driver.shown("Copied 1 saved game") and driver.shown("You can remove the stick now")
    (export,) = (tmp_path / "sticks" / "KINGSTON").glob("exploration-companion/*/*.json")
    assert json.loads(export.read_text())["game_id"] == driver.app.table.game_id


def test_a_stick_is_found_while_the_app_is_busy(make_driver, kiosk, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)
    driver = make_driver(db=db)
    driver.tap("Menu")
    driver.tap("Settings")
    (tmp_path / "sticks" / "KINGSTON").mkdir(parents=True)
    # A step (or the dashboard's own look) is still on the app's worker when the
    # Settings screen looks: the look waits its turn instead of being skipped.
    def a_slow_step(runner: object) -> Reply:
        time.sleep(0.3)
        return Reply(True, "A step.")

    driver.app.runner.submit(a_slow_step, lambda reply: None)
    driver.screen.look_for_sticks()
    driver.settle()
    assert driver.shown("Copy every saved game to KINGSTON")


def test_a_stick_plugged_in_during_a_game_is_noticed(make_driver, kiosk,
                                                      tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)
    driver = make_driver(db=db)
    assert driver.screen.name == "dashboard" and not driver.shown("plugged in")
    (tmp_path / "sticks" / "KINGSTON").mkdir(parents=True)
    driver.app.sticks.look()  # what the two-second look does
    driver.settle()
    assert driver.shown("KINGSTON is plugged in: Menu, then Settings, copies every saved game")


@pytest.mark.parametrize(("stored", "read"), [(1.25, 1.3), (1.0, 1.0), (0.9, 0.85), (9, 1.3),
                                              ("huge", 1.0), (1.2, 1.3)])
def test_a_kept_text_size_opens_as_the_offered_size_nearest_it(tmp_path: Path, stored: object,
                                                              read: float) -> None:
    """A value no button offers (a hand-edited file, or Large as an older version kept it:
    1.2) opens at the offered size nearest it, which Settings then shows chosen; an
    unreadable one keeps Normal."""
    (tmp_path / "settings.json").write_text(json.dumps({"text_scale": stored}))
    settings = load_settings(tmp_path / "settings.json")
    assert settings.text_scale == read and read in TEXT_SIZES
