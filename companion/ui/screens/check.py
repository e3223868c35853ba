"""The maneuver check: the physical die's face entered with one tap, or the app rolls with
a short animation; then the arithmetic and the outcome in words, large.

The faces, the numbers and the outcome come from the table API (presenters/check.py);
the lines sent are the prompt's own commands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, InstructionGroup
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.anchorlayout import AnchorLayout
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen

from companion.ui.presenters.check import CheckLine, CheckPrompt, check_lines, check_prompt
from companion.ui.runner import Reply
from companion.ui.screens import load_layout
from companion.ui.settings import TEXT_SIZES
from companion.ui.theme import BACKGROUND
from companion.ui.widgets import BigButton, Text
from companion.ui.widgets.fit import WRAP_SLACK, text_height, widest_word
from companion.ui.widgets.touch import SteadyTap, TapGate

#: The least size of a text at the Normal text size (the layout check's floor).
LEAST_TEXT_SP = 15

#: How long the app's roll spins before the result shows (a tap on the die skips it).
ROLL_SECONDS = 0.8
SPIN_STEP = 0.07
#: Seconds after the result is drawn before its buttons take a tap: "Continue" comes where
#: "App rolls the die" was, and a second tap aimed at the roll went on before the roll was
#: seen (try 15). Longer than a double tap's gap, shorter than a glance.
RESULT_BEAT = 0.6


class ResultRow(TapGate, BoxLayout):
    """The screen's row of buttons: it takes no tap while a roll is worked on, nor for a
    beat after the result is drawn (`widgets.touch.TapGate`)."""


class DieFace(SteadyTap, ButtonBehavior, FloatLayout):
    """A big die: the face's name over its symbols (pips), exactly `symbols` of them, drawn
    from the die's own definition; tapping it while the app rolls skips the animation."""

    face = StringProperty("")
    symbols = NumericProperty(0)
    spin = NumericProperty(0.0)
    tone = StringProperty("plain")  # plain, good or bad: the frame's colour
    side = NumericProperty(0.0)

    def __init__(self, **kwargs: Any) -> None:
        self.pips = InstructionGroup()  # one Ellipse per symbol, nothing else
        super().__init__(**kwargs)

    def on_kv_post(self, _base: object) -> None:
        # After the die's body (canvas.before in check.kv), inside its rotation.
        self.canvas.before.add(self.pips)
        self.bind(symbols=self._draw_pips, side=self._draw_pips, center=self._draw_pips)
        self._draw_pips()

    def _draw_pips(self, *_args: Any) -> None:
        self.pips.clear()
        self.pips.add(Color(*BACKGROUND))
        size = self.side * 0.14
        for x, y in die_dots(self.center_x, self.center_y, self.side, int(self.symbols)):
            self.pips.add(Ellipse(pos=(x - size / 2, y - size / 2), size=(size, size)))

    def pip_count(self) -> int:
        """How many pips are drawn now (for tests: it must be the face's symbols)."""
        return sum(isinstance(i, Ellipse) for i in self.pips.children)


def die_dots(cx: float, cy: float, side: float, count: int) -> list[tuple[float, float]]:
    """Centres of `count` symbols (up to 9, in rows of 3) in the lower part of a die of
    `side`: exactly `count` of them, none for a blank or unknown face."""
    count = max(0, min(9, count))
    rows = [min(3, count - start) for start in range(0, count, 3)]
    gap = side / 4.2
    top = cy - side * (0.18 if len(rows) < 3 else 0.08)
    spots = []
    for r, n in enumerate(rows):
        y = top - r * gap
        spots += [(cx + (i - (n - 1) / 2) * gap, y) for i in range(n)]
    return spots


class FaceButton(BigButton):
    """One face of the die: a tall button with the face's name and symbols."""


