"""TI4's panels: Planets (values with attachments), Relics (fragments and relics per
seat) and Decks (cards left, fragments left, the relic deck, frontier tokens).

Everything shown comes from the TI4 view through `presenters.ti4`; no rule here.
"""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.core.words import counted
from companion.ui.panels import PanelSpec
from companion.ui.panels.panel import CountRow, Panel, PanelCard
from companion.ui.presenters import ti4
from companion.ui.runner import Reply
from companion.ui.table import TableData
from companion.ui.widgets import BigButton, Text


class SeatHeading(BoxLayout):
    """A seat's colour badge with its initial, and one line about it."""

    seat = StringProperty("")
    colour = StringProperty("#BBBBBB")
    text = StringProperty("")


class PlanetRow(BoxLayout):
    """A planet: name, resources/influence now, and why they differ from the card."""

    name = StringProperty("")
    values = StringProperty("")
    detail = StringProperty("")
    attached = BooleanProperty(False)


class PlanetsPanel(Panel):
    """Each seat's planets with their attachments and resulting values and specialties."""

    def show_table(self, table: TableData) -> None:
        self.clear_widgets()
        queue = ti4.queue_view(table.view, {})
        if queue.revealed:
            self.add_widget(Text(text=f"Revealed to all: {queue.revealed}", bold=True))
        for line in queue.lines:
            self.add_widget(Text(text=line))
        for seat in ti4.seat_planets(table.view):
            card = PanelCard()
            card.add_widget(SeatHeading(seat=seat.seat, colour=seat.colour,
                                        text=f"{seat.seat}: {seat.summary}"))
            for planet in seat.planets:
                card.add_widget(PlanetRow(name=f"{planet.name} ({planet.code})",
                                          values=planet.values, detail=planet.detail,
                                          attached=planet.attached))
            self.add_widget(card)


class RelicsPanel(Panel):
    """Relic fragments by type and relics, per seat; the relic deck's count; a button for
    each purge to a relic the rules accept now."""

    def show_table(self, table: TableData) -> None:
        self.clear_widgets()
        self.add_widget(CountRow(heading="Relic deck", detail="cards left",
                                 count=str(table.view.get("relic_deck_left", 0))))
        for seat in ti4.seat_fragments(table.view):
            card = PanelCard()
            card.add_widget(SeatHeading(seat=seat.seat, colour=seat.colour,
                                        text=f"{seat.seat}: {seat.fragments}"))
            card.add_widget(Text(text=f"Relics: {seat.relics}", muted=True))
            if seat.other:
                card.add_widget(Text(text=f"Also in play: {seat.other}", muted=True))
            self.add_widget(card)
        self._purges = BoxLayout(orientation="vertical", size_hint_y=None, spacing="6dp")
        self._purges.bind(minimum_height=self._purges.setter("height"))
        self.add_widget(self._purges)
        app = self.app()
        if app is not None and app.runner is not None:
            app.runner.prompt(self._on_relic_prompt, after="relic")

    def _on_relic_prompt(self, reply: Reply) -> None:
        if not reply.ok or reply.value is None or self._purges.parent is not self:
            return
        actions = ti4.relic_actions(reply.value)
        self._purges.add_widget(Text(
            text="Three fragments of one type (an Unknown one counts as any type) can be "
                 "purged for a relic:" if actions else
                 "Nobody holds three fragments of one type to purge for a relic.",
            muted=True))
        for item in actions:
            self._purges.add_widget(BigButton(
                text=item.text, on_release=lambda _b, line=item.value: self.app().send(line)))


class DecksPanel(Panel):
    """Each exploration deck with its cards left and the odds of a fragment."""

    def show_table(self, table: TableData) -> None:
        self.clear_widgets()
        for deck in table.view.get("decks", []):
            self.add_widget(CountRow(
                heading=f"{str(deck['deck']).capitalize()} deck",
                detail=f"{counted(int(deck['fragments_left']), 'fragment')} left; "
                       f"{len(deck.get('discard', ()))} discarded",
                count=str(deck["left"])))
        self.add_widget(CountRow(heading="Relic deck", detail="cards left",
                                 count=str(table.view.get("relic_deck_left", 0))))
        for line in ti4.table_lines(table.view):
            self.add_widget(Text(text=line, muted=True))


Builder.load_file(str(Path(__file__).with_name("ti4.kv")))

PANELS = (
    PanelSpec("Planets", PlanetsPanel),
    PanelSpec("Relics", RelicsPanel),
    PanelSpec("Decks", DecksPanel),
)
