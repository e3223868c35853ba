"""The last new player's try (try 15: touch only, 800x480): a relic drawn by an ability is
chosen by name, no keyboard (finding 1); a choice's way back is in view as its list opens,
at Normal and Large text (finding 2)."""

from __future__ import annotations

import pytest

from companion.ui.devtools.gallery_large import large_text
from companion.ui.devtools.gallery_ti4 import start_ti4
from companion.ui.settings import AppSettings

RELICS = "Purge three fragments for a relic, or draw one by an ability"


def touch_only(make_driver):
    driver = make_driver(seed=102, settings=AppSettings())
    start_ti4(driver)
    return driver


def test_a_relic_drawn_by_an_ability_is_tapped_by_name(make_driver) -> None:
    driver = touch_only(make_driver)
    driver.tap(RELICS)
    driver.tap("Bob draws a relic by an ability")
    assert not any(type(w).__name__ == "CommandInput" for w in driver.widgets(
        driver.screen.ids.actions))  # no field to type in
    driver.tap("Dominus Orb", exact=True)
    assert driver.shown("Bob gains the relic Dominus Orb")
    assert driver.screen.name == "reveal" and driver.shown("Drawn at the table")
    assert not driver.shown("Drawn by the app")  # the table drew it and named it
    driver.tap("Continue", exact=True)
    seats = {s["seat"]: s for s in driver.app.table.view["seats"]}
    assert [r.split(" (")[0] for r in seats["Bob"]["relics"]] == ["Dominus Orb"]


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_a_long_choice_opens_with_its_way_back_in_view(make_driver, large: bool) -> None:
    driver = touch_only(make_driver)
    if large:
        large_text(driver)
    driver.tap("Explore a frontier token by an ability")  # 17 tiles
    driver.wait_still()
    assert driver.in_reach(driver.button("Creuss Gate (tile 17)", exact=True))
    cancel = driver.button("Cancel", exact=True)
    assert driver.reachable(cancel), "Cancel is out of view as the tiles open"
    driver.tap(cancel, scroll=False)
    assert driver.shown("Take planets for Alice")
