"""Tries 11 and 12 by touch: every tap lands where the finger was. Settings' Back returns to
the Menu it was opened from, so the next tap on the Menu's "Resume" spot resumes; a
count of spaces sits at one place for every ship; a list's glide ends before a player has
looked; the die's faces keep one arrangement at every text size."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from companion.ui.devtools.gallery import flight_lines
from companion.ui.devtools.gallery_large import large_text
from tests.ui.test_actions import saved_game


def test_settings_back_returns_to_the_menu_so_resume_lands_on_resume(make_driver,
                                                                      tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)
    driver = make_driver(db=db)
    steps = driver.app.table.steps
    driver.tap("Menu")
    resume = driver.app.screen("start").ids.resume
    spot = resume.to_window(*resume.center)
    driver.tap("Settings")
    driver.tap("Large")
    driver.tap("Back", exact=True)
    assert driver.screen.name == "start"  # the Menu, where Settings was opened from
    driver.press(*spot)  # the finger goes where "Resume" sat a moment ago
    driver.settle()
    assert driver.screen.name == "dashboard"
    assert driver.app.table.steps == steps  # nothing in the game was done by that tap


def _spots(driver, *texts: str) -> dict[str, tuple[float, float]]:
    """Where each of the Move form's options sits in the window."""
    driver.wait_laid_out()
    options = {t: driver.screen.option("Moves", t) for t in texts}
    return {t: o.to_window(*o.center) for t, o in options.items()}


def test_each_count_of_spaces_keeps_its_place_for_every_ship(make_driver) -> None:
    """SHLD1 (velocity 4) and TRNS1 (velocity 3): "2 spaces" at one spot for both, so a
    tap aimed at it for one ship never falls between the other's buttons (try 11, 26)."""
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("Move SHLD1")
    fast = _spots(driver, "1 space", "2 spaces", "3 spaces", "4 spaces")
    driver.tap(driver.screen.ids.back)
    driver.tap("End SHLD1's flight turn")
    driver.tap("Move TRNS1")
    slow = _spots(driver, "1 space", "2 spaces", "3 spaces")
    assert "4 spaces" not in driver.screen.choices()["Moves"]  # its place stays empty
    for text, spot in slow.items():
        assert spot == pytest.approx(fast[text], abs=1), text
    driver.press(*fast["2 spaces"])  # where "2 spaces" sat for SHLD1
    driver.settle()
    assert driver.screen.option("Moves", "2 spaces").chosen
    driver.tap("a plain space", exact=True)
    assert driver.screen.submit_text.startswith("Move TRNS1: moves 2 spaces")


def _glide(velocity: float, frame: float) -> tuple[float, list[float]]:
    """A list's glide after a flick of `velocity` px/s, one frame every `frame` seconds:
    the seconds until its last move, and where it is after each frame."""
    from companion.ui.widgets.touch import EdgeStopEffect

    effect = EdgeStopEffect(min=0, max=-100000)  # a long list, far from either end
    effect.value, effect.velocity = -50000.0, velocity
    places, seconds, moving = [effect.value], 0.0, 0.0
    while effect.velocity and seconds < 30:
        effect.update_velocity(frame)
        seconds += frame
        if abs(effect.value - places[-1]) > 1:  # Kivy rounds the place once stopped
            moving = seconds
        places.append(effect.value)
    return moving, places


@pytest.mark.parametrize("frame", [1 / 60, 1 / 20, 0.25, 0.5])
def test_a_glide_ends_before_a_player_has_looked_and_tapped(frame: float) -> None:
    """A hard flick (4,000 px/s) glides on for at most 0.9 s, whatever the frame rate,
    always onward: a player who looks a second after lifting their finger sees the list
    where it will be when they tap (try 11, 27: the row aimed at had slid a row on)."""
    seconds, places = _glide(-4000.0, frame)
    assert seconds <= 0.9 + frame  # the last frame's step (a slow frame moves late)
    assert all(b <= a + 1 for a, b in pairwise(places))  # never back
    assert places[-1] < -50000 - 100  # still a glide: a flick carries the list on


