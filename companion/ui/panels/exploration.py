"""Exploration's panels: Ships, Decks and Traps (tabs after "Seats" on the dashboard)."""

from __future__ import annotations

from companion.ui.panels import PanelSpec
from companion.ui.panels.panel import CountRow, Panel
from companion.ui.presenters.traps import trap_rows
from companion.ui.table import TableData
from companion.ui.widgets import Text


class TrapsPanel(Panel):
    """Every trap on the map: its owner's colour and initial, where it lies, its count."""

    def show_table(self, table: TableData) -> None:
        self.clear_widgets()
        rows = trap_rows(table.view)
        self.add_widget(Text(text="Traps on the map: a ship passing lowers the count; "
                                  "at 0 the trap goes off." if rows else "No trap on the map.",
                             muted=True))
        for row in rows:
            self.add_widget(CountRow(heading=row.text, detail=f"count {row.count}",
                                     count=row.count, colour=row.colour,
                                     initial=row.owner[:1].upper()))


PANELS = (
    PanelSpec("Traps", TrapsPanel),
)
