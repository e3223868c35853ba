"""Try 11's findings: nothing lost in silence (a ship destroyed says so where the table
looks, before and after the tap) and words a new player reads right."""

from __future__ import annotations

from companion.core.prompt import prompt
from companion.games.exploration.rules import RULES
from companion.games.exploration.tableview import table_view
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import run


def _tile_five_at_resistance_one():
    """SHLD1 (Baikonur, Ben) flies into outer space at resistance 1 and reveals tile 5,
    whose default is "Lose 1 resistance, then score 4 domination points"."""
    match = to_flight(round_two())
    resistance = match.state.ships["SHLD1"].resistance
    run(match, f"adjust SHLD1 resistance {1 - resistance} hit earlier",
        "move SHLD1 2 outer", "scan XP/X5")
    return match


def test_the_default_that_destroys_the_ship_says_so_on_its_button() -> None:
    match = _tile_five_at_resistance_one()
    labels = [a.label for a in prompt(match).actions if a.enabled]
    assert "Apply the companion's default: Lose 1 resistance, then score 4 domination " \
           "points. SHLD1 is destroyed: resistance 1" in labels


def test_a_ship_destroyed_by_a_tile_is_said_first_and_on_a_screen_of_its_own() -> None:
    match = _tile_five_at_resistance_one()
    result = match.with_moments(run(match, "tile default")[-1])
    assert match.state.ships["SHLD1"].location == "destroyed"
    assert result.message.startswith(
        "SHLD1 was destroyed by Outer Space tile 5 (resistance 1 to 0). ")
    shown = [m for m in result.moments if m.kind == "destroyed"]
    assert [m.title for m in shown] == ["SHLD1 is destroyed!"]
    assert shown[0].lines[0] == "SHLD1 (Ben) has no resistance left: Outer Space tile 5 (X5)."


def test_a_tile_that_leaves_the_ship_alive_says_nothing_of_destruction() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 2 outer", "scan XP/X5")
    labels = [a.label for a in prompt(match).actions if a.enabled]
    assert "Apply the companion's default: Lose 1 resistance, then score 4 domination " \
           "points" in labels
    result = match.with_moments(run(match, "tile default")[-1])
    assert "destroyed" not in result.message
    assert not [m for m in result.moments if m.kind == "destroyed"]


def test_the_seat_card_shows_each_ships_resistance_beside_its_energy() -> None:
    match = _tile_five_at_resistance_one()
    seat = next(s for s in table_view(match.state, match.catalog).seats
                if s.seat == "Baikonur")
    shield = next(line for line in seat.detail if "(SHLD1)" in line)
    ship = match.state.ships["SHLD1"]
    assert f"energy {ship.energy}/{ship.max_energy}, resistance 1/{ship.max_resistance}" \
        in shield


def test_a_tiles_score_is_named_once_on_the_seat() -> None:
    match = to_flight(round_two())
    run(match, "move SHLD1 2 outer", "scan XP/X3", "tile default")
    seat = next(s for s in RULES.view(match.state, match.catalog, None)["seats"]
                if s["seat"] == "Baikonur")
    assert "Outer Space tile 3" in seat["score_breakdown"]
    assert not [k for k in seat["score_breakdown"] if "tile Outer Space" in k]


def test_an_attack_says_only_what_changed_and_a_kill_has_its_own_screen() -> None:
    match = round_two(x_builds=("laser_turret", "laser_turret"))
    run(match, "tech credits", "select TRNS1", "done", "tech credits", "select SHLD1", "done",
        "next")
    energy = match.state.ships["SHLD1"].energy
    first = match.with_moments(run(match, "attack TRNS1 SHLD1")[-1])
    assert f"energy {energy}->{energy}" not in first.message  # no change said as a change
    assert "resistance 3->" in first.message
    assert not [m for m in first.moments if m.kind == "destroyed"]
    second = match.with_moments(run(match, "attack TRNS1 SHLD1")[-1])
    shown = [m for m in second.moments if m.kind == "destroyed"]
    assert [m.title for m in shown] == ["SHLD1 is destroyed!"]
    assert shown[0].lines[0] == "SHLD1 (Ben) has no resistance left: TRNS1's attack."


def test_the_starting_module_shows_on_the_seat_and_is_free_on_the_build_list() -> None:
    from companion.games.exploration.display import module_name
    from tests.exploration.helpers import started_match

    match = started_match(("Wostochny", "Kourou"))
    kind = match.state.seats["Wostochny"].spare_modules[0]
    name = module_name(match.catalog, kind)
    seat = next(s for s in table_view(match.state, match.catalog).seats
                if s.seat == "Wostochny")
    assert f"Starting module to build: {name} (free)" in seat.detail
    ship = next(s.card for s in match.state.ships_of("Wostochny"))
    run(match, "tech credits", f"deploy {ship}")
    costs = {a.label: a.cost for a in prompt(match, after=f"build {ship}").actions}
    assert costs[name] == "free: your starting module"
    assert all(c and "credit" in c for label, c in costs.items() if label != name)
    run(match, f"build {ship} {kind}")  # built: no longer on the seat's card
    seat = next(s for s in table_view(match.state, match.catalog).seats
                if s.seat == "Wostochny")
    assert not [line for line in seat.detail if line.startswith("Starting module")]


def test_the_move_form_names_l1_as_the_rulebook_does() -> None:
    match = to_flight(round_two())
    move = next(a for a in prompt(match).actions if a.label.startswith("Move SHLD1"))
    assert move.input is not None
    passes = next(f for f in move.input.fields if f.name == "passes")
    l1 = next(o for o in passes.options if o.value == "L1")
    assert l1.label == "L1" and l1.detail == "Lagrangian point"


def test_the_table_dealt_drafts_rule_is_said_in_plain_words() -> None:
    from companion.ui.devtools.gallery import FLIGHT_SETUP
    from tests.exploration.helpers import new_match

    match = new_match()
    run(match, *FLIGHT_SETUP[:FLIGHT_SETUP.index("draft") + 1])
    groups = {a.group for a in prompt(match, after="pick").actions}
    assert "Take a type you do not have yet. A type marked 'has one' only if your pack " \
           "has no other type." in groups
