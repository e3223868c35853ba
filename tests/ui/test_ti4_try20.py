"""What the TI4 new player of try 20 hit (issue 22), by touch at 800x480."""

from __future__ import annotations

import os
import time
from pathlib import Path

from companion.ui.devtools.gallery_large import large_text
from companion.ui.devtools.gallery_ti4 import start_ti4
from tests.ui.layout_rules import problems

SCEPTER = "Exhaust Scepter of Emelpar: spend a token from the reinforcements instead of " \
    "the strategy pool"
SHOTS = os.environ.get("TRY20_SHOTS")  # a folder: the screens are saved there to look at


def _shot(driver, name: str) -> None:
    if SHOTS:
        driver.screenshot(Path(SHOTS) / f"{name}.png")


def _places(driver, first) -> dict[str, tuple[float, float, float]]:
    """Each button after `first` in the list: its left edge, width and height under
    `first`'s top (what a finger that learned the list finds there)."""
    buttons = list(driver.screen.ids.actions.buttons())
    top = first.to_window(first.x, first.top)[1]
    return {b.text: (round(b.to_window(b.x, b.y)[0]), round(b.width),
                     round(top - b.to_window(b.x, b.top)[1]))
            for b in buttons[buttons.index(first) + 1:]
            if not b.text.startswith("Not possible now")}  # (its count goes up by one)


def test_a_relic_exhausted_keeps_its_row_and_no_button_moves_up_beside_it(
        make_driver, kivy_window) -> None:
    """Finding 2: after "Exhaust Scepter of Emelpar" its greyed place took half a row and
    "Record a technology" moved up beside it, where a second tap would land."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.run_line("relic Alice draws R03")
    driver.wait_for(lambda: driver.screen.name == "reveal", "the relic gained")
    driver.tap("Continue")
    driver.wait_still()
    scepter = driver.button(SCEPTER)
    before = _places(driver, scepter)
    assert any(text.startswith("Record a technology") for text in before)
    driver.tap(scepter)
    driver.wait_still()
    greyed = driver.button(SCEPTER)
    assert greyed.disabled
    _shot(driver, "scepter-exhausted-normal")
    assert _places(driver, greyed) == before
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []
    large_text(driver)
    driver.wait_still()
    _shot(driver, "scepter-exhausted-large")
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []


def test_a_second_tap_right_after_resolve_does_not_draw_the_next_card_unseen(
        make_driver) -> None:
    """Finding 3: Resolve, then a second tap where the table's "Let the app draw" comes
    (the card still shown a second on a loaded core): the next card was drawn unseen. The
    table a tap brings up takes taps SEAT_ARRIVAL after its first frame, as new buttons
    after a tap of the list do."""
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    from companion.ui.widgets.touch import TableScroll

    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.run_line('take "Rigel I" "Rigel II" for Alice')
    driver.wait_still()
    driver.tap("Let the app draw: Hazardous exploration deck")
    assert driver.screen.name == "reveal"
    frames: list[tuple[float, str]] = []

    def flipped(*_args) -> None:
        frames.append((time.time(), driver.screen.name))

    Window.bind(on_flip=flipped)
    try:
        resolve = next(iter(reversed(driver.screen.ids.choices.children)))
        driver.press(*resolve.to_window(*resolve.center))
        driver.wait_for(lambda: any(name == "dashboard" for _t, name in frames),
                        "the table drawn")
    finally:
        Window.unbind(on_flip=flipped)
    shown = next(t for t, name in frames if name == "dashboard")
    lists = [w for w in driver.widgets() if isinstance(w, TableScroll)]
    driver.wait_for(lambda: not any(s.unsettled() or s.waiting for s in lists),
                    "the table's lists laid out")
    draw = driver.button("Let the app draw: Industrial exploration deck")
    touch = UnitTestTouch(*draw.to_window(*draw.center))
    touch.time_start = shown + 0.25  # a finger down a quarter second after the table came
    # (its lists laid out by now: the touch goes where the finger found them)
    touch.touch_down()
    driver.pump()
    touch.touch_up()
    driver.settle()
    assert driver.screen.name == "dashboard"  # no card drawn unseen
    assert not driver.button("Let the app draw: Industrial exploration deck").disabled
    driver.tap("Let the app draw: Industrial exploration deck")  # a tap seen: it draws
    assert driver.screen.name == "reveal"


def test_the_scoreboard_and_the_seat_card_say_the_points_a_relic_gives(
        make_driver, kivy_window) -> None:
    """Finding 10: Alice holds Shard of the Throne (+1 VP): her card and the Scoreboard
    say it, labelled, at Normal and Large text."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.run_line("relic Alice draws R04")
    driver.wait_for(lambda: driver.screen.name == "reveal", "the relic gained")
    driver.tap("Continue")
    driver.wait_still()
    points = "1 VP from relics"
    assert driver.shown(points) and driver.shown("Shard of the Throne: +1 VP")  # her card
    _shot(driver, "shard-card-normal")
    driver.tap("Menu")
    driver.tap("Scoreboard")
    assert driver.screen.name == "scoreboard" and driver.shown(points)
    driver.wait_still()
    _shot(driver, "shard-scoreboard-normal")
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []
    driver.app.show("dashboard")
    large_text(driver)
    driver.wait_still()
    # At Large on 800x480 the Seats page folds to names and scores: her whole card is a
    # tap on her seat away (its own page).
    driver.app.open_seat("Alice")
    driver.settle()
    _shot(driver, "shard-card-large")
    assert driver.shown(points)
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []
