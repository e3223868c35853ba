"""The proof that the app serves a game it has never heard of (issue 21, item 7): Comet
Race (tests/racegame) is registered only in the test process, and no file of
companion/ui names it. It is started from the new-game screen its own form declares
and played to its end by touch: the die, a card revealed, the final scores."""

from __future__ import annotations

from companion.ui.screens.newgame import SeatEntry
from companion.ui.widgets import CommandInput
from tests.racegame.rules import TITLE


def seat_pilots(driver, *names: str) -> None:
    """Type names into the form's seats, top to bottom."""
    rows = [e for e in reversed(driver.screen.ids.form.children) if isinstance(e, SeatEntry)]
    fields = [w for e in rows for w in e.children if isinstance(w, CommandInput)]
    for field, name in zip(fields, names, strict=False):
        field.text = name


def test_comet_race_is_started_from_its_own_form_and_played_to_the_end(make_driver) -> None:
    driver = make_driver()
    driver.tap("New game")
    driver.tap(TITLE)
    form = driver.screen.form
    assert form.kind == "race"
    rows = [e for e in reversed(driver.screen.ids.form.children) if isinstance(e, SeatEntry)]
    assert [r.label for r in rows] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    seat_pilots(driver, "Ann")
    driver.tap("Start the game")
    assert driver.shown("Name at least 2 players to start.")  # the race's own minimum
    seat_pilots(driver, "Ann", "Bo")
    driver.tap("Start the game")
    assert driver.screen.name == "dashboard", driver.app.message
    assert driver.shown("Ann plays: roll the die or draw a comet card")
    rolled = revealed = 0
    for turn in range(60):
        if driver.app.game_over:
            break
        if turn % 2:
            driver.tap("Let the app draw: Comet deck")
            assert driver.screen.name == "reveal", driver.app.message
            assert any("Comet" in t for t in driver.texts())
            revealed += 1
            driver.tap("Continue")
        else:
            driver.tap("Roll the die")
            assert "rolled" in driver.app.message, driver.app.message
            rolled += 1
    driver.wait_for(lambda: driver.screen.name == "final", "the final scores")
    assert rolled and revealed
    winner = next(s["seat"] for s in driver.app.table.view["seats"] if s["score"])
    assert driver.shown(winner)
