"""TI4 by touch as the last new player hit it (issue 22, try 8): every line of the
scoreboard is whole (finding 18), and a planet added to the order shows whole above the
buttons pinned under the list (finding 16), at 800x480 at the Normal and the Large text
size."""

from __future__ import annotations

from typing import Any

import pytest

from companion.ui.devtools.gallery_ti4 import start_ti4
from companion.ui.settings import TEXT_SIZES
from tests.ui.layout_rules import problems

#: Carol holds a commodity and two trade goods, the longest seat line of try 8 (s073).
HOLDINGS = ("adjust Carol commodities +1", "adjust Carol trade_goods +2")


def _started(make_driver: Any, scale: float) -> Any:
    driver = make_driver(seed=102)
    start_ti4(driver)
    for line in HOLDINGS:
        driver.run_line(line)
        assert not driver.app.message_refused, f"{line}: {driver.app.message}"
    driver.app.change_setting("text_scale", str(scale))
    driver.settle()
    return driver


@pytest.mark.parametrize("scale", TEXT_SIZES[1:], ids=["normal", "large"])
def test_every_scoreboard_line_is_whole(make_driver, kivy_window, scale) -> None:
    driver = _started(make_driver, scale)
    driver.tap("Menu")
    driver.tap("Scoreboard")
    assert driver.screen.name == "scoreboard"
    driver.wait_still()
    assert driver.shown("1 commodity (of 3, assumed) · 2 trade goods")
    assert not problems(driver.screen, kivy_window, scale)


def _whole_in(widget: Any, scroll: Any) -> bool:
    """All of `widget` shows inside the list `scroll` (not only its centre)."""
    bottom = widget.to_window(widget.x, widget.y)[1]
    top = widget.to_window(widget.x, widget.top)[1]
    low = scroll.to_window(scroll.x, scroll.y)[1]
    return low - 1 <= bottom and top <= low + scroll.height + 1


@pytest.mark.parametrize("scale", TEXT_SIZES[1:], ids=["normal", "large"])
def test_the_fourth_planet_added_shows_whole_above_the_take_button(make_driver, kivy_window,
                                                                   scale) -> None:
    driver = _started(make_driver, scale)
    driver.tap("Take planets for Alice", exact=True)
    assert driver.screen.name == "order"
    for system in ("19: Wellon", "21: Thibah", "22: Tar'Mann", "23: Saudor"):
        driver.tap(driver.button(system))
    driver.wait_still()
    rows = list(reversed(driver.screen.ids.order.children))
    assert rows[-1].children[-1].text == "4. Saudor (industrial)"
    scroll = driver.screen.ids.side_scroll
    driver.wait_for(lambda: _whole_in(rows[-1], scroll), "the 4th row whole in view")
    assert not problems(driver.screen, kivy_window, scale)
