"""The prompt's interaction kinds (choice, order, die), `private_to`, and the moments a
command's result carries (docs/table-api.md)."""

from __future__ import annotations

import json

from companion.core.engine import Match
from companion.core.prompt import prompt
from companion.games.ti4.rules import RULES as TI4
from tests.api.conftest import GOLDEN
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import draw_all_pending, new_match, run
from tests.ti4.conftest import load_ti4


def _ti4(*lines: str, seed: int = 102) -> Match:
    match = Match(TI4, load_ti4(), seed)
    for line in ("player Alice red", "player Bob blue", "setup", *lines):
        assert match.execute(line).ok, line
    return match


def _action(shown, label):
    return next(a for a in shown.actions if a.label == label)


# ---- kinds ------------------------------------------------------------------------------
def test_a_private_partial_names_the_seat_whose_screen_opens_it():
    match = new_match(7)
    run(match, "length 8", "join Xichang Ana", "join Baikonur Ben")
    draw_all_pending(match)
    run(match, *(["draw maneuver"] * 5), "draft virtual")
    public = prompt(match).to_dict()
    pick = next(a for a in public["actions"] if a.get("partial") == "pick")
    assert pick["private_to"] == "Xichang" and pick["label"].endswith(
        "(only Ana sees the choices)")
    assert not prompt(match, after="pick").actions  # the pack is nobody else's to see
    own = prompt(match, "Xichang").to_dict()
    opened = next(a for a in own["actions"] if a.get("partial") == "pick")
    assert opened["private_to"] == "Xichang" and "privately" not in opened["label"]
    assert all("private_to" not in a for a in public["actions"] if a is not pick)


def test_the_next_drafter_of_a_pack_the_app_dealt_is_handed_the_screen_by_the_game():
    """Issue 22: the app-dealt draft's pick says a screen passes itself on to its seat
    (`hand_over`), on the shared prompt and the seat's own; a draft at the table does not."""
    match = new_match(7)
    run(match, "length 8", "join Xichang Ana", "join Baikonur Ben")
    draw_all_pending(match)
    run(match, *(["draw maneuver"] * 5), "draft virtual")
    for seat in (None, "Xichang"):
        pick = next(a for a in prompt(match, seat).to_dict()["actions"]
                    if a.get("partial") == "pick")
        assert pick["hand_over"] is True and pick["private_to"] == "Xichang"
    first = next(a for a in prompt(match, "Xichang", after="pick").actions if a.enabled)
    run(match, first.command)
    pick = next(a for a in prompt(match).to_dict()["actions"] if a.get("partial") == "pick")
    assert pick["hand_over"] is True and pick["private_to"] == "Baikonur"
    table = new_match(7)
    run(table, "length 8", "join Xichang Ana", "join Baikonur Ben")
    draw_all_pending(table)
    run(table, *(["draw maneuver"] * 5), "draft")
    assert not any(a.get("hand_over") for a in prompt(table).to_dict()["actions"])


def test_ti4_planets_are_taken_through_an_order_input_grouped_by_system():
    match = _ti4()
    take = _action(prompt(match), "Take planets for Alice")
    spec = take.input
    assert take.enabled and spec is not None and spec.kind == "order"
    rigel = [o for o in spec.options if o.group == "76"]
    assert [o.label for o in rigel] == ["Rigel I", "Rigel II", "Rigel III"]
    assert rigel[0].detail == "hazardous"
    assert spec.min == 1 and spec.max == len(spec.options)
    line = spec.fill("P76A", "P76C")  # the order chosen: Rigel III first
    assert line == "take P76A P76C for Alice"
    result = match.execute(line)
    assert result.ok and "Alice gains Rigel III (P76A)" in result.message
    # While Rigel III's card is owed, no other take (nor another seat's turn) is offered.
    owed = {a.label for a in prompt(match).actions}
    assert not {"Take planets for Alice", "End Alice's turn", "Another player's turn"} & owed
    assert "Let the app draw: Industrial exploration deck" in owed


