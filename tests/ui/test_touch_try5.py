"""Issue 22, try 5, by touch: an attack that destroys a ship is said before and after the
one tap, and Undo takes it back."""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines


def _ship(driver, card: str) -> dict:
    return next(ship for seat in driver.app.table.view["seats"] for ship in seat["ships"]
                if ship["card"] == card)


def test_a_killing_attack_says_destroyed_on_its_button_and_after_and_undo_restores(
        make_driver) -> None:
    driver = make_driver(demo_setup=(*flight_lines(), "adjust TRNS1 resistance -2"))
    driver.tap("Attack with SHLD1: same orbit, up to 4 spaces")
    target = "TRNS1 (Xichang, in orbiting space): 1 damage, destroyed (Baikonur +1 frag)"
    assert driver.shown(target)
    driver.tap(target)
    driver.wait_for(lambda: driver.shown("TRNS1 is destroyed with its modules"),
                    "the attack's result")
    assert _ship(driver, "TRNS1")["location"] == "destroyed"
    # The kill has its own screen (try 11, finding 34), then the table and its Undo.
    assert driver.screen.name == "explosion" and driver.shown("TRNS1 is destroyed!")
    driver.tap("Back to the table")
    driver.tap("Undo", exact=True)
    driver.wait_for(lambda: _ship(driver, "TRNS1")["location"] != "destroyed", "the undo")
    assert _ship(driver, "TRNS1")["resistance"] == 1
