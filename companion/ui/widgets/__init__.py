"""Our own widgets, reused by every screen; their look is in widgets.kv.

Every text is shown as text: markup is never turned on, so a player called
"[b]Bob" reads exactly that.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from companion.colours import hex_rgba, text_on
from companion.ui import theme
from companion.ui.widgets.touch import SteadyTap


class FreshTexture:
    """Text re-rendered into a new texture, never into the one on screen.

    When a label's text or colour changes and its size does not, Kivy renders into
    the texture it already has; software GL (Mesa's llvmpipe: CI, the benchmarks, a
    Pi without its GPU driver) must then finish every queued frame that draws that
    texture before the upload. A Redo button greying out cost 100 to 300 ms of a tap
    that way. A new texture waits for nothing; the old one goes with its last frame.
    """

    _label: Any

    def texture_update(self, *args: Any) -> None:
        _finish_every_frame()
        self._label.texture = None
        super().texture_update(*args)  # type: ignore[misc]


_finishing: list[bool] = []


def _finish_every_frame() -> None:
    """Wait at every flip until GL has drawn the frame, as a display's swap does.

    Software GL frees a dropped texture only once no queued frame draws it; under
    SDL's offscreen driver (tests, benchmarks) frames are never waited for, and the
    textures `FreshTexture` drops were kept: about 10 MiB a tap, 2 GiB after 240
    taps. Finishing each frame keeps memory flat (185.5 to 186.6 MiB over 60 taps)
    and costs a tap nothing measurable (29 to 43 ms median). Flushing Kivy's context
    instead freed them too but doubled a tap's time."""
    if _finishing:
        return
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish

    Window.bind(on_flip=lambda *_args: glFinish())
    _finishing.append(True)


class Text(FreshTexture, Label):
    """A label that wraps within its width and never reads markup."""

    muted = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        kwargs["markup"] = False
        super().__init__(**kwargs)


class LineText(Text):
    """One line of text cut with an ellipsis when it does not fit."""


#: What ends the label of a choice that leads on to more choices (the presenters' mark).
LEADS_ON = "  >"


#: A count in a bracket closing a label (a cost: "(1 energy)", "(1 command point)"), kept
#: on one line; a longer bracket of words ("(the app deals the packs)") wraps as words do.
_CLOSING_BRACKET = re.compile(r"\(\d[^()]{0,18}\)$")


def keep_mark(text: str) -> str:
    """`text` with its closing mark held to its last word by no-break spaces, so the mark
    never wraps onto a line of its own (try 10: "by an ability" then ">" alone), and a
    short closing bracket (a cost) kept whole (try 13, 22: "Move UFST3 (1" then "energy)").

    >>> keep_mark("Take a token by an ability  >").endswith("ability\u00a0\u00a0>")
    True
    >>> keep_mark("Move UFST3 (1 energy)")
    'Move UFST3 (1\xa0energy)'
    >>> keep_mark("Start the ship draft (the app deals the packs)")
    'Start the ship draft (the app deals the packs)'
    """
    mark = ""
    if text.endswith(LEADS_ON):
        text, mark = text[:-len(LEADS_ON)], LEADS_ON.replace(" ", "\u00a0")
    bracket = _CLOSING_BRACKET.search(text)
    if bracket is not None:
        text = text[:bracket.start()] + bracket.group(0).replace(" ", "\u00a0")
    return text + mark


class BigButton(SteadyTap, FreshTexture, Button):
    """A big, clearly labelled button (at least 48 dp tall); `kind` picks its colour. Its
    words are drawn with the closing mark kept on their last line (`keep_mark`); `text`
    stays as given."""

    kind = StringProperty("normal")  # normal, primary, danger, quiet
    #: Its tap was taken and is being worked on: it stays lit until the result is drawn.
    taken = BooleanProperty(False)
    #: A touch on it was held back (its list takes no tap yet): it shows dimmed a moment.
    held_back = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        kwargs["markup"] = False
        super().__init__(**kwargs)
        self._unhold: Any = None

    def texture_update(self, *args: Any) -> None:
        self._label.text = self.drawn_text()
        super().texture_update(*args)

    def drawn_text(self) -> str:
        """The words as drawn: `text` with its closing mark kept on its last line."""
        return keep_mark(self.text)

    def hold_back(self, seconds: float) -> None:
        """Show dimmed for `seconds`: a touch on it was felt but not taken (touch.TapGate).
        One veil over the button, nothing re-laid out or re-rendered (a Pi's budget)."""
        from kivy.clock import Clock

        if self._unhold is not None:
            self._unhold.cancel()
        self.held_back = True
        self._unhold = Clock.schedule_once(self._let_up, seconds)

    def _let_up(self, *_args: object) -> None:
        self._unhold = None
        self.held_back = False


