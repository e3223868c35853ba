"""Every tap lands where the finger was: one button rule and one scrolling list for the app.

- A touch that moves more than `TAP_SLOP` is a swipe, never a tap: a button it started on
  lets go of it (no action) and the list holding the button scrolls with the finger
  instead (`SteadyTap`, mixed into every button of the app).
- A touch on a list that is still moving (a flick's glide, a bounce at its end) or that
  stopped less than `SETTLE` seconds ago only stops the list: the content under the
  finger is not where the player aimed (`TableScroll`, every scrolling list of the app).
  A glide ends quickly (`EdgeStopEffect`: within a second of the hardest flick, at any
  frame rate), so the list a player looked at is the list their finger lands on.

- A list whose tap is being worked on takes no tap until the result is drawn, nor a touch
  that went down before it was (`TapGate`): a second tap on a slow step never lands on a
  button that arrived under the finger. A touch held back that way shows it: the button
  under it dims until the list takes taps again (`show_held_back`), so the player sees the
  touch was felt and waits, instead of thinking the app froze and tapping again.

- A touch is measured from where the finger went down, also when the app was busy: Kivy
  moves a touch's origin along with every move that arrives before the touch is handed
  over (`keep_where_it_went_down`), so a swipe made while a step was worked on reached the
  lists as a still touch where it ended, and the card there opened (try xp16, finding 1).

Kivy's ScrollView tells a scroll from a tap by distance within a timeout (20 sp in
250 ms by default): a finger that rests on a button for a quarter of a second and then
swipes fired the button, and a tap on a gliding list was sent to whatever was under it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from kivy.clock import Clock
from kivy.effects.dampedscroll import DampedScrollEffect
from kivy.input.motionevent import MotionEvent
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import ScreenManager
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

#: How far a finger may slide and still tap (Android's touch slop is 8 dp).
TAP_SLOP = dp(10)
#: Seconds after a list stops under a finger (or stops gliding) before a tap counts.
SETTLE = 0.3
#: Seconds after a tap's result is drawn before the buttons it brought take a tap: a finger
#: already on its way (a player re-tapping a step that looked missed) aimed at the old ones.
ARRIVAL = 0.12
#: ARRIVAL when the result hands the moment to another seat: the second tap of a double
#: tap (a few tenths of a second apart) would otherwise land on the next seat's button at
#: the same place ("End Pia's turn", then "End Nora's turn"; a pass, then the next pass).
SEAT_ARRIVAL = 0.45
#: SEAT_ARRIVAL when the step hands the list to another seat, or brings buttons it did not
#: offer to the list's top: a slow double tap (0.6 s) on "End Wostochny's preparation turn"
#: played the next seat's technology action, the main action in the same bar (try 30), and
#: one on "Gain 6 credits" deployed a ship that came where it was (try 31). The player
#: reads the new buttons first anyway.
HAND_OVER = 0.8
#: Seconds a tap's work may take on a loaded core before the screen it brings is up (a
#: screen shown later than this after the last touch came by itself).
TAP_WORK = 3.0
#: Seconds a button under a touch held back stays dimmed at least (and at most, however
#: long the list still waits): long enough to be seen, short enough not to read as "off".
HELD_BACK_SHOWN = (0.3, 0.6)
#: Frames a held row is looked at after the content stops moving (a layout settles over a
#: frame or two).
PLACING_FRAMES = 3
MOST_PLACING_FRAMES = 30
#: Pixels of a list's content past its edge that do not count as "more" (rounding).
EDGE_SLACK = 2.0
#: A glide's friction, per Kivy's standard frame (its `std_dt`, 1/60 s): the speed left
#: after one second is exp(-GLIDE_FRICTION / std_dt), about 0.3 % (Kivy's 0.05 left 5 %,
#: and a flick glided on for 2.7 s: a player looked at the list, tapped, and the row they
#: aimed at had slid a row on: try 11, 27).
GLIDE_FRICTION = 0.1
#: A glide slower than this (dp a second) stops: a flick of 4,000 px/s ends within 0.9 s,
#: before a player has looked and tapped (Kivy's 0.5 px/s crept on for a second more).
GLIDE_STOP_DP = 40


def moved(touch: Any) -> float:
    """How far the touch is from where it went down: as last handed over (both in the same
    frame), or further as its moves have arrived and wait to be handed over (the app busy)."""
    dx, dy = touch.x - touch.ox, touch.y - touch.oy
    return max(float((dx * dx + dy * dy) ** 0.5), _moved_meanwhile(touch))


def _moved_meanwhile(touch: Any) -> float:
    """The distance in window pixels from where the touch went down to where its provider
    has moved it now, handed over or not."""
    from kivy.core.window import Window

    if touch.osx is None or touch.sx is None:
        return 0.0
    dx = (touch.sx - touch.osx) * Window.width
    dy = (touch.sy - touch.osy) * Window.height
    return float((dx * dx + dy * dy) ** 0.5)


def keep_where_it_went_down() -> None:
    """Every touch keeps its origin where the finger went down. Kivy (2.1 on) moves the
    origin with each move that comes before the touch's first hand-over: a swipe made while
    the app was busy arrived whole, as a touch that "went down" where it ended."""
    depack = MotionEvent.depack
    if getattr(depack, "keeps_origin", False):
        return

    def depack_keeping_origin(event: Any, args: Any) -> None:
        origin = (event.osx, event.osy, event.osz)
        depack(event, args)
        if origin[0] is not None:
            event.osx, event.osy, event.osz = origin

    depack_keeping_origin.keeps_origin = True  # type: ignore[attr-defined]
    MotionEvent.depack = depack_keeping_origin  # type: ignore[method-assign]


keep_where_it_went_down()


def holding_list(widget: Widget) -> TableScroll | None:
    """The nearest scrolling list holding `widget`, if any."""
    parent, seen = widget.parent, set()
    while parent is not None and id(parent) not in seen:
        if isinstance(parent, TableScroll):
            return parent
        seen.add(id(parent))
        parent = parent.parent
    return None


class SteadyTap:
    """Mixed in before ButtonBehavior: a press that slides beyond TAP_SLOP is let go of,
    with no release, and its swipe scrolls the list holding the button."""

    def on_touch_down(self, touch: Any) -> bool:
        scroll = holding_list(self)  # type: ignore[arg-type]
        if scroll is not None and scroll.unsettled() and self.collide_point(*touch.pos):  # type: ignore[attr-defined]
            return True  # the list is moving: this touch only stops it
        return bool(super().on_touch_down(touch))  # type: ignore[misc]

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is self and moved(touch) > TAP_SLOP:
            self._let_go(touch)
            scroll = holding_list(self)  # type: ignore[arg-type]
            if scroll is not None:
                scroll.adopt(touch, self.parent.to_window(*touch.pos))  # type: ignore[attr-defined]
            return True
        return bool(super().on_touch_move(touch))  # type: ignore[misc]

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self and moved(touch) > TAP_SLOP:
            self._let_go(touch)
            return True
        return bool(super().on_touch_up(touch))  # type: ignore[misc]

    def _let_go(self, touch: Any) -> None:
        touch.ungrab(self)
        self._do_release()  # type: ignore[attr-defined]  # back to normal, no on_release


class TapGate:
    """Mixed into a layout: while a tap it took is worked on (`close`), touches on it are
    taken and dropped; once the result is drawn (`open` waits for the next frame), a touch
    that went down before then, or less than ARRIVAL seconds after (SEAT_ARRIVAL when the
    result hands the moment to another seat), is dropped too.

    A list defers a still touch's press to its release (ScrollView's tap detection), so the
    touch's start time, not the moment its press arrives, says what the finger aimed at."""

    _opened_at = 0.0  # when the gate takes touches again (inf: a tap is worked on)
    _opening = False
    _arrival = ARRIVAL  # the next opening's wait after its frame

    def close(self) -> None:
        self._opened_at = float("inf")
        self._opening = False  # a frame already asked for does not open it

    @property
    def working(self) -> bool:
        """A tap is being worked on, or the gate waits for its result's frame."""
        return self._opened_at == float("inf")

    def hold_after_arrival(self, seconds: float) -> None:
        """The next opening takes touches only `seconds` after its frame (not ARRIVAL); of
        several asked before it opens (a new seat's list with new offers), the longest."""
        self._arrival = max(self._arrival, seconds)

    def open(self) -> None:
        """Take taps again once the frame now being prepared is on the glass."""
        if self._opened_at != float("inf") or self._opening:
            return
        from kivy.core.window import Window

        def drawn(*_args: Any) -> None:
            Window.unbind(on_flip=drawn)
            if self._opening:
                self._opening = False
                self._opened_at = time.time() + self._arrival
                self._arrival = ARRIVAL

        self._opening = True
        Window.bind(on_flip=drawn)
        Window.canvas.ask_update()  # a frame comes even when nothing else changed

    @property
    def closed(self) -> bool:
        """A tap is being worked on, or its result has only just been drawn."""
        return time.time() < self._opened_at

    def refuses(self, touch: Any) -> bool:
        return bool(touch.time_start < self._opened_at)

    def held_for(self) -> float:
        """Seconds a touch held back now shows: until the gate takes taps again, within
        HELD_BACK_SHOWN (a tap being worked on: the shortest)."""
        least, most = HELD_BACK_SHOWN  # read here: a test may lengthen it
        left = self._opened_at - time.time()
        return least if left == float("inf") else min(max(left, least), most)

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos) and self.refuses(touch):  # type: ignore[attr-defined]
            show_held_back(self, touch, self.held_for())  # type: ignore[arg-type]
            return True
        return bool(super().on_touch_down(touch))  # type: ignore[misc]