def _face_places(driver) -> dict[str, tuple[int, int]]:
    """Each die face's row and column on the check screen (rows from the top)."""
    driver.wait_laid_out()
    grid = driver.screen.ids.faces.children[0]
    faces = list(reversed(grid.children))
    cols = int(grid.cols)
    return {f.text.split("\n")[0]: (i // cols, i % cols) for i, f in enumerate(faces)}


def test_the_dies_faces_keep_one_arrangement_at_every_text_size(make_driver) -> None:
    """Try 11, 24: a 1x4 row at Normal, a 2x2 grid at Large: the same faces elsewhere."""
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn")
    driver.tap("Move TRNS1")
    driver.fill_form(("Moves", "2 spaces"), ("Ends on", "a credit space"), ("Passes", "L1"))
    assert driver.screen.name == "check"
    normal = _face_places(driver)
    assert set(normal) == {"blank", "one", "two", "three"}
    large_text(driver)
    assert _face_places(driver) == normal
    assert driver.button("three\n3 symbols", exact=True).width > driver.button(
        "three\n3 symbols", exact=True).texture_size[0]  # its words whole


def test_the_fixed_bar_never_draws_where_the_turns_end_sat(make_driver) -> None:
    """Try 11, 16: a move ends on a hazard space; the table taps the fixed bar's spot by
    habit, where "End SHLD1's flight turn" was: nothing is drawn, the deck's list opens."""
    driver = make_driver(demo_setup=flight_lines())
    main = driver.app.screen("dashboard").ids.main
    assert main.text == "End SHLD1's flight turn"
    spot = main.to_window(*main.center)
    driver.tap("Move SHLD1")
    driver.fill_form(("Moves", "1 space"), ("Ends on", "a hazard space"))
    assert driver.screen.name == "dashboard"
    steps = driver.app.table.steps
    assert main.text.startswith("Pick the card drawn at the table: Hazard cards")
    driver.press(*spot)  # the habit spot
    driver.settle()
    assert driver.app.table.steps == steps and driver.screen.name == "dashboard"
    assert driver.shown("Lost cargo (H02)")  # the list of the table's own deck opened
    driver.tap("< Back", exact=True)
    driver.tap("Let the app draw: Hazard cards")  # the app's draw heads the list, in reach
    assert driver.app.table.steps == steps + 1


def _system(driver, number: str):
    from companion.ui.screens.order import GroupButton

    return next(b for b in driver.widgets(driver.screen.ids.groups)
                if isinstance(b, GroupButton) and b.whole.startswith(f"{number}: "))


def test_the_systems_list_stays_where_it_is_when_a_system_is_added(make_driver) -> None:
    """Try 12, 11: tapping system 76 far down the Take-planets list (after three swipes)
    moved the list about 40 px under the finger."""
    from tests.ui.test_steady_try10 import _start

    driver = make_driver(seed=7)
    _start(driver)
    driver.tap("Take planets for Ravi", exact=True)
    scroll = driver.screen.ids.groups_scroll
    rigel = _system(driver, "76")
    for _swipe in range(16):  # the player's swipes up the list, till 76 is in its top half
        driver.wait_still()  # where the last swipe's glide ended, not where it was going
        below = scroll.below_top(rigel)
        if 0 <= below < scroll.height / 2:
            break
        if below < 0:  # a fast glide (a loaded machine) carried it past the top: back down
            x, y = scroll.to_window(scroll.center_x, scroll.y + scroll.height * 0.2)
            driver.drag((x, y), -scroll.height * 0.3, steps=8)
            continue
        x, y = scroll.to_window(scroll.center_x, scroll.y + scroll.height * 0.8)
        driver.drag((x, y), scroll.height * 0.5, steps=8)
    driver.wait_still()
    place = rigel.to_window(*rigel.center)
    assert scroll.collide_point(*scroll.parent.to_widget(*place))  # it shows
    driver.press(*place)
    driver.settle()
    driver.wait_still()
    assert driver.shown("Rigel I (")  # added to the order
    assert rigel.to_window(*rigel.center) == pytest.approx(place, abs=1)
