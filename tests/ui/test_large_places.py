"""Room at the Large text size (800x480): a choice not possible now, greyed in its place,
takes at most two lines (its whole why under "Not possible now"), so the choices after it
stay in reach and its why is read where it stands."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp

from companion.ui.devtools.gallery import FLIGHT_SETUP
from companion.ui.settings import TEXT_SIZES, AppSettings
from companion.ui.widgets import Text

#: A 2-seat game at round 1's preparation phase, Xichang to play.
PREPARATION = FLIGHT_SETUP[:FLIGHT_SETUP.index("start") + 1]


def _greyed(driver: Any) -> list[Any]:
    return [b for b in driver.screen.ids.actions.buttons() if b.disabled]


def test_a_greyed_place_takes_two_lines_at_most_and_not_possible_now_says_it_whole(
        make_driver) -> None:
    """At Large each greyed Deploy place took 4 lines ("Deploy Transporter (TRNS1)" and
    its whole why), the four of them 2 swipes of the list before the turn's other choices."""
    driver = make_driver(seed=2047, settings=AppSettings(text_scale=TEXT_SIZES[-1]))
    driver.app.start_new_game("xp", list(PREPARATION))
    driver.settle()
    driver.wait_still()
    greyed = _greyed(driver)
    deploys = [b for b in greyed if b.text.startswith("Deploy Transporter (TRNS1)")]
    assert deploys, [b.text for b in greyed]
    for button in greyed:
        drawn = button._label._cached_lines
        assert len(drawn) <= 2, (button.text, [line.words[0].text for line in drawn])
        # 4 lines: 124; a row as tall as its partner's 3 lines at most (the folded seats'
        # column at 800x480 gives the list the width to pair more of them).
        assert button.height <= dp(100) + 1, (button.text, button.height)
    why = deploys[0].text  # the whole words are kept: the list below says them
    assert "needs a Lv-1 technology action" in why
    driver.tap("Not possible now: ")
    assert any(isinstance(w, Text) and w.text == why for w in driver.widgets())