class FaceGrid(GridLayout):
    """The die's faces in one row when each button is wide enough for its longest word,
    else in rows of half as many: a word never breaks inside ("symbol / s", try 9 s171).
    The words are measured at the largest text size, so the faces keep one arrangement
    whatever the size chosen (try 11, 24: a 1x4 row at Normal and a 2x2 grid at Large put
    the same faces in other places)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cols=1, spacing=dp(8), **kwargs)
        self.fbind("width", self.fit)

    def add_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        super().add_widget(widget, *args, **kwargs)
        widget.fbind("font_size", self.fit)
        self.fit()

    def fit(self, *_args: Any) -> None:
        faces = [c for c in self.children if isinstance(c, FaceButton)]
        if not faces or self.width <= 1:
            return
        cols = len(faces)
        while cols > 1 and not self._fits(faces, cols):
            cols = (cols + 1) // 2
        self.cols = cols

    def _fits(self, faces: list[FaceButton], cols: int) -> bool:
        width = (self.width - float(self.spacing[0]) * (cols - 1)) / cols - dp(16)
        app = App.get_running_app()
        scale = max(TEXT_SIZES) / (float(getattr(app, "text_scale", 1.0)) or 1.0)
        return all(widest_word(f.text, float(f.font_size) * scale) <= width - WRAP_SLACK
                   for f in faces)


class Arithmetic(Text):
    """A check's arithmetic, large (`shrink`: its share of that size, see `Outcome`)."""

    shrink = NumericProperty(1.0)


class Verdict(Text):
    """A check's outcome word, large, green when passed."""

    passed = BooleanProperty(True)
    shrink = NumericProperty(1.0)


#: The shares of their full size the outcome's words may take to fit their room, largest
#: first (the layout check's floor, 15 sp times the text size, stops them before the end).
SHRINKS = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4)


