"""TI4 by touch as a new player reads it (issue 22, try 6): the first screen, the commodity
values, the frontier token's ways and the turn order all say what they are about."""

from __future__ import annotations

from companion.ui.devtools.gallery_ti4 import start_ti4
from companion.ui.settings import AppSettings


def test_a_new_player_reads_what_each_button_is_about(make_driver) -> None:
    driver = make_driver(seed=102, settings=AppSettings(typed_commands=False))
    start_ti4(driver)
    assert driver.shown("Put a frontier token in each system without planets on your map")
    assert not driver.shown("LRR") and not driver.shown("35.4a")  # rules only in details
    # The faction sheets' commodity values, asked by touch with the assumed one shown: the
    # first moment skipped, then under Faction sheets (after the turn's own ways).
    driver.tap("Skip: no faction, commodity value 3")
    driver.tap("Record a faction (none picked, commodity value 3 for all)")
    driver.tap("Another value, for a faction sheet not listed")
    driver.tap("Carol: 3, assumed")
    driver.tap("4", exact=True)
    assert driver.shown("Carol's commodity value is 4 (from the faction sheet).")
    assert driver.shown("Record a faction (Carol (commodity value 4); Alice and Bob have none: "
                        "commodity value 3)")
    # A frontier token: each way names its ability, without opening "Not possible now".
    assert driver.shown("Explore a frontier token: needs Dark Energy Tap")  # greyed in its place
    driver.tap("Explore a frontier token by an ability", exact=True)
    driver.tap("System without planets (tile 40)", exact=True)
    assert driver.shown("Tile 40 with Exploration Probe or Multiverse Shift")
    assert driver.shown("Tile 40 with another ability, by its name")
    driver.tap("< Back", exact=True)  # one level back: the tiles again (try 17, 8)
    assert driver.shown("System without planets (tile 41)")
    driver.tap("Cancel", exact=True)
    # The next round's turn order names what is tapped: players.
    driver.tap("End Alice's turn", scroll=False)
    for seat in ("Bob", "Carol", "Alice"):
        driver.tap(f"{seat} passes", exact=True)
    driver.tap("Start round 2 in another turn order")
    assert driver.screen.name == "order"
    assert driver.shown("Tap each player on the left in round 2's turn order")
