"""The layout rules every screen keeps at every window size and text size.

`problems(window_root, text_scale)` walks what is on screen and names, in one
sentence each, every label whose text is cut or shortened (by Kivy; by the app with "…",
when nothing reads it whole: a tap, or another place saying it) or spills out of the layout
holding it (or sits in a box that spills out of its own) or wraps a closing mark (">")
alone onto a line, every word broken inside by the wrapping ("symbol / s"), every button
whose lines touch its edges (less than its lines plus 8 dp), every pair of overlapping
neighbours, anything under the screen's pinned bar of the main action, every button under
48 dp, every text under 15 sp (times the text size), and every list with rows past its
edge that does not show it (its bar drawn while still, the edge faded): a row cut by a
list's edge must read as "more this way", never as the list's end.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.stacklayout import StackLayout
from kivy.uix.widget import Widget

from companion.ui.widgets.fit import CUT, FoldBox, FoldText
from companion.ui.widgets.touch import EDGE_SLACK

#: The least height of anything a finger presses.
MIN_TARGET_DP = 48
#: The least size of text at the Normal text size.
MIN_TEXT_SP = 15
#: Pixels of rounding a layout may leave.
SLACK = 1.5

#: The mark the app ends the words it shortens with (`widgets.fit.fold`).
FOLD_MARK = CUT.strip()

#: Marks that close a label and read as nothing on a line of their own.
LONE_MARKS = (">", "<", "…", "·")

_MARKUP = re.compile(r"\[/?[a-z_]+(=[^\]]*)?\]")


def shown_widgets(root: Widget, clipped: bool = False) -> Iterator[tuple[Widget, bool]]:
    """Every widget a player can see under `root`, with whether a scroll view holds it."""
    for child in root.children:
        if child.opacity <= 0 or child.width <= 0 or child.height <= 0:
            continue
        yield child, clipped
        yield from shown_widgets(child, clipped or isinstance(child, ScrollView))


def _name(widget: Widget) -> str:
    text = getattr(widget, "text", "")
    return f"{type(widget).__name__} {text[:40]!r}" if text else type(widget).__name__


def _shown_text(label: Label) -> str:
    lines = getattr(label._label, "_cached_lines", [])
    return "".join(word.text for line in lines for word in line.words)


def _meant(label: Label) -> str:
    """The words `label` is meant to show whole: its text, and a greyed place's "(tap:
    why)" after them when they fall short of its why (`PlaceButton.drawn_text`)."""
    from companion.ui.widgets.entries import PlaceButton

    return label.drawn_text() if isinstance(label, PlaceButton) else label.text


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", _MARKUP.sub("", text))


def _line_words(label: Label) -> list[str]:
    """The words as the label shows them, line by line (a word split by the wrapping
    shows as two)."""
    lines = getattr(label._label, "_cached_lines", [])
    return [word for line in lines for word in "".join(w.text for w in line.words).split()]


def broken_word(label: Label) -> str | None:
    """The first word of `label`'s text the wrapping broke inside ("Developmen / t"), or
    None: Kivy breaks a word wider than the line where the line ends."""
    if not label.text_size[0]:
        return None
    shown, words = _line_words(label), _MARKUP.sub("", label.text).split()
    for i, (seen, word) in enumerate(zip(shown, words, strict=False)):
        if seen != word:
            following = shown[i + 1] if i + 1 < len(shown) else ""
            return f"{seen} / {following}" if word == seen + following else word
    return None


def label_problems(label: Label, scale: float) -> Iterator[str]:
    if not label.text.strip():
        return
    name = _name(label)
    if label._label is not None and label._label.is_shortened:
        yield f"{name} is shortened"
    elif app_folded(label):
        pass  # the app's own "…": `folded_problems` asks for a way to read it whole
    elif _squeeze(_shown_text(label)) != _squeeze(_meant(label)):
        yield f"{name} is cut: shows only {_shown_text(label)[:60]!r}"
    elif (broken := broken_word(label)) is not None:
        yield f"{name} breaks a word inside: {broken!r}"
    lines = getattr(label._label, "_cached_lines", []) if label._label is not None else []
    words = ["".join(word.text for word in line.words).strip() for line in lines]
    if len(words) > 1 and any(w in LONE_MARKS for w in words):
        yield f"{name} wraps a mark alone onto a line: {words}"
    width, height = label.texture_size
    if height > label.height + SLACK or width > label.width + SLACK:
        yield (f"{name} needs {width:.0f}x{height:.0f} px but has "
               f"{label.width:.0f}x{label.height:.0f}")
    least = sp(MIN_TEXT_SP) * scale
    if label.font_size + 0.01 < least:
        yield f"{name} is {label.font_size / sp(1):.1f} sp (at least {least / sp(1):.1f})"


