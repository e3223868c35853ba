"""End of game: the winner (ties shared), each seat's total and a chart of its points
grouped by the view's score categories, every number also written out."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Rectangle
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.colours import hex_rgba
from companion.core.words import counted
from companion.ui.presenters.final import FinalView, final_view
from companion.ui.screens import load_layout
from companion.ui.table import TableData
from companion.ui.widgets import LineText, SeatBadge, Text

load_layout(__file__)


class ChartBar(Widget):
    """One seat's points as a stacked bar: a segment per category, in the legend's colours."""

    segments = ListProperty([])  # (points, "#rrggbb")
    scale = NumericProperty(1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, segments=self._draw, scale=self._draw)

    def _draw(self, *_args: Any) -> None:
        self.canvas.clear()
        x = self.x
        with self.canvas:
            for points, colour in self.segments:
                if points <= 0:
                    continue
                width = self.width * points / max(self.scale, 1)
                Color(*hex_rgba(colour))
                Rectangle(pos=(x, self.y), size=(max(width - 2, 1), self.height))
                x += width


class FinalScreen(Screen):
    heading = StringProperty("Final scores")
    winner = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._view: FinalView | None = None

    def show_table(self, table: TableData) -> None:
        self.heading = f"{table.title}  ·  Final scores"
        view = final_view(table.view)
        if view != self._view:  # an undo of a note or a correction leaves the scores alone
            self._view = view
            self._show(view)

    def _show(self, view: FinalView) -> None:
        self.winner = view.winner
        legend = self.ids.legend
        legend.clear_widgets()
        for name, colour in zip(view.categories, view.category_colours, strict=True):
            chip = BoxLayout(size_hint=(None, None), size=("150dp", "28dp"), spacing="4dp")
            chip.add_widget(Widget(size_hint_x=None, width="16dp"))
            with chip.children[0].canvas:
                Color(*hex_rgba(colour))
                swatch = Rectangle()
            chip.children[0].bind(pos=lambda w, _p, s=swatch: setattr(s, "pos", w.pos),
                                  size=lambda w, _s, s=swatch: setattr(s, "size", w.size))
            # Wrapped, never cut: a long category ("technology actions") takes two lines.
            label = Text(text=name, muted=True)
            label.bind(height=lambda _l, h, c=chip: setattr(c, "height", max(dp(28), h)))
            chip.add_widget(label)
            legend.add_widget(chip)
        rows = self.ids.rows
        rows.clear_widgets()
        colours = dict(zip(view.categories, view.category_colours, strict=True))
        for seat in view.seats:
            row = BoxLayout(orientation="vertical", size_hint_y=None, spacing="2dp")
            head = BoxLayout(size_hint_y=None, height="48dp", spacing="8dp")
            head.add_widget(SeatBadge(text=seat.initial, colour=seat.colour))
            who = f"{seat.place}. {seat.player or seat.seat}"
            if seat.player and seat.player != seat.seat:
                who += f" ({seat.seat})"
            head.add_widget(LineText(text=who, bold=True, pos_hint={"center_y": 0.5}))
            head.add_widget(LineText(text=counted(seat.total, "point"), bold=True, halign="right",
                                     size_hint_x=None, width="150dp",
                                     pos_hint={"center_y": 0.5}))
            row.add_widget(head)
            row.add_widget(ChartBar(size_hint_y=None, height="18dp", scale=view.scale,
                                    segments=[(p, colours[c]) for c, p in seat.by_category]))
            row.add_widget(Text(text=seat.breakdown or "no points", muted=True))
            row.bind(minimum_height=row.setter("height"))
            rows.add_widget(row)
