"""History: the log in plain words, newest first; undo and redo with their previews."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion.core.words import counted
from companion.ui.presenters.history import HistoryLine, history_lines
from companion.ui.screens import load_layout
from companion.ui.table import TableData

load_layout(__file__)


class HistoryScreen(Screen):
    undo_text = StringProperty("There is nothing to undo.")
    redo_text = StringProperty("There is nothing to redo.")
    heading = StringProperty("History")
    _lines: list[HistoryLine] | None = None  # not yet given to the list

    def show_table(self, table: TableData) -> None:
        self.heading = f"{table.title}  ·  History ({counted(table.steps, 'step')})"
        self.undo_text = table.undo_preview or "There is nothing to undo."
        self.redo_text = table.redo_preview or "There is nothing to redo."
        self._lines = history_lines(table.history)
        if self.manager is None or self.manager.current == self.name:
            self._fill()

    def on_pre_enter(self, *_args: Any) -> None:
        self._fill()  # replies that came while the screen was hidden are drawn now, once

    def _fill(self) -> None:
        """The rows as data: the list makes widgets only for the rows in view, and reuses
        them as the player scrolls (a visit costs the rows on screen, not the game's
        length)."""
        lines, self._lines = self._lines, None
        if lines is None:
            return
        self.ids.rows.data = [{"text": f"{line.number}.  {line.text}", "muted": line.undone}
                              for line in lines]