#: The least room a button keeps above and below its words together (BigButton's own
#: height rule keeps 16 dp; a form's two-line option 12): less reads as words on its edge.
BUTTON_PAD_DP = 8


def _whole(label: Label) -> str:
    """The words `label` stands for: its `whole` when it keeps them apart (a folded
    sentence, a group's details), else its text."""
    return getattr(label, "whole", "") or label.text


def app_folded(label: Label) -> bool:
    """`label` shows its words shortened by the app with "…" (`widgets.fit.fold`): what it
    draws ends short of its whole words."""
    drawn = _shown_text(label) if label._label is not None else ""
    return FOLD_MARK in drawn and FOLD_MARK not in _whole(label) \
        and _squeeze(drawn) != _squeeze(_whole(label))


def folded_problems(label: Label) -> Iterator[str]:
    """Words the app shortened with "…" have a way to be read whole: a tap on the box of a
    folded sentence ("… (more)": `widgets.fit.FoldBox`), or another place that says them
    whole (`whole_elsewhere`: a greyed place's why, under "Not possible now"). A button
    whose details stop at "…" with neither is cut as surely as a label Kivy shortens (try
    14, findings 27 and 37: a tap on it acts, it does not read them whole)."""
    if not app_folded(label) or getattr(label, "whole_elsewhere", ""):
        return
    if isinstance(label, FoldText) and any(isinstance(p, FoldBox) for p in _parents(label)):
        return
    yield (f"{_name(label)} is shortened by the app to {_shown_text(label)[-40:]!r}, "
           f"with no way to read {_whole(label)[-40:]!r} whole")


def _parents(widget: Widget) -> Iterator[Widget]:
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        yield parent
        parent = parent.parent


def target_problems(widget: Widget) -> Iterator[str]:
    if isinstance(widget, Button) and widget.height + 0.01 < dp(MIN_TARGET_DP):
        yield f"{_name(widget)} is {widget.height / dp(1):.0f} dp tall (at least {MIN_TARGET_DP})"
    if isinstance(widget, Button) and widget.text.strip() \
            and widget.texture_size[1] + dp(BUTTON_PAD_DP) > widget.height + SLACK:
        yield (f"{_name(widget)}'s lines touch its edges: {widget.texture_size[1]:.0f} px of "
               f"words in {widget.height:.0f} px (at least its lines plus {BUTTON_PAD_DP} dp)")


def _overlap(a: Widget, b: Widget) -> bool:
    return (min(a.right, b.right) - max(a.x, b.x) > SLACK
            and min(a.top, b.top) - max(a.y, b.y) > SLACK)


def overlap_problems(layout: Widget) -> Iterator[str]:
    """Neighbours in a box, grid or stack that cover each other."""
    if not isinstance(layout, BoxLayout | GridLayout | StackLayout):
        return
    shown = [c for c in layout.children if c.opacity > 0 and c.width > 0 and c.height > 0]
    for i, first in enumerate(shown):
        for second in shown[i + 1:]:
            if _overlap(first, second):
                yield f"{_name(first)} and {_name(second)} overlap"


def overflow_problems(layout: Widget) -> Iterator[str]:
    """Text that spills out of the box, grid or stack laid out to hold it: a box too short
    for its lines draws them over its neighbours, or a list cannot scroll to them (each
    label may still fit its own texture, so the label's own rule does not see it)."""
    if not isinstance(layout, BoxLayout | GridLayout | StackLayout):
        return
    for child in layout.children:
        if child.opacity <= 0 or child.width <= 0 or child.height <= 0 \
                or not _holds_text(child):
            continue
        if child.x < layout.x - SLACK or child.y < layout.y - SLACK \
                or child.right > layout.right + SLACK or child.top > layout.top + SLACK:
            yield f"{_box_name(child)} reaches out of the {type(layout).__name__} holding it"


def _box_name(widget: Widget) -> str:
    if isinstance(widget, Label):
        return _name(widget)
    first = next(w for w in widget.walk(restrict=True) if isinstance(w, Label) and w.text.strip())
    return f"{type(widget).__name__} holding {_name(first)}"


