"""Rulebook "Maneuver check", "Passing by spaceships and GNSS", "Lagrangian point L1"."""

from __future__ import annotations

import doctest

from companion.games.exploration import checks
from companion.games.exploration.checks import ManeuverCheck
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import refused, run


def test_doctests() -> None:
    assert doctest.testmod(checks).failed == 0


def test_result_must_be_higher_than_the_object() -> None:
    assert ManeuverCheck(2, 1, 2, "L1").passed
    assert not ManeuverCheck(2, 0, 2, "L1").passed
    assert "2 + 0 symbols = 2 <= 2 (L1): failed" in ManeuverCheck(2, 0, 2, "L1").text()


def test_l1_check_passes_with_the_arithmetic_shown() -> None:
    match = to_flight(round_two())
    result = run(match, "next", "move TRNS1 3 space past L1 die one")[-1]
    assert "Maneuver check: maneuverability 2 + 1 symbol = 3 > 2 (L1): passed" in result.message
    assert match.state.ships["TRNS1"].energy == 3


def test_failed_gnss_check_passes_but_loses_one_energy() -> None:
    match = to_flight(round_two())
    result = run(match, "next", "move TRNS1 2 space past GNSS die blank")[-1]
    assert "= 2 > 1 (GNSS): passed" in result.message
    run(match, "move TRNS1 1 space past SHLD1 die blank")
    assert match.state.ships["TRNS1"].energy == 4 - 1 - 1 - 1


def test_app_roll_is_recorded_and_replayed() -> None:
    match = to_flight(round_two())
    run(match, "next", "move TRNS1 2 space past L1 past SHLD1")
    rolls = [e for e in match.steps[match.stack[-1]].events if e.type == "die_rolled"]
    assert [e["by"] for e in rolls] == ["app", "app"]
    assert match.replay_from_start() == match.state


def test_wrong_number_of_entered_faces_is_refused() -> None:
    match = to_flight(round_two())
    run(match, "next")
    assert "needs 2 maneuver checks" in refused(match, "move TRNS1 2 space past L1 past "
                                                         "GNSS die two")
    assert "not a face" in refused(match, "move TRNS1 2 space past L1 die seven")


def test_bonus_maneuverability_counts_in_the_check() -> None:
    match = to_flight(round_two(), x_tech="maneuverability")
    result = run(match, "next", "move TRNS1 2 space past L1 die blank")[-1]
    assert "maneuverability 3 + 0 symbols = 3 > 2" in result.message


def test_velocity_never_drops_below_zero_in_rules_or_views() -> None:
    from companion.games.exploration.checks import attribute
    from companion.games.exploration.rules import RULES
    from tests.exploration.helpers import catalog

    match = round_two(x_ship="MONY1", x_builds=(), b_ship="RECV2", b_builds=())
    ship = match.state.ships["MONY1"]
    assert attribute(catalog(), ship, "velocity", 2) == 3
    run(match, "tech credits", "select MONY1", "maneuver M03 MONY1")  # Recharge: -5 velocity
    ship = match.state.ships["MONY1"]
    assert ship.velocity + ship.bonus("velocity", 2) == -2
    assert attribute(catalog(), ship, "velocity", 2) == 0
    seat = RULES.view(match.state, catalog(), None)["seats"][0]
    shown = next(v for v in seat["ships"] if v["card"] == "MONY1")
    assert seat["seat"] == "Xichang" and shown["velocity"] == 0
    result = run(match, "done", "tech credits", "select RECV2", "done")[-1]
    assert "MONY1 (velocity 0, maneuverability" in result.message
    run(match, "next")
    assert "velocity 0" in refused(match, "move MONY1 1 space")


def test_a_check_result_carries_its_numbers_for_the_screens() -> None:
    match = to_flight(round_two())
    run(match, "next", "move TRNS1 2 space past L1 past GNSS die two die blank")
    rolls = [e for e in match.steps[match.stack[-1]].events if e.type == "die_rolled"]
    assert [dict(e["check"]) for e in rolls] == [
        {"maneuverability": 2, "symbols": 2, "result": 4, "target": 2, "against": "L1",
         "passed": True, "ship": "TRNS1"},
        {"maneuverability": 2, "symbols": 0, "result": 2, "target": 1, "against": "GNSS",
         "passed": True, "ship": "TRNS1"}]


