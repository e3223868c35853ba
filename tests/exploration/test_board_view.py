"""The view's board: whose cube is on each domination space and which Mars spaces a
restriction token closed (rulebook: a hazard's "Mars restriction"; "Domination modules")."""

from __future__ import annotations

from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import run


def _spaces(match, area: str) -> dict[str, dict]:
    view = match.rules.view(match.state, match.catalog, None)
    found = next(a for a in view["domination_areas"] if a["area"] == area)
    return {s["space"]: s for s in found["spaces"]}


def test_the_board_shows_a_closed_mars_space_and_the_cube_dropped_on_the_next_one() -> None:
    match = to_flight(round_two(x_builds=("rover", "gnss")))
    names = [a["name"] for a in match.rules.view(match.state, match.catalog,
                                                   None)["domination_areas"]]
    assert names == ["GNSS orbit", "Moon", "Mars", "Comet", "Lagrangian points"]
    assert not any(s["closed"] or s["seat"] for s in _spaces(match, "mars").values())
    run(match, "move SHLD1 1 hazard", "scan XP/H12", "resolve mars1", "next",
        "drop TRNS1 rover mars die three")
    mars = _spaces(match, "mars")
    assert mars["mars1"]["closed"] and mars["mars1"]["seat"] is None
    assert (mars["mars2"]["seat"], mars["mars2"]["player"], mars["mars2"]["module_name"]) == (
        "Xichang", "Ana", "Rover")
    assert not mars["mars3"]["closed"] and mars["mars3"]["seat"] is None


def test_a_seats_card_names_the_modules_built_on_its_ships() -> None:
    """Issue 22: a Velocity module built on SMAN4 was counted but not on the seat's card."""
    from companion.games.exploration.tableview import table_view

    match = round_two()  # TRNS1 carries a habitat and a GNSS, SHLD1 a laser turret
    seats = {s.seat: s.detail for s in table_view(match.state, match.catalog).seats}
    assert seats["Xichang"][0] == \
        "Transporter (TRNS1) in orbiting space, energy 4/6, resistance 3/3, Habitat, GNSS"
    assert seats["Baikonur"][0] == \
        "Shield (SHLD1) in orbiting space, energy 4/6, resistance 3/3, Laser turret"
