"""A seat's private panel: its hidden choices (a mission to complete), or with hold-to-peek
its hidden cards, shown only when that player asks, and hidden again as soon as they
choose or go back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.follow import peek
from companion.ui.presenters.actions import ActionItem, actions_view
from companion.ui.presenters.peek import card_lines
from companion.ui.presenters.seat import player_of, who
from companion.ui.runner import Reply
from companion.ui.screens import load_layout
from companion.ui.widgets import Text

load_layout(__file__)


class PrivateScreen(Screen):
    seat = StringProperty("")
    who = StringProperty("")  # "Ana (North)": the player's name first, as the table says it
    player = StringProperty("")  # "Ana", or the seat when no name was typed
    partial = StringProperty("")
    label = StringProperty("")
    open = BooleanProperty(False)
    peeking = BooleanProperty(False)
    #: Whether any choice shown can be tapped: when none can, the heading says so instead
    #: of "tap your choice below" (try 19, finding 12).
    choosable = BooleanProperty(True)
    #: The player the screen was handed on to by itself (the prompt's `hand_over`: the next
    #: drafter), said in the heading; "" when a tap on the table opened it.
    handed_to = StringProperty("")
    #: What the seat is handed besides the label (the prompt's `note`: "Pack 2 of 4 starts
    #: with Finn"), shown while the choices are closed.
    note = StringProperty("")
    #: The choices' columns: two when they are many short buttons (a pack's ship types), so
    #: they fit the screen without a swipe.
    columns = NumericProperty(1)
    #: Handed straight back to the seat that just chose here (the last pick of a pack and
    #: the first of the next): the heading says the pick was taken and they pick again,
    #: not a second "Pass to" that looked the same as the first (try 18, 7).
    again = BooleanProperty(False)
    #: The look shows one card (a reveal's hidden card), not every hidden card.
    one = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chose = ""  # the seat whose choice was sent from here last
        self._chose_after = -1  # the table's steps when it was sent

    def prepare(self, seat: str, partial: str, label: str, handed_to: str = "",
                note: str = "") -> None:
        self.seat, self.partial, self.label, self._back = seat, partial, label, "dashboard"
        self.one = False
        self._name(seat)
        # Again only right after that seat's own choice here: one left from another game
        # said "Taken." on a new draft's first screen (try 31).
        self.again = bool(handed_to) and self.chose == seat \
            and _steps() == self._chose_after + 1
        self.chose = ""
        self.handed_to, self.note = handed_to, note
        self.peeking = False
        self.hide()

    def prepare_peek(self, seat: str, back: str = "dashboard",
                     at: tuple[int, int] | None = None) -> None:
        """The seat's own hidden cards, or only the one drawn at `at` (a reveal's card),
        behind the same "only you look" step; closing goes back to the screen `back` (a
        reveal being paged keeps its place)."""
        self.seat, self.partial, self._back, self.handed_to = seat, "", back, ""
        self.note, self._at, self.one = "", at, at is not None
        self._name(seat)
        self.label = f"{seat}'s hidden card{'' if at else 's'}, for {seat}'s eyes only."
        self.peeking = True
        self.hide()

    def _name(self, seat: str) -> None:
        """Who looks, named the same way everywhere a player must act (try 11, 5 and 17)."""
        table = App.get_running_app().table
        shown = table.view.get("table") if table is not None else None
        self.who = who(shown, seat)
        self.player = player_of(shown, seat) or seat

    def reveal(self) -> None:
        runner = App.get_running_app().runner
        if self.peeking:
            runner.submit(peek(self.seat, getattr(self, "_at", None)), self._on_peek)
        else:
            runner.prompt(self._on_prompt, after=self.partial, seat=self.seat)

    def _on_peek(self, reply: Reply) -> None:
        if self.manager is None or self.manager.current != self.name or not self.peeking:
            return
        self.open = True
        box = self.ids.choices
        box.clear_widgets()
        lines = card_lines(reply.value or []) if reply.ok else [reply.message]
        none = f"{self.seat} holds no hidden card." if not self.one else \
            f"The card is not found among {self.seat}'s cards."
        for line in lines or [none]:
            box.add_widget(Text(text=line))

    def hide(self) -> None:
        self.open = False
        self.ids.picks.clear_widgets()
        self.ids.choices.clear_widgets()
        self.ids.scroll.scroll_y = 1  # the next seat's list from its top
        if self.note:  # where the choices will be: what this hand-over is
            line = Text(text=self.note, bold=True)
            line.color, line.font_size = theme.ACCENT, sp(22) * self._scale()
            self.ids.choices.add_widget(line)

    @staticmethod
    def _scale() -> float:
        return float(App.get_running_app().text_scale)

    def _on_prompt(self, reply: Reply) -> None:
        if self.manager is None or self.manager.current != self.name or not reply.value:
            return
        self.open = True
        box, picks = self.ids.choices, self.ids.picks
        box.clear_widgets()
        picks.clear_widgets()
        view = actions_view(reply.value)
        # Each choice in the game's order, one it refuses in place greyed there with why:
        # a pack's every ship type in one spot from hand to hand (try 13, 10).
        commands = [item for group in view.groups for item in group.places
                    if item.kind == "command" and (item.enabled or item.in_place)]
        self.columns = pick_columns(len(commands))
        self.choosable = any(item.enabled for item in commands)
        for item in commands:
            picks.add_widget(_pick_button(item, self._choose, self.columns))
        reasons = {item.reason for item in view.unavailable if not item.in_place}
        if len(reasons) == 1:  # one shared sentence (every hidden mission is refused alike)
            box.add_widget(Text(text=reasons.pop()))
            for item in view.unavailable:
                if not item.in_place:
                    box.add_widget(Text(text=item.label, muted=True))
        else:
            for item in view.unavailable:
                if not item.in_place:
                    box.add_widget(Text(text=f"{item.label}: {item.reason}", muted=True))
        if not box.children and not picks.children:
            box.add_widget(Text(text="Nothing to choose now.", muted=True))
        # The goals behind the choices: the seat's own hidden cards, as a peek shows them.
        App.get_running_app().runner.submit(peek(self.seat), self._on_goals)

    def _on_goals(self, reply: Reply) -> None:
        if (self.manager is None or self.manager.current != self.name or not self.open
                or self.peeking or not reply.ok or not reply.value):
            return
        box = self.ids.choices
        box.add_widget(Text(text=f"Hidden cards of {self.who}:", bold=True))
        for line in card_lines(reply.value):
            box.add_widget(Text(text=line, muted=True))

    def _choose(self, command: str) -> None:
        """The choice is sent and the table shown; a private choice the game hands over
        next (the next drafter's) brings this screen back, closed, for its seat."""
        self.chose, self._chose_after = self.seat, _steps()
        self.hide()
        app = App.get_running_app()
        app.show("dashboard")
        app.send(command)

    def close(self) -> None:
        self.hide()
        App.get_running_app().show(getattr(self, "_back", "dashboard"))


def _steps() -> int:
    """The steps the table's game has taken (-1 with no game open)."""
    table = App.get_running_app().table
    return int(table.steps) if table is not None else -1


def _pick_button(item: ActionItem, choose: Callable[[str], None], columns: int) -> Widget:
    """A choice's button; one refused in its place greyed, its label then why not: on a
    line of its own in a half-width button, on the same line across the whole width (the
    shape of the offered choices' labels, so a row is as tall in every hand)."""
    if not item.enabled:
        text = item.greyed_text if columns > 1 else f"{item.label}: {item.reason}"
        return Factory.PickButton(text=text, disabled=True)
    return Factory.PickButton(text=item.text,
                              on_release=lambda _b, c=item.value: choose(c))


#: Two columns from this many choices on: a fifth ship type was below the fold of one
#: column (try 9, finding 4); at Large text too, where a pack's ten types in one column
#: left six below the fold, and two lines of words fit a half-width button.
TWO_COLUMNS_FROM = 4


def pick_columns(count: int) -> int:
    """The columns for `count` choices: two when they are many.

    >>> pick_columns(5), pick_columns(3)
    (2, 1)
    """
    return 2 if count >= TWO_COLUMNS_FROM else 1
