"""Who draws the cards, a Settings choice (issue 22, tries 24, 27, 28): a table with no
printed decks chooses "The app does", and the fixed green bar draws the owed card and
shows it; the choice is kept for the next start. The default stays the table's pick."""

from __future__ import annotations

import json
from pathlib import Path

from companion.ui.devtools.gallery import flight_lines
from companion.ui.settings import AppSettings, load_settings

TI4_SEATS = ("player Alice red", "player Bob blue", "player Carol green", "setup")


def _main(driver):
    return driver.app.screen("dashboard").ids.main


def _choose_app_draws(driver) -> None:
    driver.tap("Menu")
    driver.tap("Settings")
    driver.tap("The app does")
    assert driver.shown("When a card is due, the green button lets the app draw it from its "
                        "own deck and shows it: for a table playing without the printed "
                        "cards.")
    driver.tap("Back", exact=True)
    driver.tap(driver.app.screen("start").ids.resume)
    assert driver.screen.name == "dashboard"


def test_exploration_the_green_bar_draws_the_hazard_card_and_shows_it(make_driver,
                                                                      tmp_path: Path) -> None:
    driver = make_driver(seed=6, demo_setup=flight_lines())
    driver.type_command("move SHLD1 1 hazard")
    main = _main(driver)
    assert main.text.startswith("Pick the card drawn at the table: Hazard cards")  # default
    _choose_app_draws(driver)
    driver.wait_for(lambda: main.text.startswith("Let the app draw: Hazard cards"),
                    "the app's draw on the green bar")
    assert json.loads((tmp_path / "settings.json").read_text())["drawer"] == "app"
    steps = driver.app.table.steps
    driver.tap(main)
    assert driver.app.table.steps == steps + 1
    assert driver.screen.name == "reveal"
    assert driver.screen.heading == "Hazard card for SHLD1 (Ben)"


def test_ti4_the_green_bar_draws_the_exploration_card_and_shows_it(make_driver) -> None:
    driver = make_driver(seed=102, demo_setup=TI4_SEATS, demo_game="ti4",
                         settings=AppSettings(typed_commands=True, drawer="app"))
    driver.type_command("take Loki")
    main = _main(driver)
    driver.wait_for(lambda: main.text == "Let the app draw: Cultural exploration deck",
                    "the app's draw on the green bar")
    assert driver.shown("Pick the card drawn at the table: Cultural exploration deck")
    driver.tap(main)
    assert driver.screen.name == "reveal"
    assert driver.shown("Cultural card for Alice exploring Loki")


def test_the_choice_is_kept_for_the_next_start(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    first = make_driver(db=db, seed=6, demo_setup=flight_lines())
    first.type_command("move SHLD1 1 hazard")
    _choose_app_draws(first)
    first.close()
    kept = load_settings(tmp_path / "settings.json")
    assert kept.drawer == "app"
    again = make_driver(db=db, settings=kept)
    again.wait_for(lambda: again.app.table is not None, "the game resumed")
    again.wait_for(lambda: _main(again).text.startswith("Let the app draw: Hazard cards"),
                   "the app's draw on the green bar after a restart")
    again.app.show("settings")
    again.pump(2)
    row = again.button("The app does", exact=True)
    assert row.chosen and not again.button("We do, at the table", exact=True).chosen


def test_with_a_camera_the_tables_choice_still_holds(make_driver) -> None:
    """A camera connected changes nothing: the choice is the table's (a table whose deck
    stayed home has nothing to show the camera), and a card shown to it is still read."""
    driver = make_driver(seed=6, demo_setup=flight_lines(),
                         settings=AppSettings(typed_commands=True, drawer="app"))
    driver.app.camera = True
    driver.type_command("move SHLD1 1 hazard")
    main = _main(driver)
    driver.wait_for(lambda: main.text.startswith("Let the app draw: Hazard cards"),
                    "the app's draw on the green bar with a camera")
    driver.type_command("scan XP/H02")  # a real card read all the same
    assert driver.screen.name == "reveal" and driver.shown("Lost cargo")


def test_with_no_camera_the_strip_names_the_way_the_green_bar_offers(make_driver) -> None:
    """The strip's line sent a table to the green bar (try 20): it names the pick while
    the table draws, the app's draw once the app does."""
    from companion.ui.widgets.scanstrip import NO_CAMERA, NO_CAMERA_APP_DRAWS

    driver = make_driver(seed=6, demo_setup=flight_lines())
    strip = driver.app.screen("dashboard").ids.scanstrip
    strip.set_status("no-camera", "no camera answered")
    assert strip.status == NO_CAMERA == "No camera: pick cards by touch"
    driver.app.change_setting("drawer", "app")
    driver.settle()
    assert strip.status == NO_CAMERA_APP_DRAWS == "No camera: the app draws cards"
    assert driver.shown("No camera: the app draws cards")
