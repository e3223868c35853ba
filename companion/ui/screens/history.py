"""History: the log in plain words, newest first; undo and redo with their previews."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion.core.words import counted
from companion.ui.presenters.history import HistoryLine, history_lines
from companion.ui.screens import load_layout
from companion.ui.table import TableData
from companion.ui.widgets import Text

load_layout(__file__)


class HistoryScreen(Screen):
    undo_text = StringProperty("There is nothing to undo.")
    redo_text = StringProperty("There is nothing to redo.")
    heading = StringProperty("History")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rows: dict[str, Text] = {}  # step number -> its row, reused between replies
        self._lines: list[HistoryLine] | None = None  # not yet drawn into the rows

    def show_table(self, table: TableData) -> None:
        # The game's title is the dashboard's: with it a long heading took a second line at
        # Large text and pushed the bar's buttons down from where the dashboard has them.
        self.heading = f"History ({counted(table.steps, 'step')})"
        words = App.get_running_app().table_words  # with no camera, no "scan"
        self.undo_text = words(table.undo_preview or "There is nothing to undo.")
        self.redo_text = words(table.redo_preview or "There is nothing to redo.")
        self._lines = history_lines(table.history, words)
        if self.manager is None or self.manager.current == self.name:
            self._fill()

    def on_pre_enter(self, *_args: Any) -> None:
        self._fill()  # replies that came while the screen was hidden are drawn now, once

    @property
    def pending(self) -> bool:
        """Replies came while the screen was hidden and are not drawn yet."""
        return self._lines is not None

    def draw_ahead(self) -> None:
        """Draw them now, while hidden (companion/ui/warmup.py: in a quiet moment)."""
        self._fill()

    def _fill(self) -> None:
        """Bring the rows up to date, touching only what changed: a reply usually adds
        one step and marks one undone, so the other rows keep their rendered text."""
        lines, self._lines = self._lines, None
        if lines is None:
            return
        box = self.ids.rows
        wanted = {line.number for line in lines}
        for number in [n for n in self._rows if n not in wanted]:
            box.remove_widget(self._rows.pop(number))
        for place, line in enumerate(lines):  # newest first; step numbers only grow
            text = f"{line.number}.  {line.text}"
            row = self._rows.get(line.number)
            if row is None:
                row = self._rows[line.number] = Text(text=text, muted=line.undone)
                box.add_widget(row, index=len(box.children) - place)
            else:
                row.text, row.muted = text, line.undone  # unchanged values draw nothing
