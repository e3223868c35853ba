"""Drive the app without a person: taps at a widget's centre, frames pumped by hand.

Used by the UI tests, the screenshot command and bench/ui.py. Kivy must be
configured (see `command.configure_kivy`) before this module is imported.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.widget import Widget

from companion.ui.app import CompanionApp

#: Seconds of wall time before a wait gives up. Only a failing test waits that long; a
#: machine shared with other jobs (CI, a loaded laptop) can be slow to answer, and a
#: test must not fail because of that.
PATIENCE = 90.0


class DriverError(AssertionError):
    """What the driver was asked to find or wait for is not on screen."""


class AppDriver:
    """An app started in this process, pumped one frame at a time."""

    def __init__(self, app: CompanionApp):
        self.app = app
        self._shot: Path | None = None
        app._run_prepare()  # builds the root and puts it in the window, as App.run does
        Window.bind(on_flip=self._on_flip)
        self.settle()

    # ---- frames ----------------------------------------------------------------------------
    def pump(self, frames: int = 1) -> None:
        for _ in range(frames):
            Window.canvas.ask_update()
            EventLoop.idle()

    def settle(self, timeout: float = PATIENCE) -> None:
        """Pump frames until every queued command has come back and been drawn."""
        deadline = time.monotonic() + timeout
        runner = self.app.runner
        while runner is not None and runner.pending:
            if time.monotonic() > deadline:
                raise DriverError("The app did not answer within the time allowed.")
            EventLoop.idle()  # replies come through the Clock; a frame only if one changed
            time.sleep(0.002)
        self.pump(2)

    # ---- finding -----------------------------------------------------------------------------
    @property
    def screen(self) -> Any:
        assert self.app.manager is not None
        return self.app.manager.current_screen

    def widgets(self, root: Widget | None = None) -> Iterator[Widget]:
        root = root if root is not None else self.screen
        yield from root.walk(restrict=True)

    def texts(self, root: Widget | None = None) -> list[str]:
        """Every text shown on the current screen (labels, buttons, fields)."""
        return [w.text for w in self.widgets(root) if isinstance(getattr(w, "text", None), str)
                and w.text and w.opacity > 0]

    def shown(self, fragment: str) -> bool:
        return any(fragment in text for text in self.texts())

    def button(self, text: str, exact: bool = False) -> Widget:
        """The visible button whose text is (or contains) `text`."""
        from kivy.uix.button import Button

        for w in self.widgets():
            if isinstance(w, Button) and (w.text == text if exact else text in w.text):
                return w
        raise DriverError(f"No button {text!r} on the {self.screen.name} screen; shown: "
                          f"{self.texts()}")

    # ---- acting ------------------------------------------------------------------------------
    def tap(self, widget: Widget | str, settle: bool = True, exact: bool = False) -> None:
        """Press and release a finger at the widget's centre (a button found by its text)."""
        if isinstance(widget, str):
            widget = self.button(widget, exact)
        if widget.disabled:
            raise DriverError(f"{getattr(widget, 'text', widget)!r} is disabled.")
        self._scroll_into_view(widget)
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.pump()
        touch.touch_up()
        if settle:
            self.settle()

    def _scroll_into_view(self, widget: Widget) -> None:
        """Scroll the nearest scroll view so that a finger can reach `widget`."""
        from kivy.uix.scrollview import ScrollView

        parent, seen = widget.parent, set()
        while parent is not None and not isinstance(parent, ScrollView) and id(parent) not in seen:
            seen.add(id(parent))  # the window is its own parent
            parent = parent.parent
        if isinstance(parent, ScrollView) and parent.children:
            self.pump(2)  # nested layouts settle their heights over a frame or two
            content = parent.children[0]
            spare = content.height - parent.height
            if spare > 0:
                _x, y = content.to_widget(*widget.to_window(widget.x, widget.y))
                bottom = y + widget.height / 2 - parent.height / 2
                parent.scroll_y = min(1.0, max(0.0, bottom / spare))
                self.pump(2)

    def type_command(self, line: str) -> None:
        """Type a line into the dashboard's command bar and press Run (a card reveal on
        screen is acknowledged first, as a player would)."""
        if self.screen.name == "reveal":
            self.tap(self.screen.ids["continue"])
        dashboard = self.app.screen("dashboard")
        dashboard.ids.command.text = line
        self.tap(dashboard.ids.run)

    def pump_for(self, seconds: float) -> None:
        """Let animations run for `seconds` of wall time (a reveal fades in)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.pump()

    def wait_for(self, condition: Callable[[], bool], what: str,
                 timeout: float = PATIENCE) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise DriverError(f"Still waiting for {what}.")
            self.pump()
            time.sleep(0.005)

    # ---- pictures -----------------------------------------------------------------------------
    def screenshot(self, path: Path) -> Path:
        """Write the next drawn frame to `path` (PNG)."""
        self._shot = path
        self.wait_for(lambda: self._shot is None, f"the screenshot {path.name}")
        return path

    def _on_flip(self, *_args: Any) -> None:
        if self._shot is None:
            return
        path, self._shot = self._shot, None
        path.parent.mkdir(parents=True, exist_ok=True)
        written = Window.screenshot(name=str(path))  # Kivy adds a counter: x0001.png
        if written:
            Path(written).replace(path)

    def close(self) -> None:
        """Stop the app but keep the window (one per process) for the next app."""
        from kivy.app import App

        Window.unbind(on_flip=self._on_flip)
        self.app.dispatch("on_stop")  # stops the runner, which closes the session
        for child in list(Window.children):
            Window.remove_widget(child)
        App._running_app = None
