"""The dark theme's colours (RGBA 0..1), checked for at least 4.5:1 text contrast."""

from __future__ import annotations

from companion.colours import hex_rgba

BACKGROUND = hex_rgba("#121417")
SURFACE = hex_rgba("#1E232A")
SURFACE_HIGH = hex_rgba("#2A313A")
TEXT = hex_rgba("#F2F4F7")
MUTED = hex_rgba("#B4BCC8")
ACCENT = hex_rgba("#56B4E9")
GOOD = hex_rgba("#3FC79A")
WARN = hex_rgba("#F0E442")
DANGER = hex_rgba("#FF7A45")
BUTTON = hex_rgba("#2F5D80")
BUTTON_DOWN = hex_rgba("#4A88B8")
BUTTON_DISABLED = hex_rgba("#262B31")
#: The veil over a button whose touch was held back a moment (the background, mostly opaque).
HELD_BACK = (*BACKGROUND[:3], 0.6)
