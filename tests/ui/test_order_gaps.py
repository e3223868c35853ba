"""The take-planets grid has no dead zones: a tap in the gap between two groups takes the
nearer one (try 20, finding 15: a tap in a gap did nothing and showed nothing)."""

from __future__ import annotations

from tests.ui.test_order_reach import groups_shown, open_take_planets


def test_a_tap_between_two_groups_takes_the_nearer_one(make_driver) -> None:
    driver = open_take_planets(make_driver)
    first, second, third = groups_shown(driver)[:3]
    driver.wait_laid_out()
    assert abs(first.y - second.y) < 1 and second.x > first.right  # a row of two
    left, right = (first.to_window(first.right, first.center_y),
                   second.to_window(second.x, second.center_y))
    driver.press((left[0] + right[0]) / 2 - 1, left[1])  # just left of the gap's middle
    driver.settle()
    assert first.chosen and not second.chosen
    below, above = (third.to_window(third.center_x, third.top),
                    first.to_window(first.center_x, first.y))
    driver.press(below[0], (below[1] + above[1]) / 2 - 1)  # just under the gap's middle
    driver.settle()
    assert third.chosen
