"""An app that stopped gives back its memory: its screens, lists and game are freed, not
kept for as long as the process runs (the UI tests start one app after another: each kept
every earlier one, 5.5 GB by the end of a run; on the table, a list a finger had touched
stayed alive after its screen let it go)."""

from __future__ import annotations

import gc
import time
import weakref
from pathlib import Path

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.tests.common import UnitTestTouch
from kivy.uix.label import Label

from companion.ui.app import AppOptions, CompanionApp
from companion.ui.driver import PATIENCE, AppDriver
from companion.ui.settings import AppSettings
from companion.ui.sound import SilentSpeaker
from companion.ui.widgets.touch import TableScroll
from tests.ui.test_taps import preparation_dashboard


def test_a_list_a_finger_touched_is_freed_once_nothing_shows_it(kivy_window: object) -> None:
    scroll = TableScroll(size_hint=(None, None), size=(dp(200), dp(200)), pos=(0, 0))
    scroll.add_widget(Label(size_hint_y=None, height=dp(600), text="rows"))
    Window.add_widget(scroll)
    try:
        touch = UnitTestTouch(*scroll.center)
        touch.touch_down()
        touch.touch_up()
    finally:
        Window.remove_widget(scroll)
    gone = weakref.ref(scroll)
    del scroll, touch
    assert freed(gone), "the window still holds a list nothing shows"


def freed(gone: weakref.ref[object]) -> bool:
    """`gone`'s object is freed once the frames that follow have run what they had in
    hand for it (the list's glide, its held-back layouts)."""
    deadline = time.monotonic() + PATIENCE
    while gc.collect() is not None and gone() is not None:
        if time.monotonic() > deadline:
            return False
        EventLoop.idle()
    return True


def test_a_stopped_app_frees_its_screens_and_freezes_nothing_for_good(
        kivy_window: object, tmp_path: Path) -> None:
    drivers: list[AppDriver] = []

    def make_driver(db: Path) -> AppDriver:
        drivers.append(AppDriver(CompanionApp(
            AppOptions(db=db, settings_path=tmp_path / "settings.json"),
            AppSettings(typed_commands=True), speaker=SilentSpeaker())))
        return drivers[-1]

    try:
        driver = preparation_dashboard(make_driver, tmp_path)
        scroll = driver.app.screen("dashboard").ids.side_scroll
        driver.drag(scroll.to_window(scroll.center_x, scroll.y + dp(20)), dp(120))  # a finger
        app, manager = weakref.ref(driver.app), weakref.ref(driver.app.manager)
    finally:
        for driver in drivers:
            driver.close()
    drivers.clear()
    del driver, scroll
    assert freed(manager) and freed(app), "the stopped app's screens are still alive"
    assert gc.get_freeze_count() == 0, "the stopped app's objects stay out of every collection"
