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
    return {t: driver.button(t, exact=True).to_window(*driver.button(t, exact=True).center)
            for t in texts}


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
    assert not driver.shown("4 spaces")  # TRNS1 cannot move 4: its place stays empty
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
