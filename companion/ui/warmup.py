"""Work done ahead while the table is quiet (issue 22): the screens a player opens later
made, the History's rows and the closed tabs' panels drawn, the order the prompt offers
drawn on its screen and the panels' code imported (a new game's first dashboard made it),
before the tap that shows them; and, once those are done, the garbage collector's full
passes (companion/ui/collector.py).

Making a screen costs Kivy's rules for all its widgets (Settings about 100 ms on one
loaded core, the new-game form 50, the order screen 30), the History's first visit drew
up to 60 rows and a tab's first look its panel's rows: each was most of that tap. Here
one piece of that is done at a time, only when nobody has touched the glass for `QUIET`
seconds, no finger is on it and no command is out: a tap that lands during a piece waits
at most that piece (the Settings screen, the largest), and the first frame never waits
(it starts once the first game or the start screen is shown).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from importlib import import_module
from typing import Any

from kivy.base import EventLoop
from kivy.clock import Clock

from companion.ui.collector import full_pass, full_pass_due

#: Seconds without a touch or a reply before a piece of work is done ahead.
QUIET = 0.5
#: Seconds between two looks for a quiet moment.
LOOK_EVERY = 0.25
#: The screens made ahead, the most visited first (the table screens and the final scores
#: are left: every step would redraw them while hidden).
AHEAD = ("history", "reveal", "settings", "order", "form", "check", "newgame", "saved",
         "private", "explosion", "phones")
#: The code a game's first dashboard imports for its panels (companion/ui/panels).
PANELS_CODE = "companion.ui.panels.generic"


def _import_panels() -> None:
    import_module(PANELS_CODE)


class Warmup:
    """One piece of work at a time in the quiet moments of `app` (a CompanionApp)."""

    def __init__(self, app: Any, screens: tuple[str, ...] = AHEAD) -> None:
        self.app = app
        self._screens = list(screens)
        self._event: Any = None

    def start(self) -> None:
        if self._event is None:
            self._event = Clock.schedule_interval(self._tick, LOOK_EVERY)

    def _tick(self, _dt: float) -> None:
        self.look()  # (returning False would end Kivy's interval)

    def stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def quiet(self) -> bool:
        """Nobody touches the glass, nothing is being answered, and that for QUIET s."""
        app = self.app
        runner = getattr(app, "runner", None)
        return (not EventLoop.touches and not app.busy
                and (runner is None or runner.pending == 0)
                and time.monotonic() - app.idle.last >= QUIET)

    def look(self) -> bool:
        """Do the next piece of work if the moment is quiet; whether one was done."""
        if not self.quiet():
            return False
        job = self._next()
        if job is None and full_pass_due(time.monotonic() - self.app.idle.last):
            job = full_pass  # the last piece, and the only one not counted in `behind`
        if job is None:
            return False
        job()
        return True

    def _next(self) -> Callable[[], None] | None:
        manager = self.app.manager
        if manager is None:
            return None
        history = manager.get_screen("history") if manager.has_screen("history") else None
        if history is not None and manager.current != "history" and history.pending:
            return history.draw_ahead
        dashboard = manager.get_screen("dashboard")
        if dashboard.ids.tabs.behind:
            return dashboard.ids.tabs.refresh_ahead
        if PANELS_CODE not in sys.modules:
            return _import_panels
        order = self._order_ahead(manager, dashboard)
        if order is not None:
            return order
        name = next((n for n in self._screens if not manager.has_screen(n)), None)
        return None if name is None else lambda: self.make(name)

    def _order_ahead(self, manager: Any, dashboard: Any) -> Callable[[], None] | None:
        """The order screen drawn for the order the prompt offers (a long list's groups
        were most of the tap that opened it), if it is made and not shown."""
        if not manager.has_screen("order") or manager.current == "order":
            return None
        item = dashboard.order_offered()
        screen = manager.get_screen("order")
        if item is None or screen.ready_for(item):
            return None
        return lambda: screen.prepare_ahead(item)

    @property
    def behind(self) -> bool:
        """Work is left to do ahead (tests count widgets once there is none)."""
        return self._next() is not None

    def make(self, name: str) -> None:
        """Make the screen at the window's size, laid out as it will be shown (its text
        wrapped at its real width, not Kivy's 100 px default)."""
        screen = self.app.screen(name)
        screen.size = self.app.manager.size