def show_held_back(root: Widget, touch: Any, seconds: float) -> None:
    """Dim the button under a touch `root` held back for `seconds` (its `hold_back`): the
    deepest one that shows, in `root`'s own coordinates as its touches come."""
    x, y = root.to_window(*touch.pos)
    hit = None
    for widget in root.walk(restrict=True):
        if hasattr(widget, "hold_back") and widget.opacity > 0 and not widget.disabled \
                and widget.collide_point(*widget.to_widget(x, y)):
            hit = widget  # walked parents first: the last one hit is the deepest
    if hit is not None:
        hit.hold_back(seconds)


class ScreenGate(TapGate, ScreenManager):
    """The app's screens: once another screen is shown, a touch that went down before it
    was drawn, or less than ARRIVAL seconds after, is dropped (and dims the button under
    it). A tap that opens a screen can take a while to make it on a slow core; a second
    tap made meanwhile aimed at the old screen, and Kivy hands it over only once the new
    one is up: it landed on whatever the new screen had there (try 17, 1: a game's long
    list at Large took 4 s to make, and the tap queued meanwhile picked from it)."""

    #: When a finger last went down on a screen (a screen that a tap brings up holds its
    #: buttons longer: `on_current`).
    _touched_at = float("-inf")

    def on_touch_down(self, touch: Any) -> bool:
        self._touched_at = time.time()
        return super().on_touch_down(touch)

    def on_current(self, instance: Any, value: Any) -> None:
        """Another screen: it takes touches again ARRIVAL after its first frame, or
        SEAT_ARRIVAL when a tap brought it up (a card's Resolve, then the table with the
        next draw where the finger had been: its second tap, the old screen still shown a
        second on a loaded core, drew the next card unseen; try 20, finding 3)."""
        super().on_current(instance, value)
        self.close()
        if time.time() - self._touched_at < TAP_WORK:
            self.hold_after_arrival(SEAT_ARRIVAL)
        self.open()


