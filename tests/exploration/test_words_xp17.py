"""Issue 22, try 18 and xp16: the seat card names the selected ship, and the rulebook's
words ("orbiting space", "all spaceships movement") where the app had its own."""

from __future__ import annotations

from companion.games.exploration.tableview import table_view
from tests.exploration.flight_setup import round_two
from tests.exploration.helpers import run


def _detail(match, seat: str) -> tuple[str, ...]:
    return next(s.detail for s in table_view(match.state, match.catalog).seats
                if s.seat == seat)


def test_the_seat_card_says_which_ship_is_selected_to_fly() -> None:
    match = round_two()
    run(match, "tech credits", "select TRNS1")
    assert _detail(match, "Xichang")[0].startswith(
        "Transporter (TRNS1) in orbiting space, selected to fly this round, energy 4/6")
    assert "selected" not in _detail(match, "Baikonur")[0]
