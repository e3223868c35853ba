"""The prompt: who acts, what the game waits for, and actions a screen can offer."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.exploration.helpers import new_match, run, started_match


def _by_command(shown, command):
    return next(a for a in shown.actions if a.command == command)


def test_a_disabled_action_carries_exactly_the_refusal_sentence():
    match = started_match(("Xichang", "Baikonur"))
    run(match, "tech credits")
    shown = prompt(match)
    second = _by_command(shown, "tech credits")
    assert not second.enabled
    assert second.reason == match.execute("tech credits").message
    assert shown.seat == "Xichang" and "Xichang's preparation turn" in shown.waiting_for


def test_every_enabled_command_is_accepted_and_costs_are_shown():
    match = started_match(("Xichang", "Baikonur"))
    first = prompt(match)
    assert _by_command(first, "tech credits").cost == "free"
    enabled = [a.command for a in first.actions if a.enabled and a.command]
    for command in enabled:
        plan = match.plan(command)
        assert plan.result.ok and plan.result.step is not None, command
    run(match, "tech credits", "adjust Xichang technology +1 test")
    assert _by_command(prompt(match), "tech command").cost == "1 technology point"


def test_owed_draws_are_offered_as_app_draws_beside_expects_scan():
    match = new_match()
    run(match, "length 8", "join Kourou Ana", "join Xichang Bo")
    shown = prompt(match)
    assert "primary" in shown.expects_scan and "secondary" in shown.expects_scan
    draws = {a.command for a in shown.actions if a.group == "Draw a card" and a.command}
    # One draw per deck owed, and every owed card at once (more than one is owed).
    assert {f"draw {deck}" for deck in shown.expects_scan} | {"draw all"} == draws
    # Beside each, the card drawn at the table picked by touch (tests/api/test_table_pick).
    picks = {a.partial for a in shown.actions if a.group == "Draw a card" and a.partial}
    assert {f"scan {deck}" for deck in shown.expects_scan} == picks


def test_hidden_missions_are_masked_publicly_and_open_for_their_owner():
    match = started_match(("Xichang", "Baikonur"))
    public = prompt(match)
    masked = [a for a in public.actions if a.group == "Missions"]
    # What is private is the list of choices, not what is chosen (it is announced; try 9).
    assert masked and masked[0].label.endswith("(only Player0 sees the choices)")  # by name
    assert "privately" not in masked[0].label
    assert prompt(match, after=masked[0].partial).actions == ()
    own = prompt(match, "Xichang", after=masked[0].partial)
    held = match.state.table.cards_in("hand:Xichang")
    assert sorted(a.command.split()[1] for a in own.actions) == sorted(held)
    text = repr(public.to_dict())
    assert not any(card in text for card in held)


def test_undo_and_redo_are_actions_labelled_with_their_previews():
    match = started_match(("Xichang", "Baikonur"))
    run(match, "tech credits", "undo")
    shown = prompt(match)
    redo = _by_command(shown, "redo")
    assert redo.enabled and redo.label.startswith("Redo step") and "tech credits" in redo.label
    undo = _by_command(shown, "undo")
    assert undo.label.startswith("Undo step")


def test_a_move_walks_ship_spaces_end_objects_and_dice():
    match = started_match(("Xichang", "Baikonur"))
    ship = next(iter(match.state.ships_of("Xichang")))
    run(match, "tech credits", f"deploy {ship.card}", "done", "tech credits")
    baikonur = match.state.ships_of("Baikonur")[0]
    run(match, f"deploy {baikonur.card}", "done", "drift")
    run(match, "tech credits", f"select {ship.card}", "done", "tech credits", "done")
    shown = prompt(match)
    move = next(a for a in shown.actions if a.partial == f"move {ship.card}")
    assert move.enabled and move.cost == "1 energy"
    steps = prompt(match, after=move.partial).actions
    assert steps[0].partial == f"move {ship.card} 1"
    ends = prompt(match, after=steps[0].partial).actions
    assert {a.partial.split()[-1] for a in ends} >= {"space", "credit", "hazard", "outer"}
    passes = prompt(match, after=f"move {ship.card} 1 credit").actions
    assert passes[0].command == f"move {ship.card} 1 credit" and passes[0].enabled
    dice = prompt(match, after=f"move {ship.card} 1 credit past L1").actions
    assert dice[0].command == f"move {ship.card} 1 credit past L1"  # the app rolls
    face = next(a for a in dice if a.input is not None)  # the face the table rolled
    assert face.enabled and face.input.kind == "die" and face.input.die == "maneuver"
    assert face.input.fill("two") == f"move {ship.card} 1 credit past L1 die two"
    assert [(o.value, o.symbols) for o in face.input.options] == [
        ("blank", 0), ("one", 1), ("two", 2), ("three", 3)]  # the catalog's die, once each


def test_a_finished_game_offers_only_undo(finished_xp_match):
    shown = prompt(finished_xp_match)
    assert [a.command for a in shown.actions] == ["undo"]
    assert "over" in shown.waiting_for


def _flying(match):
    ship = next(iter(match.state.ships_of("Xichang")))
    run(match, "tech credits", f"deploy {ship.card}", "done", "tech credits")
    baikonur = match.state.ships_of("Baikonur")[0]
    run(match, f"deploy {baikonur.card}", "done", "drift")
    run(match, "tech credits", f"select {ship.card}", "done", "tech credits", "done")
    return ship, baikonur


def test_a_move_is_also_one_form_filled_into_the_typed_command():
    match = started_match(("Xichang", "Baikonur"))
    ship, other = _flying(match)
    move = next(a for a in prompt(match).actions if a.label == f"Move {ship.card}")
    data = move.to_dict()
    assert data["partial"] == f"move {ship.card}"  # kept: scripts still walk the chain
    form = data["input"]
    assert form["kind"] == "form" and form["template"] == \
        f"move {ship.card} {{spaces}} {{ends}} {{passes}}"
    fields = {f["name"]: f for f in form["fields"]}
    assert [f["name"] for f in form["fields"]] == ["spaces", "ends", "passes"]
    velocity = len(fields["spaces"]["options"])
    assert fields["spaces"]["default"] == [str(velocity)]  # full speed, changed with a tap
    assert fields["ends"]["default"] == [] and fields["passes"]["default"] == []
    passed = [o["value"] for o in fields["passes"]["options"]]
    assert passed == ["L1", other.card]  # no GNSS on the map yet; the other ship
    assert fields["passes"]["each"] == "past {}"
    spec = move.input
    line = spec.fill_form({"spaces": ["1"], "ends": ["credit"]})
    assert line == f"move {ship.card} 1 credit" and spec.leads_to({"ends": ["credit"]}) == \
        "command"
    assert match.plan(line).result.ok
    # A pass that can fail leads to the die's faces, as after the chain; one the ship
    # cannot fail (its maneuverability alone beats the object's) is rolled by the app with
    # the move: the line is a whole command.
    for option in fields["passes"]["options"]:
        checked = {"spaces": ["1"], "ends": ["credit"], "passes": [option["value"]]}
        line = spec.fill_form(checked)
        assert line == f"move {ship.card} 1 credit past {option['value']}"
        if option.get("then") == "partial":
            assert spec.leads_to(checked) == "partial"
            dice = prompt(match, after=line).actions
            assert any(a.input is not None and a.input.kind == "die" and a.enabled
                       for a in dice)
        else:
            assert option["detail"].endswith("passes for sure")
            assert spec.leads_to(checked) == "command" and match.plan(line).result.ok


def test_a_form_refuses_values_it_does_not_offer_with_a_sentence():
    import pytest

    from companion.core.forms import FormError

    match = started_match(("Xichang", "Baikonur"))
    ship, _other = _flying(match)
    spec = next(a for a in prompt(match).actions if a.label == f"Move {ship.card}").input
    with pytest.raises(FormError, match=r"Ends on: choose one\."):
        spec.fill_form({"spaces": ["1"]})
    with pytest.raises(FormError, match=r"Passes: GNSS is not one of the choices\."):
        spec.fill_form({"ends": ["space"], "passes": ["GNSS"]})


def test_a_gnss_is_offered_to_pass_once_one_lies_on_the_map():
    from companion.ui.devtools.gallery import flight_lines

    match = new_match(seed=7)
    run(match, *flight_lines(), "next")  # SHLD1 has flown: TRNS1 (carrying a GNSS) flies

    def passes() -> list[str]:
        move = next(a for a in prompt(match).actions if a.label == "Move TRNS1")
        return [o.value for o in move.input.fields[2].options]

    assert passes() == ["L1", "SHLD1"]
    run(match, "drop TRNS1 gnss")
    assert passes() == ["L1", "GNSS", "SHLD1"]