class ToggleChoice(BigButton):
    """One of a group of choices; `chosen` is shown with the accent colour."""

    chosen = BooleanProperty(False)
    value = ObjectProperty(None)


class SeatBadge(FreshTexture, Label):
    """The seat's colour with its initial on it: never colour alone."""

    colour = StringProperty("#BBBBBB")
    fill = ColorProperty(theme.MUTED)

    def __init__(self, **kwargs: object) -> None:
        kwargs["markup"] = False
        super().__init__(**kwargs)

    def on_colour(self, _widget: object, value: str) -> None:
        self.fill = hex_rgba(value)
        self.color = text_on(value)


class SeatRowView(SteadyTap, ButtonBehavior, BoxLayout):
    """One seat on the dashboard: badge, names, counters, and the score in big digits."""

    row = ObjectProperty(None, allownone=True)
    seat = StringProperty("")
    player = StringProperty("")
    initial = StringProperty("")
    colour = StringProperty("#BBBBBB")
    score = StringProperty("")
    delta = StringProperty("")
    sources = StringProperty("")
    counters = StringProperty("")
    detail = StringProperty("")
    active = BooleanProperty(False)
    #: Folded to the seat's name, its player's and its score (companion/ui/folding.py).
    folded = BooleanProperty(False)
    #: Folded among many seats: its name and score on one line, no player's line.
    terse = BooleanProperty(False)

    def on_row(self, _widget: object, row: object) -> None:
        if row is None:
            return
        for name in ("seat", "player", "initial", "colour", "score", "delta", "sources",
                     "counters", "detail", "active"):
            setattr(self, name, getattr(row, name))


class Figure(FreshTexture, Label):
    """A number or a short word in large type (a score, a stepper's count), never markup."""

    def __init__(self, **kwargs: object) -> None:
        kwargs["markup"] = False
        super().__init__(**kwargs)


class CommandInput(TextInput):
    """A text field: one line, plain text. On a form of several fields (each field's
    `focus_next` set to the one after it), the keyboard's Done moves to the next field, as
    Tab does; on the last field it closes the keyboard. `confirms`: the buttons under it
    that send or drop what is typed (OK, Cancel), kept in view above the on-screen keyboard
    with it (`widgets.keyboard`)."""

    confirms = ObjectProperty(None, allownone=True)

    def next_field(self) -> CommandInput | None:
        """The field Done moves to: the form's next one, if it is shown and can be typed in."""
        field = self.focus_next
        if isinstance(field, CommandInput) and not field.disabled and field.opacity > 0 \
                and field.get_root_window() is not None:
            return field
        return None

    def on_text_validate(self) -> None:
        field = self.next_field()
        if field is not None:
            field.focus = True  # this field lets go of the keyboard, the next one takes it


class Stepper(BoxLayout):
    """A count chosen with - and + (never a keyboard for a number)."""

    value = NumericProperty(0)
    minimum = NumericProperty(0)
    maximum = NumericProperty(99)

    def step(self, by: int) -> None:
        self.value = max(self.minimum, min(self.maximum, self.value + by))


class ButtonRow(BoxLayout):
    """Buttons side by side in a row as tall as its tallest (at least `least`): a label
    wrapped to two lines at Large text grew its button out of a fixed-height row."""

    least = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint_y", None)
        super().__init__(**kwargs)
        self.fbind("least", self._fit)
        self._fit()

    def add_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        super().add_widget(widget, *args, **kwargs)
        widget.fbind("height", self._fit)
        self._fit()

    def remove_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        super().remove_widget(widget, *args, **kwargs)
        widget.funbind("height", self._fit)
        self._fit()

    def _fit(self, *_args: Any) -> None:
        self.height = max([self.least, *(child.height for child in self.children)])


class GameBar(BoxLayout):
    """The top bar of every in-game screen: where we are, and undo, redo, history, menu
    always in the same corner."""

    heading = StringProperty("")
    subheading = StringProperty("")


# widgets.kv uses HoldBadge; Kivy's Factory loads its module on first use, so
# hold.py (which builds on SeatBadge above) is not imported in a circle.
Factory.register("HoldBadge", module="companion.ui.widgets.hold")

Builder.load_file(str(Path(__file__).with_name("widgets.kv")))
