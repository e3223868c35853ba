"""The seat cards at the Large text size (800x480): a count stays on the line of its label,
and the seats' column gives its tabs room."""

from __future__ import annotations

import re
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp

from companion.ui.devtools.gallery import flight_lines
from companion.ui.devtools.gallery_large import large_text
from companion.ui.widgets import Text


def _counts(driver: Any) -> list[Any]:
    return [w for w in driver.widgets() if isinstance(w, Text)
            and re.search(r"\d+\s+credits", w.text)]


def test_a_count_stays_on_the_line_of_its_label_at_large(make_driver) -> None:
    """Try 16: "15 credits · 2" then "command points · 0": each number above its label.
    (At 800x480 Large the seats' column folds to names and scores, the counts on a seat's
    page: a taller window's cards, where they wrap, are unfolded here.)"""
    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    large_text(driver)
    driver.app.seats_folded = False
    driver.settle()
    driver.wait_laid_out()
    labels = _counts(driver)
    assert labels
    for label in labels:
        lines = ["".join(w.text for w in line.words).strip()
                 for line in label._label._cached_lines]
        assert len(lines) > 1, lines  # (wrapped: the rule is about where it wraps)
        for line in lines:
            assert not re.search(r"(^|·)\s*[-+]?\d+$", line), lines  # a number left alone
            assert not re.match(r"[a-z]", line), lines  # a label without its number


def test_the_seat_tabs_have_room_at_large(make_driver) -> None:
    """At Large the five tabs were cramped ("Seats" 66 px wide in a 67 px tab): each tab's
    word has 10 dp on each side at least (6 to 8 before)."""
    driver = make_driver(seed=2047)
    driver.app.start_new_game("xp", list(flight_lines()))
    driver.settle()
    large_text(driver)
    driver.wait_still()
    assert driver.app.seats_folded  # (its tabs on two rows: each has room, as at 1024x600)
    tabs = [w for w in driver.widgets(driver.screen.ids.tabs)
            if getattr(w, "text", "") in ("Seats", "Ships", "Traps", "Board", "Decks")]
    assert len(tabs) == 5
    for tab in tabs:
        word = CoreLabel(font_size=tab.font_size).get_extents(tab.text)[0]
        assert word + dp(20) <= tab.width, (tab.text, word, tab.width)
