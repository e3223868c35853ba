"""`companion app --scoreboard`: a second screen showing the table's game, read-only.

A second process on the same saved-games file: it has no command bar and no
actions, never writes, and redraws when the table's companion saves a step. The
runner thread polls the change notice (`Follower.look`: SQLite's data version,
microseconds) every `POLL_SECONDS`; the UI thread never waits for the disk.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import NumericProperty, ObjectProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.ui import widgets  # noqa: F401  (registers our widgets and their rules)
from companion.ui.app import AppOptions, clock_deliver
from companion.ui.applog import log_renderer
from companion.ui.follow import Follower
from companion.ui.runner import CommandRunner, Reply
from companion.ui.screens.scoreboard import ScoreboardScreen
from companion.ui.settings import AppSettings
from companion.ui.theme import BACKGROUND

POLL_SECONDS = 0.5
READ_ONLY_HINT = "Read-only scoreboard: it follows the game played on this table by itself."


class ScoreboardApp(App):
    settings = ObjectProperty(AppSettings())
    text_scale = NumericProperty(1.0)
    table = ObjectProperty(None, allownone=True)

    def __init__(self, options: AppOptions, settings: AppSettings | None = None,
                 game_id: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Exploration Table Companion: scoreboard"
        self.options = options
        self.settings = settings or AppSettings()
        self.text_scale = self.settings.text_scale
        self.follower = Follower(game_id)  # None: the game the table plays now
        self.runner: CommandRunner = None  # type: ignore[assignment]  # made by build()
        self.manager: ScreenManager = None  # type: ignore[assignment]
        self._poll_event: Any = None

    def build(self) -> ScreenManager:
        Window.clearcolor = BACKGROUND
        Window.rotation = self.settings.rotation
        manager = ScreenManager(transition=NoTransition())
        board = ScoreboardScreen(name="scoreboard")
        board.can_leave = False
        board.hint = READ_ONLY_HINT
        manager.add_widget(board)
        self.manager = manager
        self.runner = CommandRunner(self.options.db, clock_deliver, self.options.crash_log)
        self.poll()
        self._poll_event = Clock.schedule_interval(lambda _dt: self.poll(), POLL_SECONDS)
        return manager

    def on_start(self) -> None:
        log_renderer()

    def on_stop(self) -> None:
        if self._poll_event is not None:
            self._poll_event.cancel()
        if self.runner is not None:
            self.runner.stop()

    def screen(self, name: str) -> Any:
        return self.manager.get_screen(name)

    def poll(self) -> None:
        """Ask the runner for news unless it is still answering the last look."""
        if self.runner is not None and not self.runner.pending:
            self.runner.submit(self.follower.look, self._on_look)

    def _on_look(self, reply: Reply) -> None:
        board = self.screen("scoreboard")
        if reply.table is not None:
            self.table = reply.table
            board.show_table(reply.table)
        elif not reply.ok and reply.message:
            board.show_waiting(reply.message)
