"""Room for the moment's choices on a small screen (issue 22: the first 6 in reach at 800x480).

- `ChoiceRows`: a list's buttons two to a row where both labels fit in `PAIR_LINES` lines
  at half the width (a longer one takes a row of its own), in reading order: left, right,
  then the next row. A button's side is a function of what it is, never of what was shown
  before (issue 22; a memory by label made "Ravi passes" and "Sue passes" strangers and
  died with a restart: try 9, findings 29 and 34; try 10, findings 13, 21 and 36): its
  `slot`, its place in its group as the game lists it, offered or refused, puts it on the
  left when even, on the right when odd. A left one waits for the next button to pair
  with on the right; one left without a partner takes the whole row (under a finger that
  learned either half, never the other side's button). The only action of its group has no
  slot (-1) and pairs in turn: there are many such groups, and half rows left empty for
  them pushed the first 6 choices out of reach at 800x480. The app's only draw
  (`HALF_ROW`) pairs as a left one does but never widens: alone, its right half stays
  empty, so it is as wide whatever follows it. So an action that comes or goes
  moves no other group's button to the other half, nor one before it in its group; every
  seat, and an app started again, gets the same rows for the same offer. The same buttons
  are only regrouped when the width or the text size changes, never when a finger is on
  them (the list's rebuilds are held back already).
- `FoldText`: a sentence folded to its first `lines` lines, ending "… (more)"; its
  `whole` text shows once it is `unfolded`.
- `FoldBox`: a box of FoldTexts; a tap shows their whole texts over the screen
  (`WholeText`), where they push no button down (try 7, finding 26: the buttons moved
  ~50 px under a finger); any tap closes that and does nothing else.

Kivy's StackLayout and GridLayout give a row's buttons different heights or a fixed
column count; neither pairs by label length, so the rows are laid out here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.ui.presenters.actions import HALF_ROW
from companion.ui.widgets import Text, keep_mark
from companion.ui.widgets.touch import SteadyTap

#: A label that needs more lines than this at half the width gets a row of its own.
PAIR_LINES = 4
#: What ends a folded sentence: there is more, one tap away.
MORE = " … (more)"
#: What ends a folded sentence when another one below it in its box says "(more)" for
#: both (one tap shows them all): one fold per box, never "(more)" stacked twice.
CUT = " …"
#: A button's column in its rows: the left half, the right half, a row of its own.
LEFT, RIGHT, WHOLE = 0, 1, 2
#: The empty right half of a `HALF_ROW` button's row (in the rows' indexes).
EMPTY = -1
#: Pixels left spare on each line measured: Kivy's own wrapping may round differently.
WRAP_SLACK = 4.0


@lru_cache(maxsize=8)
def _measure(font_size: float, bold: bool) -> Any:
    return CoreLabel(font_size=font_size, bold=bold).get_extents


def _wrap(text: str, font_size: float, width: float, bold: bool = False) -> list[list[str]]:
    """`text`'s words line by line as a label of `width` wraps them (each paragraph, a
    word wider than the line alone on its own)."""
    measure = _measure(round(font_size, 2), bold)
    space = measure(" ")[0]
    lines: list[list[str]] = []
    for paragraph in text.split("\n"):
        line: list[str] = []
        used = 0.0
        # Split at plain spaces only, as Kivy wraps: a no-break space holds two words.
        for word in (w for w in paragraph.split(" ") if w):
            size = measure(word)[0]
            if line and used + space + size > width - WRAP_SLACK:
                lines.append(line)
                line, used = [], 0.0
            used, line = used + (space if line else 0.0) + size, [*line, word]
        lines.append(line)
    return lines


def lines_needed(text: str, font_size: float, width: float, bold: bool = False) -> int:
    return len(_wrap(text, font_size, width, bold))


def widest_word(text: str, font_size: float, bold: bool = False) -> float:
    """The width of `text`'s widest word at `font_size` (a label narrower than that breaks
    the word inside)."""
    measure = _measure(round(font_size, 2), bold)
    return max((float(measure(word)[0]) for word in text.split()), default=0.0)


def line_width(text: str, font_size: float, bold: bool = False) -> float:
    """The width of `text` on one line at `font_size`."""
    return float(_measure(round(font_size, 2), bold)(text)[0])


def text_height(text: str, font_size: float, width: float, bold: bool = False) -> float:
    """The height a label of `width` needs to show `text` at `font_size`, wrapped."""
    line = _measure(round(font_size, 2), bold)("Ag")[1]
    return float(line) * lines_needed(text, font_size, width, bold)


def fold(text: str, font_size: float, width: float, lines: int, bold: bool = False,
         end: str = MORE) -> str:
    """`text` as it shows in `lines` lines of `width`: whole when it fits, else as many of
    its words as fit, ending with `end` (MORE, or CUT)."""
    wrapped = _wrap(text, font_size, width, bold)
    if len(wrapped) <= lines:
        return text
    measure = _measure(round(font_size, 2), bold)
    kept = [" ".join(line) for line in wrapped[:lines]]
    last = wrapped[lines - 1]
    while last and measure(" ".join(last) + end)[0] > width - WRAP_SLACK:
        last = last[:-1]
    kept[-1] = " ".join(last)
    return "\n".join(kept).rstrip(" ,;:.") + end


class FoldText(Text):
    """A Text showing at most `lines` lines of `whole` until `unfolded`; folded, it ends
    with "… (more)", or with "…" alone when not `marked` (a text below says it)."""

    whole = StringProperty("")
    lines = NumericProperty(1)
    unfolded = BooleanProperty(False)
    marked = BooleanProperty(True)
    #: The text shown is only the start of `whole` (a tap on its box shows the rest).
    folded = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("whole", "lines", "unfolded", "width", "font_size", "bold", "marked"):
            self.fbind(name, self._refold)
        self._refold()

    def _refold(self, *_args: Any) -> None:
        width = max(self.width, dp(8))
        shown = self.whole if self.unfolded else fold(
            self.whole, self.font_size, width, int(self.lines), bool(self.bold),
            MORE if self.marked else CUT)
        self.folded = shown != self.whole
        self.text = shown


class WholeText(ModalView):
    """Sentences whole, over the screen: any tap anywhere closes it and reaches nothing
    under it. `texts`: (text, colour, font size, bold) top to bottom."""

    def __init__(self, texts: Sequence[tuple[str, Any, float, bool]], **kwargs: Any) -> None:
        kwargs.setdefault("size_hint", (0.92, None))
        super().__init__(auto_dismiss=False, **kwargs)
        box = BoxLayout(orientation="vertical", size_hint_y=None, padding=dp(16),
                        spacing=dp(10))
        box.bind(minimum_height=box.setter("height"))
        for text, colour, size, bold in texts:
            line = Text(text=text, font_size=size, bold=bold)
            line.color = colour  # (after the kv rule's own colour)
            box.add_widget(line)
        box.add_widget(Text(text="Tap anywhere to close this.", muted=True))
        self.add_widget(box)
        box.bind(height=self.setter("height"))

    def on_touch_down(self, touch: Any) -> bool:
        return True

    def on_touch_move(self, touch: Any) -> bool:
        return True

    def on_touch_up(self, touch: Any) -> bool:
        self.dismiss(animation=False)
        return True


class FoldBox(SteadyTap, ButtonBehavior, BoxLayout):
    """A box of FoldTexts: a tap shows what is folded whole over the screen (`WholeText`),
    `unfolded` while it shows; the box itself never grows."""

    unfolded = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._view: WholeText | None = None

    def texts(self) -> list[FoldText]:
        return [c for c in reversed(self.children) if isinstance(c, FoldText) and c.whole]

    def on_release(self) -> None:
        texts = self.texts()
        if self._view is not None or not any(t.folded for t in texts):
            return
        self._view = WholeText([(t.whole, t.color, float(t.font_size), bool(t.bold))
                                for t in texts])
        self._view.bind(on_dismiss=self._closed)
        self.unfolded = True
        self._view.open(animation=False)

    def on_unfolded(self, _box: Any, unfolded: bool) -> None:
        if not unfolded and self._view is not None:  # new words came: the old ones go
            self._view.dismiss(animation=False)

    def _closed(self, *_args: Any) -> None:
        self._view = None
        self.unfolded = False


#: A row of choices: its least height, what it adds to its words' height and the gap between
#: rows, in dp (a list's buttons, `ListButton` in widgets/actions.kv, the same): 48 dp is
#: the least a finger hits surely; 4 dp apart and 5 dp over and under the words, the
#: dashboard's first 6 enabled choices fit 800x480 at Normal text (docs/perf.md).
ROW_LEAST, ROW_PAD, ROW_GAP = 48, 10, 4


class ChoiceRows(BoxLayout):
    """`buttons` in rows of one or two (see the module's docstring); `slots`: each one's
    place in its group as the game lists it (`ActionItem.slot`; -1: none, it pairs in
    turn). `sides`: where each button stands now, LEFT, RIGHT or WHOLE."""

    def __init__(self, buttons: Sequence[Button], slots: Sequence[int] | None = None,
                 **kwargs: Any) -> None:
        kwargs.setdefault("spacing", dp(ROW_GAP))
        super().__init__(orientation="vertical", size_hint_y=None, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.buttons = list(buttons)
        self.slots = list(slots) if slots is not None else [-1] * len(self.buttons)
        self.sides: list[int] = []
        self._shape: tuple[tuple[int, ...], ...] = ()
        for button in self.buttons:
            button.size_hint_y = 1
            button.fbind("font_size", self._arrange)
        self.fbind("width", self._arrange)
        self._arrange()

    def release(self) -> None:
        """Let go of the buttons (they go on in another list): out of their rows, and
        their sizes no longer regroup these rows."""
        self._unrow()
        for button in self.buttons:
            button.funbind("font_size", self._arrange)
            button.size_hint_y = None  # its own height again (a row sized it)
            button.property("texture_size").dispatch(button)  # (the kv rule's height)
        self.buttons = []

    def _unrow(self) -> None:
        for row in self.children:
            for button in row.buttons:
                button.funbind("texture_size", row.fit)
            row.clear_widgets()
        self.clear_widgets()

    def in_order(self) -> Iterator[Button]:
        """The buttons top to bottom, left to right."""
        yield from self.buttons

    def _fits_half(self, button: Button) -> bool:
        text = button.text
        if getattr(button, "most_lines", 0):  # it folds its words to these at any width,
            text = getattr(button, "as_offered", "")  # but keeps the place it had offered
            if not text:
                return True
        width = (self.width - float(self.spacing)) / 2 - dp(16)
        return lines_needed(keep_mark(text), float(button.font_size), width) <= PAIR_LINES

    def _layout(self) -> list[tuple[int, ...]]:
        """The rows as the buttons' indexes: a button of an odd slot pairs with the one
        waiting on the left (an even slot's, or one with no slot) when both fit half the
        width; every other button takes a row of its own, but a `HALF_ROW` one keeps the
        left half (`EMPTY` on its right)."""
        rows: list[tuple[int, ...]] = []
        left: int | None = None  # a button waiting in the left half for its partner
        for i, button in enumerate(self.buttons):
            fits, side = self._fits_half(button), self._side(i)
            if left is not None and fits and side != LEFT:
                rows.append((left, i))
                left = None
                continue
            rows += [] if left is None else [self._alone(left)]
            left = i if fits and side != RIGHT else None
            if left is None:
                rows.append((i,))
        return rows + ([] if left is None else [self._alone(left)])

    def _alone(self, i: int) -> tuple[int, ...]:
        """The row of a left one no partner came for: whole, or its half (`HALF_ROW`)."""
        return (i, EMPTY) if self.slots[i] == HALF_ROW else (i,)

    def _side(self, i: int) -> int:
        """The side button `i`'s slot gives it: LEFT (even), RIGHT (odd), WHOLE (none:
        the one free). A `HALF_ROW` one waits on the left."""
        slot = self.slots[i]
        return LEFT if slot == HALF_ROW else WHOLE if slot < 0 else slot % 2

    def _arrange(self, *_args: Any) -> None:
        shape = tuple(self._layout())
        if shape == self._shape:
            return
        self._shape = shape
        self._unrow()
        self.sides = [WHOLE] * len(self.buttons)
        for row in shape:
            for column, i in enumerate(row):
                if i != EMPTY:
                    self.sides[i] = column if len(row) == 2 else WHOLE
            self.add_widget(_row([self.buttons[i] for i in row if i != EMPTY],
                                 float(self.spacing), EMPTY in row))


def _row(buttons: Sequence[Button], spacing: float, half: bool = False) -> BoxLayout:
    """A row as tall as its tallest label needs (both buttons of a pair alike); `half`:
    its one button in the left half, the right half empty."""
    row = BoxLayout(size_hint_y=None, spacing=spacing)

    def fit(*_args: Any) -> None:
        row.height = max(dp(ROW_LEAST), max(b.texture_size[1] for b in buttons) + dp(ROW_PAD))

    row.fit, row.buttons = fit, list(buttons)  # (unbound when the buttons are regrouped)
    for button in buttons:
        row.add_widget(button)
        button.fbind("texture_size", fit)
    if half:
        row.add_widget(Widget())
    fit()
    return row


def even_rows(needs: list[float], gap: float, width: float) -> list[tuple[int, int]]:
    """Items of widths `needs`, in order, in as few rows of `width` as they fit (each row's
    items `gap` apart; an item wider than the row alone on one), the widest row as narrow
    as can be: each row as (first, past its last).

    >>> even_rows([100, 100, 100, 100, 100], 10, 350)
    [(0, 2), (2, 5)]
    >>> even_rows([300, 50, 50, 50], 10, 400)
    [(0, 1), (1, 4)]
    """
    def wide(start: int, end: int) -> float:
        return sum(needs[start:end]) + gap * (end - start - 1)

    count = len(needs)
    rows, start = 0, 0
    while start < count:  # as few rows as fit, greedily
        end = start + 1
        while end < count and wide(start, end + 1) <= width:
            end += 1
        rows, start = rows + 1, end
    # best[k][i]: (widest row, cuts) of the first i items in k rows
    best: dict[tuple[int, int], tuple[float, tuple[int, ...]]] = {(0, 0): (0.0, ())}
    for k in range(1, rows + 1):
        for i in range(k, count + 1):
            options = [(max(best[k - 1, j][0], wide(j, i)), (*best[k - 1, j][1], j))
                       for j in range(k - 1, i) if (k - 1, j) in best
                       and (wide(j, i) <= width or i - j == 1)]
            if options:
                best[k, i] = min(options)
    cuts = (*best[rows, count][1], count)
    return [(cuts[i], cuts[i + 1]) for i in range(rows)]
