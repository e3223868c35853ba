"""The fade a scrolling list draws at an edge that has more rows past it (widgets.kv)."""

from __future__ import annotations

from functools import cache

from kivy.graphics.texture import Texture

from companion.ui import theme

#: Texels from clear to the background's colour (the texture is stretched to the fade).
STEPS = 32


@cache
def edge_fade(towards_bottom: bool) -> Texture:
    """A vertical gradient from clear to the window's background: opaque at the bottom
    (`towards_bottom`) or at the top."""
    red, green, blue = (round(c * 255) for c in theme.BACKGROUND[:3])
    rows = bytearray()
    for step in range(STEPS):  # Kivy's texture rows run from the bottom up
        alpha = 1.0 - step / (STEPS - 1) if towards_bottom else step / (STEPS - 1)
        rows += bytes((red, green, blue, round(255 * alpha ** 1.5)))
    texture = Texture.create(size=(1, STEPS), colorfmt="rgba")
    texture.blit_buffer(bytes(rows), colorfmt="rgba", bufferfmt="ubyte")
    return texture
