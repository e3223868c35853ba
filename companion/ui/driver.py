"""Drive the app without a person: taps at a widget's centre, frames pumped by hand.

Used by the UI tests, the screenshot command and bench/ui.py. Kivy must be
configured (see `command.configure_kivy`) before this module is imported.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.widget import Widget

from companion.ui.app import CompanionApp

#: Seconds of wall time before a wait gives up. Only a failing test waits that long; a
#: machine shared with other jobs (CI, a loaded laptop) can be slow to answer, and a
#: test must not fail because of that.
PATIENCE = 90.0


class DriverError(AssertionError):
    """What the driver was asked to find or wait for is not on screen."""


class AppDriver:
    """An app started in this process, pumped one frame at a time."""

    def __init__(self, app: CompanionApp):
        self.app = app
        self._shot: Path | None = None
        #: What a finger did so far: taps (keys of the on-screen keyboard included) and
        #: scrolls (each time a button had to be brought into view before its tap).
        self.taps = 0
        self.scrolls = 0
        app._run_prepare()  # builds the root and puts it in the window, as App.run does
        Window.bind(on_flip=self._on_flip)
        try:
            self.settle()
        except BaseException:
            # An app that never answered would stay in the window (and its runner on),
            # taking the next app's taps: every later test of the run failed with it.
            self.close()
            raise

    # ---- frames ----------------------------------------------------------------------------
    def pump(self, frames: int = 1) -> None:
        for _ in range(frames):
            Window.canvas.ask_update()
            EventLoop.idle()

    def settle(self, timeout: float = PATIENCE) -> None:
        """Pump frames until every queued command has come back and been drawn, and the
        frames drawn meanwhile asked for nothing more (the first game's reply asks for
        the new-game forms in the frame after it)."""
        deadline = time.monotonic() + timeout
        runner = self.app.runner
        while True:
            while runner is not None and runner.pending:
                if time.monotonic() > deadline:
                    raise DriverError("The app did not answer within the time allowed.")
                EventLoop.idle()  # replies come through the Clock; a frame only if one changed
                time.sleep(0.002)
            self.pump(2)
            if runner is None or not runner.pending:
                return

    # ---- finding -----------------------------------------------------------------------------
    @property
    def screen(self) -> Any:
        assert self.app.manager is not None
        return self.app.manager.current_screen

    def widgets(self, root: Widget | None = None) -> Iterator[Widget]:
        root = root if root is not None else self.screen
        yield from root.walk(restrict=True)

    def texts(self, root: Widget | None = None) -> list[str]:
        """Every text shown on the current screen (labels, buttons, fields); of a folded
        sentence (`widgets.fit.FoldText`) its whole text, one tap away; a no-break space
        (which keeps words on one line) as the space a player reads."""
        return [(w.whole if getattr(w, "folded", False) else w.text).replace("\u00a0", " ")
                for w in self.widgets(root)
                if isinstance(getattr(w, "text", None), str) and w.text and w.opacity > 0]

    def shown(self, fragment: str) -> bool:
        return any(fragment in text for text in self.texts())

    def button(self, text: str, exact: bool = False) -> Widget:
        """The visible button whose text is (or contains) `text`."""
        from kivy.uix.button import Button

        for w in self.widgets():
            if isinstance(w, Button) and (w.text == text if exact else text in w.text):
                return w
        raise DriverError(f"No button {text!r} on the {self.screen.name} screen; shown: "
                          f"{self.texts()}")

    # ---- acting ------------------------------------------------------------------------------
    @property
    def inputs(self) -> int:
        """Taps and scrolls: what a finger did."""
        return self.taps + self.scrolls

    def tap(self, widget: Widget | str, settle: bool = True, exact: bool = False,
            scroll: bool = True) -> None:
        """Press and release a finger at the widget's centre (a button found by its text).

        A widget out of its list's view is scrolled to first, and that scroll counts as an
        input; with `scroll=False` a widget that needs one fails the test instead."""
        if isinstance(widget, str):
            widget = self.button(widget, exact)
        if widget.disabled:
            raise DriverError(f"{getattr(widget, 'text', widget)!r} is disabled.")
        self.wait_still(widget)  # a finger waits for a moving list to stop before it aims
        if not self.reachable(widget):
            if not scroll:
                raise DriverError(f"{getattr(widget, 'text', widget)!r} needs a scroll to be "
                                  f"reached on the {self.screen.name} screen.")
            self._scroll_into_view(widget)
            self.wait_still(widget)  # as after a finger's own scroll: the list settles
            if not self.reachable(widget):
                raise DriverError(f"{getattr(widget, 'text', widget)!r} is out of a finger's "
                                  f"reach on the {self.screen.name} screen.")
        if hasattr(widget, "taps_from"):  # a new option takes taps a moment after it shows
            self.wait_for(lambda: time.time() >= widget.taps_from, "a new option to take taps")
        self.press(*widget.to_window(*widget.center))
        if settle:
            self.settle()

    def fill_form(self, *picks: tuple[str, str], send: bool = True,
                  scroll: bool = True) -> None:
        """On the form screen: tap each (field, option label) in turn, then the send button."""
        form = self.screen
        if form.name != "form":
            raise DriverError(f"No form is up: the {form.name} screen is.")
        for field, label in picks:
            try:
                button = form.option(field, label)
            except LookupError as missing:
                raise DriverError(str(missing)) from None
            self.tap(button, scroll=scroll)
        if send:
            self.tap(form.ids.submit, scroll=scroll)

    def press(self, x: float, y: float) -> None:
        """A finger down and up at window position (x, y): one tap."""
        self.wait_for_screen()
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        try:
            self.pump()
        finally:
            touch.touch_up()
        self.taps += 1

    def reachable(self, widget: Widget) -> bool:
        """The widget's centre is inside the window and inside every list holding it."""
        self.pump(2)  # nested layouts settle their heights over a frame or two
        return self.in_reach(widget)

    def in_reach(self, widget: Widget) -> bool:
        """`reachable` as the screen is laid out now, drawing no frame (after a wait for
        the layout: `out_of_reach` looks at a whole screen's buttons at once)."""
        from kivy.uix.scrollview import ScrollView

        x, y = widget.to_window(*widget.center)
        if not (0 <= x <= Window.width and 0 <= y <= Window.height):
            return False
        for parent in _ancestors(widget):
            if isinstance(parent, ScrollView):
                left, bottom = parent.to_window(parent.x, parent.y)
                if not (left <= x <= left + parent.width and bottom <= y <= bottom + parent.height):
                    return False
        return True

    def out_of_reach(self, first: int = 6) -> list[str]:
        """The moment's choices a finger cannot reach without a scroll, as the screen shows
        them now: of each list on screen the enabled ones among its first `first` places
        (buttons top to bottom, one greyed in its place counting: it is where a choice was
        a tap ago, issue 22), and every enabled button outside a list (the fixed bar's main
        action among them)."""
        from kivy.uix.button import Button
        from kivy.uix.scrollview import ScrollView

        self.wait_still()  # as a finger would: lists still, held-back buttons laid out
        self.wait_laid_out()
        lists: dict[int, list[Widget]] = {}
        missed: list[str] = []
        ids = self.screen.ids
        # A screen with an actions panel: its choices and the fixed bar's main action (the
        # seats and panels beside them are the table's to look at, not the moment's choices).
        choices = [*self.widgets(ids["actions"]), ids["main"]] if "actions" in ids \
            else self.widgets()
        for widget in choices:
            if not isinstance(widget, Button) or widget.opacity == 0 or widget.height <= 0:
                continue
            holder = next((p for p in _ancestors(widget) if isinstance(p, ScrollView)), None)
            if holder is None:
                missed += [] if widget.disabled or self.in_reach(widget) else [widget.text]
            else:
                lists.setdefault(id(holder), []).append(widget)
        for buttons in lists.values():
            buttons.sort(key=lambda b: (-b.to_window(b.x, b.top)[1], b.to_window(b.x, b.y)[0]))
            missed += [b.text for b in buttons[:first]
                       if not b.disabled and not self.in_reach(b)]
        return missed

    def short_of(self, widget: Widget) -> float:
        """How many pixels of `widget` lie outside the window or a list holding it, as the
        screen is laid out now (0: all of it shows, a list's `EDGE_SLACK` of rounding
        allowed): a finger needs a scroll of that much to see all its words."""
        from kivy.uix.scrollview import ScrollView

        from companion.ui.widgets.touch import EDGE_SLACK

        left, bottom = widget.to_window(widget.x, widget.y)
        right, top = left + widget.width, bottom + widget.height
        boxes = [(0.0, 0.0, float(Window.width), float(Window.height))]
        for parent in _ancestors(widget):
            if isinstance(parent, ScrollView):
                x, y = parent.to_window(parent.x, parent.y)
                boxes.append((x, y, x + parent.width, y + parent.height))
        out = max(max(x - left, y - bottom, right - x_end, top - y_end)
                  for x, y, x_end, y_end in boxes)
        return float(out) if out > EDGE_SLACK else 0.0

    def enabled_out_of_reach(self, first: int = 6,
                             root: Widget | None = None) -> list[tuple[str, float]]:
        """Issue 22's rule as a player counts: of each list on screen, its first `first`
        enabled choices (top to bottom, left to right; all of them if fewer; a greyed place
        among them does not count) that do not show whole without a scroll, each with how
        many pixels of it are out of view (`short_of`). `out_of_reach` counts places and
        their centres instead. `root`: the buttons under it (else the screen's: of a screen
        with an actions panel, that panel's)."""
        from kivy.uix.button import Button
        from kivy.uix.scrollview import ScrollView

        self.wait_still()
        self.wait_laid_out()
        ids = self.screen.ids if root is None else {}
        choices = self.widgets(ids["actions"]) if "actions" in ids else self.widgets(root)
        lists: dict[int, list[Widget]] = {}
        for widget in choices:
            if isinstance(widget, Button) and widget.opacity > 0 and widget.height > 0 \
                    and not widget.disabled:
                holder = next((p for p in _ancestors(widget) if isinstance(p, ScrollView)),
                              None)
                lists.setdefault(id(holder), []).append(widget)
        missed: list[tuple[str, float]] = []
        for buttons in lists.values():
            buttons.sort(key=lambda b: (-b.to_window(b.x, b.top)[1], b.to_window(b.x, b.y)[0]))
            missed += [(b.text, short) for b in buttons[:first] if (short := self.short_of(b))]
        return missed

    def wait_laid_out(self, frames: int = 2) -> None:
        """Wait until nothing on screen moved or changed its size over `frames` frames in
        a row (nested layouts settle their heights over a frame or two)."""
        seen: list[Any] = [None, 0]

        def still() -> bool:
            now = [(w.x, w.y, w.width, w.height)
                   for root in Window.children for w in root.walk(restrict=True)]
            seen[1] = seen[1] + 1 if now == seen[0] else 0
            seen[0] = now
            return bool(seen[1] >= frames)

        self.wait_for(still, "the layout to settle")

    def drag(self, start: tuple[float, float], dy: float, steps: int = 8,
             rest_on: Widget | None = None, settle: bool = True) -> None:
        """A finger put down at `start` and slid `dy` pixels up (negative: down), then lifted.
        Counted as a scroll. `rest_on`: the finger rests until that button shows it pressed
        (a list hands a still finger to its button after its timeout), then slides.
        With `settle`, waits until no list on screen moves any more."""
        self.wait_still()
        self.wait_for_screen()
        x, y = start
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        try:
            self.pump()
            if rest_on is not None:
                self.wait_for(lambda: rest_on.state == "down", "the button to show the press")
            for step in range(1, steps + 1):
                touch.touch_move(x, y + dy * step / steps)
                self.pump()
        finally:
            touch.touch_up()  # never a finger left on the glass (Kivy keeps it for the process)
        self.settle()  # a command the touch may have sent has come back
        self.scrolls += 1
        if settle:
            self.wait_still()

    def wait_for_screen(self) -> None:
        """Wait until the screen just shown takes touches (`widgets.touch.ScreenGate`): a
        finger aims at what it sees, after it is drawn."""
        manager = self.app.manager
        if manager is not None and getattr(manager, "closed", False):
            self.wait_for(lambda: not manager.closed, "the screen just shown to take touches")

    def wait_still(self, aim: Widget | None = None) -> None:
        """Wait until no list on screen glides, bounces or has just stopped, and every list
        takes taps again after its last one's result: a finger's next tap would only stop
        it, or be dropped (`widgets.touch.TableScroll`, `TapGate`). With `aim`, the widget
        a finger is about to tap, only the gates holding it count: a gate elsewhere on the
        screen drops no touch on it (the rolling die's Skip takes taps while the result's
        row waits for the result)."""
        from companion.ui.widgets.touch import TableScroll, TapGate

        lists = [w for w in self.widgets() if isinstance(w, TableScroll)]
        gates = [w for w in self.widgets() if isinstance(w, TapGate)]
        if aim is not None:
            holders = {id(p) for p in _ancestors(aim)}
            gates = [g for g in gates if id(g) in holders or g is aim]
        if isinstance(self.app.manager, TapGate):  # the screen just shown (`ScreenGate`)
            gates.append(self.app.manager)
        self.wait_for(lambda: not any(s.unsettled() or s.waiting for s in lists)
                      and not any(g.closed for g in gates),
                      "the lists to stop moving and lay out what they held back")

    def _scroll_into_view(self, widget: Widget) -> None:
        """Scroll the nearest scroll view so that a finger can reach `widget` (one input)."""
        from kivy.uix.scrollview import ScrollView

        parent = next((p for p in _ancestors(widget) if isinstance(p, ScrollView)), None)
        if parent is not None and parent.children:
            content = parent.children[0]
            spare = content.height - parent.height
            if spare > 0:
                # the widget's height above the content's own bottom edge (window terms,
                # so rows nested in rows count from the list's content, not their row)
                y = widget.to_window(widget.x, widget.y)[1] - content.to_window(content.x,
                                                                                content.y)[1]
                bottom = y + widget.height / 2 - parent.height / 2
                parent.scroll_y = min(1.0, max(0.0, bottom / spare))
                self.scrolls += 1
                self.pump(2)

    # ---- the on-screen keyboard ---------------------------------------------------------------
    def keyboard(self) -> Any:
        """The docked on-screen keyboard, if a field has opened it."""
        from companion.ui.widgets.keyboard import TableKeyboard

        return next((w for w in Window.children if isinstance(w, TableKeyboard)), None)

    def type_keys(self, text: str) -> None:
        """Type `text` by tapping the on-screen keyboard's keys (capitals by its shift key
        when the keyboard does not offer them already); `\n` taps Done."""
        for char in text:
            keyboard = self.keyboard()
            if keyboard is None:
                raise DriverError(f"No on-screen keyboard is open to type {text!r}.")
            key = _find_key(keyboard, char)
            if key is None:
                self._tap_key(keyboard, _find_key(keyboard, "\u21e7", label=True))
                key = _find_key(keyboard, char)
            if key is None:
                raise DriverError(f"The on-screen keyboard has no key {char!r}.")
            self._tap_key(keyboard, key)

    def _tap_key(self, keyboard: Any, key: tuple[int, int] | None) -> None:
        assert key is not None
        line, index = key
        (kx, ky), (kw, kh) = keyboard.layout_geometry[f"LINE_{line}"][index]
        self.press(*keyboard.to_window(kx + kw / 2, ky + kh / 2))
        self.pump()  # the keyboard turns capitals on or off at its next frame

    def type_command(self, line: str) -> None:
        """Type a line into the dashboard's command bar and press Run (a card reveal on
        screen is acknowledged first, as a player would)."""
        if self.screen.name == "reveal":
            self.tap(self.screen.ids["continue"])
        dashboard = self.app.screen("dashboard")
        if not self.app.typed_commands:
            raise DriverError("The command bar is hidden: no keyboard is plugged in and "
                              "Settings' Typed commands is off.")
        dashboard.ids.command.text = line
        self.tap(dashboard.ids.run)

    def run_line(self, line: str) -> None:
        """Run a command line as the CLI would, with no finger (a table set up for a
        picture or a benchmark; a card reveal on screen is acknowledged first)."""
        if self.screen.name == "reveal":
            self.tap(self.screen.ids["continue"])
        self.app.send(line)
        self.settle()

    def pump_for(self, seconds: float) -> None:
        """Let animations run for `seconds` of wall time (a reveal fades in)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.pump()

    def wait_for(self, condition: Callable[[], bool], what: str,
                 timeout: float = PATIENCE) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise DriverError(f"Still waiting for {what}.")
            self.pump()
            time.sleep(0.005)

    # ---- pictures -----------------------------------------------------------------------------
    def screenshot(self, path: Path) -> Path:
        """Write the next drawn frame to `path` (PNG). Under Kivy's mock GL backend (the UI
        tests' default) no pixel is drawn: that refuses, saying so, instead of a blank PNG."""
        from kivy.graphics.cgl import cgl_get_initialized_backend_name

        if cgl_get_initialized_backend_name() == "mock":
            raise DriverError(f"No screenshot {path.name}: Kivy's mock GL backend draws no "
                              "pixel; run with KIVY_GL_BACKEND=gl (docs/ui.md).")
        self._shot = path
        self.wait_for(lambda: self._shot is None, f"the screenshot {path.name}")
        return path

    def _on_flip(self, *_args: Any) -> None:
        if self._shot is None:
            return
        path, self._shot = self._shot, None
        path.parent.mkdir(parents=True, exist_ok=True)
        written = Window.screenshot(name=str(path))  # Kivy adds a counter: x0001.png
        if written:
            Path(written).replace(path)

    def close(self) -> None:
        """Stop the app but keep the window (one per process) for the next app."""
        from kivy.app import App

        Window.unbind(on_flip=self._on_flip)
        self.app.dispatch("on_stop")  # stops the runner, which closes the session
        for child in list(Window.children):
            Window.remove_widget(child)
        App._running_app = None
        _forget_last_field()


