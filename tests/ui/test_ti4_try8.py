"""TI4 by touch as the last new player hit it (issue 22, try 8): every line of the
scoreboard is whole (finding 18), the end of a seat's page and of the order list scrolls
into view above the buttons pinned under them (findings 13, 16, 36), at 800x480 at the
Normal and the Large text size."""

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
