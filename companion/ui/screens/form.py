"""A `form` input: every field of one action on one screen, then one button sends it.

The prompt's action gives the fields (each a choice of one option, or toggles from
`min` to `max`) and the template; the player taps what applies and sends the line.
When a chosen option says more choices follow (a die to roll), the prompt is asked
what follows the line and the die screen opens; a refused line leaves the form up with
the refusal's sentence under it and changes nothing. Nothing here knows a game.
"""

from __future__ import annotations

import time
from typing import Any

from kivy.app import App
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.layout import Layout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.core.forms import FormField
from companion.ui.presenters import form as presenter
from companion.ui.presenters.actions import ActionItem
from companion.ui.presenters.check import is_check_prompt
from companion.ui.runner import Reply
from companion.ui.screens import load_layout
from companion.ui.widgets import Stepper, Text, ToggleChoice
from companion.ui.widgets.fit import (
    WRAP_SLACK,
    even_rows,
    line_width,
    lines_needed,
    text_height,
    widest_word,
)
from companion.ui.widgets.touch import HELD_BACK_SHOWN, SEAT_ARRIVAL

#: An option's least height (a finger's 48 dp, and a little).
OPTION_DP = 50
#: The most options side by side in a field's grid.
MOST_COLUMNS = 6
#: A chip's least width (an option as wide as its words): no sliver of a button.
CHIP_DP = 96

load_layout(__file__)

TAP_WHAT_APPLIES = "Tap what applies, then the button at the bottom"


class FieldOption(ToggleChoice):
    """One option of a field: its label over its detail, coloured once chosen; as tall as
    the tallest option of its row (`even`), so its grid's rows stay even. One the last form
    of its kind did not offer (`arrive`) takes taps only SEAT_ARRIVAL after it is drawn:
    a finger that learned the old places aims at what was there (try 19, finding 2)."""

    field = StringProperty("")
    #: The option's label (its button may show fewer words: the option's `short`).
    label = StringProperty("")
    even = NumericProperty(0.0)
    #: A touch that went down before this time (`time.time()`) is held back.
    taps_from = NumericProperty(0.0)

    def arrive(self) -> None:
        """New here: taps only SEAT_ARRIVAL after the frame that first shows it."""
        self.taps_from = float("inf")

        def drawn(*_args: Any) -> None:
            Window.unbind(on_flip=drawn)
            self.taps_from = time.time() + SEAT_ARRIVAL

        Window.bind(on_flip=drawn)
        Window.canvas.ask_update()

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos) and touch.time_start < self.taps_from:
            self.hold_back(HELD_BACK_SHOWN[0])
            return True
        return bool(super().on_touch_down(touch))