class GatedBox(BoxLayout):
    """A box elsewhere on screen that takes a tap only when its `gate` does (the actions
    list's pinned main action follows the list)."""

    gate = ObjectProperty(None, allownone=True)

    def on_touch_down(self, touch: Any) -> bool:
        if self.gate is not None and self.collide_point(*touch.pos) \
                and self.gate.refuses(touch):
            show_held_back(self, touch, self.gate.held_for())
            return True
        return bool(super().on_touch_down(touch))


class EdgeStopEffect(DampedScrollEffect):
    """Kivy's bounce at a list's end, stopping at the end it springs back to.

    Kivy's own springs back past the edge when the pull was long: the speed the spring
    gave it carries on as a glide, and the list comes to rest part way back (a new
    player's swipe at the end of a seat's page left its last box cut in half, and a second
    swipe did the same: try 8, findings 13 and 36)."""

    # Kivy's own properties (for the type checker: Kivy ships no types).
    value: float
    min: float
    max: float
    overscroll: float
    velocity: float
    is_manual: bool
    friction: float
    std_dt: float

    def __init__(self, **kwargs: Any) -> None:
        self._was_over = False
        kwargs.setdefault("min_velocity", dp(GLIDE_STOP_DP))
        super().__init__(**kwargs)

    def update_velocity(self, dt: float) -> None:
        """Kivy's glide step, its friction as the decay the step's time really takes: Kivy
        takes `friction * dt / std_dt` of the speed off, past all of it on a frame slower
        than a sixth of a second (a loaded Pi), so the list turned back or swung on; here
        the same glide at every frame rate, never backwards."""
        decay = GLIDE_FRICTION / float(self.std_dt)  # per second
        self.friction = (float(self.std_dt) / dt * (1.0 - math.exp(-decay * dt))
                         if dt > 0 else GLIDE_FRICTION)
        super().update_velocity(dt)

    def on_overscroll(self, *args: Any) -> None:
        back_in = self._was_over and not self.overscroll and not self.is_manual
        self._was_over = bool(self.overscroll)
        if back_in:
            self.velocity = 0
            low, high = sorted((self.min, self.max))
            self.value = low if abs(self.value - low) < abs(self.value - high) else high
        super().on_overscroll(*args)


