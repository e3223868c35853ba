"""The voice at the table: a game played by touch with the voice on (the stand-in output
records every sentence), and Settings' Voice row."""

from __future__ import annotations

from pathlib import Path

from companion.ui.devtools.gallery import flight_lines
from companion.voice.outputs import StandInOutput

#: Round 2's flight of the gallery's game (SHLD1 carries the Trap module), then rounds
#: 2-7 played through with no ship flying: the table stands at round 8's preparation.
LAST_ROUND = (*flight_lines("trap"), "next", "next", "drift",
              *("tech credits", "done", "tech credits", "done", "drift") * 5)


def _said(driver) -> list[str]:
    voice = driver.app.voice
    assert voice.queue.wait_quiet(30), "the voice did not finish"
    output = voice.queue.output
    assert isinstance(output, StandInOutput)
    return list(output.said)


def _in_order(said: list[str], *expected: str) -> list[int]:
    """Where each expected sentence was said, in the order expected."""
    places, start = [], 0
    for sentence in expected:
        assert sentence in said[start:], f"{sentence!r} not said after {said[:start]}: {said}"
        start = said.index(sentence, start) + 1
        places.append(start - 1)
    return places


def test_a_last_round_played_by_touch_is_said_turn_card_check_trap_end(make_driver,
                                                                        tmp_path: Path) -> None:
    driver = make_driver(demo_setup=LAST_ROUND, seed=1)
    driver.wait_for(lambda: driver.screen.name == "dashboard", "the dashboard")
    for label in ("Randomly draw 1 development card", "Let the app draw: Development",
                  "Continue", "Select Transporter (TRNS1)", "End Xichang", "Gain 6 credits",
                  "Select Shield (SHLD1)",
                  "End Baikonur", "Drop the Trap", "With count 1", "End SHLD1's flight turn",
                  "Move TRNS1"):
        driver.tap(label)
    driver.fill_form(("Moves", "1 space"), ("Ends on", "a plain space"), ("Passes", "L1"),
                     ("Passes", "trap T1"))
    driver.tap("one\n1 symbol", exact=True)  # passes L1, then the trap at count 1 explodes
    driver.tap("Continue")
    assert driver.screen.name == "explosion"
    driver.tap("Back to the table")
    driver.tap("Every ship moves onto a plain space")  # the last drift ends the game
    said = _said(driver)
    _in_order(said,
              "A new game is set up: seventy-five steps.",  # the setup: one sentence
              "Xichang, your preparation turn.",
              "Xichang draws Deployment discount.",
              "Baikonur, your preparation turn.",
              "Xichang, your flight turn.",
              "Maneuver check against L1: the die shows one, three against two, passed.",
              "Trap 1 explodes and destroys Transporter 1.")
    assert said[-1].startswith("The game is over."), said
    # Never a hidden card: Xichang's and Baikonur's missions stay unsaid.
    assert not any("mission" in s.lower() and "scores" not in s for s in said)


def test_voice_off_in_settings_says_nothing_and_test_still_speaks(make_driver,
                                                                 tmp_path: Path) -> None:
    driver = make_driver(demo_setup=LAST_ROUND, seed=1)
    driver.wait_for(lambda: driver.screen.name == "dashboard", "the dashboard")
    before = len(_said(driver))
    driver.tap("Menu")
    driver.tap("Settings")
    driver.tap(driver.screen.ids.voice_off)
    assert not driver.app.settings.voice
    assert '"voice": false' in (tmp_path / "settings.json").read_text()
    driver.tap(driver.screen.ids.voice_test)
    said = _said(driver)
    assert said[before:] == [
        "This is the companion's voice. Player one, it is your turn. The card drawn is "
        "shown on the screen."]
    driver.tap("Back")  # to the Menu it was opened from
    driver.tap(driver.app.screen("start").ids.resume)
    driver.tap("Gain 6 credits")
    driver.tap("End Xichang")
    assert _said(driver) == said  # the turn passed, and nothing more was said
