"""The card drawn at the table, told by touch (issue 22, try 10 finding 33): with no camera,
a table that drew a card from its own physical deck taps "Pick the card drawn at the
table: DECK", then the card; the app records it as a scan of it. Nothing here names a
command; the secret missions are picked on their drawer's own screen only."""

from __future__ import annotations

import os
from pathlib import Path

from companion.core.drawn import LABEL, NBSP
from companion.games.exploration import DEMO_SETUP
from companion.ui.devtools.gallery_ti4 import start_ti4

#: Set to a folder to keep this file's screens at 800x480 (for a look at them).
SHOTS = os.environ.get("COMPANION_PICK_SHOTS", "")


def _shot(driver, name: str) -> None:
    if SHOTS:
        driver.screenshot(Path(SHOTS) / f"{name}.png")


def _zone(driver, card: str) -> str:
    return driver.app.runner.api.match.state.table.zone_of(card)


def test_a_maneuver_card_drawn_at_the_table_is_picked_by_touch_and_undone(make_driver,
                                                                          tmp_path) -> None:
    driver = make_driver(db=tmp_path / "games.db", seed=2047, demo_setup=DEMO_SETUP)
    driver.tap(f"{LABEL}: Maneuver cards  >")
    _shot(driver, "pick-maneuver")
    offered = driver.app.screen("dashboard").ids.actions.offered()
    assert "Careful approach (M08)" in offered
    assert f"Afterburner (M06){NBSP}·{NBSP}2{NBSP}left" in offered
    assert driver.reachable(driver.button("Careful approach (M08)", exact=True))
    driver.tap("Careful approach (M08)", exact=True)
    if driver.screen.name == "reveal":  # the same reveal a camera scan of it shows
        assert driver.shown("Careful approach")
        _shot(driver, "pick-maneuver-reveal")
        driver.tap(driver.screen.ids["continue"])
    assert driver.screen.name == "dashboard", driver.app.message
    assert _zone(driver, "M08") == "maneuver:row" or _zone(driver, "M08") != "deck:maneuver"
    driver.tap(f"{LABEL}: Maneuver cards  >")
    assert not any(t.startswith("Careful approach") for t in
                   driver.app.screen("dashboard").ids.actions.offered())
    driver.tap("< Back")
    driver.tap("Undo")
    driver.wait_for(lambda: _zone(driver, "M08") == "deck:maneuver", "the card back in its deck")
    driver.tap(f"{LABEL}: Maneuver cards  >")
    assert "Careful approach (M08)" in driver.app.screen("dashboard").ids.actions.offered()


def test_a_secret_mission_is_picked_on_its_drawers_own_screen(make_driver, tmp_path) -> None:
    driver = make_driver(db=tmp_path / "games.db", seed=2047, demo_setup=DEMO_SETUP)
    masked = f"{LABEL}: Primary mission cards (only Ana sees the choices)  >"
    assert driver.shown(masked)
    assert not driver.shown("Chain of command")  # no mission named on the shared screen
    driver.tap(masked)
    assert driver.screen.name == "private" and driver.shown("Only Ana (Xichang) looks now")
    assert not driver.shown("Chain of command")
    driver.tap("Show Ana's choices")
    driver.wait_for(lambda: driver.shown("Ace"), "Xichang's choices")
    _shot(driver, "pick-private")
    assert driver.shown("Chain of command · 2 copies") and driver.shown("Ace")  # as read
    assert not any("(P" in t for t in driver.texts())  # no copy named by its code
    driver.tap("Ace", exact=True)
    driver.wait_for(lambda: driver.screen.name != "private", "back from the private screen")
    if driver.screen.name == "reveal":
        assert not driver.shown("Ace")  # a hidden card is never shown to the table
        driver.tap(driver.screen.ids["continue"])
    assert driver.screen.name == "dashboard", driver.app.message
    held = driver.app.runner.api.match.state.table.cards_in("hand:Xichang")
    assert any(driver.app.runner.api.match.catalog.cards[c].name == "Ace" for c in held)
    assert not driver.shown("Ace")


def test_a_ti4_exploration_card_drawn_at_the_table_is_picked_then_resolved(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    assert driver.screen.name == "dashboard"
    driver.run_line("take Abyz for Alice")
    pick = f"{LABEL}: Hazardous exploration deck  >"
    assert driver.shown("Let the app draw: Hazardous exploration deck")
    driver.tap(pick)
    _shot(driver, "pick-ti4")
    offered = driver.app.screen("dashboard").ids.actions.offered()
    core = next(t for t in offered if t.startswith("Core Mine ("))
    driver.tap(core, exact=True)
    assert driver.screen.name == "reveal", driver.app.message
    assert driver.shown("Core Mine")
    card = core.split("(")[1].split(")")[0]
    assert _zone(driver, card) != "deck:hazardous"  # drawn: revealed, to be resolved
    driver.tap("Undo this")
    driver.wait_for(lambda: _zone(driver, card) == "deck:hazardous", "the card back in its deck")
