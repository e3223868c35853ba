"""After a step, the next thing to tap is in view (issue 22), in a TI4 game at 800x480:

- a step that brings something new to do (a card owed, a technology's new way to explore)
  shows the action column from its start: the prompt's line, what the step did and the
  first choices, even when the step was tapped at the foot of the list;
- the card owed is drawn from the fixed bar, at one place after every step;
- a step that leaves the same choices keeps the list where it was;
- the second touch of a double tap never acts for the next seat, whose buttons (its pass,
  its end of turn in the fixed bar) come at the same place.
"""

from __future__ import annotations

import time
from pathlib import Path

from kivy.core.window import Window
from kivy.metrics import dp
from kivy.tests.common import UnitTestTouch

from companion.ui.settings import AppSettings
from companion.ui.widgets import Text
from tests.ui.test_ti4_session import SEED, resolve_on_reveal

SETUP = ("player Alice red", "player Bob blue", "player Carol green", "setup")
#: Alice holds three hazardous relic fragments (H15, H18, H16).
FRAGMENTS = (*SETUP, "take Abyz Fria", "scan TI/H15", "resolve", "scan TI/H10", "resolve",
             "take Bereg", "scan TI/H18", "resolve", "take P20", "scan TI/H16", "resolve")
PURGE = "Purge three fragments for a relic, or draw one by an ability  >"


def ti4_game(make_driver, tmp_path: Path, lines: tuple[str, ...] = FRAGMENTS):
    from companion.session import open_session

    db = tmp_path / "games.db"
    session = open_session(db, "ti4", new=True, seed=SEED)
    for line in lines:
        assert session.run(line).ok, line
    session.close()
    driver = make_driver(db=db, settings=AppSettings(typed_commands=False))  # as at a table
    assert driver.screen.name == "dashboard"
    return driver


def column(driver):
    dashboard = driver.app.screen("dashboard")
    return dashboard, dashboard.ids.side_scroll


def the_start_in_view(driver) -> None:
    """The prompt's line and the step's result are where a finger reaches them."""
    dashboard, _scroll = column(driver)
    prompt_line = next(w for w in driver.widgets(dashboard.ids.side)
                       if isinstance(w, Text) and w.text == dashboard.next_text)
    assert driver.reachable(prompt_line), "the prompt's line is scrolled out of view"
    assert driver.reachable(dashboard.ids.message), "what the step did is out of view"


def test_a_relic_purged_at_the_foot_of_the_list_shows_its_draw_and_what_happened(
        make_driver, tmp_path: Path) -> None:
    driver = ti4_game(make_driver, tmp_path)
    _dashboard, scroll = column(driver)
    driver.tap(PURGE, exact=True)  # at the foot of the list: scrolled to first
    assert driver.scrolls == 1
    driver.tap("Alice purges three fragments for a relic", exact=True, scroll=False)
    driver.wait_still()
    assert driver.app.message.startswith("Alice purges Hazardous Relic Fragment")
    the_start_in_view(driver)
    assert scroll.scroll_y > 0.99
    driver.tap("Let the app draw: Relic deck", exact=True, scroll=False)
    assert driver.screen.name == "reveal"


def test_a_technology_recorded_shows_that_it_was(make_driver, tmp_path: Path) -> None:
    driver = ti4_game(make_driver, tmp_path)
    driver.tap("Record a technology  >", exact=True)
    driver.tap("Alice  >", exact=True, scroll=False)
    driver.tap("Dark Energy Tap", exact=True, scroll=False)
    driver.wait_still()
    assert driver.app.message == "Alice owns Dark Energy Tap."
    the_start_in_view(driver)
    # Its new way to explore a frontier token is one tap from there.
    assert driver.reachable(driver.button("Explore a frontier token for Alice", exact=True))


def test_a_trade_that_leaves_the_same_choices_keeps_the_list_where_it_was(
        make_driver, tmp_path: Path) -> None:
    driver = ti4_game(make_driver, tmp_path)
    _dashboard, scroll = column(driver)
    trade = "Trade a relic fragment  >"
    driver.tap(trade, exact=True)
    driver.tap(driver.button("from Alice"), scroll=False)
    driver.tap("To Bob", exact=True, scroll=False)
    driver.wait_still()
    assert driver.app.message.startswith("Alice gives")
    button = driver.button(trade, exact=True)
    assert driver.reachable(button) and scroll.scroll_y < 0.9, "the list jumped to its top"
    where = scroll.below_top(button)
    driver.tap(button, scroll=False)  # a second trade, from the same place
    driver.tap(driver.button("from Alice"), scroll=False)
    driver.tap("To Carol", exact=True, scroll=False)
    driver.wait_still()
    assert abs(scroll.below_top(driver.button(trade, exact=True)) - where) < 1


def test_each_card_owed_is_drawn_from_the_same_place(make_driver, tmp_path: Path) -> None:
    driver = ti4_game(make_driver, tmp_path, (*SETUP, "take P76C P76B P76A for Alice"))
    dashboard, _scroll = column(driver)
    places = []
    for _planet in range(3):
        main = dashboard.ids.main
        assert main.text.startswith("Let the app draw:"), main.text
        places.append(tuple(round(v) for v in main.to_window(*main.center)))
        driver.tap(main, scroll=False)
        resolve_on_reveal(driver)
    assert len(set(places)) == 1, f"the draw moved: {places}"
    assert dashboard.ids.main.text == "End Alice's turn"


def double_tap(driver, text: str) -> int:
    """Tap `text`, then touch the same place again a quarter of a second after the step's
    result was drawn (a double tap's second touch): the steps the two touches took."""
    flips: list[tuple[float, int]] = []

    def drawn(*_args) -> None:
        flips.append((time.time(), len(driver.app.table.history)))

    steps = len(driver.app.table.history)
    button = driver.button(text, exact=True)
    assert driver.reachable(button)
    x, y = button.to_window(*button.center)
    Window.bind(on_flip=drawn)
    try:
        driver.tap(button, scroll=False)
    finally:
        Window.unbind(on_flip=drawn)
    result_drawn = next(at for at, count in flips if count > steps)
    touch = UnitTestTouch(x, y)
    touch.time_start = result_drawn + 0.25
    touch.touch_down()
    driver.pump()
    touch.touch_up()
    driver.settle()
    return len(driver.app.table.history) - steps


def test_a_double_tap_on_a_pass_passes_one_seat(make_driver, tmp_path: Path) -> None:
    driver = ti4_game(make_driver, tmp_path, SETUP)
    _dashboard, scroll = column(driver)
    driver.drag(scroll.to_window(scroll.center_x, scroll.y + dp(20)), dp(150))  # a swipe
    assert double_tap(driver, "Alice passes") == 1
    assert driver.app.table.view["active"] == "Bob"
    assert driver.app.table.view["passed"] == ["Alice"]
    driver.tap("Bob passes", exact=True)  # a tap of its own, once it is seen: taken
    assert driver.app.table.view["passed"] == ["Alice", "Bob"]


def test_a_double_tap_on_the_end_of_a_turn_ends_one_turn(make_driver, tmp_path: Path) -> None:
    driver = ti4_game(make_driver, tmp_path, SETUP)
    assert double_tap(driver, "End Alice's turn") == 1
    assert driver.app.table.view["active"] == "Bob"
    driver.tap("End Bob's turn", exact=True, scroll=False)
    assert driver.app.table.view["active"] == "Carol"
