"""The card reveal: full screen, the card's name, deck, our summary, what the app did,
and the choices it offers; a hidden card is acknowledged without being shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kivy.animation import Animation
from kivy.app import App
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.presenters.reveal import reveal_view
from companion.ui.screens import load_layout
from companion.ui.widgets import BigButton

load_layout(__file__)

#: The way back to the table: when the card offers choices it says that none is taken.
CONTINUE = "Continue"
CONTINUE_UNDECIDED = "Continue without deciding"


class RevealScreen(Screen):
    heading = StringProperty("")
    name_text = StringProperty("")
    code = StringProperty("")
    summary = StringProperty("")
    did = StringProperty("")
    counter = StringProperty("")
    hidden = BooleanProperty(False)
    more = BooleanProperty(False)
    flash = NumericProperty(0.0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cards: Sequence[Mapping[str, Any]] = ()
        self._index = 0
        self._message = ""
        self._prompt: dict[str, Any] = {}

    def reveal(self, cards: Sequence[Mapping[str, Any]], message: str,
               prompt: dict[str, Any]) -> None:
        self._cards, self._index = cards, 0
        self._message, self._prompt = message, prompt
        self._show()

    def _show(self) -> None:
        view = reveal_view(self._cards, self._index, self._message, self._prompt)
        self.heading, self.name_text, self.code = view.heading, view.name, view.code
        self.summary, self.did, self.counter = view.summary, view.did, view.counter
        self.hidden = view.hidden
        self.more = self._index + 1 < len(self._cards)
        box = self.ids.choices
        for old in box.children:
            old.unbind(texture_size=self._even_choices)
        box.clear_widgets()
        buttons = [BigButton(text=item.text,
                             on_release=lambda _b, c=item.value: self._choose(c))
                   for item in view.choices]
        if view.hidden and view.seat:  # its owner looks at it now, on their own screen
            buttons.append(BigButton(text=f"Only {view.seat}: look at it", kind="quiet",
                                     on_release=lambda _b, s=view.seat: self._look(s)))
        for button in buttons:
            button.size_hint_y = 1  # the row's height: one height for every choice
            button.bind(texture_size=self._even_choices)
            box.add_widget(button)
        self._even_choices()
        self.ids["continue"].text = CONTINUE_UNDECIDED if view.choices else CONTINUE
        # A new card flashes its frame for a moment (the words are readable at once), so
        # the previous card never looks like this one.
        Animation.cancel_all(self, "flash")
        self.flash = 1.0
        Animation(flash=0.0, duration=0.6, transition="out_quad").start(self)

    def _even_choices(self, *_args: Any) -> None:
        """The choices' row is as tall as its longest label needs (at least a finger's
        48 dp), so every choice has the same height however its words wrap."""
        box = self.ids.choices
        needed = [b.texture_size[1] + dp(16) for b in box.children]
        box.height = max([dp(52), *needed]) if needed else 0

    def next_card(self) -> None:
        self._index += 1
        self._show()

    def _look(self, seat: str) -> None:
        App.get_running_app().peek(seat)

    def _choose(self, command: str) -> None:
        app = App.get_running_app()
        app.show("dashboard")
        app.send(command)

    def done(self) -> None:
        App.get_running_app().show("dashboard")