def _forget_last_field() -> None:
    """Kivy's text field keeps the last field whose cursor moved, for its next frame, in
    its class (`TextInput._adjust_viewport`, made by `kivy.clock.triggered`): after the
    app stopped, that field held its screen and every screen of the app with it until
    another app's field moved its cursor. Cancelled and let go of here."""
    from kivy.uix.textinput import TextInput

    trigger = TextInput._adjust_viewport
    trigger.cancel()
    held = dict(zip(trigger.__code__.co_freevars, trigger.__closure__ or (), strict=False))
    for name in ("_args", "_kwargs"):
        if name in held:
            held[name].cell_contents.clear()

#: Characters `type_keys` types with a special key.
SPECIAL_KEYS = {"\n": "enter", "\b": "backspace"}


def _ancestors(widget: Widget) -> Iterator[Widget]:
    parent, seen = widget.parent, set()
    while parent is not None and id(parent) not in seen:  # the window is its own parent
        seen.add(id(parent))
        yield parent
        parent = parent.parent


def _find_key(keyboard: Any, char: str, label: bool = False) -> tuple[int, int] | None:
    """(row, index) of the key typing `char` (or showing it, with `label`) in the keyboard's
    current mode."""
    layout = keyboard.available_layouts[keyboard.layout]
    for row in range(1, layout["rows"] + 1):
        for index, (shown, typed, special, _width) in enumerate(
                layout[f"{keyboard.layout_mode}_{row}"]):
            if (shown if label else typed) == char or SPECIAL_KEYS.get(char) == special:
                return row, index
    return None
