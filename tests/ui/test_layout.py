"""Every screen of the screenshot gallery keeps the layout rules (tests/ui/layout_rules.py)
at 800x480, 1024x600 and 1280x720, at the Normal and the Large text size, and at 800x480
at the Small one.

Each gallery walk runs once at 800x480; at each of its pictures the window is resized
and the text size changed, and what is on screen is checked, then put back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.ui.settings import TEXT_SIZES
from tests.ui.layout_rules import problems

SIZES = ((800, 480), (1024, 600), (1280, 720))
#: Small, Normal and Large (companion.ui.settings.TEXT_SIZES).
SMALL, *TEXT_SCALES = TEXT_SIZES
#: Each text size with the windows it is checked at: Normal and Large at every size, Small
#: at the smallest window only (where its lists end: a 10th button cut at the foot of one;
#: a larger window shows more of the same rows), a sixth of the walks' time more, not half.
CHECKS = ((SMALL, SIZES[:1]), *((scale, SIZES) for scale in TEXT_SCALES))


def _snapshot(window: Any) -> tuple[Any, ...]:
    return tuple((w.x, w.y, w.width, w.height, getattr(w, "texture_size", None))
                 for child in window.children for w in child.walk(restrict=True))


def _settle_layout(driver: Any, window: Any) -> None:
    """Frames until nothing on screen moves or changes its size between two frames."""
    seen: list[tuple[Any, ...]] = [()]

    def still() -> bool:
        now = _snapshot(window)
        same, seen[0] = now == seen[0], now
        return same

    driver.wait_for(still, "the layout to settle")


def _check_everywhere(driver: Any, window: Any, picture: str) -> list[str]:
    found = []
    for scale, sizes in CHECKS:  # the text size outside: changing it draws every text again
        for width, height in sizes:
            window.size = (width, height)
            driver.app.text_scale = scale
            _settle_layout(driver, window)
            where = f"{picture} at {width}x{height}, text x{scale}"
            for root in window.children:
                shown = root.current_screen if root is driver.app.manager else root
                found += [f"{where}: {problem}" for problem in problems(shown, window, scale)]
    window.size = SIZES[0]
    driver.app.text_scale = driver.app.settings.text_scale
    _settle_layout(driver, window)
    return found


def _walks() -> Iterator[tuple[str, Callable[..., Any], Callable[[Path], None] | None]]:
    from companion.ui.devtools.gallery import play_gallery
    from companion.ui.devtools.gallery_board import (
        damaged_file,
        finished_game,
        newer_file,
        play_board_gallery,
        play_dead_end_gallery,
        play_final_gallery,
        play_recover_gallery,
        scored_game,
    )
    from companion.ui.devtools.gallery_large import play_large_gallery, play_ti4_large_gallery
    from companion.ui.devtools.gallery_ti4 import play_ti4_gallery

    yield "exploration", play_gallery, None
    yield "ti4", play_ti4_gallery, None
    yield "board", play_board_gallery, scored_game
    yield "final", play_final_gallery, finished_game
    yield "recover", play_recover_gallery, damaged_file
    yield "dead end", play_dead_end_gallery, newer_file
    yield "large", play_large_gallery, None
    yield "ti4 large", play_ti4_large_gallery, None


@pytest.mark.parametrize("walk_name", [name for name, _walk, _prepare in _walks()])
def test_every_gallery_screen_keeps_the_layout_rules(make_driver: Any, kivy_window: Any,
                                                      tmp_path: Path, walk_name: str) -> None:
    walk, prepare = next((w, p) for name, w, p in _walks() if name == walk_name)
    db = tmp_path / f"{walk_name}.db"
    if prepare is not None:
        prepare(db)
    driver = make_driver(db=db, seed=2047)
    found: list[str] = []
    pictures = 0
    try:
        for picture in walk(driver):
            pictures += 1
            found += _check_everywhere(driver, kivy_window, picture)
    finally:
        kivy_window.size = SIZES[0]
    assert pictures > 0
    assert not found, f"{len(found)} layout problems:\n" + "\n".join(found)


def test_the_rules_name_each_kind_of_layout_fault(make_driver: Any, kivy_window: Any) -> None:
    """Each rule fires on a widget that breaks it (so a passing walk means something)."""
    from kivy.metrics import dp, sp
    from kivy.uix.boxlayout import BoxLayout

    from companion.ui.widgets import BigButton, LineText, Text

    driver = make_driver()
    box = BoxLayout(orientation="vertical", size=(400, 700), size_hint=(None, None))
    box.add_widget(LineText(text="A line far too long for its box " * 4))
    cut = Text(text="Three lines\nof text\nin one line's room", size_hint_y=None)
    box.add_widget(cut)
    low, tiny = BigButton(text="Low"), Text(text="Tiny")
    box.add_widget(low)
    box.add_widget(tiny)
    crowded = BoxLayout()
    crowded.add_widget(BigButton(text="Left", size_hint=(None, None), size=(200, 60)))
    crowded.add_widget(BigButton(text="Right", size_hint=(None, None), size=(200, 60)))
    box.add_widget(crowded)
    row = BoxLayout(size_hint_y=None, height=dp(52))  # a row too short for its button
    row.add_widget(BigButton(text="Two lines\nin a row of one", size_hint_y=None,
                             height=dp(90)))
    box.add_widget(row)
    from kivy.uix.scrollview import ScrollView

    plain = ScrollView(do_scroll_x=False, size_hint_y=None, height=dp(60))
    plain.add_widget(Text(text="A list of rows\n" * 6))  # taller than its 60 dp
    box.add_widget(plain)
    words = BoxLayout(size_hint_y=None, height=dp(40))  # a box of lines in a shorter row
    lines = BoxLayout(orientation="vertical", size_hint_y=None, height=dp(120))
    lines.add_widget(Text(text="Passed, in a box taller than its row"))
    words.add_widget(lines)
    box.add_widget(words)
    narrow = BoxLayout(size_hint_y=None, height=dp(120))
    narrow.add_widget(Text(text="Development deck", size_hint_x=None, width=dp(60)))
    box.add_widget(narrow)
    kivy_window.add_widget(box)
    marks = BoxLayout(orientation="vertical", size=(400, 300), size_hint=(None, None))
    marks.add_widget(Text(text="A choice that leads on\n>"))  # its mark alone on a line
    crammed = BigButton(text="Three lines\nof words\ncrammed", size_hint_y=None)
    marks.add_widget(crammed)
    kivy_window.add_widget(marks)
    try:
        driver.pump(3)
        cut.height = cut.font_size * 1.2
        low.height, tiny.font_size = dp(40), sp(12)
        crowded.children[0].pos_hint = {}
        driver.pump(2)
        crowded.children[0].x = crowded.children[1].x + 50
        found = problems(box, kivy_window, 1.0)
        crammed.height = crammed.texture_size[1] + dp(4)  # its lines on its edges
        driver.pump(2)
        found += problems(marks, kivy_window, 1.0)
    finally:
        kivy_window.remove_widget(box)
        kivy_window.remove_widget(marks)
    assert any("'A line far too long" in p and "shortened" in p for p in found), found
    assert any("Three lines" in p and "needs" in p for p in found), found
    assert any("'Low' is 40 dp tall" in p for p in found), found
    assert any("'Tiny' is 12.0 sp" in p for p in found), found
    assert any("'Left'" in p and "'Right'" in p and "overlap" in p for p in found), found
    assert any("'Two lines" in p and "reaches out of the BoxLayout" in p for p in found), found
    assert any("'A list of rows" in p and "bar is not drawn" in p for p in found), found
    assert any("'A list of rows" in p and "no fade" in p for p in found), found
    assert any("BoxLayout holding Text 'Passed" in p and "reaches out" in p
               for p in found), found
    assert any("'Development deck' breaks a word inside: 'Develo" in p for p in found), found
    assert any("'A choice that leads on" in p and "mark alone" in p for p in found), found
    assert any("'Three lines" in p and "touch its edges" in p for p in found), found


def test_a_list_with_more_rows_fades_its_edge_and_keeps_its_bar(make_driver,
                                                                  kivy_window: Any) -> None:
    """The app's lists pass the rule the plain list above breaks: a row cut by the list's
    edge says "more this way" (the fade moves to the other edge as the list scrolls)."""
    from kivy.metrics import dp
    from kivy.uix.boxlayout import BoxLayout

    from companion.ui.widgets import Text
    from companion.ui.widgets.touch import TableScroll

    driver = make_driver()
    holder = BoxLayout(size_hint=(None, None), size=(dp(300), dp(120)))
    scroll = TableScroll()
    scroll.add_widget(Text(text="A row of the list\n" * 12))
    holder.add_widget(scroll)
    kivy_window.add_widget(holder)
    try:
        driver.pump(3)
        assert scroll.more_below and not scroll.more_above
        assert not problems(holder, kivy_window, 1.0)
        scroll.scroll_y = 0
        driver.pump(2)
        assert scroll.more_above and not scroll.more_below
        assert not problems(holder, kivy_window, 1.0)
    finally:
        kivy_window.remove_widget(holder)


def test_words_the_app_shortens_have_a_way_to_be_read_whole(make_driver: Any,
                                                            kivy_window: Any) -> None:
    """Try 14, findings 27 and 37: "cultural …" on a system's button passed every rule, since
    only Kivy's own shortening was looked for; a greyed place folded to one line passes,
    since "Not possible now" says it whole."""
    from kivy.metrics import dp
    from kivy.uix.boxlayout import BoxLayout

    from companion.ui.screens.order import GroupButton
    from companion.ui.widgets.entries import PlaceButton

    driver = make_driver()
    holder = BoxLayout(size_hint=(None, None), size=(dp(240), dp(160)))
    folded = GroupButton(whole="75: Abaddon, Ashtroth, Loki\ncultural, hazardous, cultural, "
                               "hazardous, cultural, industrial")
    place = PlaceButton(text="Deploy TRNS1 (Transporter): Xichang cannot deploy TRNS1: it "
                             "needs a Lv-1 technology action this round", disabled=True)
    holder.add_widget(folded)
    holder.add_widget(place)
    kivy_window.add_widget(holder)
    try:
        driver.pump(3)
        found = problems(holder, kivy_window, 1.0)
    finally:
        kivy_window.remove_widget(holder)
    assert folded.text != folded.whole and "…" in place._label.text
    assert any("'75: Abaddon" in p and "no way to read" in p for p in found), found
    assert not any("Deploy TRNS1" in p for p in found), found


def test_nothing_lies_under_the_pinned_main_action(make_driver: Any, kivy_window: Any) -> None:
    """At Large text a choice sat half under the End bar: a widget under the screen's pinned
    bar of the moment's main action (`main_bar`) is named; one in a list cut at the list's
    edge above the bar is not."""
    from kivy.metrics import dp
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.floatlayout import FloatLayout

    from companion.ui.widgets import BigButton
    from companion.ui.widgets.touch import TableScroll

    driver = make_driver()
    screen = FloatLayout(size_hint=(None, None), size=(dp(400), dp(300)))
    bar = BoxLayout(size_hint=(None, None), size=(dp(400), dp(60)), pos=(0, 0))
    bar.add_widget(BigButton(text="End the turn", kind="primary"))
    under = BigButton(text="Complete a mission", size_hint=(None, None), size=(dp(400), dp(60)),
                      pos=(0, dp(30)))
    scroll = TableScroll(size_hint=(None, None), size=(dp(400), dp(100)), pos=(0, dp(66)))
    rows = BoxLayout(orientation="vertical", size_hint_y=None, height=dp(300))
    rows.add_widget(BigButton(text="A row cut by the list's foot"))
    scroll.add_widget(rows)
    for widget in (scroll, under, bar):
        screen.add_widget(widget)
    screen.ids = {"main_bar": bar}
    kivy_window.add_widget(screen)
    try:
        driver.pump(3)
        found = problems(screen, kivy_window, 1.0)
        screen.remove_widget(under)
        driver.pump(2)
        without = problems(screen, kivy_window, 1.0)
    finally:
        kivy_window.remove_widget(screen)
    assert any("'Complete a mission' lies under the pinned bar" in p for p in found), found
    assert not any("pinned bar" in p for p in without), without
