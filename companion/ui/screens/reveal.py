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
from kivy.uix.widget import Widget

from companion.ui.presenters.actions import ActionItem
from companion.ui.presenters.reveal import card_moments, reveal_view
from companion.ui.screens import load_layout
from companion.ui.widgets import BigButton

load_layout(__file__)

#: The way back to the table: when the card offers choices, a quiet button that says the
#: decision is left for later (the choices are the prominent buttons then).
CONTINUE = "Continue"
CONTINUE_UNDECIDED = "Decide later"
#: ... when the card's choices are all the table can do now: going back is only a look
#: around, and the button says so (try 9, finding 15: "later" read as "after other things").
LOOK_AROUND = "Look around first: nothing else until it is decided"


def skip_text(count: int) -> str:
    """The way out while more drawn cards wait to be looked at: it says that every card is
    drawn already and only the looking is skipped (a player feared one tap a card)."""
    return f"{CONTINUE} to the end: all {count} drawn"


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
    #: A choice was tapped and its reply is awaited: the card stays up, its buttons off.
    waiting = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cards: Sequence[Mapping[str, Any]] = ()
        self._index = 0
        self._message = ""
        self._prompt: dict[str, Any] = {}
        self._bar: tuple[Widget, Widget, Widget] | None = None

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
        self.waiting = False
        buttons = [BigButton(text=item.text, kind="primary",
                             on_release=lambda _b, c=item: self._choose(c))
                   if item.enabled else  # not possible now: greyed in its place, with why
                   BigButton(text=item.greyed_text, kind="normal", disabled=True)
                   for item in view.choices]
        if view.hidden and view.seat:  # its owner looks at it now, on their own screen
            buttons.append(BigButton(text=f"Only {view.who or view.seat}: look at it",
                                     kind="quiet",
                                     on_release=lambda _b, s=view.seat, a=view.at:
                                     self._look(s, a)))
        for button in buttons:
            button.size_hint_y = 1  # the row's height: one height for every choice
            button.bind(texture_size=self._even_choices)
            box.add_widget(button)
        self._even_choices()
        # Only a choice that can be taken now is a decision left for later: a card whose
        # choices are all greyed (a card kept to play in a later phase) simply goes on.
        deciding = any(item.enabled for item in view.choices)
        way_out = self.ids["continue"]
        way_out.text = (LOOK_AROUND if view.blocks else CONTINUE_UNDECIDED) if deciding \
            else skip_text(len(self._cards)) if self.more else CONTINUE
        way_out.kind = "quiet" if deciding or self.more else "primary"
        self._arrange(deciding)
        # A new card flashes its frame for a moment (the words are readable at once), so
        # the previous card never looks like this one.
        Animation.cancel_all(self, "flash")
        self.flash = 1.0
        Animation(flash=0.0, duration=0.6, transition="out_quad").start(self)

    def _arrange(self, choices: bool) -> None:
        """The bar's buttons after Undo: the way on always in the right half ("Next card"
        while more cards wait, "Continue to the end" in the left half; else "Continue",
        the left half empty), or a card's quiet way back to the table over both halves
        when its choices are the way on."""
        # The buttons themselves (ids are weak: one out of the bar would be collected).
        gap, on, nxt = self._bar or (self.ids.gap.__self__, self.ids["continue"].__self__,
                                     self.ids.next.__self__)
        self._bar = (gap, on, nxt)
        shown = [on, nxt] if self.more else [on] if choices else [gap, on]
        bar = self.ids.bar
        for widget in (gap, on, nxt):
            if widget.parent is not None:
                bar.remove_widget(widget)
        for widget in shown:
            bar.add_widget(widget)

    def _even_choices(self, *_args: Any) -> None:
        """The choices' row is as tall as its longest label needs (at least a finger's
        48 dp), so every choice has the same height however its words wrap."""
        box = self.ids.choices
        needed = [b.texture_size[1] + dp(10) for b in box.children]
        box.height = max([dp(52), *needed]) if needed else 0

    def next_card(self) -> None:
        self._index += 1
        self._show()

    def _look(self, seat: str, at: tuple[int, int] | None) -> None:
        App.get_running_app().peek(seat, at)

    def _choose(self, item: ActionItem) -> None:
        """The card stays up until the choice's reply: the table behind it would still
        show the card unresolved (a slow machine takes a moment), and a second tap there
        would be a second command. A form is asked on its own screen."""
        if self.waiting:
            return
        if item.input_kind == "form":
            App.get_running_app().open_form(item)
            return
        command = item.value
        self.waiting = True
        for button in self.ids.choices.children:
            button.disabled = True
        App.get_running_app().send(command, then=self._chosen)

    def _chosen(self, reply: Any) -> None:
        """Back to the table, unless the reply brought a screen of its own (a new card)
        or the player already left the card."""
        self.waiting = False
        if self.manager is None or self.manager.current != self.name:
            return
        if reply.ok and card_moments(reply.moments):
            return  # the reply revealed the next card on this screen
        App.get_running_app().show("dashboard")

    def done(self) -> None:
        App.get_running_app().show("dashboard")