class OptionsGrid(Layout):
    """A field's options in rows, each row's options of one height and the row as wide as
    the field: a grid of equal columns (the count taking the least height, no word broken
    inside), or chips as wide as their words wrapped onto the next row and widened to fill
    it, when those take less height. Three traps and four ships fit 800x480 at Normal text
    (try 9, s249 and s270), and at Large the first options of every field show without a
    swipe (s249: in five equal columns a seat's "maneuver check" took four lines and
    pushed Passes below the fold; s166: one option of 3 lines left a gap in its row).
    Anything else in it (a count's stepper, a sentence) takes a row of its own."""

    spacing = NumericProperty(0.0)
    minimum_height = NumericProperty(0.0)
    #: The first row's height: the field's name is centred on it.
    first_row = NumericProperty(0.0)
    #: The places kept for the options (the field's `slots`): a grid whose columns are
    #: counted as if every place held an option as wide as the widest, the places past the
    #: options left empty, so an option sits at one spot whatever the count of its
    #: neighbours (try 11: a slow ship's 4 wider buttons put a tap aimed at a fast ship's
    #: "2 spaces" between two of them).
    slots = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # The rows hang from the top: a new height re-places them (bound to the width only,
        # a form opened after a taller one kept its rows where the old top was, the last
        # Passes row under the bottom bar even at the scroll's end: try 13, s154).
        for name in ("pos", "size", "spacing"):
            self.fbind(name, self._trigger_layout)

    def add_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        if isinstance(widget, FieldOption):
            widget.size_hint_x = None
            widget.fbind("font_size", self._trigger_layout)
            widget.fbind("texture_size", self._trigger_layout)
            widget.fbind("height", self._trigger_layout)
        super().add_widget(widget, *args, **kwargs)

    def options(self) -> list[FieldOption]:
        return [c for c in reversed(self.children) if isinstance(c, FieldOption)]

    def fit(self, *_args: Any) -> None:
        self._trigger_layout()

    def do_layout(self, *_args: Any) -> None:
        children = list(reversed(self.children))
        width = float(self.width)
        if width <= 1 or not children:
            return
        options = self.options()
        rows = self.arrange(options, width) if len(options) == len(children) \
            else [[(c, width)] for c in children]
        top, gap = float(self.top), float(self.spacing)
        heights = []
        for row in rows:
            even = max((o.texture_size[1] for o, _w in row if isinstance(o, FieldOption)),
                       default=0.0) + dp(12)
            x = float(self.x)
            for widget, cell in row:
                widget.width = cell
                if isinstance(widget, FieldOption):
                    widget.even = max(dp(OPTION_DP), even)
            height = max(float(w.height) for w, _cell in row)
            for widget, cell in row:
                widget.pos = (x, top - height)
                x += cell + gap
            top -= height + gap
            heights.append(height)
        self.first_row = heights[0]
        self.minimum_height = sum(heights) + gap * (len(heights) - 1)

    def arrange(self, options: list[FieldOption],
                width: float) -> list[list[tuple[Widget, float]]]:
        """The options' rows with each option's width: the grid when it wraps no option's
        line and takes no more height than the chips, else the chips; with `slots`, the
        grid of every place."""
        if self.slots and options:
            return self._places(options, width)
        cols = self._columns(options, width)
        cell = (width - float(self.spacing) * (cols - 1)) / cols
        grid: list[list[tuple[Widget, float]]] = [
            [(o, cell) for o in options[i:i + cols]] for i in range(0, len(options), cols)]
        chips = self._chips(options, width)
        unwrapped = all(lines_needed(o.text, float(o.font_size), cell - dp(16))
                        <= o.text.count("\n") + 1 for o in options)
        if unwrapped and self._rows_height(grid) <= self._rows_height(chips) + 0.5:
            return grid
        return chips

    def _places(self, options: list[FieldOption],
                width: float) -> list[list[tuple[Widget, float]]]:
        """The grid of `slots` places, the options in the first ones: as many places a row
        as hold every option's lines unwrapped (a row of numbers stays one row), else the
        columns of least height."""
        widest = max(options, key=lambda o: widest_word(o.text, float(o.font_size)))
        places = options + [widest] * max(0, int(self.slots) - len(options))
        cols = self._unwrapped_columns(places, width) or self._columns(places, width)
        cell = (width - float(self.spacing) * (cols - 1)) / cols
        return [[(o, cell) for o in options[i:i + cols]] for i in range(0, len(options), cols)]

    def _unwrapped_columns(self, places: list[FieldOption], width: float) -> int:
        """The most columns (one per place, or MOST_COLUMNS when there are fewer places)
        whose cells are a finger wide and hold every place's longest line whole; 0 when
        even one column wraps. Never fewer columns for fewer places: a ship that comes to
        be passed goes after the others, and those stay where they were (try 19, 2: three
        places took three columns, five four, and a habit tap chose another ship)."""
        gap = float(self.spacing)
        longest = max(line_width(line, float(o.font_size))
                      for o in places for line in o.text.split("\n"))
        for cols in range(max(len(places), MOST_COLUMNS), 0, -1):
            cell = (width - gap * (cols - 1)) / cols
            if cell >= dp(OPTION_DP) and longest <= cell - dp(16) - WRAP_SLACK:
                return cols
        return 0

    def _chips(self, options: list[FieldOption],
               width: float) -> list[list[tuple[Widget, float]]]:
        """Each option as wide as its longest line (at least CHIP_DP), in as few rows as
        they fit, the rows as even as can be (no lone option stretched across the field),
        then each row's options widened alike to fill it."""
        gap = float(self.spacing)
        needs = []
        for option in options:
            size = float(option.font_size)
            words = max(line_width(line, size) for line in option.text.split("\n"))
            needs.append(min(width, max(dp(CHIP_DP), words + dp(16) + WRAP_SLACK + 1)))
        filled = []
        for start, end in even_rows(needs, gap, width):
            row = list(zip(options[start:end], needs[start:end], strict=True))
            total = sum(w for _o, w in row)
            spare = width - total - gap * (len(row) - 1)
            filled.append([(o, w + spare * w / total) for o, w in row])
        return filled

    def _rows_height(self, rows: list[list[tuple[Widget, float]]]) -> float:
        """The height `rows` take, each row as tall as its tallest option's words need."""
        heights = [max(dp(OPTION_DP), *(text_height(o.text, float(o.font_size), w - dp(16))
                                         + dp(12) for o, w in row)) for row in rows]
        return sum(heights) + float(self.spacing) * (len(heights) - 1)

    def _columns(self, options: list[FieldOption], width: float) -> int:
        """The column count whose rows take the least height, no word broken inside (more
        columns when two counts take the same)."""
        heights = {c: self._height(options, c, width)
                   for c in range(min(len(options), MOST_COLUMNS), 0, -1)}
        fitting = {c: h for c, h in heights.items() if h is not None}
        return min(fitting, key=lambda c: (fitting[c], -c)) if fitting else 1

    def _height(self, options: list[FieldOption], cols: int, width: float) -> float | None:
        """The grid's height with `cols` columns, or None when a word would break."""
        inner = (width - float(self.spacing) * (cols - 1)) / cols - dp(16) - WRAP_SLACK
        heights = []
        for option in options:
            size = float(option.font_size)
            if widest_word(option.text, size) > inner:
                return None
            heights.append(max(dp(OPTION_DP), text_height(option.text, size, inner) + dp(12)))
        rows = [max(heights[i:i + cols]) for i in range(0, len(heights), cols)]
        return sum(rows) + (len(rows) - 1) * float(self.spacing)


