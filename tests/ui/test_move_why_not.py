"""What a ship cannot do this turn stays on the table's list, greyed with why, not only
under "Not possible now" (issue 22, try 13): "Move" once its outer-space tile was entered
this round (finding 39), and a module drop for a ship that carries nothing to drop
(finding 47)."""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines


def test_a_ship_that_cannot_move_or_drop_says_why_in_place(make_driver) -> None:
    driver = make_driver(demo_setup=flight_lines())
    # A Laser turret: nothing to drop. Its place says so in a few words (the whole why took
    # five lines at Large, over the choices a player needs); "Not possible now" says it all.
    drop = driver.button("SHLD1 has nothing to drop")
    assert drop.disabled and drop.opacity > 0
    driver.tap("Not possible now: 1 action")
    assert driver.shown("Drop a module from SHLD1: SHLD1 has nothing to drop: its Laser turret "
                        "stays built on it. Only these are dropped: Trap module, GNSS, Telescope, "
                        "Rover, Habitat.")
    driver.tap("Hide what is not possible now")
    for line in ("move SHLD1 2 outer", "scan XP/X4", "tile default"):
        driver.run_line(line)
    if driver.screen.name != "dashboard":
        driver.tap("Continue")
    move = driver.button("Move SHLD1")
    assert move.disabled and move.opacity > 0  # on the list, not only under "Not possible now"
    assert driver.shown("SHLD1 already moved 1 hex tile this round.")
