"""A long order list (TI4's systems: 64 groups) is drawn ahead in a quiet moment and
kept: the tap that opens it shows it without making its groups, and a list opened again
shows on the same buttons, nothing of the last opening chosen (docs/perf.md, "Start the
game and the order screen")."""

from __future__ import annotations

from companion.ui.devtools.gallery_ti4 import start_ti4
from companion.ui.screens.order import GroupButton


def groups_on(screen) -> list[GroupButton]:
    return [b for grid in screen.ids.groups.children for b in grid.children
            if isinstance(b, GroupButton)]


def test_the_order_offered_is_drawn_ahead_and_its_tap_makes_no_group(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    order = driver.app.screen("order")
    driver.wait_for(lambda: len(groups_on(order)) > 60, "the systems drawn ahead")
    drawn = {id(b) for b in groups_on(order)}
    driver.tap("Take planets for Alice")
    assert driver.screen.name == "order"
    assert order.heading == "Take planets for Alice"
    assert {id(b) for b in groups_on(order)} == drawn  # shown as drawn, none made by the tap
    assert not any(b.chosen for b in groups_on(order))
    driver.tap("76: Rigel I, Rigel II, Rigel III", exact=False)
    driver.tap("Take planets for Alice (3)")
    assert driver.screen.name != "order"


def test_a_list_opened_again_shows_on_the_same_buttons_nothing_chosen(make_driver) -> None:
    driver = make_driver(seed=102)
    start_ti4(driver)
    driver.tap("Take planets for Alice")
    order = driver.screen
    words = sorted(b.text for b in groups_on(order))
    buttons = {id(b) for b in groups_on(order)}
    driver.tap("76: Rigel I, Rigel II, Rigel III", exact=False)
    assert [b.text.split("\n")[0] for b in groups_on(order) if b.chosen] == [
        "76: Rigel I, Rigel II, Rigel III"]
    driver.tap("69-82", exact=True, scroll=False)  # a section: fewer groups shown
    driver.tap("Back to the table")
    driver.tap("Take planets for Alice")
    assert driver.screen is order and order.heading == "Take planets for Alice"
    assert sorted(b.text for b in groups_on(order)) == words  # the whole list again
    assert {id(b) for b in groups_on(order)} == buttons  # on the buttons made before
    assert not any(b.chosen for b in groups_on(order))
    assert order.submit_text == "Choose first" and not order.can_submit
