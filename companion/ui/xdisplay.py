"""Filling an X display that has no window manager.

SDL fills the display by asking the window manager for it (EWMH's
`_NET_WM_STATE_FULLSCREEN`). On an X server with no window manager (a kiosk started with
`startx`/`xinit` and the app alone, a bare Xvfb) nobody answers: the window stays at
Kivy's 800x480, centred, while Kivy lays the screens out for the whole display, so their
right side is cut off and taps land off target (tries 27 and 30). There the app asks for
a borderless window of the screen's own size at its top left corner instead, which is the
whole display when nothing else draws on it.

Whether a window manager runs is read the way EWMH says: the root window's
`_NET_SUPPORTING_WM_CHECK` names a window whose own property names itself (one left by a
window manager that quit names a window gone). Three Xlib calls through ctypes, written
here by hand: python-xlib, the library for speaking X from Python, cost 45 ms to import
and connect on one core here (about 180 ms of a Pi 4's 1 s cold start), libX11 (which
SDL loads anyway) about 2 ms. `XServer` is the seam; tests use a stand-in.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Protocol

#: The root window's property an EWMH window manager sets while it runs.
WM_CHECK = b"_NET_SUPPORTING_WM_CHECK"
LIBX11 = "libX11.so.6"
_XA_WINDOW = 33  # the predefined atom WINDOW (X.h)


class XServer(Protocol):
    def root(self) -> int: ...

    def window_named(self, window: int, prop: bytes) -> int | None:
        """The window a WINDOW-typed property of `window` names (None: no such property,
        or `window` does not exist)."""

    def screen_size(self) -> tuple[int, int]: ...


def on_x(env: Mapping[str, str]) -> bool:
    """SDL will draw through X: a DISPLAY, no Wayland compositor, no other video driver."""
    driver = env.get("SDL_VIDEODRIVER", "")
    return bool(env.get("DISPLAY")) and not env.get("WAYLAND_DISPLAY") \
        and driver in ("", "x11")


def bare_screen(env: Mapping[str, str] | None = None) -> tuple[int, int] | None:
    """The X screen's size in pixels when SDL will draw on X and no window manager runs
    there; None otherwise (Wayland, the console, a window manager, or X not reachable:
    then SDL's own fullscreen is used, as everywhere else)."""
    env = os.environ if env is None else env
    if not on_x(env):
        return None
    try:
        with xlib_server(env["DISPLAY"]) as server:
            return None if window_manager_runs(server) else server.screen_size()
    except OSError:  # no libX11, or the display refused us: leave it to SDL, as before
        return None


def window_manager_runs(server: XServer) -> bool:
    """EWMH's check: the root names a window that names itself."""
    named = server.window_named(server.root(), WM_CHECK)
    return named is not None and server.window_named(named, WM_CHECK) == named


@contextmanager
def xlib_server(name: str) -> Iterator[XServer]:
    """An open connection to display `name` (OSError if none), closed after."""
    lib = ctypes.CDLL(LIBX11)
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    display = lib.XOpenDisplay(name.encode())
    if not display:
        raise OSError(f"X display {name} cannot be opened")
    try:
        yield _Xlib(lib, display)
    finally:
        lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        lib.XCloseDisplay(display)


#: Xlib's error handler type: a bad window id calls it (Xlib's default one exits).
_ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)


class _Xlib:
    """The three questions asked of libX11 (Xlib.h's signatures)."""

    def __init__(self, lib: Any, display: int) -> None:
        self._lib, self._display = lib, ctypes.c_void_p(display)
        lib.XDefaultRootWindow.restype = ctypes.c_ulong
        lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        lib.XInternAtom.restype = ctypes.c_ulong
        lib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        lib.XGetWindowProperty.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long,
            ctypes.c_int, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
        lib.XSetErrorHandler.restype = ctypes.c_void_p
        lib.XSetErrorHandler.argtypes = [ctypes.c_void_p]
        lib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.XFree.argtypes = [ctypes.c_void_p]
        lib.XDefaultScreen.argtypes = [ctypes.c_void_p]
        lib.XDisplayWidth.argtypes = lib.XDisplayHeight.argtypes = [ctypes.c_void_p,
                                                                     ctypes.c_int]

    def root(self) -> int:
        return int(self._lib.XDefaultRootWindow(self._display))

    def screen_size(self) -> tuple[int, int]:
        screen = self._lib.XDefaultScreen(self._display)
        return (int(self._lib.XDisplayWidth(self._display, screen)),
                int(self._lib.XDisplayHeight(self._display, screen)))

    def window_named(self, window: int, prop: bytes) -> int | None:
        lib = self._lib
        atom = lib.XInternAtom(self._display, prop, 1)  # only if it exists
        if not atom:
            return None
        failed: list[int] = []

        def noted(_display: Any, _event: Any) -> int:
            failed.append(1)
            return 0

        handler = _ERROR_HANDLER(noted)
        previous = lib.XSetErrorHandler(ctypes.cast(handler, ctypes.c_void_p))
        kind, size, count, left = (ctypes.c_ulong(), ctypes.c_int(), ctypes.c_ulong(),
                                   ctypes.c_ulong())
        data = ctypes.c_void_p()
        try:
            status = lib.XGetWindowProperty(
                self._display, window, atom, 0, 1, 0, _XA_WINDOW, ctypes.byref(kind),
                ctypes.byref(size), ctypes.byref(count), ctypes.byref(left),
                ctypes.byref(data))
            lib.XSync(self._display, 0)  # a bad window's error comes back here
        finally:
            lib.XSetErrorHandler(previous)
        try:
            if status != 0 or failed or size.value != 32 or count.value < 1:
                return None
            # Format 32 comes back as C longs whatever the machine's word size.
            return int(ctypes.cast(data, ctypes.POINTER(ctypes.c_ulong))[0])
        finally:
            if data:
                lib.XFree(data)
