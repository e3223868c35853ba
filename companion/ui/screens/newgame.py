"""New game: pick the game, then its options and players as the game declares them
(companion/core/newgame.py), then start."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any

from kivy.app import App
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.spinner import Spinner

from companion.ui.presenters.newgame import (
    FormError,
    NewGameForm,
    SeatField,
    enough_named,
    option_text,
    player_count,
    players_named,
    setup_lines,
    steady_suggestions,
)
from companion.ui.screens import load_layout
from companion.ui.widgets import BigButton, CommandInput, LineText, ToggleChoice

load_layout(__file__)


class OptionLabel(LineText):
    """An option's name, at the start of its row of values."""


class SeatEntry(BoxLayout):
    """One seat of the form: its label, a name field, and a colour where the game has them."""

    label = StringProperty("")
    chip = ObjectProperty(None, allownone=True)


#: A name field's hint when a one-tap name shows beside it (the chip fills THIS seat).
TAP_HINT = "type a name, or tap ->"
#: A name field's hint with no chip beside it.
TYPE_HINT = "name (tap to type)"


class NameChip(BigButton):
    """The name offered beside an empty seat's field: one tap seats it there (the field
    being typed in, if another, keeps its focus)."""

    want_width = NumericProperty(0)

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            FocusBehavior.ignored_touch.append(touch)
        return bool(super().on_touch_down(touch))


class NewGameScreen(Screen):
    forms = ListProperty([])
    form = ObjectProperty(None, allownone=True)
    problem = StringProperty("")
    #: Beside Start: how many players the game takes and how many are named now.
    named = StringProperty("")
    #: As many seats named as the game takes: Start looks ready (else greyed, its tap says why).
    ready = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._offered: list[str] = []  # the names offered beside the seats now

    def set_forms(self, forms: tuple[NewGameForm, ...]) -> None:
        self.forms = list(forms)
        games = self.ids.games
        games.clear_widgets()
        for form in forms:
            games.add_widget(ToggleChoice(text=form.title, value=form.kind,
                                          on_release=lambda b: self.choose(b.value)))
        if forms and (self.form is None or self.form.kind not in {f.kind for f in forms}):
            self.choose(opening_kind(forms))

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
            box.add_widget(self._option_row(form, option.key))
        box.add_widget(LineText(text=f"{player_count(form)} (leave a seat empty if nobody "
                                     f"sits there)", muted=True))
        for seat in form.seats:
            box.add_widget(self._seat_entry(seat, form.colours))
        fields = self._name_fields()
        self._offered = []
        for field, after in pairwise(fields):
            field.focus_next = after  # the keyboard's Done goes on to the next name
            # The keyboard keeps the next seat in view under the one typed (try 21, 12).
            field.confirms = after.parent
        self._offer_names()

    # ---- names by one tap -------------------------------------------------------------------
    def _name_fields(self) -> list[CommandInput]:
        return [w for entry in reversed(self.ids.form.children) if isinstance(entry, SeatEntry)
                for w in reversed(entry.children) if isinstance(w, CommandInput)]

    def _offer_names(self, *_args: Any) -> None:
        """Beside each empty seat, its one-tap name (see `seat_suggestions`); none beside a
        named seat."""
        entries = [e for e in reversed(self.ids.form.children) if isinstance(e, SeatEntry)]
        fields = self._name_fields()
        recent = App.get_running_app().settings.recent_names
        typing = next((i for i, f in enumerate(fields) if f.focus), None)
        offered = steady_suggestions(self._offered, [f.text for f in fields], recent, typing)
        self._offered = offered
        self.named = players_named(self.form, [f.text for f in fields])
        self.ready = enough_named(self.form, [f.text for f in fields])
        for entry, field, name in zip(entries, fields, offered, strict=True):
            chip = entry.chip
            chip.text = name
            chip.disabled = not name
            chip.opacity = 1 if name else 0
            chip.width = chip.want_width if name else 0
            field.hint_text = TAP_HINT if name else TYPE_HINT

    def _name_changed(self, *_args: Any) -> None:
        self.problem = ""  # the count beside Start says where the names stand now
        self._offer_names()

    def _option_row(self, form: NewGameForm, key: str) -> BoxLayout:
        option = next(o for o in form.options if o.key == key)
        row = BoxLayout(size_hint_y=None, height="56dp", spacing="8dp")
        # Its name beside its buttons: it stays in sight with them when the form scrolls.
        row.add_widget(OptionLabel(text=option.label))
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
            if not isinstance(button, ToggleChoice):
                continue
            button.chosen = self.form.is_chosen(key, button.value)
            if option.many:
                button.text = option_text(option, button.value, button.chosen)

    def _seat_entry(self, seat: SeatField, colours: tuple[str, ...]) -> SeatEntry:
        entry = SeatEntry(label=seat.label)
        field = CommandInput(hint_text=TYPE_HINT, text=seat.name)
        field.bind(text=self._name_changed, focus=self._offer_names)
        entry.add_widget(field)
        entry.chip = NameChip(on_release=lambda chip: setattr(field, "text", chip.text))
        entry.chip.bind(want_width=self._offer_names)
        entry.add_widget(entry.chip)
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
        app.change_setting("last_game", form.kind)
        app.start_new_game(form.kind, lines)


def opening_kind(forms: Sequence[NewGameForm]) -> str:
    """The game the form opens on: the one this table played last (its own saved games,
    not the app's settings, which another table on the same device shares: try 19,
    finding 7), else the first, the companion's main game."""
    return next((f.kind for f in forms if f.last), forms[0].kind)
