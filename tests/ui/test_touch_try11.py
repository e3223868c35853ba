"""Tries 11 and 12 by touch: every tap lands where the finger was. Settings' Back returns to
the Menu it was opened from, so the next tap on the Menu's "Resume" spot resumes."""

from __future__ import annotations

from pathlib import Path

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
