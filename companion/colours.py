"""Seat colours: the Okabe-Ito palette, told apart by everyone, always shown with a name.

Shared by every screen that draws seats: the touchscreen and the phones' page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Rgba = tuple[float, float, float, float]


def hex_rgba(code: str) -> Rgba:
    code = code.lstrip("#")
    r, g, b = (int(code[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b, 1.0)


#: Okabe and Ito (2008), in the order seats take them.
OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7",
             "#BBBBBB")

#: A plastic colour a player picked (TI4), shown as that colour: a picked colour is the
#: player's own, so "red" is drawn red, not the palette's nearest vermillion; the
#: Okabe-Ito tones are kept where they read as the colour named.
NAMED = {"orange": "#E69F00", "blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442",
         "red": "#D62728", "purple": "#8E44AD", "pink": "#F48FB1", "black": "#111111",
         "white": "#F5F5F5", "sky": "#56B4E9", "magenta": "#CC79A7"}


def seat_colour(index: int, named: str | None = None) -> str:
    """The display colour of the seat at `index`, or of the colour its player chose."""
    if named and named.lower() in NAMED:
        return NAMED[named.lower()]
    return OKABE_ITO[index % len(OKABE_ITO)]


def seat_place(row: Mapping[str, Any], index: int) -> int:
    """Where a view's seat row takes its palette colour: its place among the game's own
    seats (`seat_index`: a spaceport is coloured alike in every game), else its place in
    the list (`index`)."""
    place = row.get("seat_index")
    return place if isinstance(place, int) else index


def text_on(colour: str) -> Rgba:
    """Black or white, whichever reads better on `colour` (WCAG relative luminance)."""
    r, g, b, _ = hex_rgba(colour)

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    return (0.0, 0.0, 0.0, 1.0) if luminance > 0.18 else (1.0, 1.0, 1.0, 1.0)


def seat_colours(table: Mapping[str, Any]) -> dict[str, str]:
    """Each seat's display colour in a table view (a badge is coloured by its row's seat)."""
    return {s["seat"]: seat_colour(seat_place(s, i), s.get("colour"))
            for i, s in enumerate(table.get("seats") or ())}
