"""The table dashboard: round, phase, whose turn, the seats with scores, the command bar."""

from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.presenters.dashboard import Dashboard, dashboard, scores_of
from companion.ui.screens import load_layout
from companion.ui.table import TableData
from companion.ui.widgets import SeatRowView

load_layout(__file__)


class DashboardScreen(Screen):
    heading = StringProperty("")
    subheading = StringProperty("")
    next_text = StringProperty("")
    order_text = StringProperty("")
    decks_text = StringProperty("")
    message = StringProperty("")
    data = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._scores: dict[str, int] = {}
        self._game: str | None = None

    def show_table(self, table: TableData) -> None:
        before = self._scores if self._game == table.game_id else {}
        data = dashboard(table.title, table.view, before)
        self._scores = scores_of(table.view)
        self._game = table.game_id
        self._show(data)

    def _show(self, data: Dashboard) -> None:
        self.data = data
        self.heading = f"{data.title}  ·  {data.round_text}"
        self.subheading = "  ·  ".join(t for t in (data.phase_text, data.turn_text) if t)
        self.next_text = data.next_text
        self.order_text = data.order_text
        self.decks_text = data.decks_text
        seats = self.ids.seats
        while len(seats.children) > len(data.seats):
            seats.remove_widget(seats.children[0])
        while len(seats.children) < len(data.seats):
            seats.add_widget(SeatRowView())
        for widget, row in zip(reversed(seats.children), data.seats, strict=True):
            widget.row = row

    def submit_typed(self) -> None:
        field = self.ids.command
        line = field.text.strip()
        if line:
            from kivy.app import App

            App.get_running_app().send(line)
            field.text = ""
