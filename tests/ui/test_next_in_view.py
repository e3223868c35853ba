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

from companion.ui.devtools.gallery_large import large_text
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
    large_text(driver)  # (at Normal text the whole list fits 800x480 since 28 Nov)
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
    large_text(driver)  # (at Normal text the whole list fits 800x480 since 28 Nov)
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


def test_each_card_owed_is_picked_from_the_same_place(make_driver, tmp_path: Path) -> None:
    driver = ti4_game(make_driver, tmp_path, (*SETUP, "take P76C P76B P76A for Alice"))
    dashboard, _scroll = column(driver)
    picks = []
    for _planet in range(3):
        main = dashboard.ids.main  # the table's pick, never the app's draw (try 11, 16)
        assert main.text.startswith("Pick the card drawn at the table:"), main.text
        picks.append(tuple(round(v) for v in main.to_window(*main.center)))
        draw = next(b for b in dashboard.ids.actions.buttons()
                    if b.text.startswith("Let the app draw:"))
        assert driver.in_reach(draw)  # the app's draw heads the list, no scroll needed
        driver.tap(draw, scroll=False)
        resolve_on_reveal(driver)
    assert len(set(picks)) == 1, f"the pick moved: {picks}"
    assert dashboard.ids.main.text == "End Alice's turn"


def double_tap(driver, text: str, after: float = 0.25) -> int:
    """Tap `text`, then touch the same place again `after` seconds after the step's
    result was drawn (a double tap's second touch): the steps the two touches took."""
    steps = len(driver.app.table.history)
    button = driver.button(text, exact=True)
    assert driver.reachable(button)
    second_touch_after(driver, button, lambda: len(driver.app.table.history) > steps, after)
    return len(driver.app.table.history) - steps


def second_touch_after(driver, button, arrived, after: float = 0.25) -> None:
    """Tap `button`, then touch its place again `after` seconds after the first frame
    drawn once `arrived()` holds (the tap's result on the glass): a double tap's second
    touch."""
    flips: list[tuple[float, bool]] = []

    def drawn(*_args) -> None:
        flips.append((time.time(), arrived()))

    x, y = button.to_window(*button.center)
    Window.bind(on_flip=drawn)
    try:
        driver.tap(button, scroll=False)
    finally:
        Window.unbind(on_flip=drawn)
    result_drawn = next(at for at, done in flips if done)
    touch = UnitTestTouch(x, y)
    touch.time_start = result_drawn + after
    touch.touch_down()
    driver.pump()
    touch.touch_up()
    driver.settle()


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


def test_a_slow_double_tap_on_the_end_of_a_turn_ends_one_turn(make_driver,
                                                              tmp_path: Path) -> None:
    """Try 30: a second touch 0.6 s after the first, on the bar where the next seat's
    main action came, played it for them."""
    driver = ti4_game(make_driver, tmp_path, SETUP)
    assert double_tap(driver, "End Alice's turn", after=0.6) == 1
    assert driver.app.table.view["active"] == "Bob"


def held_back_touch(driver, monkeypatch, text: str, then: str) -> list:
    """Tap `text`, wait for its result to be drawn and still, then touch `then` (the next
    seat's button) as if a quarter of a second after that frame, while the gate still holds
    the next seat's buttons back: the buttons that touch dimmed. The dimming lasts 2 s
    here, so a loaded machine's slow frames cannot end it before it is looked at."""
    from companion.ui.widgets import BigButton, touch

    monkeypatch.setattr(touch, "HELD_BACK_SHOWN", (2.0, 2.0))
    flips: list[tuple[float, int]] = []

    def drawn(*_args) -> None:
        flips.append((time.time(), len(driver.app.table.history)))

    steps = len(driver.app.table.history)
    Window.bind(on_flip=drawn)
    try:
        driver.tap(text, exact=True)
    finally:
        Window.unbind(on_flip=drawn)
    driver.wait_still()
    button = driver.button(then, exact=True)
    if not driver.reachable(button):
        driver._scroll_into_view(button)  # the list shows its start: the finger scrolls
        driver.wait_still()
    assert driver.reachable(button)
    dimmed: list = []
    hold_back = BigButton.hold_back
    monkeypatch.setattr(BigButton, "hold_back",
                        lambda b, seconds: (hold_back(b, seconds), dimmed.append(b)))
    second = UnitTestTouch(*button.to_window(*button.center))
    second.time_start = next(at for at, count in flips if count > steps) + 0.25
    second.touch_down()
    driver.pump()
    second.touch_up()
    driver.settle()
    assert len(driver.app.table.history) == steps + 1, "the touch held back acted"
    return dimmed


def veil(button) -> float:
    """The opacity of the veil drawn over `button` (its last colour)."""
    colours = [i for i in button.canvas.after.children if type(i).__name__ == "Color"]
    return float(colours[-1].rgba[3])


def dimmed_a_moment(driver, button) -> None:
    """`button` shows dimmed, then lights up again by itself."""
    driver.wait_for(lambda: veil(button) > 0.4, "the veil over the button held back")
    driver.wait_for(lambda: not button.held_back and veil(button) == 0,
                    "the dimmed button to light up again")


def test_a_touch_held_back_after_a_pass_dims_the_next_seats_pass_a_moment(
        make_driver, tmp_path: Path, monkeypatch) -> None:
    driver = ti4_game(make_driver, tmp_path, SETUP)
    dimmed = held_back_touch(driver, monkeypatch, "Alice passes", "Bob passes")
    assert [b.text for b in dimmed] == ["Bob passes"]
    dimmed_a_moment(driver, dimmed[0])
    assert driver.app.table.view["passed"] == ["Alice"]  # the touch did nothing
    driver.tap("Bob passes", exact=True)
    assert driver.app.table.view["passed"] == ["Alice", "Bob"]


def test_a_touch_held_back_on_the_fixed_bar_dims_its_button(
        make_driver, tmp_path: Path, monkeypatch) -> None:
    driver = ti4_game(make_driver, tmp_path, SETUP)
    dimmed = held_back_touch(driver, monkeypatch, "End Alice's turn", "End Bob's turn")
    assert [b.text for b in dimmed] == ["End Bob's turn"]
    dimmed_a_moment(driver, dimmed[0])
    assert driver.app.table.view["active"] == "Bob"  # the touch did nothing


def test_a_tap_that_is_taken_dims_nothing(make_driver, tmp_path: Path, monkeypatch) -> None:
    from companion.ui.widgets import BigButton

    driver = ti4_game(make_driver, tmp_path, SETUP)
    calls: list = []
    monkeypatch.setattr(BigButton, "hold_back", lambda b, s: calls.append(b.text))
    driver.tap("End Alice's turn", exact=True, scroll=False)
    driver.pump_for(0.6)  # a tap of its own, well after the next seat's buttons are drawn
    driver.tap("End Bob's turn", exact=True, scroll=False)
    assert driver.app.table.view["active"] == "Carol"
    assert calls == []
