"""How big the app's window is: the whole display unless a window size was asked for.

`companion app` fills the display by default (the Pi's touchscreen, a TV, a laptop);
`--size WxH` opens a window of that size instead and is remembered in the settings,
so the next start opens the same window; `--fullscreen` goes back to filling the
display (and is remembered too). A pure function of the command line and the settings:
Kivy is configured from its answer before it is imported.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.ui.settings import AppSettings

#: The size a window opens at when filling the display is switched off without a size
#: (and the width and height Kivy is given while it fills the display).
DEFAULT_WINDOW = (800, 480)
SMALLEST = (320, 240)
LARGEST = (7680, 4320)


class WindowSizeError(ValueError):
    """A window size the app cannot open, in one sentence."""


@dataclass(frozen=True)
class WindowChoice:
    """Fill the display, or a window of `size` (width, height in pixels)."""

    fill: bool
    size: tuple[int, int] = DEFAULT_WINDOW

    def describe(self) -> str:
        return "the whole display" if self.fill else f"a {self.size[0]}x{self.size[1]} window"


def window_size(text: str, where: str = "--size") -> tuple[int, int]:
    """`WIDTHxHEIGHT` read as two whole numbers of pixels, else WindowSizeError."""
    try:
        width, height = (int(part) for part in text.strip().lower().split("x"))
    except ValueError:
        raise WindowSizeError(f"{where} takes WIDTHxHEIGHT, such as 800x480, "
                              f"not {text!r}.") from None
    if not (SMALLEST[0] <= width <= LARGEST[0] and SMALLEST[1] <= height <= LARGEST[1]):
        raise WindowSizeError(f"{where} {text} is not a screen size: from "
                              f"{SMALLEST[0]}x{SMALLEST[1]} to {LARGEST[0]}x{LARGEST[1]}.")
    return width, height


def choose_window(size: str | None, fullscreen: bool,
                  settings: AppSettings) -> tuple[WindowChoice, AppSettings]:
    """The window this start opens, and the settings that remember it for the next.

    `--size` gives a window (remembered), `--fullscreen` fills the display (remembered);
    neither: what the settings remember, and with nothing remembered, the whole display.
    Both at once is a WindowSizeError. A remembered size that cannot be read fills the
    display."""
    if size is not None and fullscreen:
        raise WindowSizeError("--size asks for a window and --fullscreen for the whole "
                              "display: use one or the other.")
    if size is not None:
        width, height = window_size(size)
        return (WindowChoice(False, (width, height)),
                replace(settings, window=f"{width}x{height}", fullscreen=False))
    if fullscreen:
        return WindowChoice(True), replace(settings, window="", fullscreen=True)
    if settings.fullscreen or not settings.window:
        return WindowChoice(True), settings
    try:
        return WindowChoice(False, window_size(settings.window)), settings
    except WindowSizeError:
        return WindowChoice(True), settings


def graphics(choice: WindowChoice, bare_screen: tuple[int, int] | None) -> dict[str, str]:
    """Kivy's `graphics` settings for `choice`. Filling the display is SDL's fullscreen,
    except on an X screen with no window manager (`bare_screen`, its size: ui/xdisplay.py),
    where nobody would grant it: a borderless window of the screen's size at its corner.

    >>> graphics(WindowChoice(True), (1024, 600))["borderless"]
    '1'
    >>> graphics(WindowChoice(False, (800, 480)), (1024, 600))["width"]
    '800'
    """
    if choice.fill and bare_screen is not None:
        width, height = bare_screen
        return {"width": str(width), "height": str(height), "fullscreen": "0",
                "borderless": "1", "position": "custom", "left": "0", "top": "0"}
    width, height = choice.size
    return {"width": str(width), "height": str(height),
            "fullscreen": "auto" if choice.fill else "0"}
