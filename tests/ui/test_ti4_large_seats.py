"""TI4 at the Large text size with three players (try 10, finding 23): the acting seat's
card stays whole in view when the text grows under it."""

from __future__ import annotations

from companion.ui.devtools.gallery_large import large_text
from companion.ui.devtools.gallery_ti4 import seat_card, start_ti4


def _whole_in_view(driver, row) -> bool:
    scroll = row.parent.parent
    low = scroll.to_window(scroll.x, scroll.y)[1]
    high = scroll.to_window(scroll.x, scroll.top)[1]
    bottom = row.to_window(row.x, row.y)[1]
    top = row.to_window(row.x, row.top)[1]
    return low - 1 <= bottom and top <= high + 1


def test_the_third_seat_stays_whole_in_view_when_the_text_grows(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    for line in ("take Loki", "scan TI/C10", "resolve", "end", "take Jord", "end"):  # Carol acts
        driver.run_line(line)
    driver.wait_still()
    carol = seat_card(driver, "Carol")
    assert carol.active and _whole_in_view(driver, carol)
    large_text(driver)
    driver.wait_for(lambda: _whole_in_view(driver, carol),
                    "Carol's card whole in view at Large text")