def test_ti4_known_abilities_are_a_choice_and_an_unknown_one_stays_a_name():
    match = _ti4("take Loki", "draw cultural", "resolve")
    shown = prompt(match, after="explore-again P75A")
    known = _action(shown, "With Garv and Gunn or Dart and Tai")
    assert known.input is not None and known.input.kind == "choice"
    assert {o.label for o in known.input.options} == {"Garv and Gunn", "Dart and Tai"}
    named = _action(shown, "With another ability, by its name")
    assert named.input is not None and named.input.kind == "text"
    tiles = prompt(match, after="frontier").actions[0].input
    assert tiles is not None and tiles.kind == "choice" and tiles.then == "partial"
    assert tiles.fill("17") == "frontier 17"
    how = prompt(match, after="frontier 17")
    tap = _action(how, "Tile 17 with Dark Energy Tap: record Dark Energy Tap first "
                       "(Record a technology)")
    assert not tap.enabled  # the technology is offered, and says what it needs first
    by = _action(how, "Tile 17 with Exploration Probe or Multiverse Shift")
    assert by.input is not None and by.input.kind == "choice"
    assert {o.label for o in by.input.options} == {"Exploration Probe", "Multiverse Shift"}
    assert by.input.fill("multiverse-shift") == "frontier 17 with multiverse-shift"


def test_the_die_input_enters_each_check_of_a_move_in_turn():
    match = to_flight(round_two())
    run(match, "next")
    first = prompt(match, after="move TRNS1 2 space past L1 past SHLD1")
    face = next(a for a in first.actions if a.input is not None)
    assert face.input.then == "partial"
    second = prompt(match, after=face.input.fill("blank"))
    last = next(a for a in second.actions if a.input is not None)
    assert last.input.then == "command"
    result = match.execute(last.input.fill("three"))
    assert result.ok
    checks = [m for m in result.moments if m.kind == "check"]
    assert [m.data["face"] for m in checks] == ["blank", "three"]


# ---- moments ---------------------------------------------------------------------------
def test_a_check_moment_carries_the_arithmetic_and_the_dies_faces():
    match = to_flight(round_two())
    run(match, "next")
    result = match.execute("move TRNS1 2 credit past L1 die two")
    (check,) = [m for m in result.moments if m.kind == "check"]
    assert check.title == "Maneuver check against L1"
    assert check.lines == ("The table rolled two.", "2 + 2 symbols = 4 > 2 (L1)", "Passed")
    assert check.sentence == "The table rolled two: the check against L1 passes."
    assert [(f["face"], f["symbols"]) for f in check.data["faces"]] == [
        ("blank", 0), ("one", 1), ("two", 2), ("three", 3)]
    assert check.data["symbols"] == 2 and check.data["passed"] is True


def test_a_trap_going_off_is_an_explosion_moment():
    match = to_flight(round_two(b_builds=("trap",)))
    run(match, "drop SHLD1 trap 1", "next")
    result = match.execute("move TRNS1 2 credit past T1")
    (blast,) = [m for m in result.moments if m.kind == "explosion"]
    assert blast.title == "Trap T1 explodes!"
    assert blast.lines[1] == "TRNS1 (Xichang) is destroyed with its modules."
    assert blast.sentence == "Trap T1 explodes: TRNS1 is destroyed."


def test_a_hidden_card_drawn_is_a_moment_for_its_owner_that_never_names_it():
    match = new_match(7)
    run(match, "length 8", "join Xichang Ana", "join Baikonur Ben", "for Xichang",
        "draw development")
    result = match.execute("draw primary")
    (hidden,) = result.moments
    card = match.state.table.cards_in("hand:Xichang")[-1]
    assert hidden.kind == "hidden_card" and hidden.private_to == "Xichang"
    assert hidden.sentence == "Xichang drew a hidden primary card."
    text = json.dumps(result.to_dict(1)["moments"])
    assert card not in text and match.catalog.card(card).name not in text


def test_a_card_revealed_to_all_offers_its_resolution(tmp_path):
    match = _ti4("take Loki")
    result = match.execute("draw cultural")
    (reveal,) = result.moments
    assert reveal.kind == "reveal" and reveal.title == (
        "Cultural card for Alice exploring Loki (tile 75)")
    card = match.state.revealed
    assert reveal.data["card"] == card and reveal.lines[0] == match.catalog.cards[card].name
    assert [c.command for c in reveal.choices] == ["resolve"]
    assert reveal.sentence == f"{match.catalog.cards[card].name} is revealed."


def test_the_last_step_of_a_game_carries_the_final_scores():
    match = new_match(3)
    lines = [x.strip() for x in GOLDEN.read_text().splitlines()
             if x.strip() and not x.startswith("#")]
    results = run(match, *lines)
    finals = [m for r in results for m in r.moments if m.kind == "final"]
    assert len(finals) == 1
    totals = finals[0].data["totals"]
    assert totals == {s: match.state.table.score_of(s) for s in match.state.table.seats}
    best = max(totals, key=totals.get)
    assert finals[0].lines[0].startswith(f"{best}: ") and best in finals[0].sentence


