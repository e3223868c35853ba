"""Exploration's words a new player met by touch (table xp16)."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.exploration.flight_setup import round_two


def test_each_technology_action_button_names_its_level() -> None:
    """Finding 9: deploying a ship needs a Lv-1 technology action, but the buttons showed
    no level; the player learned it only after choosing a Lv-2 one."""
    match = round_two()
    labels = {a.command: a.label for a in prompt(match).actions if a.group == "Technology action"}
    assert labels["tech credits"] == "Gain 6 credits (Lv-1)"
    assert labels["tech energy"] == ("Recover 1 energy to each ship you control in the next "
                                     "flight phase (Lv-2)")
    assert labels["tech score"] == "Score 3 domination points (Lv-3)"



def test_a_dropped_cube_is_placed_on_a_space_named_as_the_rulebook_names_it() -> None:
    """Finding 8: "Xichang places a cube on lagrange1" (the app's id of the space)."""
    from tests.exploration.flight_setup import to_flight
    from tests.exploration.helpers import run

    match = to_flight(round_two(x_builds=("habitat",)), x_tech="maneuverability")
    said = run(match, "next", "drop TRNS1 habitat moon die three")[-1].message
    assert "Xichang places a cube on Moon (space 1)." in said
