"""Hazard cards that leave something on the table, met in a real game by touch with the
card laid under the demo camera (the set-up of test_whole_game_hazards.py): New orders
brings a secret mission through the camera, the minefields put three traps on the map.
Rulebook, hazard cards: "Take one secondary mission card."; "Drop traps: 3, 7 and 13
spaces behind your spaceship."
"""

from __future__ import annotations

from companion.catalogs import load_catalog
from tests.ui.table_cards import (
    ON_A_HAZARD_SPACE,
    camera_game,
    card_from_the_camera,
    move_one_space,
    seat_detail,
)


def end_trns1_on_a_hazard_space(driver) -> None:
    driver.tap("End SHLD1's flight turn")
    move_one_space(driver, "TRNS1", ON_A_HAZARD_SPACE)


def test_new_orders_brings_a_secret_mission_through_the_camera_never_named_in_public(
        make_driver, monkeypatch) -> None:
    driver = camera_game(make_driver, monkeypatch, seed=3)  # the deck deals New orders
    camera, laid = driver.app.demo_camera, []
    show = camera.show
    camera.show = lambda tag, words: (laid.append(tag), show(tag, words))
    assert seat_detail(driver, "Xichang").endswith("; 5 hidden missions")
    end_trns1_on_a_hazard_space(driver)
    card_from_the_camera(driver, "New orders", "H06")
    assert driver.shown("Take one secondary mission card.")
    driver.tap("Apply New orders")  # the mission it calls for may be read at once
    strip = driver.app.screen("dashboard").ids.scanstrip
    driver.wait_for(lambda: driver.screen.name == "reveal", "the mission from the camera")
    driver.settle()
    assert driver.shown("A secondary card for Xichang") and driver.shown("Xichang's hidden card")
    assert strip.last_scan == "Read Xichang's hidden card"
    mission = [tag for tag in laid if tag][-1].split("/")[-1]  # the card the hand laid
    secret = load_catalog("xp").card(mission)
    assert secret.deck == "secondary"
    def public_words() -> str:
        return " ".join([*driver.texts(), *driver.texts(strip)])

    assert secret.card_id not in public_words() and secret.name not in public_words()
    driver.tap("Continue")
    assert secret.card_id not in public_words() and secret.name not in public_words()
    assert seat_detail(driver, "Xichang").endswith("; 6 hidden missions")
    assert driver.shown("secondary 21")  # the deck's count on the dashboard


def test_a_minefield_puts_three_traps_on_the_traps_panel_and_undo_lifts_them(
        make_driver, monkeypatch) -> None:
    driver = camera_game(make_driver, monkeypatch, seed=4)  # the deck deals Minefield behind
    end_trns1_on_a_hazard_space(driver)
    card_from_the_camera(driver, "Minefield behind", "H16")
    assert driver.shown("Drop traps 3, 7 and 13 spaces behind your spaceship.")
    driver.tap("Apply Minefield behind")
    driver.tap("Traps", exact=True)
    panel = driver.screen.ids.tabs.panel("Traps")
    texts = driver.texts(panel)
    for trap, distance in (("T1", 3), ("T2", 7), ("T3", 13)):
        assert f"{trap} · Xichang's trap · {distance} spaces behind TRNS1 at a hazard space" \
            in texts, texts
    assert texts.count("count 3") == 3
    # A later move offers to pass them (each pass lowers the count, rulebook "Trap").
    driver.tap("Move TRNS1")
    passes = driver.screen.choices()["Passes"]
    assert "trap T1" in passes and "trap T3" in passes, passes
    driver.tap(driver.screen.ids.back)
    driver.tap("Undo", exact=True)
    driver.tap("Traps", exact=True)
    assert driver.shown("No trap on the map.")
