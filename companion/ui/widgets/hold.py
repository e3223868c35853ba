"""Hold-to-peek: a seat badge that opens its owner's private panel on a long press.

A short tap does nothing private (a finger brushing a badge never shows a
secret): it dispatches `on_tap`, as a tap on the rest of the seat's card does; a press
held `HOLD_SECONDS` without sliding off dispatches `on_hold`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.ui.widgets import SeatBadge
from companion.ui.widgets.touch import TAP_SLOP, holding_list, moved

HOLD_SECONDS = 0.6


class HoldBadge(SeatBadge):
    """A seat badge that dispatches `on_hold` after a long press."""

    seat = StringProperty("")
    hold_seconds = NumericProperty(HOLD_SECONDS)
    pressed = BooleanProperty(False)  # a finger is on it: outlined from the next frame

    def __init__(self, **kwargs: Any) -> None:
        self.register_event_type("on_hold")
        self.register_event_type("on_tap")
        super().__init__(**kwargs)
        self._pending: Any = None
        self._touch: Any = None  # the finger on the badge

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.disabled or not self.seat:
            return bool(super().on_touch_down(touch))
        touch.grab(self)
        self._cancel()
        self._touch = touch
        self.pressed = True
        # A scroll view hands a still finger to its children only after its scroll timeout:
        # count the hold from when the finger came down, not from now.
        held = max(0.0, time.time() - touch.time_start) if touch.time_start else 0.0
        self._pending = Clock.schedule_once(self._held, max(0.0, self.hold_seconds - held))
        return True

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is self:
            if moved(touch) > TAP_SLOP:  # a swipe: not a hold, and the seat list scrolls
                touch.ungrab(self)
                self._cancel()
                self.pressed = False
                scroll = holding_list(self)
                if scroll is not None:
                    scroll.adopt(touch, self.parent.to_window(*touch.pos))
            elif not self.collide_point(*touch.pos):
                self._cancel()  # slid off: not a hold
                self.pressed = False
            return True
        return bool(super().on_touch_move(touch))

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            tapped = self._pending is not None and self.collide_point(*touch.pos) \
                and moved(touch) <= TAP_SLOP  # a swipe that came whole (the app busy) is no tap
            self._cancel()  # released early: a short tap does nothing private
            self.pressed = False
            if tapped:
                self.dispatch("on_tap")
            return True
        return bool(super().on_touch_up(touch))

    def _held(self, _dt: float) -> None:
        # Still pressed and on the badge: lifting or sliding off cancels this event. Kivy runs
        # this before it hands over moves that came while the app was busy: a finger that
        # has slid on meanwhile is a swipe, not a hold.
        touch = self._touch
        if touch is not None and moved(touch) > TAP_SLOP:
            self._pending = None
            self.pressed = False
            return
        self._pending = None
        self.pressed = False
        self.dispatch("on_hold")

    def _cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def on_hold(self) -> None:
        """Dispatched after a long press; the seat row opens the private panel."""

    def on_tap(self) -> None:
        """Dispatched after a short tap; the seat row opens the seat's public page."""


Builder.load_file(str(Path(__file__).with_name("hold.kv")))
