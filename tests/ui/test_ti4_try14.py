"""What the TI4 new player of try 14 hit (issue 22), by touch at 800x480."""

from __future__ import annotations

import os
from pathlib import Path

from companion.ui.devtools.gallery_large import large_text
from companion.ui.devtools.gallery_ti4 import start_ti4
from tests.ui.layout_rules import problems

SCEPTER = "Exhaust Scepter of Emelpar: spend a token from the reinforcements instead of " \
    "the strategy pool"
SHOTS = os.environ.get("TRY14_SHOTS")  # a folder: the screens are saved there to look at


def _shot(driver, name: str) -> None:
    if SHOTS:
        driver.screenshot(Path(SHOTS) / f"{name}.png")


def test_a_relic_used_by_exhausting_it_is_tapped_and_stays_greyed_in_its_place(
        make_driver, kivy_window) -> None:
    """Finding 23: the Scepter of Emelpar could not be used and was never shown exhausted."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.run_line("relic Alice with 'Some Ability'")
    driver.run_line("scan TI/R03")
    driver.wait_for(lambda: driver.screen.name == "reveal", "the relic drawn")
    driver.tap("Continue")
    driver.wait_still()
    driver.tap(SCEPTER)
    driver.wait_still()
    after = driver.button(SCEPTER)  # still among the choices, greyed, saying why
    assert after.disabled
    assert after.text.endswith("Scepter of Emelpar is exhausted: the status phase readies it.")
    assert driver.shown("Scepter of Emelpar (R03) exhausted")  # on Alice's seat card
    _shot(driver, "scepter-normal")
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []
    large_text(driver)
    driver.wait_still()
    _shot(driver, "scepter-large")
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []
    for line in ("pass", "pass", "pass"):  # the status phase readies it
        driver.run_line(line)
    driver.wait_still()
    assert not driver.button(SCEPTER).disabled


def test_a_cards_alternative_not_possible_now_is_greyed_with_why_on_the_card(
        make_driver, kivy_window) -> None:
    """Findings 10, 15: at 0 commodities Merchant Station showed one button, the convert
    gone; it stays in its place, greyed, saying why."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    for line in ("tech Alice dark-energy-tap", "frontier 41", "scan TI/F09"):
        driver.run_line(line)
    driver.wait_for(lambda: driver.screen.name == "reveal", "the card")
    driver.wait_still()
    _shot(driver, "merchant-normal")
    buttons = list(reversed(driver.screen.ids.choices.children))
    assert [b.disabled for b in buttons] == [False, True]
    assert buttons[0].text == "Replenish your commodities"
    assert buttons[1].text.startswith("Convert all your commodities to trade goods\n"
                                      "Alice has no commodities to convert.")
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []
    large_text(driver)
    driver.wait_for(lambda: driver.screen.name == "reveal", "the card")
    driver.wait_still()
    _shot(driver, "merchant-large")
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []


def test_after_the_last_faction_nothing_new_lands_where_the_finger_was(
        make_driver, kivy_window) -> None:
    """Finding 2: once the last seat's faction was picked the faction buttons vanished and
    everything jumped up ~170 px: a fast second tap landed on "Take planets"."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    for seat, faction in (("Alice", "Hacan"), ("Bob", "Jol-Nar")):
        driver.tap(f"{seat}'s faction", exact=True)
        driver.tap(faction, exact=True)
    carol = driver.button("Carol's faction", exact=True)
    spot = carol.to_window(*carol.center)
    driver.tap(carol)
    driver.tap("Letnev", exact=True)
    driver.wait_still()
    _shot(driver, "factions-said")
    there = [b for b in driver.widgets() if getattr(b, "text", None) and b.collide_point(
        *b.to_widget(*spot)) and getattr(b, "on_release", None) is not None]
    assert [b.text for b in there if hasattr(b, "kind")] == ["Carol: Letnev"]
    assert driver.button("Skip: no faction, commodity value 3").disabled
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []


def test_a_cards_long_heading_and_a_systems_traits_are_read_whole_at_large(
        make_driver, kivy_window) -> None:
    """Findings 27, 34, 37: "Hazardous card for Omar exploring Mehar Xull (tile ...",
    "75: Abaddon, Ashtroth, Loki / cultural …" and "no trait: not …" were cut."""
    driver = make_driver(seed=102)
    start_ti4(driver)
    large_text(driver)
    driver.tap("Take planets for Alice")
    for key in ("69-82", "1-9"):
        driver.tap(key, exact=True)
        driver.wait_still()
        assert problems(driver.screen, kivy_window, driver.app.text_scale) == []
    _shot(driver, "home-systems-large")
    driver.tap("Back to the table")
    driver.run_line("take Mehar Xull")
    driver.run_line("scan TI/H15")
    driver.wait_for(lambda: driver.screen.name == "reveal", "the card")
    driver.wait_still()
    _shot(driver, "heading-large")
    assert driver.screen.ids.heading.text.startswith("Hazardous card for Alice exploring "
                                                     "Mehar Xull")
    assert problems(driver.screen, kivy_window, driver.app.text_scale) == []
