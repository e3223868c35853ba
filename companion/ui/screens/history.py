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

    def show_table(self, table: TableData) -> None:
        self.heading = f"{table.title}  ·  history ({table.steps} steps)"
        self.undo_text = table.undo_preview or "There is nothing to undo."
        self.redo_text = table.redo_preview or "There is nothing to redo."
        rows = self.ids.rows
        rows.clear_widgets()
        for line in history_lines(table.history):
            rows.add_widget(Text(text=f"{line.number}.  {line.text}", muted=line.undone))