def _holds_text(widget: Widget) -> bool:
    """A label with words, or a box holding one (a box of lines taller than the row it sits
    in spills them over the row's neighbours just the same)."""
    if isinstance(widget, Label):
        return bool(widget.text.strip())
    return isinstance(widget, BoxLayout | GridLayout | StackLayout) and any(
        isinstance(w, Label) and w.text.strip() and w.opacity > 0
        for w in widget.walk(restrict=True))


def outside_problems(widget: Widget, window: Widget) -> Iterator[str]:
    """A widget outside any scroll view that reaches past the window's edge."""
    x, y = widget.to_window(widget.x, widget.y)
    if x < -SLACK or y < -SLACK or x + widget.width > window.width + SLACK \
            or y + widget.height > window.height + SLACK:
        yield f"{_name(widget)} reaches past the window's edge"


#: The least opacity of a still list's bar, and its least width: seen at arm's length.
LEAST_BAR_ALPHA = 0.4
LEAST_BAR_DP = 3


def _content_name(scroll: ScrollView) -> str:
    texts = [w.text for w in scroll.walk(restrict=True) if isinstance(w, Label) and w.text.strip()]
    return f"the list starting {texts[0][:40]!r}" if texts else "a list"


def list_edge_problems(widget: Widget) -> Iterator[str]:
    """A list whose rows go past its edge says so: a bar drawn while the list is still (Kivy's
    default fades to nearly clear) and a fade at each edge with more past it."""
    if not isinstance(widget, ScrollView) or not widget.children or not widget.do_scroll_y:
        return
    # The list's own tolerance (TableScroll's EDGE_SLACK): content a pixel or two past the
    # edge (a list 406 px tall holding 408) cuts no row, and the list draws no fade for it.
    spare = widget.children[0].height - widget.height
    if spare <= EDGE_SLACK:
        return
    if widget.bar_inactive_color[3] < LEAST_BAR_ALPHA or widget.bar_width < dp(LEAST_BAR_DP):
        yield f"{_content_name(widget)} goes past its edge and its bar is not drawn while still"
    below = widget.scroll_y * spare > EDGE_SLACK
    above = (1 - widget.scroll_y) * spare > EDGE_SLACK
    if (below and not getattr(widget, "more_below", False)) \
            or (above and not getattr(widget, "more_above", False)):
        yield f"{_content_name(widget)} goes past its edge with no fade saying more is there"


def _on_screen(widget: Widget) -> tuple[float, float, float, float] | None:
    """The part of `widget` a player sees, in window coordinates (left, bottom, right,
    top): cut to every list holding it; None when none of it shows."""
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = left + widget.width, bottom + widget.height
    for parent in _parents(widget):
        if isinstance(parent, ScrollView):
            x, y = parent.to_window(parent.x, parent.y)
            left, bottom = max(left, x), max(bottom, y)
            right, top = min(right, x + parent.width), min(top, y + parent.height)
    return (left, bottom, right, top) if right - left > SLACK and top - bottom > SLACK \
        else None


def covered_problems(root: Widget) -> Iterator[str]:
    """Nothing lies under the screen's pinned bar of the moment's main action (`main_bar`):
    at Large text a choice sat half under the End bar."""
    bar = getattr(root, "ids", {}).get("main_bar")
    if bar is None or bar.opacity <= 0 or bar.height <= 0:
        return
    inside = set(map(id, bar.walk(restrict=True)))
    _x, low = bar.to_window(bar.x, bar.y)
    left, right, high = _x, _x + bar.width, low + bar.height
    for widget, _clipped in shown_widgets(root):
        if id(widget) in inside or not isinstance(widget, Label) or not widget.text.strip():
            continue
        seen = _on_screen(widget)
        if seen is not None and min(seen[2], right) - max(seen[0], left) > SLACK \
                and min(seen[3], high) - max(seen[1], low) > SLACK:
            yield f"{_name(widget)} lies under the pinned bar {_name(bar)}"


def problems(root: Widget, window: Widget, scale: float) -> list[str]:
    """Every rule broken by what is shown under `root` (a screen, or a popup)."""
    found: list[str] = list(covered_problems(root))
    for widget, in_scroll in shown_widgets(root):
        if isinstance(widget, Label):
            found.extend(label_problems(widget, scale))
            found.extend(folded_problems(widget))
        found.extend(target_problems(widget))
        found.extend(overlap_problems(widget))
        found.extend(overflow_problems(widget))
        found.extend(list_edge_problems(widget))
        if not in_scroll and isinstance(widget, Label | Button):
            found.extend(outside_problems(widget, window))
    return found
