"""Try 27, finding 2, by touch: the Naaz-Rokha with two hazardous fragments purges them
for a relic from the Relics group in two taps (it took about eight: a relic by an
ability, then each fragment purged by hand)."""

from __future__ import annotations

from companion.ui.devtools.gallery_ti4 import start_ti4
from companion.ui.settings import AppSettings

RELICS = "Purge three fragments for a relic, Fabrication, or draw one by an ability"
FABRICATION = "Alice purges two fragments for a relic (Fabrication)"


def test_the_naaz_rokha_purges_two_fragments_for_a_relic_by_touch(make_driver) -> None:
    driver = make_driver(seed=102, settings=AppSettings())
    start_ti4(driver)
    for line in ("faction Alice naaz-rokha", "take Abyz for Alice", "scan TI/H14", "resolve",
                 "take Fria for Alice", "scan TI/H15", "resolve"):
        driver.run_line(line)
    if driver.screen.name == "reveal":
        driver.tap(driver.screen.ids["continue"])
    driver.tap(RELICS)
    assert driver.shown(FABRICATION) and not driver.shown("Bob purges two fragments")
    driver.tap(FABRICATION)
    driver.wait_for(lambda: driver.app.table.view["seats"][0]["fragments"] == [],
                    "Alice's two fragments purged")
    assert driver.app.table.view["seats"][0]["relic_draws_owed"] == 1
