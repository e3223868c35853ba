"""A `form` input: every field of one action on one screen, then one button sends it.

The prompt's action gives the fields (each a choice of one option, or toggles from
`min` to `max`) and the template; the player taps what applies and sends the line.
When a chosen option says more choices follow (a die to roll), the prompt is asked
what follows the line and the die screen opens; a refused line leaves the form up with
the refusal's sentence under it and changes nothing. Nothing here knows a game.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.core.forms import FormField
from companion.ui.presenters import form as presenter
from companion.ui.presenters.actions import ActionItem
from companion.ui.presenters.check import is_check_prompt
from companion.ui.runner import Reply
from companion.ui.screens import load_layout
from companion.ui.widgets import Stepper, Text, ToggleChoice

load_layout(__file__)

TAP_WHAT_APPLIES = "Tap what applies, then the button at the bottom"


class FieldOption(ToggleChoice):
    """One option of a field: its label over its detail, coloured once chosen."""

    field = StringProperty("")


class FieldRow(BoxLayout):
    """A field's name at the left, its options beside it."""

    label = StringProperty("")


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
        self.ids.fields_scroll.scroll_y = 1
        self._mark()

    def _row(self, field: FormField) -> FieldRow:
        row = FieldRow(label=field.label)
        grid: GridLayout = row.ids.options
        if field.kind == "count":  # a number stepped with - and +, never typed
            grid.cols = 1
            start = int((self._chosen.get(field.name) or ("0",))[0])
            stepper = Stepper(minimum=field.min, maximum=field.max, value=start)
            stepper.bind(value=lambda _s, v, name=field.name: self.choose(name, str(int(v))))
            self._steppers[field.name] = stepper
            grid.add_widget(stepper)
            return row
        texts = [f"{o.label}\n{o.detail}" if o.detail else o.label for o in field.options]
        grid.cols = presenter.columns(len(texts), max(map(len, texts), default=0))
        for option, text in zip(field.options, texts, strict=True):
            button = FieldOption(text=text, value=option.value, field=field.name,
                                 on_release=lambda b: self.choose(b.field, b.value))
            grid.add_widget(button)
            self._buttons.append(button)
        if not field.options:
            grid.add_widget(Text(text="Nothing to choose.", muted=True))
        return row

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
            if button.field in names and button.text.split("\n")[0] == label:
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

