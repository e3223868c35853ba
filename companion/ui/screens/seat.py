"""A seat's own page: a tap on its card on the dashboard opens what that seat holds.

Its counters, score and lasting cards, then its rows of every panel the game declares
`by_seat` (what a seat holds, whatever the game marks so), drawn as on their
tabs (`panels.generic.SeatPanel`); the seats before and after it are one tap away. Nothing
here knows a game.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.panels.corrections import CorrectionEditor
from companion.ui.panels.generic import SeatPanel
from companion.ui.presenters.seat import SeatSheet, neighbours, seat_sheet
from companion.ui.screens import load_layout
from companion.ui.table import TableData
from companion.ui.widgets import LineText, Text

load_layout(__file__)


class SectionTitle(LineText):
    """A panel's title over the seat's rows of it."""


class SeatScreen(Screen):
    seat = StringProperty("")
    title = StringProperty("")
    initial = StringProperty("")
    colour = StringProperty("#BBBBBB")
    score = StringProperty("")
    counters = StringProperty("")
    before = StringProperty("")  # the seat before this one around the table ("" alone)
    after = StringProperty("")
    #: A correction is open: its Apply is the page's green button, "Back to the table" a
    #: plain one (try 31: two green buttons side by side, and Back drops the change).
    editing = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._table: TableData | None = None
        self._shown: SeatSheet | None = None

    def prepare(self, seat: str) -> None:
        """Open on `seat`'s page, from its top."""
        self.seat = seat
        self._shown = None
        if self._table is not None:
            self._draw(self._table)
        self.ids.sheet_scroll.scroll_y = 1

    def show_table(self, table: TableData) -> None:
        self._table = table
        if self.seat:
            self._draw(table)

    def go(self, seat: str) -> None:
        if seat:
            self._drop_unapplied()
            self.prepare(seat)

    def on_pre_leave(self, *_args: Any) -> None:
        self._drop_unapplied()

    def _drop_unapplied(self) -> None:
        """An open correction left without Apply is dropped, and said so (try 28: a change
        set with + and left by "Back to the table" vanished in silence)."""
        for panel in self._panels():
            editor = next((w for w in panel.children if isinstance(w, CorrectionEditor)), None)
            if editor is None:
                continue
            if editor.delta and editor.track is not None:
                App.get_running_app()._say(
                    f"Not applied: {editor.target}'s {editor.track.label.lower()} "
                    f"{editor.delta:+d} (only Apply keeps a change).", True)
            panel.close_editor()

    def _draw(self, table: TableData) -> None:
        shown = table.view.get("table") or {}
        sheet = seat_sheet(shown, self.seat)
        if sheet is None:  # the seat left the table (an undo): back to the table
            app = App.get_running_app()
            if self.manager is not None and self.manager.current == self.name:
                app.show("dashboard")
            return
        before, after = neighbours(shown, self.seat)
        self.before, self.after = before or "", after or ""
        if sheet == self._shown:
            for panel in self._panels():
                panel.show_table(table)  # an open correction keeps its place
            return
        self._shown = sheet
        self.title, self.initial, self.colour = sheet.title, sheet.initial, sheet.colour
        self.score, self.counters = sheet.score, sheet.counters
        box = self.ids.sheet
        box.clear_widgets()
        for line in sheet.lines:
            box.add_widget(Text(text=line, muted=True))
        for data in sheet.panels:
            box.add_widget(SectionTitle(text=str(data["title"])))
            panel = SeatPanel(str(data["id"]), self.seat)
            box.add_widget(panel)
            panel.fbind("foot", self._show_foot)
            panel.show_table(table)
        self._show_foot()

    def _show_foot(self, *_args: Any) -> None:
        """An open correction's bar (Apply, Cancel) under the page's list, as on a tab."""
        box = self.ids.foot
        box.clear_widgets()
        foot = next((p.foot for p in self._panels() if p.foot is not None), None)
        self.editing = foot is not None
        if foot is not None:
            if foot.parent is not None:
                foot.parent.remove_widget(foot)
            box.add_widget(foot)

    def _panels(self) -> list[SeatPanel]:
        return [w for w in self.ids.sheet.children if isinstance(w, SeatPanel)]
