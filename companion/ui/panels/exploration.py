"""Exploration's panels: Ships, Decks, Traps and Board (tabs after "Seats" on the dashboard)."""

from __future__ import annotations

from functools import partial
from typing import Any

from companion.ui.panels import PanelSpec
from companion.ui.panels.corrections import CorrectionEditor
from companion.ui.panels.panel import AccentText, CountRow, Note, Panel, PanelCard
from companion.ui.presenters.board import AreaView, board_view
from companion.ui.presenters.decks import deck_rows, odds_view, reshuffle_notes
from companion.ui.presenters.ships import SeatShips, ShipLine, Track, seat_ships
from companion.ui.presenters.traps import TrapRow, trap_rows, traps_note
from companion.ui.runner import Reply
from companion.ui.table import TableData
from companion.ui.widgets import BigButton, LineText, Text


class ShipsPanel(Panel):
    """Each seat's ships: place, tracks, bonuses, cargo ("not deployed" ones with their
    printed values); a correction by touch (`adjust`) for a ship in play or a seat."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._table: TableData | None = None
        self.editing: str | None = None  # the ship or seat being corrected

    def show_table(self, table: TableData) -> None:
        self._table = table
        self._build()

    def correct(self, target: str) -> None:
        """Open the correction of a ship (by card) or a seat (by name)."""
        self.editing = target
        self._build()
        self.parent_scroll_to_top()

    def close_editor(self) -> None:
        self.editing = None
        self._build()

    def parent_scroll_to_top(self) -> None:
        if hasattr(self.parent, "scroll_y"):
            self.parent.scroll_y = 1

    def _build(self) -> None:
        if self._table is None:
            return
        seats = seat_ships(self._table.view)
        if self.editing is not None:
            found = self._find(seats, self.editing)
            if found is not None:
                if not self._editor_open(self.editing):  # a scan meanwhile keeps the choices
                    self.clear_widgets()
                    self.add_widget(CorrectionEditor(self.editing, found[0], found[1],
                                                     self.app().send, self.close_editor))
                return
            self.editing = None  # it left play (an undo): back to the list
        self.clear_widgets()
        for seat in seats:
            self._add_seat(seat)

    def _editor_open(self, target: str) -> bool:
        return any(isinstance(w, CorrectionEditor) and w.target == target
                   for w in self.children)

    @staticmethod
    def _find(seats: tuple[SeatShips, ...], target: str) -> tuple[str, tuple[Track, ...]] | None:
        for seat in seats:
            if seat.seat == target and seat.correctable:
                return f"Correct {seat.seat}", seat.correctable
            for ship in seat.ships:
                if ship.card == target and ship.correctable:
                    return f"Correct {ship.title} ({seat.seat})", ship.correctable
        return None

    def _add_seat(self, seat: SeatShips) -> None:
        player = f"  ·  {seat.player}" if seat.player and seat.player != seat.seat else ""
        heading = CountRow(heading=seat.seat + player, initial=seat.seat[:1].upper(),
                           colour=seat.colour, action="Correct" if seat.correctable else "")
        heading.on_action = partial(self.correct, seat.seat)
        self.add_widget(heading)
        if not seat.ships:
            self.add_widget(Text(text="No ships yet.", muted=True))
        for ship in seat.ships:
            self.add_widget(self._ship_card(ship))

    def _ship_card(self, ship: ShipLine) -> PanelCard:
        card = PanelCard()
        card.add_widget(LineText(text=ship.title, bold=True))
        card.add_widget(AccentText(text=ship.place))
        for line in (ship.tracks, ship.bonuses, ship.cargo):
            if line:
                card.add_widget(Text(text=line, muted=line is not ship.tracks))
        if ship.correctable:
            button = BigButton(text=f"Correct {ship.card}", kind="quiet")
            button.bind(on_release=lambda _b, name=ship.card: self.correct(name))
            card.add_widget(button)
        return card


class DecksPanel(Panel):
    """Every deck: cards left and discarded, the reshuffle it owes, and on a tap the odds
    of its next card (asked of the runner, which owns the session)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.open_deck: str | None = None
        self._odds: dict[str, Any] | None = None
        self._table: TableData | None = None

    def show_table(self, table: TableData) -> None:
        self._table = table
        self._odds = None
        self._build()
        if self.open_deck is not None:
            self._ask(self.open_deck)

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
        self.app().runner.odds(deck, self._on_odds)

    def _on_odds(self, reply: Reply) -> None:
        if reply.ok and reply.value and reply.value.get("deck") == self.open_deck:
            self._odds = reply.value
            self._build()

    def _build(self) -> None:
        self.clear_widgets()
        if self._table is None:
            return
        view = self._table.view
        for note in reshuffle_notes(view):
            self.add_widget(Note(text=note))
        for row in deck_rows(view):
            shown = row.deck == self.open_deck
            widget = CountRow(heading=f"{row.deck.capitalize()} deck", detail=row.text,
                              count=str(row.left), action="Hide" if shown else "Odds")
            widget.on_action = partial(self.toggle, row.deck)
            self.add_widget(widget)
            if shown:
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


class TrapsPanel(Panel):
    """Every trap on the map: its owner's colour and initial, where it lies, its count."""

    _shown: tuple[TrapRow, ...] | None = None

    def show_table(self, table: TableData) -> None:
        rows = trap_rows(table.view)
        if rows == self._shown:
            return  # most steps move no trap: the rows stay, nothing is rebuilt
        self._shown = rows
        self.clear_widgets()
        self.add_widget(Text(text=traps_note(table.view), muted=True))
        for row in rows:
            self.add_widget(CountRow(heading=row.text, detail=f"count {row.count}",
                                     count=row.count, colour=row.colour,
                                     initial=row.owner[:1].upper()))


class BoardPanel(Panel):
    """The domination areas: whose cube is on which space, which spaces are closed."""

    _shown: tuple[AreaView, ...] | None = None

    def show_table(self, table: TableData) -> None:
        areas = board_view(table.view)
        if areas == self._shown:
            return  # a cube placed or a space closed is rare: most steps rebuild nothing
        self._shown = areas
        self.clear_widgets()
        for area in areas:
            card = PanelCard()
            card.add_widget(Text(text=area.title, bold=True))
            for line in area.lines:
                card.add_widget(Text(text=line, muted=line.startswith("Free: ")))
            self.add_widget(card)


PANELS = (
    PanelSpec("Ships", ShipsPanel),
    PanelSpec("Decks", DecksPanel),
    PanelSpec("Traps", TrapsPanel),
    PanelSpec("Board", BoardPanel),
)
