"""The app's own log lines, on stderr (the kiosk's journal keeps them).

Kivy logs at warning level only (see command.configure_kivy), so the GL renderer
it names at start is not logged; the app logs it itself, at info level, in the
form `companion doctor` reads back from the journal on a Pi
(companion/kiosk/probes.py `check_gl`): `INFO:companion.ui:GL: Renderer V3D 7.1.7.0`.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

LOGGER = "companion.ui"
FORMAT = "%(levelname)s:%(name)s:%(message)s"


def setup_logging(stream: TextIO | None = None) -> logging.Handler:
    """Send the app's info lines to `stream` (stderr); Kivy's own stay at warning."""
    log = logging.getLogger(LOGGER)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    return handler


def gl_renderer() -> str:
    """The OpenGL renderer the window draws with ('' before a window exists)."""
    try:
        from kivy.graphics.opengl import GL_RENDERER, glGetString

        raw = glGetString(GL_RENDERER)
    except Exception:  # no GL context: nothing to report, never a crash
        return ""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw or "")
    return text.strip()


def log_renderer() -> str:
    """Log the GL renderer at info level (once per start); returns it."""
    renderer = gl_renderer()
    if renderer:
        logging.getLogger(LOGGER).info("GL: Renderer %s", renderer)
    return renderer
