"""The on-screen keyboard: Kivy's VKeyboard, docked along the bottom with four rows of big keys.

Every text field opens it when tapped, whatever keyboard the kernel lists (a table with
only a touchscreen must never be stuck at the first name; a plugged-in keyboard still
types too). Kivy's own keyboard does the typing; this class only sizes it for fingers,
keeps the field above it (the screen is lifted while it is up), keeps the field focused
while keys are tapped, and capitalises the first letter of each word, as phones do. On a
form of several fields its enter key reads Next and moves to the next field (Done on the
last one closes it; on a field asked on its own, Done sends it); its Close key puts it
away from any field. Its top row is digits whatever the shift key says (a top row that
turned into symbols hid the digits).

The shift key works as on a phone: one tap gives a capital for the next letter only (or,
when capitals are on, small letters), and it lights up while capitals are on. Once the
player has tapped it, the automatic capital stays out of the way until the next word: a
backspace to an empty field does not turn capitals back on under the player's finger.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.scrollview import ScrollView
from kivy.uix.vkeyboard import VKeyboard

from companion.ui import theme

LAYOUT = str(Path(__file__).with_name("keyboard.json"))
ROWS = 4
#: A key row's height: at least the 48 dp of any other button, more on a taller screen.
ROW_DP = 56
#: The keyboard never takes more of the window's height than this.
MOST_OF_HEIGHT = 0.48
#: Room left between the field and the keyboard's top edge.
GAP_DP = 8
SHIFT_KEY = (ROWS, 0)  # the capitals key: first key of the last row
DONE, NEXT = "Done", "Next"  # the enter key: the last field of a form, or not the last
CLOSE = "close"  # the special name of the key that puts the keyboard away


def has_keyboard(by_path: Path = Path("/dev/input/by-path")) -> bool:
    """A keyboard is plugged in, as far as the kernel's device list says (no list: none)."""
    try:
        return by_path.is_dir() and any("kbd" in p.name for p in by_path.iterdir())
    except OSError:
        return False


def keyboard_height(window_height: float) -> float:
    return float(min(ROWS * dp(ROW_DP) + dp(12), window_height * MOST_OF_HEIGHT))


def starts_word(text: str) -> bool:
    """The next letter typed begins a word (a name's first letter is a capital)."""
    return not text or text[-1] == " "


def _span(field: Any) -> tuple[float, float]:
    """The window's heights of the bottom and top of what stays in view while `field` is
    typed in: the field, and under it the buttons that confirm it (`confirms`: OK and
    Cancel covered by the keyboard left a player confirming what they could not see)."""
    bottom = field.to_window(field.x, field.y)[1]
    top = bottom + field.height
    confirms = getattr(field, "confirms", None)
    if confirms is not None and confirms.get_root_window() is not None:
        below = confirms.to_window(confirms.x, confirms.y)[1]
        if below < bottom and top - below < field.get_root_window().height / 2:
            bottom = below  # (never so tall that the field itself is lifted out of view)
    return float(bottom), float(top)


def _scroll_into_list(field: Any) -> float:
    """Scroll the list holding `field` so that all of it (and what `_span` keeps with it)
    is inside the list's view (not behind a bar below or above the list); how far up the
    field moved, in pixels."""
    scroll = next((p for p in _ancestors(field) if isinstance(p, ScrollView)), None)
    if scroll is None or not scroll.children:
        return 0.0
    spare = scroll.children[0].height - scroll.height
    if spare <= 0:
        return 0.0
    bottom, top = _span(field)
    low, high = scroll.to_window(scroll.x, scroll.y)[1], scroll.to_window(0, scroll.top)[1]
    move = low - bottom if bottom < low else min(0.0, high - top)
    before = scroll.scroll_y
    scroll.scroll_y = min(1.0, max(0.0, before - move / spare))
    return float((before - scroll.scroll_y) * spare)