class TableScroll(ScrollView):
    """A vertical list that scrolls after TAP_SLOP and never turns a stopping touch into a
    tap on what glided under the finger."""

    effect_cls = ObjectProperty(EdgeStopEffect, allownone=True)

    #: Seconds after the list stops before a tap counts again (SETTLE).
    settle = NumericProperty(SETTLE)
    #: Rows are out of view below (or above) the list's edge: the edge fades and the bar
    #: stays drawn (widgets.kv), so a row cut by the edge reads as "more below", never as
    #: the list's end (a half row at the bottom was taken for cut text, or missed).
    more_below = BooleanProperty(False)
    more_above = BooleanProperty(False)
    scroll_y: float  # Kivy's own property (for the type checker: Kivy ships no types)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("do_scroll_x", False)
        kwargs.setdefault("scroll_distance", TAP_SLOP)
        super().__init__(**kwargs)
        self._stopped_at = -SETTLE
        self._from_top = 0.0  # pixels of content scrolled past the top edge
        self.fbind("scroll_y", self._note_place)
        self.fbind("scroll_y", self._note_edges)
        self.fbind("height", self._note_edges)
        # The list grows or shrinks (a bar under it wraps to two lines): its rows stay where
        # they were under its top edge, not shifted by Kivy's scroll fraction.
        self.fbind("height", self._keep_place)
        self._fingers: set[Any] = set()  # touches that went down on this list, not lifted
        self._room_kept = False  # content folding away keeps the rows in view in place
        self._room = 0.0  # pixels of padding added at the content's end for that
        self._waiting: dict[str, Callable[[], None]] = {}  # re-layouts held back
        self._flush = Clock.create_trigger(self._run_waiting, 0.05)
        #: A row held in place while the content is laid out again: (row, pixels below the
        #: list's top edge, or None for "just seen"), till the layout is still, a finger
        #: scrolls or the row leaves.
        self._anchor: tuple[Widget, float | None] | None = None
        self._whole = False  # the held row is scrolled to just enough to show it whole
        self._placing = 0  # frames left to place the anchor while the layout settles
        self._still = 0  # frames in a row the anchor was found in its place

    def busy(self) -> bool:
        """A finger is on the list, or the list is moving or has just stopped."""
        return bool(self._fingers) or self.unsettled()

    def when_still(self, key: str, relayout: Callable[[], None]) -> None:
        """Run `relayout` now, or once no finger is on the list and it has settled: buttons
        never move under a finger. A newer re-layout under the same `key` replaces one
        still waiting."""
        if not self.busy() and not self._waiting:
            relayout()
            return
        self._waiting[key] = relayout
        self._flush()

    @property
    def waiting(self) -> bool:
        """A re-layout is held back until the list is still, or a row is being put back in
        its place while the new content is laid out."""
        return bool(self._waiting) or self._placing > 0

    def below_top(self, widget: Widget) -> float:
        """How far the top of `widget` (a row of the list) is under the list's top edge."""
        top = self.to_window(self.x, self.top)[1]
        return float(top - widget.to_window(widget.x, widget.top)[1])

    def keep_in_view(self, widget: Widget, below_top: float | None = None) -> None:
        """Put `widget` (a row of the list) `below_top` pixels under the list's top edge, or
        with None just in view (its top, and its first 60 dp at least): where it is if it
        shows, else from the list's top if it shows there, else at the top edge. It stays
        there while the content is laid out again."""
        self._anchor, self._whole = (widget, below_top), False
        self._placing, self._still = MOST_PLACING_FRAMES, 0
        self._place()

    def keep_room(self, keep: bool) -> None:
        """With `keep`, content that shrinks (a part folded away under a finger) gets room at
        its end instead of pulling the rows down: what is in view stays where it is. Without
        it, any room kept so far is given back (a new step's rows)."""
        self._room_kept = keep
        content = self._viewport
        if not keep and self._room and content is not None:
            left, top, right, bottom = content.padding
            content.padding = (left, top, right, bottom - self._room)
            self._room = 0.0

    def _make_room(self, short: float) -> bool:
        """Room of `short` pixels at the content's end, if a fold asked to keep its place."""
        content = self._viewport
        if not self._room_kept or content is None or short <= EDGE_SLACK:
            return False
        left, top, right, bottom = content.padding
        content.padding = (left, top, right, bottom + short)
        self._room += short
        return True

    def scroll_whole_into_view(self, widget: Widget) -> None:
        """Scroll just enough for `widget` (a row just added under the rows in view) to
        show whole, once laid out: a short scroll, its top kept in view if it is taller
        than the list. Not while a finger is on the list; one coming down stops it."""
        if self._fingers:
            return
        self.keep_in_view(widget)
        self._whole = True

    def _place(self) -> None:
        """Place the held row after the next frame is drawn (a layout done in the meantime:
        Kivy's layouts settle over a frame or two, and a frame is drawn for this one)."""
        from kivy.core.window import Window

        Window.funbind("on_flip", self._place_anchor)
        Window.fbind("on_flip", self._place_anchor)
        Window.canvas.ask_update()

    def _place_anchor(self, *_args: Any) -> None:
        from kivy.core.window import Window

        Window.funbind("on_flip", self._place_anchor)
        content = self._viewport
        if self._anchor is None or content is None or self._finger() is not None \
                or holding_list(self._anchor[0]) is not self:
            self._anchor, self._placing = None, 0
            return
        widget, below = self._anchor
        spare, place = self._spare(), self._from_top
        distance = content.top - widget.top  # the row's top under the content's top
        if below is not None:
            place = distance - below
        elif self._whole:  # the least scroll that shows it whole (its top, if too tall)
            place = min(max(place, distance + widget.height + dp(10) - self.height), distance)
        elif distance < place or distance + min(widget.height, dp(60)) > place + self.height:
            # Out of view, or its start below the fold: the list from its top if it shows
            # there, else the row at the top edge.
            fits = distance + min(widget.height, dp(60)) <= self.height
            place = 0.0 if fits else distance
        target = 1.0 - min(max(place, 0.0), spare) / spare if spare else 1.0
        if abs(target - float(self.scroll_y)) > 1e-6:
            if self.effect_y is not None:
                self.effect_y.velocity = 0
            self.scroll_y = target
            self._update_effect_bounds()
            self._still = 0  # the layout is still moving: look again next frame
        else:
            self._still += 1
        self._placing -= 1
        if self._placing > 0 and self._still < PLACING_FRAMES:
            self._place()
        else:  # laid out: from here on the list keeps its place as any change does
            self._anchor, self._placing = None, 0

    def _run_waiting(self, *_args: Any) -> None:
        if self.busy():
            self._flush()
            return
        waiting, self._waiting = self._waiting, {}
        for relayout in waiting.values():
            relayout()

    def _lifted(self, _window: Any, touch: Any) -> None:
        """A finger left the glass: the window lets go of the list once none is on it (it
        held the list, and through it the screen it is on, for as long as it is bound)."""
        self._fingers.discard(touch.uid)
        if not self._fingers:
            from kivy.core.window import Window

            Window.funbind("on_touch_up", self._lifted)

    def add_widget(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        super().add_widget(widget, *args, **kwargs)
        widget.fbind("height", self._keep_place)
        widget.fbind("height", self._note_edges)
        self._note_edges()

    def _note_edges(self, *_args: Any) -> None:
        spare = self._spare()
        place = 1.0 - min(1.0, max(0.0, float(self.scroll_y)))
        self.more_below = spare > EDGE_SLACK and (1.0 - place) * spare > EDGE_SLACK
        self.more_above = spare > EDGE_SLACK and place * spare > EDGE_SLACK

    def _finger(self) -> Any:
        """The touch scrolling this list now (Kivy's own attribute), if any."""
        return getattr(self, "_touch", None) or None

    def _spare(self) -> float:
        return max(0.0, self._viewport.height - self.height) if self._viewport else 0.0

    def _note_place(self, *_args: Any) -> None:
        self._from_top = (1.0 - min(1.0, max(0.0, self.scroll_y))) * self._spare()

    def _keep_place(self, *_args: Any) -> None:
        """The content grew or shrank (a list rebuilt, a line hidden): what is above the
        change stays where it was on the glass, with no bounce; only when the content is
        now too short does it move, as little as it can."""
        if self._finger() is not None:
            return  # a finger holds the list: it follows the finger
        if self._anchor is not None:
            self._placing, self._still = max(self._placing, PLACING_FRAMES), 0
            self._place()  # a row is held in place: once laid out, it goes back there
            return
        spare, place = self._spare(), self._from_top
        if place > spare and self._make_room(place - spare):
            return  # the content grows by that room, and this runs again
        if self.effect_y is not None:
            self.effect_y.velocity = 0
        self.scroll_y = 1.0 - min(place, spare) / spare if spare else 1.0
        self._update_effect_bounds()

    def _bind_inactive_bar_color(self, *_args: Any) -> None:
        """Half a second after the list last moved, its bar dims in one step (Kivy's own
        fades it over half a second: every list's content change, each command's, started
        that fade, and its 30 frames, 15 to 30 ms each under software GL on one core, were
        drawn in the next tap). Kivy 2.3's own method, without its Animation."""
        self.funbind("bar_color", self._change_bar_color)
        self.fbind("bar_inactive_color", self._change_bar_color)
        self._bar_color = self.bar_inactive_color

    def unsettled(self) -> bool:
        """The content is still moving, or stopped less than SETTLE seconds ago."""
        effect = self.effect_y
        if effect is not None and (abs(effect.velocity) > 0 or abs(effect.overscroll) > 0.5):
            self._stopped_at = Clock.get_time()
        return Clock.get_time() - self._stopped_at < self.settle

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos) and not touch.is_mouse_scrolling:
            if not self._fingers:
                from kivy.core.window import Window

                Window.funbind("on_touch_up", self._lifted)
                Window.fbind("on_touch_up", self._lifted)
            self._fingers.add(touch.uid)
        if self.collide_point(*touch.pos):
            self._anchor, self._placing = None, 0  # the finger decides where the list is
        unsettled = self.collide_point(*touch.pos) and self.unsettled()
        taken = bool(super().on_touch_down(touch))
        state = touch.ud.get(self._get_uid())
        if unsettled and isinstance(state, dict):
            state["user_stopped"] = True  # Kivy's own flag: a touch that stops a scroll
        return taken

    def on_touch_up(self, touch: Any) -> bool:
        state = touch.ud.get(self._get_uid())
        if isinstance(state, dict) and state.get("mode") == "scroll" and self._touch is touch:
            self._stopped_at = Clock.get_time()
        return bool(super().on_touch_up(touch))

    def show_start(self) -> None:
        """The list from its start, held there while the content is laid out again."""
        if self._viewport is not None:
            self.keep_in_view(self._viewport, 0.0)

    def bring_into_view(self, widget: Widget) -> None:
        """Scroll just enough for `widget` (a row of this list) to be seen whole: the seat
        list follows the active player (Kivy's scroll_to, once the layout is done)."""
        if widget.parent is None:
            return
        content = self.children[0] if self.children else None
        if content is not None and content.height <= self.height:
            # Everything fits: the list stays at its top. (Kivy's scroll_to would move a
            # short list down, leaving a gap over its first row that jumps on each turn.)
            self.scroll_y = 1
            return
        if widget.height + 8 > self.height:  # taller than the list: its start, its name
            self.keep_in_view(widget, 0.0)
            return
        self.scroll_to(widget, padding=4, animate=False)
        self._no_row_cut_at_top(content, widget)

    def _no_row_cut_at_top(self, content: Widget, widget: Widget) -> None:
        """After a scroll to `widget`: a row the list's top edge cuts in half (try 9, s093:
        the seat above the active one, its name half hidden) is shown whole if `widget`
        stays whole, else scrolled out of view above it."""
        spare = content.height - self.height
        if spare <= 0:
            return
        bottom = self.scroll_y * spare  # the view, in the content's own heights
        top = bottom + self.height
        start, end = widget.y - content.y, widget.top - content.y
        cut = next(((row.y - content.y, row.top - content.y) for row in content.children
                    if row.y - content.y + EDGE_SLACK < top < row.top - content.y - EDGE_SLACK),
                   None)
        if cut is None:
            return
        if cut[1] - self.height <= start + EDGE_SLACK:  # the cut row whole, `widget` too
            # (never `widget` cut by the slack: at a list's end with room under it, the
            # acting seat's card lost its last 2 px)
            bottom = min(cut[1] - self.height, start)
        elif cut[0] >= end - EDGE_SLACK:  # the cut row out of view above `widget`
            bottom = cut[0] - self.height
        else:
            return
        self.scroll_y = min(1.0, max(0.0, bottom / spare))

    def adopt(self, touch: Any, window_pos: tuple[float, float]) -> None:
        """Take over a touch a button let go of: from here on it scrolls this list."""
        if self._finger() is not None or not self.do_scroll_y or self.effect_y is None:
            return
        _x, y = self.parent.to_widget(*window_pos) if self.parent else window_pos
        touch.grab(self)
        self._touch = touch
        touch.ud[self._get_uid()] = {"mode": "scroll", "dx": 0, "dy": 0, "user_stopped": True,
                                     "frames": Clock.frames, "time": touch.time_update}
        self._update_effect_bounds()
        self._effect_y_start_height = self.height
        self.effect_y.start(y)
        self._scroll_y_mouse = self.scroll_y
