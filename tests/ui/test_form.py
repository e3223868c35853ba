"""The form screen (a prompt's `form` input, issue 22): a ship's ordinary move in at most 3
taps with no scroll at 800x480, a move with a check on to the die screen, a refused
combination that changes nothing, and a game the app has never heard of using it."""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines
from tests.racegame.rules import TITLE


def trns1_flies(make_driver):
    """The flight setup with TRNS1 (velocity 3) flying, the finger's count at zero."""
    driver = make_driver(demo_setup=flight_lines())
    driver.tap("End SHLD1's flight turn", scroll=False)
    assert driver.shown("Move TRNS1")
    driver.taps = driver.scrolls = 0
    return driver


def last_command(driver) -> str:
    return driver.app.table.history[-1].command


def test_an_ordinary_move_takes_three_taps_and_no_scroll(make_driver) -> None:
    driver = trns1_flies(make_driver)
    steps = driver.app.table.steps
    driver.tap("Move TRNS1", scroll=False)
    assert driver.screen.name == "form"
    # One screen: the spaces (full speed chosen), where it ends, what it passes (nothing);
    # the counts are numbers alone, "spaces" said once beside them.
    for text in ("Moves\n(spaces)", "a credit space", "its orbiting space",
                 "Passes\n(checks)", "L1\nLagrangian point", "SHLD1\nBaikonur"):
        assert driver.shown(text), (text, driver.texts())
    assert [driver.screen.option("Moves", f"{n} space{'s' * (n > 1)}").text
            for n in (1, 2, 3)] == ["1", "2", "3"]
    assert not driver.shown("GNSS")  # no GNSS lies on the map yet
    assert driver.screen.ids.submit.disabled  # where it ends is still to choose
    driver.tap("a credit space", scroll=False)
    assert driver.screen.submit_text == "Move TRNS1: moves 3 spaces, ends on a credit space"
    driver.tap(driver.screen.ids.submit, scroll=False)
    assert driver.screen.name == "dashboard"
    assert driver.app.table.steps == steps + 1
    assert last_command(driver) == "move TRNS1 3 credit"
    assert "TRNS1 moves 3 spaces. Xichang gains 5 credits." in driver.app.message
    assert (driver.taps, driver.scrolls) == (3, 0)


def test_a_move_with_a_check_goes_on_to_the_die_in_five_inputs(make_driver) -> None:
    driver = trns1_flies(make_driver)
    driver.tap("Move TRNS1", scroll=False)
    driver.tap("a credit space", scroll=False)
    driver.tap(driver.screen.option("Passes", "L1"), scroll=False)
    assert driver.screen.submit_text.endswith("passes L1  >")  # the die follows
    driver.tap(driver.screen.ids.submit, scroll=False)
    assert driver.screen.name == "check", driver.texts()
    assert driver.shown("Maneuver check: TRNS1 against L1")
    driver.tap("two\n2 symbols", exact=True, scroll=False)
    driver.wait_for(lambda: driver.screen.mode == "result", "the check's result")
    assert last_command(driver) == "move TRNS1 3 credit past L1 die two"
    assert driver.shown("Passed")
    assert (driver.taps, driver.scrolls) == (5, 0)
    driver.tap("Continue", scroll=False)
    assert driver.screen.name == "dashboard"


def test_back_leaves_the_game_as_it_was(make_driver) -> None:
    driver = trns1_flies(make_driver)
    steps = driver.app.table.steps
    driver.tap("Move TRNS1")
    driver.tap(driver.screen.option("Moves", "2 spaces"))
    driver.tap("a hazard space")
    driver.tap(driver.screen.option("Passes", "SHLD1"))
    assert driver.screen.submit_text.endswith("passes SHLD1  >")
    driver.tap(driver.screen.option("Passes", "SHLD1"))  # a second tap takes it back
    assert driver.screen.submit_text == "Move TRNS1: moves 2 spaces, ends on a hazard space"
    driver.tap(driver.screen.ids.back)
    assert driver.screen.name == "dashboard" and driver.app.table.steps == steps


def start_race_form(driver):
    driver.tap("New game")
    driver.tap(TITLE)
    from tests.ui.test_racegame_by_touch import seat_pilots

    seat_pilots(driver, "Ann", "Bo")
    driver.tap("Start the game")
    assert driver.screen.name == "dashboard", driver.app.message
    driver.run_line("undo")  # back before the start: the race's forms are offered
    driver.tap("Start with a head start")
    assert driver.screen.name == "form"


def test_a_game_the_app_never_heard_of_declares_a_form_and_its_refusal_shows(
        make_driver) -> None:
    driver = make_driver()
    start_race_form(driver)
    steps = driver.app.table.steps
    driver.tap("Ann\none space ahead")
    driver.tap("Bo\none space ahead")
    driver.tap(driver.screen.ids.submit)
    sentence = "A head start for every pilot is no head start"
    driver.wait_for(lambda: sentence in driver.screen.refusal, "the refusal")
    assert driver.screen.name == "form" and driver.shown(sentence)
    assert driver.app.table.steps == steps  # refused: nothing changed
    driver.tap("Bo\none space ahead")  # Bo starts at the line again
    driver.tap("Bo", exact=True)  # Bo plays first
    driver.tap(driver.screen.ids.submit)
    assert driver.screen.name == "dashboard", driver.screen.refusal
    assert last_command(driver) == "start first Bo ahead Ann"
    seats = {s["seat"]: s["position"] for s in driver.app.table.view["seats"]}
    assert seats == {"Ann": 1, "Bo": 0} and driver.app.table.view["active"] == "Bo"
