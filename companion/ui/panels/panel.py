"""What a game panel is, and the small widgets panels are made of."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.ui.table import TableData
from companion.ui.widgets import Text
from companion.ui.widgets.touch import SteadyTap


class Panel(Protocol):
    """A tab's page: a widget the dashboard redraws from the table (`show_table`) after
    every command while its tab is open, and when its tab is opened; it is put in a
    scrolling list of the tab's own."""

    def show_table(self, table: TableData) -> None:
        """Draw `table` (most steps leave a panel as it was: draw nothing then)."""


def running_app() -> Any:
    """The app a panel sends its commands to and asks its data of."""
    from kivy.app import App

    return App.get_running_app()


class PanelColumn(BoxLayout):
    """A panel's rows, top to bottom, as tall as they are (its tab's list scrolls it).
    `foot`, when set, is kept under the list, never scrolled (an editor's Apply, Cancel)."""

    foot = ObjectProperty(None, allownone=True)


class Note(Text):
    """A sentence the table must act on (a reshuffle), in the warning colour."""


class AccentText(Text):
    """Where something is (a ship's place), in the accent colour."""


class PanelCard(BoxLayout):
    """A rounded block of rows (one ship, one deck, one trap)."""


class SubRow(BoxLayout):
    """A row under a seat's heading with a number (an item and its values): indented, no
    card of its own, in the warning colour when `marked` (it differs from the card)."""

    heading = StringProperty("")
    detail = StringProperty("")
    count = StringProperty("")
    marked = BooleanProperty(False)


class CountRow(BoxLayout):
    """A line of text with a number in big digits at its right (a deck's cards, a trap's count)."""

    heading = StringProperty("")
    detail = StringProperty("")
    count = StringProperty("")
    colour = StringProperty("")
    initial = StringProperty("")
    #: The text of a button at the row's end ("" for none); tapping it calls `on_action()`.
    action = StringProperty("")
    #: What the number counts, small under it ("" for nothing said).
    unit = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_action: Callable[[], object] = lambda: None


Builder.load_file(str(Path(__file__).with_name("panels.kv")))


class OpenRow(SteadyTap, ButtonBehavior, CountRow):
    """A row a tap opens, anywhere on it as on its button (`on_action`): what a player
    taps to use the thing it names (try 17, finding 3)."""

    def on_release(self) -> None:
        self.on_action()