def test_the_prompt_dice_carry_each_checks_numbers_and_face_symbols() -> None:
    from companion.core.prompt import prompt

    match = to_flight(round_two())
    run(match, "next")
    first = prompt(match, after="move TRNS1 2 space past L1 past SHLD1").actions
    app, face = [a.to_dict() for a in first]
    assert app["command"] == "move TRNS1 2 space past L1 past SHLD1"
    assert app["check"] == {"ship": "TRNS1", "number": 1, "checks": 2, "against": "L1",
                            "target": 2, "maneuverability": 2,
                            "title": "Maneuver check 1 of 2: TRNS1 against L1",
                            "sum": "Maneuverability 2 + the symbols rolled, against 2"}
    assert face["check"] == app["check"]
    spec = face["input"]  # one die input: its faces from the catalog's die, with symbols
    assert (spec["kind"], spec["die"], spec["then"]) == ("die", "maneuver", "partial")
    assert {(o["value"], o["symbols"]) for o in spec["options"]} == {
        ("blank", 0), ("one", 1), ("two", 2), ("three", 3)}
    second = prompt(match, after="move TRNS1 2 space past L1 past SHLD1 die one").actions
    app, face = second  # try 9: the app may roll a check the table did not
    assert app.command == "move TRNS1 2 space past L1 past SHLD1 die one die app"
    assert face.input is not None and face.input.then == "command"
    assert face.check is not None and face.check["against"] == "SHLD1"
    assert face.check["number"] == 2 and app.enabled and face.enabled
    # How check 1 went is said before check 2 is rolled (try 9: it was not).
    assert face.check["before"] == [
        "Check 1 (L1) passed: the table rolled one, maneuverability 2 + 1 symbol = 3 > 2."]
    # And as the check moment a roll gives, for a screen to show it as large (try 30).
    [entered] = face.check["before_checks"]
    assert entered["kind"] == "check" and entered["data"]["title"] == \
        "Maneuver check 1 of 2: TRNS1 against L1"
    assert (entered["data"]["number"], entered["data"]["face"], entered["data"]["by"],
            entered["data"]["verdict"]) == (1, "one", "table", "Passed")


def test_the_app_rolls_the_check_the_table_left_to_it() -> None:
    match = to_flight(round_two())
    run(match, "next", "move TRNS1 2 space past L1 past SHLD1 die one die app")
    rolls = [e for e in match.steps[match.stack[-1]].events if e.type == "die_rolled"]
    assert [(e["by"], e["check"]["against"]) for e in rolls] == [("table", "L1"),
                                                                  ("app", "SHLD1")]
    assert rolls[0]["face"] == "one"


def test_a_check_that_cannot_fail_asks_for_no_die() -> None:
    """Try 9: the die was asked for a ship whose maneuverability alone beat the object."""
    from companion.core.prompt import prompt

    def l1_option(match):
        form = next(a for a in prompt(match).actions if a.label.startswith("Move TRNS1"))
        return next(o for f in form.input.fields if f.name == "passes" for o in f.options
                    if o.value == "L1")

    plain = to_flight(round_two())  # TRNS1: maneuverability 2 against L1's 2
    run(plain, "next")
    assert l1_option(plain).then == "partial" and "for sure" not in l1_option(plain).detail
    match = to_flight(round_two(), x_tech="maneuverability")  # 3 against 2: cannot fail
    run(match, "next")
    assert l1_option(match).then is None
    assert l1_option(match).detail == "Lagrangian point\npasses for sure"
    line = "move TRNS1 2 space past L1"
    chain = prompt(match, after="move TRNS1 2 space").actions
    assert next(a for a in chain if a.label == "Passes L1").command == line
    result = run(match, line)[-1]
    # Try 19, finding 5: no roll nobody made is recorded, and the result says why.
    assert result.message.startswith("TRNS1 passes L1 for sure: no roll needed "
                                     "(maneuverability 3 alone is above 2)."), result.message
    assert not [e for e in match.steps[match.stack[-1]].events if e.type == "die_rolled"]


def test_an_export_that_rolled_a_check_no_face_could_fail_still_imports() -> None:
    """Older companions rolled the die for a sure pass (try 19, finding 5); their exports
    keep that roll, and an import by the rules takes them as played. A roll that could
    have failed is no such leftover: a step that gained one is still refused."""
    from dataclasses import replace

    import pytest

    from companion.games.exploration.flight import maneuver_die
    from companion.transfer import ImportRefusedError, _check_same

    match = to_flight(round_two(), x_tech="maneuverability")  # 3 against L1's 2
    run(match, "next")
    plan = match.plan("move TRNS1 2 space past L1")
    made = plan.result.step
    die = maneuver_die(match.catalog)
    old_roll, _ = checks.roll_check(match.state.table, die, 3, 2, "L1", ship="TRNS1")
    old = replace(made, events=(old_roll, *made.events))
    _check_same(old, old, plan.result, match)  # imports: no refusal
    doubtful, _ = checks.roll_check(match.state.table, die, 2, 2, "L1", ship="TRNS1")
    forged = replace(made, events=(doubtful, *made.events))
    with pytest.raises(ImportRefusedError, match="events where the rules make"):
        _check_same(forged, forged, plan.result, match)
