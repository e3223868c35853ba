"""Counts in the sentences players read are said as a player says them: "1 command point",
"2 command points", "1 frag", "2 frags", never "command point(s)"."""

from __future__ import annotations

from companion.core.odds import DeckOdds
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import refused, run
from tests.exploration.test_catalog_numbers import _changed


def test_a_hazard_says_its_ignore_cost_in_the_singular_or_the_plural() -> None:
    match = to_flight(round_two())
    lost_cargo = run(match, "move SHLD1 1 hazard", "scan XP/H02")[-1].message
    assert "Apply it, or ignore it for 1 command point." in lost_cargo
    match = to_flight(round_two())
    energy_drain = run(match, "move SHLD1 1 hazard", "scan XP/H01")[-1].message
    assert "Apply it, or ignore it for 2 command points." in energy_drain


def test_ignoring_a_hazard_spends_1_command_point() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 1 hazard", "scan XP/H02", "adjust Baikonur command 1 test")
    said = run(match, "ignore")[-1].message
    assert "Baikonur spends 1 command point to ignore Lost cargo." in said


def test_destroying_a_ship_gains_1_frag_or_the_catalog_s_2_frags() -> None:
    lines = ("tech credits", "select TRNS1", "done", "tech credits", "select SHLD1", "done",
             "next", "attack TRNS1 SHLD1", "attack TRNS1 SHLD1")
    match = round_two(x_builds=("laser_turret", "laser_turret"))
    said = run(match, *lines)[-1].message
    assert said.startswith("Xichang gains 1 command point and 1 frag: ")
    assert "SHLD1 is destroyed with its modules." in said
    assert run(round_two(x_builds=("laser_turret", "laser_turret")),
               *lines[:-1])[-1].message.startswith("Xichang gains 2 command points: ")
    match = round_two(x_builds=("laser_turret", "laser_turret"),
                      catalog=_changed({"flight": {"frags_per_destroyed_ship": 2}}))
    said = run(match, *lines)[-1].message
    assert "and 2 frags: " in said
    assert "frag(s)" not in said


def test_new_orders_draws_1_secondary_mission_without_presuming_a_camera() -> None:
    match = to_flight(round_two())
    said = run(match, "move SHLD1 1 hazard", "scan XP/H06", "resolve")[-1].message
    assert "Baikonur draws 1 secondary mission." in said
    assert "scan" not in said  # the table may have no camera: the app offers its draw
    match = to_flight(round_two(catalog=_changed(cards={"haz-new-orders": {"amount": 2}})))
    said = run(match, "move SHLD1 1 hazard", "scan XP/H06", "resolve")[-1].message
    assert "Baikonur draws 2 secondary missions." in said


def test_lost_cargo_names_1_module_and_says_which_module_is_lost() -> None:
    match = to_flight(round_two(b_builds=("laser_turret", "resistance")))
    run(match, "move SHLD1 1 hazard", "scan XP/H02")
    assert "Name 1 module to remove" in refused(match, "resolve")
    said = run(match, "resolve laser_turret")[-1].message
    assert "SHLD1 loses the Laser turret." in said


def test_deck_odds_make_the_verb_agree_with_the_hidden_cards() -> None:
    one = DeckOdds("primary", 1, 1, ())
    assert one.sentence().startswith("1 card left in the primary deck; 1 more primary card "
                                     "is in hidden hands, so the next card is one of these "
                                     "2 unseen cards")
    two = DeckOdds("primary", 10, 2, ())
    assert two.sentence().startswith("10 cards left in the primary deck; 2 more primary cards "
                                     "are in hidden hands")



def test_a_prompt_cost_says_the_game_s_units_in_the_singular_or_the_plural() -> None:
    from companion.core.prompt import prompt

    match = round_two()
    run(match, "tech credits", "select TRNS1")
    costs = {a.command: a.cost for a in prompt(match).actions if a.command}
    assert costs["deploy MONY1"] == "6 credits"
    run(match, "done", "adjust Baikonur technology +1 test", "tech credits")
    costs = {a.command: a.cost for a in prompt(match).actions if a.command}
    assert costs["tech command"] == "1 technology point"
