"""Try 9's findings at the table: why a choice a player looks for is not possible, said
where it stands (a ship on the launch pad, a development card of another level)."""

from __future__ import annotations

from companion.core.prompt import prompt
from companion.ui.devtools.gallery import FLIGHT_SETUP
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import new_match, run


def _round_one_after_deploy():
    """Xichang's round-1 preparation: a Lv-1 action played, TRNS1 just deployed, Funding
    (D17, a Lv-3 card) in its area."""
    match = new_match()
    run(match, *FLIGHT_SETUP[:FLIGHT_SETUP.index("deploy TRNS1") + 1])
    return match


def _action(match, label_start):
    return next(a for a in prompt(match).actions if a.label.startswith(label_start))


def test_a_ship_on_the_launch_pad_keeps_its_place_with_the_launch_penalty():
    """Its Deploy stays in its place, greyed, saying why it cannot fly yet (try 9); since
    try 13 (issue 22) the ship's one place in the group is its Deploy's, not a Select that
    came after every other choice."""
    match = _round_one_after_deploy()
    deploy = _action(match, "Deploy Transporter (TRNS1)")
    assert not deploy.enabled
    assert "on the launch pad" in (deploy.reason or "")
    assert "flies from round 2 (launch penalty)" in (deploy.reason or "")
    data = deploy.to_dict()
    assert data["in_place"] is True and data["greyed"] == (
        "TRNS1 is on the launch pad: it flies next round.")
    assert not any(a.label.startswith(("Select TRNS1", "Select Transporter (TRNS1)"))
                   for a in prompt(match).actions)


def test_a_development_card_of_another_level_keeps_its_play_in_place_with_why():
    match = _round_one_after_deploy()
    play = _action(match, "Play Funding (D17)")
    assert not play.enabled
    assert "needs a Lv-3 technology action this round (played: Lv-1)" in (play.reason or "")
    assert play.to_dict()["in_place"] is True
    # What the player did not look for stays among "Not possible now" only.
    assert "in_place" not in _action(match, "Gain 6 credits").to_dict()


def test_the_last_hazard_of_a_round_says_the_round_ends_first() -> None:
    match = to_flight(round_two(), x_tech="maneuverability")
    run(match, "next", "next", "drift SHLD1=hazard")
    assert match.state.table.phase == "round-end"
    said = run(match, "scan XP/H10", "ignore")[-1].message
    # The line a player reads first says the round is over, then the next one begins.
    assert said.startswith("End of round 2: ")
    assert "Round 3 of 8: preparation phase" in said
    assert match.state.table.round == 3


def test_a_drift_that_ends_the_round_says_so_and_one_that_draws_does_not() -> None:
    match = to_flight(round_two(), x_tech="maneuverability")
    said = run(match, "next", "next", "drift TRNS1=credit")[-1].message
    assert said.startswith("End of round 2, all spaceships movement: TRNS1 moves")
    match = to_flight(round_two(), x_tech="maneuverability")
    said = run(match, "next", "next", "drift SHLD1=hazard")[-1].message
    assert "End of round" not in said and match.state.table.round == 2


def _station_in_hand():
    """Round 3, Xichang's preparation: both ships drifted onto plain spaces in round 2,
    a Lv-3 action drew the Spaceship station (D09)."""
    match = to_flight(round_two())
    run(match, "next", "next", "drift TRNS1=credit", "tech development", "scan XP/D09")
    return match


def test_the_spaceship_station_offers_its_spaces_by_touch_and_keeps_the_typed_name():
    match = _station_in_hand()
    play = _action(match, "Play Spaceship station (D09)")
    assert play.enabled and play.partial == "develop D09" and play.input is None
    spaces = {a.label: a for a in prompt(match, after="develop D09").actions}
    assert {"Where TRNS1 is now (a credit space)", "Where SHLD1 is now (a plain space)",
            "On a credit space", "On a hazard space"} <= set(spaces)
    typed = spaces["Another space: type its name"]
    assert typed.enabled and typed.input is not None and typed.input.kind == "text"
    said = run(match, spaces["Where TRNS1 is now (a credit space)"].command)[-1].message
    assert "settled at a credit space (where TRNS1 was in round 3)" in said
    assert match.state.station == "a credit space (where TRNS1 was in round 3)"
    assert not prompt(match, after="develop D09").enabled()  # played: nothing to choose


def test_the_station_typed_by_name_still_settles_it():
    match = _station_in_hand()
    run(match, 'develop D09 "Moon orbit"')
    assert match.state.station == "Moon orbit"