def _cut_row(field: Any, edge: float, offset: float) -> float:
    """How much of the row of `field`'s list that the keyboard's top `edge` cuts in two
    shows above the keyboard (both in the window with nothing lifted; `offset` turns a
    row's place into that); 0 when no row is cut. A half-hidden row still takes taps on
    its visible strip: the next seat's one-tap name, tapped by mistake, seated a player."""
    scroll = next((p for p in _ancestors(field) if isinstance(p, ScrollView)), None)
    if scroll is None or not scroll.children:
        return 0.0
    for row in scroll.children[0].children:
        bottom = row.to_window(row.x, row.y)[1] - offset
        if bottom + 1 < edge < bottom + row.height - 1 and field not in row.walk():
            return float(bottom + row.height - edge)
    return 0.0


def _ancestors(widget: Any) -> Any:
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        yield parent
        parent = parent.parent


class TableKeyboard(VKeyboard):
    """The docked keyboard the window opens for every focused text field. `cover`: how far
    above its keys it reaches (its own colour, taking the touches there) to cover whole a
    row its top edge would cut in two."""

    cover = NumericProperty(0.0)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("layout", LAYOUT)
        kwargs.setdefault("margin_hint", [0.02, 0.005, 0.02, 0.005])
        kwargs.setdefault("key_margin", [dp(3)] * 4)
        kwargs.setdefault("font_size", sp(24))
        kwargs.setdefault("background_color", theme.SURFACE)
        kwargs.setdefault("key_background_color", theme.BUTTON)
        super().__init__(**kwargs)
        with self.canvas.after:
            Color(*theme.SURFACE)
            self._band = Rectangle(pos=(0, 0), size=(0, 0))
        self.bind(cover=self._draw_band, size=self._draw_band)
        self._lifted: Any = None
        #: The size the keys were last made for (None: not made yet, Kivy's first load of
        #: the layout, at the next frame, makes them).
        self._keys_size: tuple[float, float] | None = None
        #: The player has set capitals by the shift key in this word: no automatic capital.
        self._by_hand = False

    # ---- place -----------------------------------------------------------------------------
    def setup_mode_dock(self, *_args: Any) -> None:
        """Full width, `keyboard_height` tall, at the bottom; unscaled, so keys stay big."""
        self.do_translation = self.do_rotation = self.do_scale = False
        self.rotation = 0
        window = self.get_parent_window()
        if window is None:
            return
        self.scale = 1
        self.size = window.width, keyboard_height(window.height)
        self.pos = 0, 0
        if self._keys_size is not None and self._keys_size != tuple(self.size):
            self.refresh(True)  # the window was resized while the keyboard was put away
        window.unbind(on_resize=self._update_dock_mode)
        window.bind(on_resize=self._update_dock_mode)
        self._lift()
        self._name_enter()
        self._by_hand = False  # a field (newly) opened: capitals are the app's again
        self._set_capitals(starts_word(self._target_text()))

    def _update_dock_mode(self, window: Any, *_args: Any) -> None:
        """The window resized: the keys are made again for its width, if they are shown.
        Kivy's one keyboard stays bound to the window once shown; put away, it waits
        to be shown again (`setup_mode_dock`) instead of making ~45 keys at every resize."""
        if self.parent is None:
            return
        self.size = window.width, keyboard_height(window.height)
        self.pos = 0, 0
        self.refresh(True)

    def refresh(self, force: bool = False) -> None:
        """Kivy's keys made again (`force`: their places too) for the keyboard's size."""
        super().refresh(force)
        self._keys_size = (float(self.width), float(self.height))

    def on_parent(self, _widget: Any, parent: Any) -> None:
        if parent is None:
            # Kivy takes the keyboard off and puts it back when another field is tapped:
            # the screen drops only if it is still off at the next frame.
            Clock.schedule_once(self._drop_if_closed)

    def _drop_if_closed(self, *_args: Any) -> None:
        if self.parent is None:
            self._drop()

    def _lift(self) -> None:
        """Show the whole field just above the keyboard: scroll its list to it, then lift
        the app's screens, no more than needed. A field already in view (another name
        tapped while typing) moves nothing: the layout never jumps under the finger."""
        root = App.get_running_app().root if App.get_running_app() else None
        target = self.target
        window = self.get_parent_window()
        if root is None or target is None or target.get_root_window() is None or window is None:
            return
        lift = self._lifted[1] if self._lifted is not None and self._lifted[0] is root else 0.0
        # Where the field sits with nothing lifted: the screen follows the root only at
        # its next layout, so the lift still on screen is the screen's own offset.
        screen = getattr(root, "current_screen", None) or root
        moved = _scroll_into_list(target)
        bottom, top = _span(target)
        field_y = bottom - screen.y + moved
        lowest, highest = self.top + dp(GAP_DP), window.height - (top - bottom)
        if field_y + lift < lowest:
            lift = lowest - field_y
        elif field_y + lift > highest:
            lift = max(0.0, highest - field_y)
        # A row the keyboard's edge cuts in two (the next seat, its one-tap name) is covered
        # whole: lifted whole above it instead, the top bar would be cut in its turn.
        cover = _cut_row(target, self.top - lift, screen.y - moved)
        self._lift_to(root, lift)
        self.cover = cover

    def _lift_to(self, root: Any, lift: float) -> None:
        self._drop()
        if lift > 0:
            root.y += lift
            self._lifted = (root, lift)

    def _draw_band(self, *_args: Any) -> None:
        self._band.pos = 0, self.height
        self._band.size = self.width, self.cover

    def collide_point(self, x: float, y: float) -> bool:
        """On the keys, or on the band covering a cut row (a tap there types nothing)."""
        local_x, local_y = self.to_local(x, y)
        return bool(0 <= local_x <= self.width and 0 <= local_y <= self.height + self.cover)

    def _drop(self) -> None:
        self.cover = 0.0
        if self._lifted is not None:
            root, lift = self._lifted
            self._lifted = None
            root.y -= lift

    # ---- typing ----------------------------------------------------------------------------
    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            # A key tapped is not a tap "elsewhere": the field keeps its focus.
            FocusBehavior.ignored_touch.append(touch)
        return bool(super().on_touch_down(touch))

    def process_key_up(self, touch: Any) -> None:
        pressed = touch.ud.get(self.uid, {}).get("key")
        super().process_key_up(touch)
        if pressed is None:
            return
        special = pressed[0][2]
        if special == CLOSE:
            self._close()
        elif special == "capslock":
            self._by_hand = True
            self.refresh_active_keys_layer()
        elif special == "spacebar" or not self._by_hand:
            self._by_hand = False  # a new word: its first letter is a capital again
            self._set_capitals(starts_word(self._target_text()))
        elif special != "backspace":
            self._set_capitals(False)  # the shift key's capital was for one letter

    def _close(self) -> None:
        """The field lets go of its focus: Kivy takes the keyboard off, the screen drops."""
        target = self.target
        if target is not None and getattr(target, "focus", False):
            target.focus = False

    def _target_text(self) -> str:
        return str(getattr(self.target, "text", "") or "")

    def _set_capitals(self, on: bool) -> None:
        """Capitals for the next letter only (the shift key turns them on or off)."""
        if on == bool(getattr(self, "have_capslock", False)):
            return
        self.have_capslock = on
        if on:
            self.active_keys[-1] = SHIFT_KEY
        else:
            self.active_keys.pop(-1, None)
        if f"LINE_{ROWS}" in self.layout_geometry:  # else drawn with the keys, once laid out
            self.refresh_active_keys_layer()

    def refresh_active_keys_layer(self) -> None:
        """Keys held down as Kivy draws them; the shift key lit while capitals are on."""
        super().refresh_active_keys_layer()
        line = self.layout_geometry.get(f"LINE_{SHIFT_KEY[0]}")
        if not line or not getattr(self, "have_capslock", False):
            return
        (x, y), (w, h) = line[SHIFT_KEY[1]]
        with self.active_keys_layer:
            Color(*theme.ACCENT)
            Rectangle(pos=(x, y), size=(w, h))

    def draw_keys(self) -> None:
        """Kivy's keys; the lit shift key's arrow dark, to read on the light key; the enter
        key says Next on a form's field that has a next one (Done there moves on to it)."""
        super().draw_keys()
        dark = bool(getattr(self, "have_capslock", False))
        for label in self.children:
            if label.text == "\u21e7":
                label.color = theme.BACKGROUND if dark else theme.TEXT
        self._name_enter()

    def _name_enter(self) -> None:
        moves_on = getattr(self.target, "next_field", lambda: None)() is not None
        for label in self.children:
            if label.text in (DONE, NEXT):
                label.text = NEXT if moves_on else DONE
