"""Hold-to-peek: a seat's owner looks at its hidden missions by a long press on its badge."""

from __future__ import annotations

import time
from pathlib import Path

from kivy.tests.common import UnitTestTouch

from companion.core import piles
from companion.session import open_session
from companion.ui.devtools.gallery import PREPARATION_LINES
from companion.ui.presenters.peek import card_line
from companion.ui.widgets.hold import HOLD_SECONDS, HoldBadge
from tests.ui.test_actions import saved_game


def _badge(driver, seat: str) -> HoldBadge:
    """The seat's badge, in view: the seat list scrolled to it first if the finger needs it
    (at 800x480 with the command bar the acting seat's card can push the first out)."""
    from companion.ui.widgets.touch import holding_list

    badge = next(w for w in driver.widgets() if isinstance(w, HoldBadge) and w.seat == seat)
    if not driver.reachable(badge):
        scroll = holding_list(badge)
        assert scroll is not None
        scroll.scroll_to(badge, padding=8, animate=False)
        driver.wait_for(lambda: driver.reachable(badge), "the badge in view")
        driver.wait_still()
    return badge


def _tap(driver, badge: HoldBadge) -> None:
    """A short tap: the finger comes up at the next frame, long before any hold."""
    driver.wait_for_screen()  # a finger aims once the screen is up
    x, y = badge.to_window(*badge.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    driver.pump()
    touch.touch_up()
    driver.settle()
    assert not badge.pressed


def _hold(driver, badge: HoldBadge, until) -> tuple[list[bool], float]:
    """Hold a finger still on the badge until `until()`: the badge's outline on the way,
    and how long the finger was down."""
    outlined: list[bool] = []
    badge.bind(pressed=lambda _badge, value: outlined.append(value))
    driver.wait_for_screen()  # a finger aims once the screen is up
    x, y = badge.to_window(*badge.center)
    touch = UnitTestTouch(x, y)
    started = time.monotonic()
    touch.touch_down()
    try:
        # However long a frame takes, the scroll view hands the finger on after its timeout
        # and the hold fires HOLD_SECONDS after the finger came down: wait for that.
        driver.wait_for(until, "the hold to open the private panel")
        held = time.monotonic() - started
    finally:
        touch.touch_up()
    driver.settle()
    assert not badge.pressed
    return outlined, held


def _missions(db: Path, seat: str) -> list[str]:
    session = open_session(db, None)
    cards = session.match.state.table.cards_in(piles.hand_zone(seat))
    names = [session.match.catalog.card(c).name for c in cards]
    session.close()
    return names


def test_a_hold_on_a_seat_badge_opens_its_private_panel(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    secrets = saved_game(db, PREPARATION_LINES)
    xichang = _missions(db, "Xichang")
    driver = make_driver(db=db)
    assert driver.screen.name == "dashboard"
    _tap(driver, _badge(driver, "Xichang"))  # a short tap shows nothing private:
    assert driver.screen.name == "seat"  # the seat's public page, as a tap on its card
    assert not any(secret in " ".join(driver.texts()) for secret in secrets)
    driver.tap("Back to the table")
    outlined, held = _hold(driver, _badge(driver, "Xichang"),
                           lambda: driver.screen.name == "private")
    assert outlined[:1] == [True]  # outlined while the hold counted, from the press on
    assert held >= HOLD_SECONDS * 0.9  # not sooner: a finger brushing past shows nothing
    assert driver.shown("Only Ana (Xichang) looks now")
    assert not any(secret in " ".join(driver.texts()) for secret in secrets)
    driver.tap("Show Ana's hidden cards")
    texts = " ".join(driver.texts())
    assert all(name in texts for name in xichang) and "So far" in texts
    assert driver.shown("Hidden cards of Ana (Xichang):")  # try 13, 8: "Ana (Xichang)'s"
    assert not any(name in texts for name in _missions(db, "Baikonur"))  # only its own
    driver.tap("Hide and go back")
    assert driver.screen.name == "dashboard"
    assert not any(secret in " ".join(driver.texts()) for secret in secrets)


def test_a_peeked_card_reads_as_name_goal_and_progress() -> None:
    card = {"id": "P06", "name": "Explorer", "summary": "Have 3 ships in outer space",
            "value": 1, "goal": 3}
    assert card_line(card) == "Explorer (P06): Have 3 ships in outer space. So far 1 of 3."
    assert card_line({**card, "goal": None}) == ("Explorer (P06): Have 3 ships in outer "
                                                 "space. So far 1.")


def test_the_hidden_card_reveal_offers_its_owner_a_look(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)  # missions are owed next
    driver = make_driver(db=db)
    driver.tap("Let the app draw: Primary mission cards")
    assert driver.screen.name == "reveal" and driver.screen.hidden
    assert driver.shown("Only Ana (Xichang) looks at it.")  # try 26: by name too
    assert not driver.shown("holds a finger")  # the way to look is a button, not a hint
    driver.tap("Only Ana (Xichang): look at it")
    assert driver.screen.name == "private" and driver.shown("Only Ana (Xichang) looks now")
    driver.tap("Show Ana's hidden card")
    (card,) = _missions(db, "Xichang")
    assert driver.shown(card)
