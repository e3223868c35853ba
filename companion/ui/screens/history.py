"""History: the log in plain words, newest first; undo and redo with their previews."""

from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.presenters.history import history_lines
from companion.ui.screens import load_layout
from companion.ui.table import TableData
from companion.ui.widgets import Text

load_layout(__file__)


class HistoryScreen(Screen):
    undo_text = StringProperty("There is nothing to undo.")
    redo_text = StringProperty("There is nothing to redo.")
    heading = StringProperty("History")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._table: TableData | None = None
        self._drawn: TableData | None = None

    def show_table(self, table: TableData) -> None:
        """Keep the newest table; its rows are laid out only when the history is shown
        (60 rows of text after every tap cost more than the tap itself)."""
        self._table = table
        if self.manager is not None and self.manager.current == self.name:
            self._draw()

    def on_pre_enter(self, *_args: object) -> None:
        self._draw()

    def _draw(self) -> None:
        table = self._table
        if table is None or table is self._drawn:
            return
        self._drawn = table
        self.heading = f"{table.title}  ·  history ({table.steps} steps)"
        self.undo_text = table.undo_preview or "There is nothing to undo."
        self.redo_text = table.redo_preview or "There is nothing to redo."
        rows = self.ids.rows
        rows.clear_widgets()
        for line in history_lines(table.history):
            rows.add_widget(Text(text=f"{line.number}.  {line.text}", muted=line.undone))