def test_undo_and_refusals_carry_no_moments():
    match = _ti4("take Loki")
    assert match.execute("draw cultural").moments
    assert match.execute("undo").moments == ()
    assert match.execute("draw relic").moments == ()


def test_a_game_without_moments_of_its_own_gets_the_cores_rolls_and_reveals():
    from tests.racegame import GAME, race_catalog

    match = Match(GAME.rules, race_catalog(), 1)
    for line in ("join Ann", "join Bo", "start"):
        assert match.execute(line).ok
    (roll,) = match.execute("roll d6 5").moments
    assert roll.kind == "roll" and roll.data["face"] == "5"
    assert [f["symbols"] for f in roll.data["faces"]] == [1, 2, 3, 4, 5, 6]
    (reveal,) = match.execute("draw comet").moments
    assert reveal.kind == "reveal" and reveal.data["card"] in race_catalog().cards
    assert reveal.lines[0] == race_catalog().cards[reveal.data["card"]].name


def test_a_pack_dealt_at_the_table_is_picked_by_ship_type_in_one_choice():
    from companion.games.exploration import catalog as xc

    match = new_match(7)
    run(match, "length 8", "join Xichang Ana", "join Baikonur Ben")
    draw_all_pending(match)
    run(match, *(["draw maneuver"] * 5), "draft")
    main = [a for a in prompt(match).actions if a.main]
    assert [a.label for a in main] == ["Xichang takes a ship from the pack"]  # pinned
    types = prompt(match, after="pick").actions
    assert 1 < len(types) <= 12 and all(a.command and a.enabled for a in types)
    left = match.state.table.cards_in("deck:ship")
    first = types[0]
    kind = first.command.split()[1]
    copies = [c for c in left if match.catalog.card(c).attrs["type"] == kind]
    assert first.label == f"{xc.ship_type(match.catalog, kind).name} ({len(copies)} copies left)"
    assert sum(int(a.label.rsplit("(", 1)[1].split()[0]) for a in types) == len(left)
    assert [a.command for a in prompt(match, after=f"pick {kind}").actions] == \
        [f"pick {c}" for c in copies]  # the very copy in hand, for the CLI
    result = match.execute(first.command)
    assert result.ok and f"({copies[0]})" in result.message  # the app's copy, named
    assert match.state.table.zone_of(copies[0]) == "area:Xichang"


def test_every_owed_card_is_drawn_in_one_step_with_a_moment_each():
    match = new_match(7)
    run(match, "length 8", "join Xichang Ana", "join Baikonur Ben")
    every = next(a for a in prompt(match).actions if a.command == "draw all")
    assert every.enabled and every.group == "Draw a card"
    before = match.state
    result = match.execute("draw all")
    assert result.ok and not match.state.pending and not prompt(match).expects_scan
    moved = [e for e in result.step.events if e.type == "card_moved"
             and e["from"].startswith("deck:")]
    assert len(result.moments) == len([e for e in moved if e["to"] != "box"]) == 16
    hidden = [m for m in result.moments if m.kind == "hidden_card"]
    assert {m.private_to for m in hidden} == {"Xichang", "Baikonur"} and len(hidden) == 10
    assert all(m.data.get("card") is None for m in hidden)
    assert result.message.startswith("The app drew 16 cards: ")  # one short sentence
    assert "5 hidden cards for Xichang, 5 hidden cards for Baikonur" in result.message
    for card in match.state.table.cards_in("hand:Xichang"):
        assert card not in result.message
    assert not any(a.command == "draw all" for a in prompt(match).actions)
    assert "No card is owed now" in match.execute("draw all").message
    assert match.execute("undo").ok and match.state == before  # one undo takes all back


def test_the_draw_of_every_card_is_offered_only_when_more_than_one_is_owed():
    match = _ti4("take Loki")  # one card owed: the cultural deck's
    commands = [a.command for a in prompt(match).actions]
    assert "draw cultural" in commands and "draw all" not in commands


def test_the_api_counts_each_seats_hidden_cards_without_naming_them(tmp_path):
    from companion.api import TableAPI
    from companion.session import open_session

    api = TableAPI(open_session(tmp_path / "games.db", "xp", new=True, seed=7))
    try:
        for line in ("length 8", "join Xichang Ana", "join Baikonur Ben"):
            assert api.run(line)["ok"]
        assert api.hidden_counts() == {}
        result = api.run("draw all")
        assert [m["kind"] for m in result["moments"]].count("hidden_card") == 10
        assert api.hidden_counts() == {"Xichang": 5, "Baikonur": 5}
    finally:
        api.session.close()
