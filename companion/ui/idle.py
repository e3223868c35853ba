"""Idle time: the dashboard gives way to the large-type scoreboard when nobody has touched
the screen for a while, and a tap anywhere brings the table back (docs/ui.md)."""

from __future__ import annotations

import time
from typing import Any

from kivy.clock import Clock
from kivy.core.window import Window

#: Untouched this long on the dashboard, the app shows the scoreboard.
IDLE_SECONDS = 300.0
CHECK_SECONDS = 5.0


class IdleWatch:
    """Watches the window's touches and the app's results; switches to the scoreboard."""

    def __init__(self, app: Any, seconds: float = IDLE_SECONDS) -> None:
        self.app = app
        self.seconds = seconds
        self.last = time.monotonic()
        self._event: Any = None

    def start(self) -> None:
        Window.bind(on_touch_down=self._touched)
        self._event = Clock.schedule_interval(lambda _dt: self.check(), CHECK_SECONDS)

    def stop(self) -> None:
        Window.unbind(on_touch_down=self._touched)
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def poke(self) -> None:
        """Something happened at the table (a touch, a scan's result): not idle."""
        self.last = time.monotonic()

    def _touched(self, *_args: Any) -> bool:
        self.poke()
        return False  # the touch goes on to the widgets

    def check(self) -> None:
        app = self.app
        if app.manager is None or app.manager.current != "dashboard" or app.table is None:
            return
        if app.busy or time.monotonic() - self.last < self.seconds:
            return
        app.show("scoreboard")
        app.screen("scoreboard").opened(by_itself=True)
