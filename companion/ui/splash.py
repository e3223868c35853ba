"""The app's first frame: one sentence on the theme's colours, drawn at once.

`companion app` shows it right after Kivy makes its window and before the rest of the app
(its widgets, screens and the game) is imported or loaded: on one loaded Pi core that
rest took 6 to 10 s, and the window stayed black meanwhile (issue 22). This module
imports only Kivy's label, and Kivy's window (made by its import) only when the splash is
shown, so that a window is black for as little as can be; the app takes the splash away
when its first answer (the resumed dashboard, or the menu) is drawn in its place.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Rectangle
from kivy.lang import Builder
from kivy.metrics import sp
from kivy.uix.label import Label

from companion.ui.theme import SURFACE, TEXT

#: The sentence's size at the Normal text size (the settings' text size scales it).
SPLASH_FONT_SP = 26


class Splash(Label):
    """The whole window in the theme's surface colour, the sentence in its middle; it
    takes every touch while it is shown (nothing under it is ready yet)."""

    def __init__(self, words: str, text_scale: float = 1.0, **kwargs: Any) -> None:
        super().__init__(text=words, color=TEXT, halign="center", valign="middle",
                         font_size=sp(SPLASH_FONT_SP) * text_scale, **kwargs)
        with self.canvas.before:
            Color(*SURFACE)
            self._ground = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._fit, size=self._fit)
        self._fit()

    def _fit(self, *_args: Any) -> None:
        self._ground.pos, self._ground.size = self.pos, self.size
        self.text_size = (self.width * 0.85, None)

    def on_touch_down(self, touch: Any) -> bool:
        return True

    def on_touch_move(self, touch: Any) -> bool:
        return True

    def on_touch_up(self, touch: Any) -> bool:
        return True


def show_splash(words: str, text_scale: float = 1.0, rotation: int = 0) -> Splash:
    """Put the splash over the whole window (turned as the settings turn the app) and draw
    that frame now, before Kivy's loop runs (whose first frame waits for the app to be
    imported and built)."""
    from kivy.core.window import Window  # made now: black until the frame below is drawn

    Window.rotation = rotation
    splash = Splash(words, text_scale, size=Window.size)
    Window.add_widget(splash)
    splash.texture_update()  # the text now, not at the Clock's next tick
    Builder.sync()  # and the label's own drawing rule bound to it
    Window.dispatch("on_draw")
    Window.dispatch("on_flip")
    return splash


def raise_splash(splash: Splash) -> None:
    """The splash over whatever the app has put in the window since."""
    from kivy.core.window import Window

    if splash.parent is Window:
        Window.remove_widget(splash)
    Window.add_widget(splash)


def hide_splash(splash: Splash) -> None:
    from kivy.core.window import Window

    if splash.parent is Window:
        Window.remove_widget(splash)
