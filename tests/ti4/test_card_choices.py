"""A revealed card's own choice (Abandoned Warehouses, Local Fabricators), Derelict
Vessel's reminder, and no other turn while an exploration is under way (issue 22)."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.ti4.conftest import new_match, ok, refused


def _revealed(catalog, card: str):
    """Alice explores Rigel III and the table scans `card` for it."""
    m = new_match(catalog)
    ok(m, "take P76A", f"scan TI/{card}")
    assert m.state.revealed == card
    return m


def test_abandoned_warehouses_offers_its_two_choices_and_counts_them(catalog) -> None:
    m = _revealed(catalog, "I01")
    labels = {a.command: a.label for a in prompt(m).actions if a.group == "Exploration"}
    assert labels == {
        "resolve gain": "Resolve Abandoned Warehouses (I01): Gain 2 commodities",
        "resolve convert": "Resolve Abandoned Warehouses (I01): Convert up to 2 of your "
                           "commodities to trade goods"}
    result = ok(m, "resolve gain")
    assert "Alice now has 2 commodities, 0 trade goods" in result.message
    assert m.rules.view(m.state, catalog, None)["seats"][0]["commodities"] == 2
    ok(m, "take P76B", "scan TI/I02", "adjust Alice commodities +1 traded")
    result = ok(m, "resolve convert")  # up to 2 of the 3 counted
    assert "Alice now has 1 commodity, 2 trade goods" in result.message


def test_the_card_shows_the_count_its_choice_is_made_with(catalog) -> None:
    m = new_match(catalog)
    ok(m, "take P76A")
    (reveal,) = ok(m, "scan TI/I09").moments
    assert reveal.lines[-1] == ("Alice has 0 commodities, 0 trade goods; commodity value 3, "
                                "assumed: not set from Alice's faction sheet.")
    assert [c.command for c in reveal.choices] == [
        "resolve gain", "resolve mech-commodity", "resolve mech-trade-good"]
    assert "cannot spend 1" in refused(m, "resolve mech-trade-good")
    assert "offers no choice 'mech'" in refused(m, "resolve mech")
    ok(m, "resolve")  # typed alone: resolved, the choice made at the table, nothing counted
    assert m.state.table.resource("Alice", "commodities") == 0


def test_derelict_vessel_reminds_its_explorer_of_the_secret_objective(catalog) -> None:
    m = new_match(catalog, "player Alice red", "player Bob blue", "setup",
                  "tech Alice dark-energy-tap")
    ok(m, "frontier 41", "scan TI/F01")
    result = ok(m, "resolve")
    assert "Reminder for Alice: Draw 1 secret objective." in result.message


def test_no_other_turn_while_a_card_is_drawn_or_revealed(catalog) -> None:
    m = new_match(catalog)
    ok(m, "take P76A")
    turns = [a.label for a in prompt(m).actions if a.group == "Turn"]
    assert not turns, turns  # no end of turn, pass nor another seat's turn
    assert "exploration is not finished" in refused(m, "turn Bob")
    ok(m, "draw industrial")
    assert "is revealed and not resolved yet" in refused(m, "turn Bob")
    assert not [a for a in prompt(m).actions if (a.command or "").startswith("turn ")]
    while m.state.revealed is not None or (m.state.head and m.state.head.started):
        if m.state.revealed is None:
            ok(m, f"draw {m.state.head.draw_deck}")
        else:  # the prompt's first resolution (a card's own choice, or plain resolve)
            ok(m, next(a.command for a in prompt(m).actions
                       if (a.command or "").startswith("resolve")))
    assert "Bob is active." in ok(m, "turn Bob").message


def test_every_seat_shows_its_commodities_and_trade_goods_at_all_times(catalog) -> None:
    """Try 6, findings 16, 17 and 27: at 0 they were shown nowhere and a table looked for
    them; the commodity value beside them, said assumed until recorded."""
    from companion.games.ti4.tableview import table_view

    def said(m, seat: int) -> dict[str, str]:
        return {c.key: c.text for c in table_view(m.state, catalog).seats[seat].counters}

    m = new_match(catalog)
    assert said(m, 0)["commodities"] == "0 commodities (of 3, assumed)"
    assert said(m, 0)["trade_goods"] == "0 trade goods"
    ok(m, "take P76A", "scan TI/I01", "resolve gain")
    assert said(m, 0)["commodities"] == "2 commodities (of 3, assumed)"
    ok(m, "commodity-value Bob 4", "adjust Bob trade_goods +1 traded")
    assert said(m, 1)["commodities"] == "0 commodities (of 4)"
    assert said(m, 1)["trade_goods"] == "1 trade good"
    keys = [c.key for c in table_view(m.state, catalog).seats[1].counters]
    assert keys[-2:] == ["commodities", "trade_goods"]  # after the planets and relics


def test_a_game_saved_with_a_catalog_of_no_commodity_value_says_no_cap(tmp_path) -> None:
    """Games saved before the catalog assumed a value (0: none known) show the count alone,
    never "of 0"."""
    from companion.catalogs import load_catalog_file
    from companion.games.ti4.tableview import table_view
    from tests.ti4.conftest import CATALOG_PATH

    text = CATALOG_PATH.read_text(encoding="utf-8")
    assert "\ncommodity_value = 3\n" in text
    older = tmp_path / "ti4.toml"
    older.write_text(text.replace("\ncommodity_value = 3\n", "\n"), encoding="utf-8")
    catalog = load_catalog_file(older)
    m = new_match(catalog)
    said = {c.key: c.text for c in table_view(m.state, catalog).seats[0].counters}
    assert (said["commodities"], said["trade_goods"]) == ("0 commodities", "0 trade goods")


def test_core_mine_asks_its_hazard_condition_before_the_trade_good(catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz", "scan TI/H07")
    commands = [a.command for a in prompt(m).actions if a.group == "Exploration"]
    assert commands == ["resolve mech", "resolve infantry", "resolve none"]
    result = ok(m, "resolve infantry")
    assert "Alice now has 0 commodities, 1 trade good" in result.message
    ok(m, "undo")
    ok(m, "resolve none")
    assert m.state.table.resource("Alice", "trade_goods") == 0


def test_merchant_station_replenishes_to_the_commodity_value_or_converts_all(catalog) -> None:
    m = new_match(catalog, "player Alice red", "player Bob blue", "setup",
                  "tech Alice dark-energy-tap", "adjust Alice commodities +1 traded")
    ok(m, "frontier 41", "scan TI/F09")
    commands = [a.command for a in prompt(m).actions if a.group == "Exploration"]
    assert commands == ["resolve replenish", "resolve convert"]
    result = ok(m, "resolve replenish")  # the catalog's assumed value, 3
    assert "Alice now has 3 commodities, 0 trade goods" in result.message
    ok(m, "frontier 42", "scan TI/F10")
    result = ok(m, "resolve convert")
    assert "Alice now has 0 commodities, 3 trade goods" in result.message


def test_gained_commodities_stop_at_the_seats_commodity_value(catalog) -> None:
    m = new_match(catalog)
    ok(m, "adjust Alice commodities +2 traded", "take P76A", "scan TI/I01")
    result = ok(m, "resolve gain")  # 2 + 2 capped at the assumed value 3
    assert "Alice now has 3 commodities" in result.message
    ok(m, "adjust Alice commodity_value +6 Hacan", "take P76B", "scan TI/I02")
    result = ok(m, "resolve gain")  # the recorded value replaces the default
    assert "Alice now has 5 commodities" in result.message


def test_no_turn_nor_new_exploration_is_offered_while_a_card_or_relic_is_owed(catalog) -> None:
    from tests.ti4.test_rule35 import _give_fragments

    def offered(m) -> set[str]:
        return {a.label for a in prompt(m).actions}

    m = new_match(catalog)
    assert {"End Alice's turn", "Another player's turn", "Take planets for Alice",
            "Explore a planet again"} <= offered(m)
    ok(m, "take P76A", "scan TI/I01")  # a card revealed, not resolved
    shown = offered(m)
    assert not {"End Alice's turn", "Another player's turn", "Take planets for Alice"} & shown
    assert not any(label.startswith("Explore a frontier token") for label in shown)
    ok(m, "resolve gain")
    assert "Take planets for Alice" in offered(m)
    _give_fragments(m, "Alice", ["H14", "H15", "H16"])
    ok(m, "relic Alice")  # a relic owed, not drawn yet
    shown = offered(m)
    assert not {"End Alice's turn", "Another player's turn", "Take planets for Alice"} & shown
    ok(m, "scan TI/R01")
    assert {"End Alice's turn", "Another player's turn"} <= offered(m)


def test_recording_a_technology_is_headed_as_such_not_as_a_turn(catalog) -> None:
    m = new_match(catalog)
    for after in ("tech", "tech Alice"):
        groups = {a.group for a in prompt(m, after=after).actions if a.command or a.partial}
        assert "Technologies" in groups and "Turn" not in groups, after


def test_the_setup_says_the_frontier_rule_not_a_count_of_every_tile_in_the_box(catalog) -> None:
    from companion.core.engine import Match
    from companion.games.registry import game

    m = Match(game("ti4").rules, catalog, 1)
    ok(m, "player Alice red", "player Bob blue")
    message = ok(m, "setup").message
    assert "each system without planets on your map" in message
    assert "tiles 17, 39-50, 77-80" in message and "17 tokens" not in message


def test_a_frontier_token_is_chosen_by_tile_then_how_naming_the_technology_to_record(
        catalog) -> None:
    m = new_match(catalog)
    (which,) = prompt(m, after="frontier").actions
    assert which.input is not None and which.input.kind == "choice"
    assert which.input.then == "partial" and len(which.input.options) == len(m.state.frontier)
    how = {a.label: a for a in prompt(m, after="frontier 41").actions}
    tap = how["Tile 41 with Dark Energy Tap: record Dark Energy Tap first (Record a technology)"]
    assert not tap.enabled
    assert "Tile 41 with another ability, by its name" in how
    ok(m, "tech Alice dark-energy-tap")
    how = {a.label: a for a in prompt(m, after="frontier 41").actions}
    assert how["Tile 41 with Dark Energy Tap (Alice owns it)"].enabled
    assert len(how) <= 3  # one tile at a time, not three buttons for each of 17 tiles


def test_ion_storm_offers_which_side_is_face_up_and_keeps_it(catalog) -> None:
    """The explorer chooses the Ion Storm token's side (try 8, finding 8)."""
    m = new_match(catalog)
    ok(m, "tech Alice det", "frontier 41 for Alice", "scan TI/F06")
    labels = {a.command: a.label for a in prompt(m).actions if a.group == "Exploration"}
    assert labels == {
        "resolve alpha": "Resolve Ion Storm (F06): Place the token with its alpha wormhole "
                         "side face up",
        "resolve beta": "Resolve Ion Storm (F06): Place the token with its beta wormhole "
                        "side face up"}
    message = ok(m, "resolve alpha").message
    assert "Place the Ion Storm token in tile 41, its alpha wormhole side face up." in message
    assert "commodit" not in message  # a side is chosen, nothing counted
    (token,) = m.rules.view(m.state, catalog, None)["map_tokens"]
    assert token["side"] == "alpha wormhole"
    assert token["words"] == "Ion Storm (alpha wormhole side up) in tile 41"
    assert "Ion Storm (alpha wormhole side up) in tile 41" in m.execute("state").message


def test_a_cards_alternative_not_possible_now_stays_in_its_place_and_a_full_replenish_says_so(
        catalog) -> None:
    """Try 14, findings 10, 15 and 30: at 0 commodities Merchant Station offered one button
    (the convert vanished); at 6 of 6 "Replenish" was offered as if it gave something."""
    m = new_match(catalog, "player Alice red", "player Bob blue", "setup",
                  "tech Alice dark-energy-tap")
    ok(m, "frontier 41", "scan TI/F09")
    offered = [a for a in prompt(m).actions if a.group == "Exploration"]
    assert [(a.command, a.enabled, a.in_place) for a in offered] == [
        ("resolve replenish", True, True), ("resolve convert", False, True)]
    assert offered[1].reason.startswith("Alice has no commodities to convert")
    ok(m, "resolve replenish", "frontier 42", "scan TI/F10")  # now 3 of 3
    labels = [a.label for a in prompt(m).actions if a.group == "Exploration"]
    assert labels[0] == "Resolve Merchant Station (F10): Replenish your commodities " \
        "(already 3 of 3: gains nothing)"
