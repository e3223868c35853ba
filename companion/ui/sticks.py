"""On the kiosk, a USB stick plugged in at any time is noticed: the app says so and where
the copy is offered (Settings). Looking reads a few files in /sys, on the runner thread."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock

from companion.kiosk import is_kiosk, usb
from companion.ui.runner import CommandRunner, Reply

LOOK_SECONDS = 2.0


def _sticks_job(_runner: CommandRunner) -> Reply:
    return Reply(True, "", None, "info", tuple(usb.sticks()))


class StickWatch:
    """Tells the table once about each stick plugged in (kiosk only)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seen: set[str] = set()
        self._event: Any = None
        self._first = True
        self._looking = False  # a look is queued on the runner and has not answered yet

    def start(self) -> None:
        if is_kiosk():
            self.look()  # the sticks already in at start are not news (see _first)
            self._event = Clock.schedule_interval(lambda _dt: self.look(), LOOK_SECONDS)

    def stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def look(self) -> None:
        """Queue a look at the sticks, unless one is queued already (a busy runner must not
        make the watch skip looks: commands and looks answer in turn)."""
        runner = self.app.runner
        if runner is not None and not self._looking:
            self._looking = True
            runner.submit(_sticks_job, self._on_sticks)

    def _on_sticks(self, reply: Reply) -> None:
        self._looking = False
        if not reply.ok:
            return
        sticks = list(reply.value or ())
        new = [s for s in sticks if s.device not in self.seen]
        self.seen = {s.device for s in sticks}
        first, self._first = self._first, False
        if new and not first and self.app.manager.current != "settings":
            self.app._say(f"{new[0].describe()} is plugged in: Menu, then Settings, copies "
                          "every saved game to it.")
