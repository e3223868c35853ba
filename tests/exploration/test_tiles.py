"""Outer-space tiles as the table's own tiles print them (issue 22, try 7, finding 35).

Rulebook, "Flying off the map": "Reveal the random hex tile ... Resolve all effects from
the hex tile. To gain the rewards spaceship must survive all effects." The rulebook prints
no tile, so a revealed tile waits for the table: the companion's default, or what their
tile says, which stays that tile's effect for the rest of the game.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from companion.core.prompt import prompt
from companion.games.exploration.checks import flying_ship
from companion.games.exploration.rules import RULES
from companion.games.exploration.tiles import SOMETHING_ELSE
from companion.tables import Tables
from companion.ui.devtools.gallery import flight_lines
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import refused, run

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def outer_space(match) -> list[dict]:
    return RULES.view(match.state, match.catalog, None)["outer_space"]


def test_a_revealed_tile_waits_for_the_table_to_say_what_it_does() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 2 outer")
    energy = match.state.ships["SHLD1"].energy
    result = match.with_moments(run(match, "scan XP/X6")[-1])
    assert "SHLD1 reveals Outer Space tile 6 (X6) in outer space. Apply the companion's " \
           "default, or enter what your tile says." in result.message
    assert match.state.ships["SHLD1"].energy == energy and not match.state.ship_draws
    assert "First say what outer-space tile X6 does for SHLD1" in refused(match, "next")
    assert "First say what outer-space tile X6 does" in refused(match, "move SHLD1 1 outer")
    offered = {a.label: a for a in prompt(match).actions if a.enabled}
    assert offered["Apply the companion's default: Draw 1 hazard card"].command == \
        "tile default"
    form = offered[SOMETHING_ELSE].input
    assert form is not None and form.kind == "form"
    assert [(f.name, f.kind, f.default) for f in form.fields][:2] == \
        [("energy", "count", ("0",)), ("resistance", "count", ("0",))]
    reveal = result.moments[0]
    assert reveal.title == "Outer Space tile for SHLD1 (Ben)"
    assert [(c.label, c.input) for c in reveal.choices] == [
        ("Apply the companion's default: Draw 1 hazard card", False), (SOMETHING_ELSE, True)]
    assert reveal.choices[1].command == form.template
    run(match, "tile default")  # the default, as before: a hazard card for SHLD1
    assert [d.deck for d in match.state.ship_draws] == ["hazard"]


def test_the_printed_effect_replaces_the_default_for_the_rest_of_the_game() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 2 outer", "scan XP/X6")
    energy = match.state.ships["SHLD1"].energy
    command = match.state.table.resource("Baikonur", "command")
    said = run(match, "tile energy -1 command 2")[-1].message
    assert "Outer Space tile 6 for SHLD1, as printed on your tile: Lose 1 energy, then gain " \
           "2 command points." in said
    assert match.state.ships["SHLD1"].energy == energy - 1
    assert match.state.table.resource("Baikonur", "command") == command + 2
    assert not match.state.ship_draws  # the default's hazard card is not drawn
    tile = outer_space(match)[0]
    assert (tile["id"], tile["printed"]) == ("X6", True)
    assert tile["effect"] == "Lose 1 energy, then gain 2 command points. (as printed on " \
                             "your tile)"
    # Next round SHLD1 enters the tile again: what the tile prints, with no question.
    run(match, "next", "next", "drift")
    to_flight(match, x_select=(), b_select=("SHLD1",))
    energy = match.state.ships["SHLD1"].energy
    command = match.state.table.resource("Baikonur", "command")
    said = run(match, "move SHLD1 1 tile at X6")[-1].message
    assert "SHLD1 enters Outer Space tile 6." in said and match.state.pending_tile is None
    assert match.state.table.resource("Baikonur", "command") == command + 2
    assert match.state.ships["SHLD1"].energy == energy - 2  # the move's energy, the tile's 1
    assert not match.state.ship_draws


def test_losses_come_first_and_a_ship_that_does_not_survive_them_gains_nothing() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 2 outer", "scan XP/X1")
    credits = match.state.table.resource("Baikonur", "credits")
    score = match.state.table.score_of("Baikonur")
    said = run(match, "tile resistance -4 credits 5 score 3")[-1].message
    assert "SHLD1 does not survive and gains nothing." in said
    assert match.state.ships["SHLD1"].location == "destroyed"
    assert match.state.table.resource("Baikonur", "credits") == credits
    assert match.state.table.score_of("Baikonur") == score
    ship = flying_ship(match.state)
    assert ship is not None and ship.card == "TRNS1"  # SHLD1's turn ended with it


def test_a_tile_takes_no_more_credits_than_the_seat_has_and_gains_come_after() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 2 outer", "scan XP/X2")
    credits = match.state.table.resource("Baikonur", "credits")
    assert credits < 20
    said = run(match, "tile credits -20 energy 1 score 2")[-1].message
    assert f"Baikonur loses {credits} credits." in said
    assert match.state.table.resource("Baikonur", "credits") == 0
    assert match.state.table.score_of("Baikonur") >= 2


def test_a_wrong_effect_is_refused_with_one_sentence() -> None:
    match = to_flight(round_two())
    assert "No outer-space tile is waiting" in refused(match, "tile default")
    run(match, "move SHLD1 2 outer", "scan XP/X6")
    assert "KIND AMOUNT pairs" in refused(match, "tile energy")
    assert "KIND AMOUNT pairs" in refused(match, "tile warp 2")
    assert "Energy: from -6 to 6, not 9." in refused(match, "tile energy 9")
    assert "is not a whole number" in refused(match, "tile energy two")


def test_undo_takes_the_entered_effect_back_and_the_tile_waits_again() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 2 outer", "scan XP/X6")
    waiting = match.state
    run(match, "tile energy -1 command 2")
    entered = match.state
    run(match, "undo")
    assert match.state == waiting
    assert match.state.pending_tile is not None and not match.state.printed_tiles
    assert not outer_space(match)[0]["printed"]
    run(match, "redo")
    assert match.state == entered and match.replay_from_start() == entered
    assert RULES.state_from_dict(entered.to_dict()) == entered


def test_the_printed_effect_is_kept_in_the_saved_game(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    api = Tables(db).new("xp", seed=6)
    for line in (*flight_lines(), "next", "move TRNS1 1 outer", "scan XP/X5",
                 "tile resistance -1 command 3"):
        assert api.run(line)["ok"], line
    api.close()
    again = Tables(db).open(None)
    tile = again.view()["outer_space"][0]
    assert (tile["id"], tile["printed"]) == ("X5", True)
    assert tile["effect"] == "Lose 1 resistance, then gain 3 command points. (as printed " \
                             "on your tile)"
    assert again.view()["pending_tile"] is None
    again.close()


def test_a_game_saved_before_tiles_waited_opens_and_replays_the_same(tmp_path: Path) -> None:
    """Saved at 844bd0a: TRNS1 revealed tile 5 and its default applied in the same step."""
    db = tmp_path / "games.db"
    shutil.copy(FIXTURES / "tile-revealed-at-844bd0a.db", db)
    api = Tables(db).open(None)
    view = api.view()
    tile = view["outer_space"][0]
    assert (tile["id"], tile["printed"]) == ("X5", False)
    assert "the companion's default" in tile["effect"]
    assert view["pending_tile"] is None
    xichang = next(s for s in view["seats"] if s["seat"] == "Xichang")
    assert xichang["score"] == 4
    assert api.run("next")["ok"]  # the game plays on from where it was
    api.close()


def test_a_tile_drifted_into_last_in_the_round_says_the_round_ends_once_it_is_said() -> None:
    match = to_flight(round_two(), x_tech="maneuverability")
    said = run(match, "next", "next", "drift SHLD1=outer", "scan XP/X2")[-1].message
    assert "End of round" not in said and match.state.table.round == 2  # the tile waits
    said = run(match, "tile command 1")[-1].message
    assert said.startswith("End of round 2: Outer Space tile 2 for SHLD1, as printed on "
                           "your tile: Gain 1 command point.")
    assert "Round 3 of 8: preparation phase" in said and match.state.table.round == 3
