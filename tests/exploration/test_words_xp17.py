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


def test_an_owed_draw_is_said_without_a_camera_word() -> None:
    """xp16, 8: "(scanned, or drawn by the app)" said a camera the table may not have."""
    from tests.exploration.flight_setup import to_flight
    from tests.exploration.helpers import refused

    match = to_flight(round_two())
    run(match, "move SHLD1 1 hazard")
    assert refused(match, "move SHLD1 1 credit") == \
        "First the hazard card for SHLD1 is drawn (at the table, or by the app)."
