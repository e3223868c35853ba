"""A drawn card with three choices at the Large text size, 800x480 (try 10, finding 26):
the card is read whole above its choices, its last line never covered by them."""

from __future__ import annotations

from companion.ui.devtools.gallery_large import large_text, no_camera
from companion.ui.devtools.gallery_ti4 import start_ti4
from tests.ui.layout_rules import problems


def test_core_mines_three_choices_leave_the_whole_card_readable_at_large(
        make_driver, kivy_window) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    no_camera(driver)
    large_text(driver)
    driver.run_line("take Rigel I")
    driver.run_line("scan TI/H08")  # Core Mine: three ways to resolve it
    driver.wait_for(lambda: driver.screen.name == "reveal", "the card")
    driver.wait_still()
    screen = driver.screen
    assert [b.text for b in reversed(screen.ids.choices.children)] == [
        "A mech is on the planet: gain 1 trade good",
        "Remove 1 infantry from the planet: gain 1 trade good",
        "No mech there and no infantry removed: no effect"]
    card = screen.ids.card
    assert card.height <= card.parent.height, "the card's last lines are covered"
    assert problems(screen, kivy_window, driver.app.text_scale) == []
    driver.tap("A mech is on the planet: gain 1 trade good")
    assert driver.screen.name == "dashboard"
    assert driver.app.table.view["seats"][0]["trade_goods"] == 1
