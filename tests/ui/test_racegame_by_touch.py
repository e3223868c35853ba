"""The proof that the app serves a game it has never heard of (issue 21, item 7): Comet
Race (tests/racegame) is registered only in the test process, and no file of
companion/ui names it. It is started from the new-game screen its own form declares
and played to its end by touch: its own Track panel as a dashboard tab, the die on the
app's die screen (the face the table rolled, or the app's roll), a card revealed, the
final scores."""

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
            roll_by_the_die_screen(driver, face=None if turn % 4 else str(turn % 6 + 1))
            rolled += 1
            if turn == 0:
                track_tab_shows_each_comet(driver)
    driver.wait_for(lambda: driver.screen.name == "final", "the final scores")
    assert rolled and revealed
    winner = next(s["seat"] for s in driver.app.table.view["seats"] if s["score"])
    assert driver.shown(winner)


def roll_by_the_die_screen(driver, face: str | None) -> None:
    """"Roll the die" opens the app's die screen (the prompt's `die` input, the faces
    from the race's catalog): the face the table rolled is tapped, or the app rolls."""
    active = driver.app.table.view["active"]
    driver.tap("Roll the die")
    assert driver.screen.name == "check", driver.app.message
    assert driver.shown(f"{active} rolls the die")
    faces = [t for t in driver.texts() if "symbol" in t]
    assert faces == [f"{n}\n{n} symbol{'' if n == 1 else 's'}" for n in range(1, 7)]
    if face is None:
        driver.tap("App rolls the die")
    else:
        driver.tap(next(t for t in faces if t.startswith(f"{face}\n")), exact=True)
    driver.wait_for(lambda: driver.app.game_over or driver.screen.mode == "result",
                    "the die's result")
    if driver.app.game_over:
        return
    said = "The app rolled" if face is None else f"The table rolled {face}"
    assert driver.shown(said), driver.texts()
    assert "rolled" in driver.app.message, driver.app.message
    driver.tap("Continue")
    assert driver.screen.name == "dashboard"


def track_tab_shows_each_comet(driver) -> None:
    """The race's own panel (Track) is a dashboard tab, drawn by the generic panel
    widget from the table view: no file of the app was written for it."""
    from companion.ui.panels.generic import GamePanel

    tabs = driver.screen.ids.tabs
    assert tabs.titles == ["Seats", "Track", "Decks"]
    driver.tap("Track", exact=True)
    assert isinstance(tabs.panel("Track"), GamePanel)
    seats = {s["seat"]: s["position"] for s in driver.app.table.view["seats"]}
    texts = driver.texts(tabs.panel("Track"))
    for seat, space in seats.items():
        assert seat in texts and f"space {space} of 12" in texts, texts
    assert seats["Ann"] > 0  # the roll moved Ann's comet
    driver.tap("Seats", exact=True)
