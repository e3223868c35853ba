"""Try 21 (issue #22), the rest of what a new player hit: a greyed place says a tap reads
its why (finding 3), and the dashboard's lists end with room (try 19, finding 10)."""

from __future__ import annotations

from companion.ui.devtools.gallery import flight_lines


def test_a_greyed_place_short_of_its_why_says_a_tap_reads_it(make_driver):
    """Finding 3: greyed buttons ended in "…" (or showed the game's short words) and
    nothing said a tap on them explains."""
    from companion.ui.widgets.entries import PlaceButton

    driver = make_driver(demo_setup=flight_lines())
    driver.settle()
    place = driver.button("SHLD1 has nothing to drop")
    assert isinstance(place, PlaceButton) and place.disabled
    driver.pump(3)
    # The game's short words, its whole why a tap away: the place says so.
    drawn = place._label.text.replace("\n", " ").replace("\u00a0", " ")
    assert drawn == "SHLD1 has nothing to drop (tap: why)"
    place.text = place.whole = "Drop a module from SHLD1: " + "its Laser turret stays. " * 6
    driver.pump(3)  # cut to its two lines: the cut says a tap reads it whole
    drawn = place._label.text.replace("\u00a0", " ")
    assert drawn.endswith("… (tap: why)") and drawn.startswith("Drop a module"), drawn


def test_each_dashboard_list_ends_with_room_under_its_last_row(make_driver, tmp_path):
    """Try 19, finding 10: the last seat card and the last button sat flush against (half
    under) the bars under the lists; scrolled to the end, each shows whole with room under
    it."""
    from kivy.metrics import dp

    from tests.ui.test_dashboard_room import _third_seat_to_play

    db = tmp_path / "games.db"
    _third_seat_to_play(db)
    driver = make_driver(db=db)
    for scroll in (driver.screen.ids.seats.parent, driver.screen.ids.side_scroll):
        for _ in range(4):
            driver.drag(scroll.to_window(*scroll.center), dp(200))
        driver.wait_still()
        driver.pump(3)
        last = scroll.children[0].children[0]  # the list's last row
        gap = last.to_window(last.x, last.y)[1] - scroll.to_window(scroll.x, scroll.y)[1]
        assert gap >= dp(10) - 1, f"{type(last).__name__} ends {gap:.0f} px over the edge"
