"""A seat's private panel: its hidden choices (a mission to complete), or with hold-to-peek
its hidden cards, shown only when that player asks, and hidden again as soon as they
choose or go back."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.follow import peek
from companion.ui.presenters.actions import actions_view
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
    #: The player the screen was handed on to by itself (the prompt's `hand_over`: the next
    #: drafter), said in the heading; "" when a tap on the table opened it.
    handed_to = StringProperty("")
    #: The choices' columns: two when they are many short buttons (a pack's ship types), so
    #: they fit the screen without a swipe.
    columns = NumericProperty(1)

    def prepare(self, seat: str, partial: str, label: str, handed_to: str = "") -> None:
        self.seat, self.partial, self.label, self._back = seat, partial, label, "dashboard"
        self._name(seat)
        self.handed_to = handed_to
        self.peeking = False
        self.hide()

    def prepare_peek(self, seat: str, back: str = "dashboard") -> None:
        """The seat's own hidden cards, behind the same "only you look" step; closing goes
        back to the screen `back` (a reveal being paged keeps its place)."""
        self.seat, self.partial, self._back, self.handed_to = seat, "", back, ""
        self._name(seat)
        self.label = f"{seat}'s hidden cards, for {seat}'s eyes only."
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
            runner.submit(peek(self.seat), self._on_peek)
        else:
            runner.prompt(self._on_prompt, after=self.partial, seat=self.seat)

    def _on_peek(self, reply: Reply) -> None:
        if self.manager is None or self.manager.current != self.name or not self.peeking:
            return
        self.open = True
        box = self.ids.choices
        box.clear_widgets()
        lines = card_lines(reply.value or []) if reply.ok else [reply.message]
        for line in lines or [f"{self.seat} holds no hidden card."]:
            box.add_widget(Text(text=line))

    def hide(self) -> None:
        self.open = False
        self.ids.picks.clear_widgets()
        self.ids.choices.clear_widgets()
        self.ids.scroll.scroll_y = 1  # the next seat's list from its top

    def _on_prompt(self, reply: Reply) -> None:
        if self.manager is None or self.manager.current != self.name or not reply.value:
            return
        self.open = True
        box, picks = self.ids.choices, self.ids.picks
        box.clear_widgets()
        picks.clear_widgets()
        view = actions_view(reply.value)
        commands = [item for group in view.groups for item in group.items
                    if item.kind == "command"]
        self.columns = pick_columns(len(commands), App.get_running_app().text_scale)
        for item in commands:
            picks.add_widget(Factory.PickButton(
                text=item.text, on_release=lambda _b, c=item.value: self._choose(c)))
        reasons = {item.reason for item in view.unavailable}
        if len(reasons) == 1:  # one shared sentence (every hidden mission is refused alike)
            box.add_widget(Text(text=reasons.pop()))
            for item in view.unavailable:
                box.add_widget(Text(text=item.label, muted=True))
        else:
            for item in view.unavailable:
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
        self.hide()
        app = App.get_running_app()
        app.show("dashboard")
        app.send(command)

    def close(self) -> None:
        self.hide()
        App.get_running_app().show(getattr(self, "_back", "dashboard"))


#: Two columns from this many choices on (at the Normal text size): a fifth ship type was
#: below the fold of one column (try 9, finding 4).
TWO_COLUMNS_FROM = 4


def pick_columns(count: int, text_scale: float) -> int:
    """The columns for `count` choices: two when they are many and the text is Normal
    (Large words need the whole width).

    >>> pick_columns(5, 1.0), pick_columns(3, 1.0), pick_columns(5, 1.3)
    (2, 1, 1)
    """
    return 2 if count >= TWO_COLUMNS_FROM and text_scale <= 1.0 else 1
