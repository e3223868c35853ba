"""The table's lists end with room: scrolled to its end, a list's last row stands clear of
the faded edge above the pinned bar, never a sliver under it (try 19, finding 10:
"Baikonur's hidden cards" sat half under the bar and was tapped on a 15 px strip)."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp

from companion.ui.devtools.gallery import flight_lines
from companion.ui.widgets import BigButton

#: The faded edge's height (widgets.kv, TableScroll).
FADE_DP = 22


def _bottom(widget: Any) -> float:
    return float(widget.to_window(widget.x, widget.y)[1])


def test_the_last_row_of_each_list_scrolls_clear_of_its_edge(make_driver) -> None:
    driver = make_driver(demo_setup=flight_lines())
    driver.app.change_setting("text_scale", "1.3")  # Large: both lists scroll at 800x480
    driver.settle()
    screen = driver.screen
    side, seats = screen.ids.side, screen.ids.seats
    for box, rows in ((side, [w for w in side.walk(restrict=True)
                              if isinstance(w, BigButton) and w.opacity > 0 and w.height > 0]),
                      (seats, list(seats.children))):
        scroll = box.parent
        driver.wait_laid_out()
        assert box.height > scroll.height, "the list fits: nothing to scroll"
        scroll.scroll_y = 0  # its end, as a finger's swipe leaves it
        driver.wait_laid_out()
        last = min(rows, key=_bottom)
        assert _bottom(last) - _bottom(scroll) >= dp(FADE_DP) - 1, \
            f"{getattr(last, 'text', last)!r} ends at the list's edge"
