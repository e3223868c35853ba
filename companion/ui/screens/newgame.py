"""New game: pick the game, then its options and players as the game declares them
(companion/core/newgame.py), then start."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise
from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.spinner import Spinner
from kivy.uix.stacklayout import StackLayout

from companion.ui.presenters.newgame import (
    FormError,
    NewGameForm,
    SeatField,
    option_text,
    setup_lines,
)
from companion.ui.screens import load_layout
from companion.ui.widgets import BigButton, CommandInput, LineText, ToggleChoice

load_layout(__file__)


class SeatEntry(BoxLayout):
    """One seat of the form: its label, a name field, and a colour where the game has them."""

    label = StringProperty("")


#: Before the chips: what a tap on one does ("Player 1" alone read as a mystery button).
CHIPS_HINT = "Tap a name to seat it:"


class ChipsHint(Label):
    """The words before the name chips."""


class NameChips(StackLayout):
    """One-tap names: each chip seats that name (no keyboard needed for a regular)."""

    def __init__(self, on_name: Callable[[str], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_name = on_name
        self._names: list[str] = []

    def offer(self, names: list[str]) -> None:
        if names == self._names:
            return  # the same chips: nothing moves under a finger
        self._names = list(names)
        self.clear_widgets()
        if names:
            self.add_widget(ChipsHint(text=CHIPS_HINT))
        for name in names:
            self.add_widget(NameChip(text=name, on_release=lambda b: self._on_name(b.text)))


class NameChip(BigButton):
    """A name to seat with one tap (into the field being typed in, which keeps its focus)."""

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            FocusBehavior.ignored_touch.append(touch)
        return bool(super().on_touch_down(touch))


class NewGameScreen(Screen):
    forms = ListProperty([])
    form = ObjectProperty(None, allownone=True)
    problem = StringProperty("")
    _chips: NameChips | None = None

    def set_forms(self, forms: tuple[NewGameForm, ...]) -> None:
        self.forms = list(forms)
        games = self.ids.games
        games.clear_widgets()
        for form in forms:
            games.add_widget(ToggleChoice(text=form.title, value=form.kind,
                                          on_release=lambda b: self.choose(b.value)))
        if forms and (self.form is None or self.form.kind not in {f.kind for f in forms}):
            self.choose(forms[0].kind)

    def choose(self, kind: str) -> None:
        self.form = next(f for f in self.forms if f.kind == kind)
        self.problem = ""
        for button in self.ids.games.children:
            button.chosen = button.value == kind
        self._build_form(self.form)

    def _build_form(self, form: NewGameForm) -> None:
        box = self.ids.form
        box.clear_widgets()
        for option in form.options:
            box.add_widget(LineText(text=option.label, muted=True))
            box.add_widget(self._option_row(form, option.key))
        box.add_widget(LineText(text="Players (leave a seat empty if nobody sits there)",
                            muted=True))
        self._chips = NameChips(on_name=self._seat_name)
        box.add_widget(self._chips)
        for seat in form.seats:
            box.add_widget(self._seat_entry(seat, form.colours))
        fields = self._name_fields()
        for field, after in pairwise(fields):
            field.focus_next = after  # the keyboard's Done goes on to the next name
        self._offer_names()

    # ---- names by one tap -------------------------------------------------------------------
    def _name_fields(self) -> list[CommandInput]:
        return [w for entry in reversed(self.ids.form.children) if isinstance(entry, SeatEntry)
                for w in reversed(entry.children) if isinstance(w, CommandInput)]

    def _offer_names(self, *_args: Any) -> None:
        """Chips for the names remembered from earlier games that no seat has yet, and a
        "Player N" chip for the first empty seat."""
        if self._chips is None:
            return
        fields = self._name_fields()
        taken = {f.text.strip().casefold() for f in fields}
        recent = [n for n in App.get_running_app().settings.recent_names
                  if n.casefold() not in taken]
        empty = next((i for i, f in enumerate(fields, 1) if not f.text.strip()), None)
        generic = [] if empty is None else [f"Player {empty}"]
        self._chips.offer(recent + [g for g in generic if g.casefold() not in taken])

    def _seat_name(self, name: str) -> None:
        """A chip tapped: the name goes to the field being typed in, else the first empty seat."""
        fields = self._name_fields()
        field = next((f for f in fields if f.focus), None) or \
            next((f for f in fields if not f.text.strip()), None)
        if field is None:
            self.problem = "Every seat has a name: clear one first to seat someone else."
            return
        field.text = name
        self.problem = ""

    def _option_row(self, form: NewGameForm, key: str) -> BoxLayout:
        option = next(o for o in form.options if o.key == key)
        row = BoxLayout(size_hint_y=None, height="56dp", spacing="8dp")
        for value in option.values:
            on = form.is_chosen(key, value)
            row.add_widget(ToggleChoice(text=option_text(option, value,
                                                         on if option.many else None),
                                        value=value, chosen=on,
                                        on_release=lambda b: self._choose(key, b.value,
                                                                          b.parent)))
        return row

    def _choose(self, key: str, value: str, row: BoxLayout) -> None:
        """A value of an option tapped: chosen (one of them), or turned on or off."""
        self.form = self.form.choose(key, value)
        option = next(o for o in self.form.options if o.key == key)
        for button in row.children:
            button.chosen = self.form.is_chosen(key, button.value)
            if option.many:
                button.text = option_text(option, button.value, button.chosen)

    def _seat_entry(self, seat: SeatField, colours: tuple[str, ...]) -> SeatEntry:
        entry = SeatEntry(label=seat.label)
        field = CommandInput(hint_text="name (tap to type)", text=seat.name)
        field.bind(text=self._offer_names)
        entry.add_widget(field)
        if colours:
            entry.add_widget(Spinner(text=seat.colour, values=colours, size_hint_x=None,
                                     width="120dp", font_size="17sp"))
        return entry

    def _filled_form(self) -> NewGameForm:
        seats = []
        for entry in reversed(self.ids.form.children):
            if not isinstance(entry, SeatEntry):
                continue
            widgets = list(reversed(entry.children))
            name = next(w.text for w in widgets if isinstance(w, CommandInput))
            colour = next((w.text for w in widgets if isinstance(w, Spinner)), "")
            seats.append(SeatField(entry.label, name, colour))
        return replace(self.form, seats=tuple(seats))

    def start(self) -> None:
        if self.form is None:
            return
        form = self._filled_form()
        try:
            lines = setup_lines(form)
        except FormError as exc:
            self.problem = str(exc)
            return
        self.problem = ""
        app = App.get_running_app()
        app.remember_names([s.name for s in form.seats if s.name.strip()])
        app.start_new_game(form.kind, lines)
