"""Filling an X display where no window manager runs (companion/ui/xdisplay.py): SDL's
fullscreen is only granted by a window manager, and without one the app drew itself in an
800x480 box in the middle of a 1024x600 screen, its right side cut off and taps off target
(tries 27 and 30)."""

from __future__ import annotations

import pytest

from companion.ui import xdisplay
from companion.ui.window import WindowChoice, graphics
from companion.ui.xdisplay import WM_CHECK, bare_screen, on_x, window_manager_runs

ROOT, WM = 1, 77


class StandInX:
    """An X server's answers: which window each window's WM_CHECK names."""

    def __init__(self, names: dict[int, int], size: tuple[int, int] = (1024, 600)) -> None:
        self.names, self.size = names, size

    def root(self) -> int:
        return ROOT

    def window_named(self, window: int, prop: bytes) -> int | None:
        assert prop == WM_CHECK
        return self.names.get(window)

    def screen_size(self) -> tuple[int, int]:
        return self.size


@pytest.mark.parametrize(("names", "runs"), [
    ({ROOT: WM, WM: WM}, True),   # a window manager at work
    ({}, False),                  # a bare X server (xinit with the app alone, Xvfb)
    ({ROOT: WM}, False),          # one quit: its window is gone, the root's word left
    ({ROOT: WM, WM: 5}, False),   # a window that does not name itself back
])
def test_a_window_manager_is_known_by_the_ewmh_check(names: dict[int, int],
                                                     runs: bool) -> None:
    assert window_manager_runs(StandInX(names)) is runs


def test_on_a_bare_x_screen_filling_is_a_borderless_window_of_its_size(monkeypatch) -> None:
    monkeypatch.setattr(xdisplay, "xlib_server", _serving(StandInX({}, (1280, 720))))
    bare = bare_screen({"DISPLAY": ":0"})
    assert bare == (1280, 720)
    assert graphics(WindowChoice(True), bare) == {
        "width": "1280", "height": "720", "fullscreen": "0", "borderless": "1",
        "position": "custom", "left": "0", "top": "0"}


def test_with_a_window_manager_filling_is_sdl_s_fullscreen(monkeypatch) -> None:
    monkeypatch.setattr(xdisplay, "xlib_server", _serving(StandInX({ROOT: WM, WM: WM})))
    assert bare_screen({"DISPLAY": ":0"}) is None
    assert graphics(WindowChoice(True), None) == {"width": "800", "height": "480",
                                                  "fullscreen": "auto"}
    # A window asked for stays that window, with or without a window manager.
    assert graphics(WindowChoice(False, (1024, 600)), (1280, 720)) == {
        "width": "1024", "height": "600", "fullscreen": "0"}


@pytest.mark.parametrize(("env", "x"), [
    ({"DISPLAY": ":0"}, True),
    ({"DISPLAY": ":0", "SDL_VIDEODRIVER": "x11"}, True),
    ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, False),  # the Pi's desktop
    ({"SDL_VIDEODRIVER": "kmsdrm"}, False),                      # the kiosk
    ({"DISPLAY": ":0", "SDL_VIDEODRIVER": "offscreen"}, False),
])
def test_only_x_is_asked(env: dict[str, str], x: bool) -> None:
    assert on_x(env) is x


def test_an_x_server_that_cannot_be_reached_leaves_it_to_sdl(monkeypatch) -> None:
    def refused(_name: str):
        raise OSError("X display :9 cannot be opened")

    monkeypatch.setattr(xdisplay, "xlib_server", refused)
    assert bare_screen({"DISPLAY": ":9"}) is None


def _serving(server: StandInX):
    from contextlib import contextmanager

    @contextmanager
    def opened(_name: str):
        yield server
    return opened


def test_the_real_adapter_with_no_x_server_there_leaves_it_to_sdl() -> None:
    assert bare_screen({"DISPLAY": ":987"}) is None  # libX11's own refusal, no traceback
