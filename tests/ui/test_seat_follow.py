"""The seat list follows the active player: at 800x480 the seat whose turn it is is always
in view, without a finger scrolling for it."""

from __future__ import annotations

from tests.racegame.rules import TITLE
from tests.ui.test_racegame_by_touch import seat_pilots


def test_the_active_seat_is_scrolled_into_view(make_driver) -> None:
    from companion.ui.widgets import SeatRowView

    driver = make_driver()
    driver.tap("New game")
    driver.tap(TITLE)
    seat_pilots(driver, "Ann", "Bo", "Cy", "Di")
    driver.tap("Start the game")
    assert driver.screen.name == "dashboard", driver.app.message
    seats = driver.app.screen("dashboard").ids.seats
    assert seats.height > seats.parent.height  # four seats do not fit at 800x480
    seen = set()
    for _turn in range(4):
        driver.wait_still()  # the list follows once it is still
        active = next(w for w in seats.children if isinstance(w, SeatRowView) and w.active)
        assert driver.reachable(active), f"{active.seat}'s turn, but its row is out of view"
        bottom = active.to_window(active.x, active.y)[1]
        top = active.to_window(active.x, active.top)[1]
        parent = seats.parent
        low = parent.to_window(parent.x, parent.y)[1]
        high = parent.to_window(parent.x, parent.top)[1]
        assert low - 1 <= bottom and top <= high + 1, "the active row is cut"
        seen.add(active.seat)
        driver.tap("Roll the die", scroll=False)  # the pinned main action: the die screen
        driver.tap("1\n1 symbol", exact=True)  # the table rolled a one: nobody finishes
        driver.wait_for(lambda: driver.screen.mode == "result", "the die's result")
        driver.tap("Continue")
    assert len(seen) == 4


def test_a_list_that_fits_stays_at_its_top_as_turns_pass(make_driver) -> None:
    """Two racers fit at 800x480: the first row stays under the tabs every turn, no gap
    opens above it and no row jumps when the turn passes (a stranger saw TI4's list jump
    47 px when the active seat changed)."""
    from companion.ui.widgets import SeatRowView

    driver = make_driver()
    driver.tap("New game")
    driver.tap(TITLE)
    seat_pilots(driver, "Ann", "Bo")
    driver.tap("Start the game")
    assert driver.screen.name == "dashboard", driver.app.message
    seats = driver.app.screen("dashboard").ids.seats
    assert seats.height <= seats.parent.height  # two seats fit
    places = []
    for _turn in range(4):
        driver.wait_still()
        rows = [w for w in reversed(seats.children) if isinstance(w, SeatRowView)]
        places.append(tuple(round(r.to_window(r.x, r.top)[1]) for r in rows))
        parent = seats.parent
        assert places[-1][0] >= parent.to_window(parent.x, parent.top)[1] - 12, \
            "a gap opened above the first seat"
        driver.tap("Roll the die", scroll=False)
        driver.tap("1\n1 symbol", exact=True)
        driver.wait_for(lambda: driver.screen.mode == "result", "the die's result")
        driver.tap("Continue")
    assert len(set(places)) == 1, f"the rows moved between turns: {places}"
