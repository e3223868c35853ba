"""Any game's panels, drawn from the table view's data (core/tableview.py): one widget
for every game's panels (`GamePanel`) and one for every game's decks (`DecksPanel`).

A row with a badge or a number is a `CountRow` (under a heading, one with a number only
is a compact `SubRow`: a seat's items); a heading row starts a seat's block;
a note is a sentence; any other row is a card of lines. A row or seat that lists
corrections gets a "Fix counts" button opening the correction editor (`adjust`); a panel
that names a prompt partial in `actions` offers that partial's commands as buttons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp

from companion.colours import seat_colours
from companion.core.tableview import Track
from companion.ui.panels.corrections import CorrectionEditor
from companion.ui.panels.panel import (
    AccentText,
    CountRow,
    Note,
    OpenRow,
    PanelCard,
    PanelColumn,
    SubRow,
    running_app,
)
from companion.ui.presenters.actions import offered_commands
from companion.ui.presenters.decks import deck_rows, odds_view, reshuffle_notes
from companion.ui.presenters.seat import seat_panels
from companion.ui.runner import Reply
from companion.ui.table import TableData
from companion.ui.widgets import BigButton, Text
from companion.ui.widgets.touch import TableScroll, holding_list

#: The tab of every game's decks, after the game's own panels.
DECKS = "Decks"
#: The button that opens the correction editor (try 23: "Correct" read as "this is
#: correct" as well as "make a correction").
FIX = "Fix counts"


def table_of(table: TableData) -> Mapping[str, Any]:
    return table.view.get("table") or {}


class GamePanel(PanelColumn):
    """One of the game's panels, found by its id in the table view."""

    def __init__(self, panel_id: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.panel_id = panel_id
        self.editing: str | None = None  # the target being corrected
        self._shown: Mapping[str, Any] | None = None
        self._colours: dict[str, str] = {}
        self._active: str | None = None
        self._headings: dict[str, Any] = {}  # each seat's first heading row

    def show_table(self, table: TableData) -> None:
        shown = table_of(table)
        data = self.panel_data(shown)
        self._active = shown.get("active")
        if data == self._shown and self.editing is None and not data.get("actions"):
            return  # most steps leave a panel as it was: nothing is rebuilt
        self._shown, self._colours = data, seat_colours(shown)
        self._build()

    @property
    def opening(self) -> Any:
        """The heading of the acting seat's rows: the tab opens there (None: its top)."""
        return self._headings.get(self._active or "")

    @property
    def headings(self) -> Mapping[str, Any]:
        """Each seat's heading row, as drawn now (a rebuild makes new ones)."""
        return self._headings

    def panel_data(self, shown: Mapping[str, Any]) -> Mapping[str, Any]:
        """The panel's data in the table view (no rows when the view has no such panel)."""
        data = next((p for p in shown.get("panels") or () if p["id"] == self.panel_id), None)
        return data or {"id": self.panel_id, "rows": [], "empty": "", "actions": None}

    def correct(self, target: str) -> None:
        """Open the correction of a row's target (a ship, a seat)."""
        self.editing = target
        self._build()
        editor = next((w for w in self.children if isinstance(w, CorrectionEditor)), None)
        scroll = holding_list(self)
        if editor is not None and scroll is not None:
            # Its top at the list's top: on a seat's page the editor sits under the seat's
            # card and lines, its counts and stepper below the fold (try 26).
            scroll.keep_in_view(editor, 0.0)

    def close_editor(self) -> None:
        self.editing = None
        self._build()

    def _build(self) -> None:
        data = self._shown
        if data is None:
            return
        if self.editing is not None:
            found = self._find(data["rows"], self.editing)
            if found is not None:
                if not any(isinstance(w, CorrectionEditor) and w.target == self.editing
                           for w in self.children):  # a scan meanwhile keeps the choices
                    self.clear_widgets()
                    editor = CorrectionEditor(self.editing, found[0], found[1],
                                              running_app().send, self.close_editor)
                    self.add_widget(editor)
                    self.foot = editor.bar
                return
            self.editing = None  # it left play (an undo): back to the list
        self.foot = None
        self.clear_widgets()
        self._headings = {}
        if not data["rows"] and data.get("empty"):
            self.add_widget(Text(text=data["empty"], muted=True))
        owner: str | None = None
        for row in data["rows"]:
            if row["kind"] == "heading":
                owner = row.get("seat")
            self.add_widget(self._row(row, owner))
            if row["kind"] == "heading" and owner:
                self._headings.setdefault(str(owner), self.children[0])
        if data.get("actions"):
            self._ask_actions(str(data["actions"]))

    @staticmethod
    def _find(rows: Sequence[Mapping[str, Any]], target: str
              ) -> tuple[str, tuple[Track, ...]] | None:
        owner = ""
        for row in rows:
            if row["kind"] == "heading":
                owner = str(row.get("seat") or "")
            if row.get("target") == target and row.get("corrections"):
                tracks = tuple(Track.from_dict(t) for t in row["corrections"])
                whose = f" ({owner})" if row["kind"] != "heading" and owner else ""
                title = target if row["kind"] == "heading" else row["text"]
                return f"Fix the counts: {title}{whose}", tracks
        return None

    def _row(self, row: Mapping[str, Any], owner: str | None) -> Any:
        kind, detail = row["kind"], list(row.get("detail") or ())
        if kind in ("note", "warning"):
            widget = Note(text=row["text"]) if kind == "warning" else Text(text=row["text"],
                                                                          muted=True)
            return widget
        if owner is not None and kind == "row" and row.get("number") \
                and not row.get("badge") and not row.get("corrections"):
            return SubRow(heading=row["text"], detail="\n".join(detail),
                          count=str(row["number"]), marked=bool(row.get("marked")))
        if row.get("opens"):  # a tap on it opens what it names (its actions)
            widget = OpenRow(heading=row["text"], detail="\n".join(detail),
                             action=str(row.get("action") or "Open"))
            widget.on_action = partial(running_app().open_actions, str(row["text"]),
                                       str(row["opens"]))
            return widget
        if kind == "heading" or row.get("badge") or row.get("number"):
            widget = CountRow(heading=row["text"], detail="\n".join(detail),
                              unit=str(row.get("unit") or ""),
                              count=str(row.get("number") or ""),
                              initial=str(row.get("badge") or ""),
                              colour=self._colours.get(str(row.get("seat")), ""),
                              action=FIX if row.get("corrections") else "")
            widget.on_action = partial(self.correct, str(row.get("target")))
            return widget
        card = PanelCard()
        card.add_widget(Text(text=row["text"], bold=True))
        for n, line in enumerate(detail):  # where first, in the accent colour
            card.add_widget(AccentText(text=line) if n == 0 and owner else
                            Text(text=line, muted=n > 1))
        if row.get("corrections"):
            button = BigButton(text=f"{FIX}: {row['target']}", kind="quiet")
            button.bind(on_release=lambda _b, name=str(row["target"]): self.correct(name))
            card.add_widget(button)
        return card

    def _ask_actions(self, after: str) -> None:
        app = running_app()
        if app is not None and getattr(app, "runner", None) is not None:
            app.runner.prompt(self._on_actions, after=after)

    def _on_actions(self, reply: Reply) -> None:
        if not reply.ok or reply.value is None or self.editing is not None:
            return
        for item in offered_commands(reply.value):
            self.add_widget(BigButton(
                text=item.text, on_release=lambda _b, line=item.value: running_app().send(line)))


class SeatPanel(GamePanel):
    """What one seat holds in one of the game's panels (the seat screen): the panel's rows
    of that seat only (`presenters.seat.seat_panels`), drawn as on its tab."""

    def __init__(self, panel_id: str = "", seat: str = "", **kwargs: Any) -> None:
        super().__init__(panel_id, **kwargs)
        self.seat = seat

    def panel_data(self, shown: Mapping[str, Any]) -> Mapping[str, Any]:
        found = next((p for p in seat_panels(shown, self.seat) if p["id"] == self.panel_id),
                     None)
        return found or {"id": self.panel_id, "rows": [], "empty": "", "actions": None}


class DecksPanel(PanelColumn):
    """Every deck: cards left and discarded, what the table must do first, and on a tap
    the odds of its next card (asked of the runner, which owns the session)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.open_deck: str | None = None
        self._odds: dict[str, Any] | None = None
        self._table: TableData | None = None
        self._drawn: tuple[Any, ...] | None = None  # the notes and rows on show

    def show_table(self, table: TableData) -> None:
        self._table = table
        if self.open_deck is None and self._drawn == self._rows():
            return  # most steps leave the decks as they were: nothing is rebuilt
        self._odds = None
        self._build()
        if self.open_deck is not None:
            self._ask(self.open_deck)

    def _rows(self) -> tuple[Any, ...]:
        shown = table_of(self._table) if self._table is not None else {}
        return reshuffle_notes(shown), deck_rows(shown)

    def toggle(self, deck: str) -> None:
        """Show the odds of `deck`, or hide them when they are shown."""
        if self.open_deck == deck:
            self.open_deck = None
            self._build()
            return
        self.open_deck, self._odds = deck, None
        self._build()
        self._ask(deck)

    def _ask(self, deck: str) -> None:
        running_app().runner.odds(deck, self._on_odds)

    def _on_odds(self, reply: Reply) -> None:
        if reply.ok and reply.value and reply.value.get("deck") == self.open_deck:
            self._odds = reply.value
            self._build()
            Clock.schedule_once(lambda _dt: self._show_odds(), 0)  # once laid out

    def _show_odds(self) -> None:
        """The odds a tap opened come into view under their deck's row, the row whole (try
        9, s227: they opened under the list and needed a swipe)."""
        scroll = self.parent
        card = next((w for w in self.children if isinstance(w, PanelCard)), None)
        if card is None or not isinstance(scroll, TableScroll):
            return
        row = self.children[self.children.index(card) + 1]  # the deck's row, above it
        low = scroll.to_window(scroll.x, scroll.y)[1]
        if card.to_window(card.x, card.y)[1] < low - 1:  # not all of it in view: its row
            scroll.when_still("odds", lambda: scroll.keep_in_view(row, dp(4)))  # at the top

    def _build(self) -> None:
        """The notes and rows anew; each deck's row is the one already up when there is
        one (a row costs its badge, texts and button: 10 to 20 ms on one core), with its
        words changed."""
        kept = [w for w in reversed(self.children) if isinstance(w, CountRow)]
        self.clear_widgets()
        if self._table is None:
            return
        self._drawn = notes, rows = self._rows()
        for note in notes:
            self.add_widget(Note(text=note))
        for n, row in enumerate(rows):
            opened = row.deck == self.open_deck
            words = {"heading": row.title, "detail": row.text, "count": str(row.left),
                     "action": "Hide" if opened else "Odds"}
            widget = kept[n] if n < len(kept) else CountRow()
            for name, value in words.items():
                setattr(widget, name, value)
            widget.on_action = partial(self.toggle, row.deck)
            self.add_widget(widget)
            if opened:
                self.add_widget(self._odds_card())

    def _odds_card(self) -> PanelCard:
        card = PanelCard()
        if self._odds is None:
            card.add_widget(Text(text="Counting what is left...", muted=True))
            return card
        odds = odds_view(self._odds)
        card.add_widget(Text(text=odds.sentence))
        for line in odds.rows:
            card.add_widget(Text(text=line, muted=True))
        return card