class Outcome(BoxLayout):
    """The checks' outcomes, top to bottom: each verdict over its arithmetic. Two checks
    at Large text need more height than the die's row has (try 9, s173: "(SMAN1)" ran into
    the summary under it): the words then take the largest share of their size that fits
    `room`, never under the least size a text may have."""

    room = NumericProperty(0.0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=dp(4), size_hint_y=None, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.fbind("room", self.fit)
        self.fbind("width", self.fit)

    def fit(self, *_args: Any) -> None:
        texts = [c for c in self.children if isinstance(c, Verdict | Arithmetic)]
        if not texts or self.width <= 1 or self.room <= 1:
            return
        shrink = next((s for s in SHRINKS if self._needs(texts, s) <= self.room), SHRINKS[-1])
        for text in texts:
            text.shrink = shrink

    def _needs(self, texts: list[Text], shrink: float) -> float:
        gaps = float(self.spacing) * (len(texts) - 1)
        return gaps + sum(text_height(t.text, _font(t, shrink), self.width, bool(t.bold))
                          for t in texts)


def _font(text: Text, shrink: float) -> float:
    """The font size `text` takes at `shrink` (its kv rule: never under the floor)."""
    full = float(text.font_size) / float(getattr(text, "shrink", 1.0) or 1.0)
    return max(float(least_text_size()), full * shrink)


def least_text_size() -> float:
    """The least size a text may have at the app's text size (15 sp at Normal)."""
    return sp(LEAST_TEXT_SP) * App.get_running_app().text_scale


load_layout(__file__)


class CheckScreen(Screen):
    heading = StringProperty("")
    numbers = StringProperty("")
    said = StringProperty("")
    mode = StringProperty("choose")  # choose, rolling, result

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._check: CheckPrompt | None = None
        self._reply: Reply | None = None
        self._spinner: Any = None
        self._rolled_at = 0.0
        self._lines: tuple[CheckLine, ...] = ()  # the checks the result made, one shown at a time
        self._spins = 0
        self._back_to = "dashboard"
        self._prompt: Mapping[str, Any] = {}  # the check's prompt, as the table API gave it
        #: The first check of this move left to the app (its outcome shows with the result).
        self._first_by_app: int | None = None

    # ---- before the roll ----------------------------------------------------------------
    def prepare(self, prompt: Mapping[str, Any], back: str = "dashboard",
                first_by_app: int | None = None) -> None:
        """Show the check the prompt offers: its numbers, the faces, the app's roll.
        `back`: the screen "< Back" returns to (the form the move was chosen on);
        `first_by_app`: the first of the move's earlier checks left to the app."""
        self._back_to = back
        self._first_by_app = first_by_app
        self._stop_spinning()
        self._prompt = prompt
        self._check = check_prompt(prompt)
        self._reply = None
        self.heading, self.numbers = self._check.heading, self._check.numbers
        self.said = self._check.before  # a move's earlier checks: how they went
        die = self.ids.die
        die.face, die.symbols, die.tone, die.spin = "?", 0, "plain", 0.0
        self.mode = "choose"
        self._build_choices()

    def _build_choices(self) -> None:
        assert self._check is not None
        self.ids.faces.clear_widgets()
        faces = FaceGrid()
        self.ids.faces.add_widget(faces)
        for face in self._check.faces:
            faces.add_widget(FaceButton(text=face.text,
                                        on_release=lambda _b, f=face: self._face(f.kind,
                                                                                 f.value)))
        row = self.ids.buttons
        row.clear_widgets()
        row.open()  # (closed while a move's earlier check was judged)
        row.add_widget(BigButton(text="< Back", kind="quiet", size_hint_x=0.35,
                                 on_release=lambda _b: self._back()))
        if self._check.app_roll is not None or self._check.app_next is not None:
            row.add_widget(BigButton(text="App rolls the die", kind="primary",
                                     on_release=lambda _b: self.app_rolls()))

    def _face(self, kind: str, value: str, entered: bool = True) -> None:
        app = App.get_running_app()
        if kind == "partial":  # another check of this move follows: its faces next
            then = self._on_entered_check if entered else self._on_next_check
            app.runner.prompt(then, after=value)
            return
        self._send(value, rolling=False)

    def _on_next_check(self, reply: Reply) -> None:
        if reply.ok and reply.value and self.mode == "choose":
            # The same move: Back goes where it went, the app's checks show with the result.
            self.prepare(reply.value, self._back_to, self._first_by_app)

    def _on_entered_check(self, reply: Reply) -> None:
        """A face the table entered while another check follows: how that check went, as
        large as the app's roll, then its "Next check" (try 30: only a small line on the
        next check's screen said it failed)."""
        if not (reply.ok and reply.value and self.mode == "choose"):
            return
        following = check_prompt(reply.value)
        line = next((c for c in following.entered if c.number == following.done), None)
        if line is None:
            self._on_next_check(reply)
            return
        self.mode = "result"
        self.said = ""
        self._show_check(line)
        again = self._prompt  # Back: this check's faces again (the face is not sent yet)
        self._result_buttons(
            BigButton(text="< Back", kind="quiet", size_hint_x=0.35,
                      on_release=lambda _b: self.prepare(again, self._back_to,
                                                         self._first_by_app)),
            BigButton(text="Next check", kind="primary",
                      on_release=lambda _b: self._next_check(reply.value)))

    def _next_check(self, prompt: Mapping[str, Any]) -> None:
        """The next check's faces, "App rolls the die" where "Next check" was: a beat
        before its row takes a tap, as after a roll's result."""
        self.prepare(prompt, self._back_to, self._first_by_app)
        self.ids.buttons.hold_after_arrival(RESULT_BEAT)

    def _back(self) -> None:
        app = App.get_running_app()
        if self._back_to != "dashboard":
            app.show(self._back_to)  # the form, with what was chosen on it
            return
        app.show("dashboard")
        app.screen("dashboard").ids.actions.on_back()

    # ---- the roll -------------------------------------------------------------------------
    def app_rolls(self) -> None:
        """The app rolls: the command goes at once, the die spins while it is judged."""
        if self._check is None:
            return
        if self._check.app_next is not None:  # the next check's choice first (try 21)
            if self._first_by_app is None:
                self._first_by_app = self._check.done
            self._face("partial", self._check.app_next, entered=False)
            return
        if self._check.app_roll is not None:
            self._send(self._check.app_roll, rolling=True)

    def _send(self, line: str, rolling: bool) -> None:
        self._reply = None
        self.ids.faces.clear_widgets()
        self.ids.buttons.clear_widgets()
        self.ids.buttons.close()  # until the result is drawn, and a beat after
        if rolling:
            self.mode = "rolling"
            self._spins = 0
            self._rolled_at = Clock.get_time()
            self._spinner = Clock.schedule_interval(self._spin, SPIN_STEP)
            # Where the outcome's words will be, never where Continue comes: a finger
            # late on Skip as the result shows lands on a word, not on the next screen.
            spot = AnchorLayout()  # centred, clear of the spinning die's corners
            spot.add_widget(BigButton(text="Skip", kind="quiet", size_hint_x=None,
                                      width=dp(240), on_release=lambda _b: self.skip()))
            self.ids.faces.add_widget(spot)
        App.get_running_app().send(line, then=self._on_reply)

    def _spin(self, _dt: float) -> None:
        assert self._check is not None
        labels = self._check.labels or ("?",)
        self._spins += 1
        die = self.ids.die
        die.face = labels[self._spins % len(labels)]
        die.symbols = self._check.faces[self._spins % len(labels)].symbols \
            if self._check.faces else 0
        die.spin = (die.spin + 37.0) % 360
        if self._reply is not None and Clock.get_time() - self._rolled_at >= ROLL_SECONDS:
            self._show_result()

    def skip(self) -> None:
        """A tap on the rolling die: show the result as soon as it is there."""
        self._rolled_at -= ROLL_SECONDS
        if self._reply is not None:
            self._show_result()

    def _stop_spinning(self) -> None:
        if self._spinner is not None:
            self._spinner.cancel()
            self._spinner = None

    def _on_reply(self, reply: Reply) -> None:
        if self.mode == "result" or self.manager is None or self.manager.current != self.name:
            return
        self._reply = reply
        if self.mode != "rolling" or Clock.get_time() - self._rolled_at >= ROLL_SECONDS:
            self._show_result()

    # ---- after the roll -------------------------------------------------------------------
    def _show_result(self) -> None:
        """The result's checks one after the other (each its own heading, face and outcome;
        a move's checks entered already showed before), from this prompt's check on."""
        self._stop_spinning()
        reply = self._reply
        assert reply is not None
        self.mode = "result"
        lines = check_lines(reply.moments) if reply.ok else ()
        done = self._check.done if self._check is not None else 0
        if self._first_by_app is not None:  # shown from the first check the app rolled
            done = min(done, self._first_by_app)
        self._lines = lines[min(done, len(lines) - 1):] if lines else ()
        self._show_line(0)

    def _show_line(self, index: int) -> None:
        """The `index`th check of the result shown (the last one: with the step's words)."""
        reply = self._reply
        assert reply is not None
        line = self._lines[index] if self._lines else None
        last = index >= len(self._lines) - 1
        self.said = reply.message if last else ""
        self._show_check(line)
        app = App.get_running_app()
        if self._reply is not None and self._reply.ok:
            back = BigButton(text="Undo this", kind="quiet", size_hint_x=0.35,
                             disabled=not app.can_undo, on_release=lambda _b: self._undo())
        else:
            back = BigButton(text="< Back", kind="quiet", size_hint_x=0.35,
                             on_release=lambda _b: self._back())
        if index < len(self._lines) - 1:  # another check of the same move: its own roll next
            then = BigButton(text="Next check", kind="primary",
                             on_release=lambda _b: self._show_line(index + 1))
        else:
            then = BigButton(text="Continue", kind="primary", on_release=lambda _b: self.done())
        self._result_buttons(back, then)

    def _show_check(self, line: CheckLine | None) -> None:
        """One check's outcome: its heading, the face on the die in the verdict's colour,
        the arithmetic and the verdict, large."""
        die = self.ids.die
        die.spin = 0.0
        if line is not None:
            if line.title:
                self.heading = line.title
            die.face, die.symbols = line.face, line.symbols
            die.tone = "good" if line.passed else "bad"
            self.numbers = line.rolled + "."
            Animation.cancel_all(die, "spin")
            Animation(spin=360.0, duration=0.25, transition="out_quad").start(die)
        else:
            die.face, die.tone, self.numbers = "?", "bad", "Nothing was rolled."
        box = self.ids.faces
        box.clear_widgets()
        outcome = Outcome(pos_hint={"center_y": 0.5})
        if line is not None:
            outcome.add_widget(Verdict(text=line.verdict, passed=line.passed))
            outcome.add_widget(Arithmetic(text=line.arithmetic))
            if line.consequence:  # what a failure costs: "Failed" alone read as a stop
                outcome.add_widget(Arithmetic(text=line.consequence))
        else:
            outcome.add_widget(Verdict(text="The check was not made.", passed=False))
        box.bind(height=outcome.setter("room"))
        box.add_widget(outcome)
        outcome.room = box.height

    def _result_buttons(self, back: BigButton, then: BigButton) -> None:
        row = self.ids.buttons
        row.clear_widgets()
        row.add_widget(back)
        row.add_widget(then)
        row.close()  # each check's buttons, "Continue" where "Next check" was: a beat first
        row.hold_after_arrival(RESULT_BEAT)
        row.open()

    def _undo(self) -> None:
        App.get_running_app().undo_check()

    def done(self) -> None:
        App.get_running_app().after_check()

    def on_leave(self, *_args: Any) -> None:
        self._stop_spinning()
