"""A list's entries put up again on the widgets already showing: a list that changes after
every step (the actions panel) changes the words of its buttons instead of making new ones.

Making a button costs Kivy's rules and a label: 5 to 15 ms each on one loaded core, and a
whole list of them was most of a committed tap (docs/perf.md). A widget that showed the
same words keeps them (no new texture); a widget left over is dropped, never kept aside."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from kivy.base import EventLoop
from kivy.metrics import dp
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.widgets import BigButton, LineText, Text
from companion.ui.widgets.fit import CUT, WholeText, fold
from companion.ui.widgets.touch import holding_list


class ListButton(BigButton):
    """A list's button whose release calls `tapped(button)`, set again each time it is
    reused for another entry. Greyed, a tap on it shows its `whole` words over the screen
    (`widgets.fit.WholeText`: its label and why not, never cut) and does nothing else: a
    greyed place cut with "…" that did nothing when tapped hid its why (try 19, 3)."""

    def __init__(self, **kwargs: Any) -> None:
        self.tapped: Callable[[Any], None] = lambda _button: None
        #: What a tap on it shows while it is greyed ("": its text).
        self.whole = ""
        super().__init__(**kwargs)

    def on_release(self) -> None:
        self.tapped(self)

    def on_touch_down(self, touch: Any) -> bool:
        if not self.disabled or not self.collide_point(*touch.pos) \
                or touch.is_mouse_scrolling:
            return bool(super().on_touch_down(touch))
        scroll = holding_list(self)
        if scroll is None or not scroll.unsettled():  # (a moving list: it only stops)
            touch.grab(self)  # a swipe from here still scrolls (SteadyTap lets it go)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if not self.disabled or touch.grab_current is not self:
            return bool(super().on_touch_up(touch))
        touch.ungrab(self)
        if self.collide_point(*touch.pos):
            self.show_whole()
        return True

    def show_whole(self) -> None:
        """Its whole words over the screen; any tap closes them."""
        words = " ".join((self.whole or self.text).split())
        WholeText([(words, theme.TEXT, float(self.font_size), False)]).open(animation=False)


#: How a greyed place short of its why ends (folded: after "…"): a tap reads it whole.
TAP_NOTE = " (tap:\u00a0why)"  # (one piece: never "(tap:" at a line's end)
TAP_WHY = f"{CUT}{TAP_NOTE}"


class PlaceButton(ListButton):
    """A choice not possible now, greyed in its place: at most two lines, its words folded
    with "…" when longer. It takes no more room than a choice beside it (two lines, as a
    choice with its cost), so the choices after it stay in reach (a refused place's whole
    why took 4 lines at Large text and pushed the turn's choices two swipes down), and
    its why is read where it stands (on one line, "SMAN4 is on the …" hid the why: try 18,
    3); a tap on it, and the list's "Not possible now", say it whole (`whole_elsewhere`).
    `text` keeps the words whole: only the drawing folds them."""

    #: Where a player reads the words this button folds.
    whole_elsewhere = "Not possible now"
    #: The lines it draws at any width (`widgets.fit.ChoiceRows` pairs it when its words
    #: while possible, `as_offered`, would pair: one too long for half a row keeps its
    #: whole row greyed, so no button after it moves up beside it; try 20, finding 2).
    most_lines = 2
    #: The choice's label while it can be chosen ("": pairs always).
    as_offered = ""

    def drawn_text(self) -> str:
        """Its words in its lines, saying "(tap: why)" when they fall short of the whole
        why (folded: "… (tap: why)"; the game's short words: after them): a greyed
        button's "…" did not say a tap reads the rest (try 21, finding 3)."""
        width = max(self.width - dp(16), dp(8))  # (the text_size of BigButton's rule)
        size = round(float(self.font_size), 2)
        words = " ".join(self.text.split())
        if words != " ".join((self.whole or self.text).split()):
            noted = fold(words + TAP_NOTE, size, width, self.most_lines, end=TAP_WHY)
            if noted == words + TAP_NOTE:
                return noted
            # The note would cut the game's short words ("needs a … (tap: why)" for
            # "needs a Lv-2 action"): the words whole, when they fit, come first.
        return fold(words, size, width, self.most_lines, end=TAP_WHY)


#: The classes of widget an entry can be shown on.
REUSED: tuple[type[Widget], ...] = (ListButton, PlaceButton, Text, LineText)


class Entry(NamedTuple):
    """One entry of a list: a button (`style` is its kind) or a text (`style` "muted" or
    ""), top to bottom; `tapped` is a button's action, `slot` a choice's place in its
    group (`widgets.fit.ChoiceRows`: even on the left, odd on the right; -1 in turn);
    `whole` what a tap on a greyed one shows ("": its text)."""

    cls: type[Widget]
    text: str
    style: str = ""
    tapped: Callable[[Any], None] | None = None
    slot: int = -1
    whole: str = ""
    #: A greyed place's label while it can be chosen (`PlaceButton.as_offered`).
    as_offered: str = ""


def reuse_widgets(old: Sequence[Widget], entries: Sequence[Entry],
                  width: float) -> list[Widget]:
    """Widgets showing `entries` in order, taken from `old` where one of the same class
    is there: one with the same words first, else any other one not under a finger;
    a new widget for the rest, made `width` wide (the list's: its text wraps to its
    height at once, instead of a first layout with every line cut 100 px wide)."""
    free = [w for w in old if type(w) in REUSED and not under_finger(w)]
    widgets: list[Widget | None] = []
    for entry in entries:
        same = next((w for w in free if type(w) is entry.cls and w.text == entry.text), None)
        if same is not None:
            free.remove(same)
        widgets.append(same)
    done = []
    for widget, entry in zip(widgets, entries, strict=True):
        if widget is None:
            widget = next((w for w in free if type(w) is entry.cls), None)
            if widget is not None:
                free.remove(widget)
        done.append(_dress(widget, entry, width))
    return done


def under_finger(widget: Widget) -> bool:
    """A finger is on `widget` now: a touch not lifted yet holds it (Kivy's grab). Its
    pressed look says nothing: after a tap shorter than Kivy's `min_state_time` (35 ms)
    a button shows "down" that long after the finger left, and a step whose result came
    back in that time (a fast machine) had its tapped button left out of the reuse."""
    return any(ref() is widget for touch in EventLoop.touches for ref in touch.grab_list)


def _dress(widget: Any, entry: Entry, width: float) -> Widget:
    """`widget` (a new one if None) showing `entry`."""
    if widget is None:  # made with its words and style, as the list lays it out at once
        style = {"kind": "normal" if entry.style == "off" else entry.style} \
            if issubclass(entry.cls, ListButton) else \
            {"muted": entry.style == "muted"}
        widget = entry.cls(text=entry.text, width=width, **style)
    if widget.text != entry.text:
        widget.text = entry.text
        if isinstance(widget, BigButton):
            widget.taken = False  # lit for the words it showed, not for these
    if isinstance(widget, PlaceButton):
        widget.as_offered = entry.as_offered
    if isinstance(widget, BigButton) and widget.state != "normal":
        # No finger is on it (`under_finger`): a pressed look left from the last entry
        # (a release its list dropped while it was closed) outlined a choice as if chosen
        # (xp16, finding 7: "Resistance" looked pre-selected in the module list).
        widget.state = "normal"
    if isinstance(widget, ListButton):  # style "off": greyed, not tappable
        widget.kind = "normal" if entry.style == "off" else entry.style
        widget.disabled = entry.style == "off"
        widget.tapped = entry.tapped or (lambda _button: None)
        widget.whole = entry.whole
    else:
        widget.muted = entry.style == "muted"
    return widget
