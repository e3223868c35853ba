"""Whether a list's edge cuts any of its words: a list with rows past its foot whose edge
falls between two rows shows nothing cut there, and its fade falls on nothing: it reads as
the list's end (try 10, s116: a seat's page ended on a whole row above its foot and a new
player took the page for read; try 9, the Settings list ended on "Voice speed" with
three rows below). Such a list draws an arrow down at its foot (widgets.kv, TableScroll's
`gap_below`)."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.label import Label
from kivy.uix.widget import Widget

#: The least of a cut line in view that reads as "more this way" (under the fade).
SHOWN_DP = 6
#: The least of it out of view that makes it cut, not whole.
HIDDEN_DP = 3


def edge_cuts_words(scroll: Widget, below: bool = True) -> bool:
    """Some words of the list `scroll` (a label's or a button's) are cut by its bottom edge
    (`below`) or its top one: partly in view, partly past the edge."""
    content = scroll.children[0] if scroll.children else None
    if content is None:
        return False
    low = scroll.to_window(scroll.x, scroll.y)[1]
    edge = low if below else low + scroll.height
    shown, hidden = dp(SHOWN_DP), dp(HIDDEN_DP)
    for widget in content.walk(restrict=True):
        if not isinstance(widget, Label) or not widget.text.strip() or widget.opacity <= 0:
            continue
        bottom = widget.to_window(widget.x, widget.y)[1]
        top = bottom + widget.height
        inside, outside = (top - edge, edge - bottom) if below else (edge - bottom, top - edge)
        if inside >= shown and outside >= hidden:
            return True
    return False