class FieldRow(BoxLayout):
    """A field's name at the left (as wide as the form's widest name), its options beside;
    under the name, the field's note (what its options' short words leave out)."""

    label = StringProperty("")
    note = StringProperty("")
    name_width = NumericProperty(0.0)


class CountPair(BoxLayout):
    """Two count fields side by side, as tall as the taller."""

    def __init__(self, *rows: FieldRow) -> None:
        super().__init__(orientation="horizontal", size_hint_y=None, spacing=dp(16))
        for row in rows:
            self.add_widget(row)
            row.bind(height=self._fit)
        if len(rows) == 1:
            self.add_widget(Widget())
        self._fit()

    def _fit(self, *_args: Any) -> None:
        self.height = max(c.height for c in self.children)


class FormScreen(Screen):
    heading = StringProperty("")
    subheading = StringProperty("")
    submit_text = StringProperty("")
    can_submit = BooleanProperty(False)
    refusal = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._item: ActionItem | None = None
        self._chosen: dict[str, tuple[str, ...]] = {}
        self._buttons: list[FieldOption] = []
        self._steppers: dict[str, Stepper] = {}
        #: Each field's option values in the last form shown (a new one is held: `arrive`).
        self._offered: dict[str, frozenset[str]] = {}

    def prepare(self, item: ActionItem) -> None:
        """Open for the prompt's form `item`, each field at its default."""
        self._item, self._chosen, self.refusal = item, presenter.initial(item), ""
        self.heading = item.label
        self.subheading = item.hint or TAP_WHAT_APPLIES
        box = self.ids.fields
        box.clear_widgets()
        self._buttons, self._steppers = [], {}
        pair: list[FieldRow] = []
        for field in item.fields:
            row = self._row(field)
            if field.kind != "count":
                box.add_widget(row)
                continue
            pair.append(row)  # counts are narrow: two side by side, so six fit at 800x480
            if len(pair) == 2:
                box.add_widget(CountPair(*pair))
                pair = []
        if pair:
            box.add_widget(CountPair(*pair))
        self._name_widths()
        self.ids.fields_scroll.scroll_y = 1
        self._mark()

    def _row(self, field: FormField) -> FieldRow:
        row = FieldRow(label=field.label, note=field.note)
        row.ids.name.fbind("font_size", self._name_widths)  # the text size changed
        grid: OptionsGrid = row.ids.options
        if field.kind == "count":  # a number stepped with - and +, never typed
            start = int((self._chosen.get(field.name) or ("0",))[0])
            stepper = Stepper(minimum=field.min, maximum=field.max, value=start)
            stepper.bind(value=lambda _s, v, name=field.name: self.choose(name, str(int(v))))
            self._steppers[field.name] = stepper
            grid.add_widget(stepper)
            return row
        grid.slots = field.slots
        texts = [f"{o.short or o.label}\n{o.detail}" if o.detail else o.short or o.label
                 for o in field.options]
        for option, text in zip(field.options, texts, strict=True):
            button = FieldOption(text=text, value=option.value, field=field.name,
                                 label=option.label,
                                 on_release=lambda b: self.choose(b.field, b.value))
            grid.add_widget(button)
            self._buttons.append(button)
        before = self._offered.get(field.name)
        self._offered[field.name] = frozenset(o.value for o in field.options)
        for button in self._buttons[len(self._buttons) - len(field.options):]:
            if before is not None and button.value not in before:
                button.arrive()
        if not field.options:
            grid.add_widget(Text(text="Nothing to choose.", muted=True))
        return row

    def _name_widths(self, *_args: Any) -> None:
        """Every field's name column as wide as the widest name needs (at this text size)."""
        rows = [r for r in self.ids.fields.walk(restrict=True) if isinstance(r, FieldRow)]
        if rows:
            size, bold = float(rows[0].ids.name.font_size), True
            width = max(line_width(w, size, bold) for r in rows
                        for w in f"{r.label} ({r.note})".split())
            for row in rows:
                row.name_width = width + dp(8)

    # ---- intents ----------------------------------------------------------------------------
    def choose(self, name: str, value: str) -> None:
        if self._item is not None:
            self._chosen = presenter.tap(self._item, self._chosen, name, value)
            self.refusal = ""
            self._mark()

    def submit(self) -> None:
        item = self._item
        if item is None or not self.can_submit:
            return
        line = presenter.line(item, self._chosen)
        app = App.get_running_app()
        if presenter.leads_on(item, self._chosen):
            app.runner.prompt(lambda reply: self._on_next(reply, line), after=line)
        else:
            app.send(line, self._on_result)

    def back(self) -> None:
        self._item = None
        App.get_running_app().show("dashboard")

    # ---- replies ----------------------------------------------------------------------------
    def _on_result(self, reply: Reply) -> None:
        if not reply.ok:  # the rules refused this combination: nothing changed
            self.refusal = reply.message
            return
        self._item = None
        app = App.get_running_app()
        if app.manager.current == self.name:  # (a card revealed has its own screen up)
            app.show("dashboard")

    def _on_next(self, reply: Reply, line: str) -> None:
        """What follows the line: a die to roll opens the die screen; when every choice
        after it is refused, their sentence shows here."""
        prompt = reply.value if reply.ok else None
        enabled = [a for a in (prompt or {}).get("actions", []) if a.get("enabled")]
        if prompt and enabled and is_check_prompt(prompt):
            App.get_running_app().open_check(prompt, back=self.name)  # Back: this form
            return
        reasons = [str(a["reason"]) for a in (prompt or {}).get("actions", [])
                   if a.get("reason")]
        self.refusal = reasons[0] if reasons else reply.message or \
            f"Nothing can follow {line} now."

    # ---- drawing ----------------------------------------------------------------------------
    def _mark(self) -> None:
        item = self._item
        if item is None:
            return
        for button in self._buttons:
            button.chosen = button.value in self._chosen.get(button.field, ())
        self.can_submit = presenter.missing(item, self._chosen) is None
        self.submit_text = presenter.submit_text(item, self._chosen)

    def option(self, field: str, label: str) -> FieldOption:
        """The button of the option labelled `label` in the field named or labelled `field`."""
        item = self._item
        names = {f.name for f in (item.fields if item else ()) if field in (f.name, f.label)}
        for button in self._buttons:
            if button.field in names and label in (button.label, button.text.split("\n")[0]):
                return button
        raise LookupError(f"The form has no option {label!r} under {field!r}.")

    def stepper(self, field: str) -> Stepper:
        """The - and + of the count field named or labelled `field`."""
        item = self._item
        for f in item.fields if item else ():
            if field in (f.name, f.label) and f.name in self._steppers:
                return self._steppers[f.name]
        raise LookupError(f"The form has no count {field!r}.")

    def choices(self) -> dict[str, list[str]]:
        """Each field's label with its options' labels, in order (tests choose from them)."""
        item = self._item
        return {f.label: [o.label for o in f.options] for f in (item.fields if item else ())}

