"""The trap explosion: full screen, flashing, a shock wave, the trap's owner and place and
what it destroyed; a tap (or a few seconds) goes back to the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.presenters.explosion import ExplosionView
from companion.ui.screens import load_layout

load_layout(__file__)

#: Back to the table by itself after this long (a tap dismisses it sooner).
SHOWN_SECONDS = 6.0


class ExplosionScreen(Screen):
    heading = StringProperty("")
    trap_text = StringProperty("")
    did = StringProperty("")
    blast = NumericProperty(0.0)  # the shock wave, 0 (start) to 1 (gone)
    flash = NumericProperty(0.0)  # the background's flash

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._timer: Any = None

    def explode(self, views: Sequence[ExplosionView]) -> None:
        """Show what the result's traps did (the first named large, any other below)."""
        first = views[0]
        self.heading, self.trap_text = first.heading, first.trap
        self.did = " ".join(v.did for v in views)
        self._animate()
        if self._timer is not None:
            self._timer.cancel()
        self._timer = Clock.schedule_once(lambda _dt: self.done(), SHOWN_SECONDS)

    def _animate(self) -> None:
        Animation.cancel_all(self)
        self.blast, self.flash = 0.0, 1.0
        wave = Animation(blast=1.0, duration=0.9, transition="out_quad") + \
            Animation(blast=0.0, duration=0)
        wave.repeat = True
        wave.start(self)
        flashes = Animation(flash=0.15, duration=0.22) + Animation(flash=1.0, duration=0.08)
        blink = flashes + flashes + Animation(flash=0.3, duration=0.5)
        blink.start(self)

    def on_touch_up(self, touch: Any) -> bool:
        if super().on_touch_up(touch):
            return True
        if self.collide_point(*touch.pos) and self.manager is not None \
                and self.manager.current == self.name:
            self.done()
            return True
        return False

    def done(self) -> None:
        app = App.get_running_app()
        # The timer may outlive its app (tests start one app after another in one window).
        if app is None or app.manager is not self.manager or self.manager.current != self.name:
            return
        app.show("dashboard")

    def on_leave(self, *_args: Any) -> None:
        Animation.cancel_all(self)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
