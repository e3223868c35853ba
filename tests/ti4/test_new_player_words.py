"""What a new player reads by touch (issue 22, try 6): every button and card names its
ability, planet, owner and number, so nobody has to open "Not possible now" or the
history to learn what a label meant."""

from __future__ import annotations

from companion.api import TableAPI
from companion.core.prompt import prompt
from companion.games.ti4.tableview import table_view
from tests.ti4.conftest import new_match, ok, refused

TABLE = ("player Nora red", "player Omar blue", "player Pia green", "setup")


def labels(m, after: str | None = None) -> dict[str, object]:
    return {a.label: a for a in prompt(m, after=after).actions}


def test_a_frontier_tokens_ways_name_the_ability_and_who_owns_it(catalog) -> None:
    m = new_match(catalog, *TABLE)
    how = labels(m, "frontier 40")
    assert how["Tile 40 with Exploration Probe or Multiverse Shift"].enabled
    assert how["Tile 40 with another ability, by its name"].enabled
    tap = how["Tile 40 with Dark Energy Tap: record Dark Energy Tap first (Record a technology)"]
    assert not tap.enabled and "Dark Energy Tap" in tap.reason
    ok(m, "tech Nora dark-energy-tap")
    assert labels(m, "frontier 40")["Tile 40 with Dark Energy Tap (Nora owns it)"].enabled


def test_exploring_a_planet_again_lists_each_planet_with_its_owner(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "take P19 for Omar", "draw industrial", "resolve",
       "take P76C for Nora", "draw hazardous", "resolve")
    planets = [a.label for a in prompt(m, after="explore-again").actions]
    assert planets == ["Rigel I (P76C) · Nora", "Wellon (P19) · Omar"]  # by seat order
    how = labels(m, "explore-again P19")
    assert how["With Garv and Gunn or Dart and Tai"].enabled
    assert "With another ability, by its name" in how
    ok(m, "tech Omar scanlink-drone-network")
    assert labels(m, "explore-again P19")["With Scanlink Drone Network (Omar owns it)"].enabled


def test_the_revealed_card_names_the_planet_or_tile_being_explored(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "take P76C for Omar")
    (reveal,) = ok(m, "draw hazardous").moments
    assert reveal.title == "Hazardous card for Omar exploring Rigel I (tile 76)"
    assert reveal.data["explored"] == "Rigel I (tile 76)"
    ok(m, "resolve", "frontier 40 for Omar with exploration-probe")
    (reveal,) = ok(m, "draw frontier").moments
    assert reveal.title == "Frontier card for Omar exploring tile 40"
    assert reveal.data["revealed_to_all"]


def test_the_first_screen_says_a_players_sentence_and_keeps_rule_numbers_in_details(
        catalog) -> None:
    from companion.core.engine import Match
    from companion.games.registry import game

    m = Match(game("ti4").rules, catalog, 1)
    ok(m, *TABLE[:3])
    message = ok(m, "setup").message
    assert message.startswith("Round 1, action phase; Nora is active. Put a frontier token")
    assert "35.4" not in message and "LRR" not in message and len(message) < 180
    panel = next(p for p in table_view(m.state, catalog).panels if p.id == "planets")
    frontier = next(r for r in panel.rows if r.text == "Frontier tokens")
    assert any("35.4a, LRR 38.1" in line for line in frontier.detail)


def test_the_order_inputs_name_what_is_tapped(catalog) -> None:
    m = new_match(catalog, *TABLE)
    take = labels(m)["Take planets for Nora"].input.to_dict()
    assert take["hint"].startswith("Tap a system on the left to add its planets")
    ok(m, "pass", "pass", "pass")  # Nora, Omar, Pia: the status phase
    again = labels(m)["Start round 2 in another turn order"].input.to_dict()
    assert again["hint"].startswith("Tap each player on the left in round 2's turn order")


def test_commodity_values_are_asked_by_touch_and_said_assumed_until_set(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "frontier 40 for Nora with exploration-probe")  # played: the first moment is past
    offer = labels(m)["Factions: none picked, commodity value 3 for all"]
    assert offer.group == "Faction sheets" and offer.partial == "faction"
    assert labels(m, "faction")["Another value, for a faction sheet not listed"].partial \
        == "commodity-value"
    pia = labels(m, "commodity-value")["Pia: 3, assumed"]
    assert [o.value for o in pia.input.options] == ["1", "2", "3", "4", "5", "6"]
    ok(m, pia.input.fill("4"))  # the tapped button's line
    after = labels(m, "commodity-value")
    assert "Pia: 4" in after and "Nora: 3, assumed" in after
    line = "Factions: Pia (commodity value 4); Nora and Omar have none: commodity value 3"
    assert labels(m)[line].group == "Faction sheets"


def test_a_recorded_commodity_value_replaces_the_assumed_one(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "frontier 40 for Pia with exploration-probe", "scan TI/F09")
    said = ok(m, "resolve replenish").message
    assert "Pia now has 3 commodities, 0 trade goods (commodity value 3, assumed: not set " \
           "from Pia's faction sheet)" in said
    ok(m, "commodity-value Pia 4")
    assert "Nora and Omar have none" in next(a.label for a in prompt(m).actions
                                  if a.partial == "faction")
    ok(m, "frontier 41 for Pia with exploration-probe", "scan TI/F10")
    said = ok(m, "resolve replenish").message
    assert "Pia now has 4 commodities, 0 trade goods (commodity value 4)" in said
    assert "from 1 to 6" in refused(m, "commodity-value Pia 9")
    assert "already 4" in refused(m, "commodity-value Pia 4")


def test_commodity_values_leave_the_setup_group_after_the_first_turn(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "end")  # Omar's turn: the turn's own choices stay on top
    offer = next(a for a in prompt(m).actions if a.partial == "faction")
    assert (offer.group, offer.label) == ("Faction sheets", "Record a faction (none picked, "
                                          "commodity value 3 for all)")
    omar = labels(m, "faction")["Omar's faction (none yet: commodity value 3)"]
    assert omar.group == "Faction sheets"
    assert labels(m, "commodity-value")["Omar: 3, assumed"].group == "Faction sheets"


def test_the_api_prompt_keeps_its_keys_and_adds_the_hint(tmp_path) -> None:
    from companion.session import open_session

    api = TableAPI(open_session(tmp_path / "g.db", "ti4", new=True, seed=3))
    for line in TABLE:
        assert api.run(line)["ok"], line
    take = next(a for a in api.prompt().to_dict()["actions"]
                if a["label"] == "Take planets for Nora")
    assert {"kind", "min", "max", "template", "options", "hint"} <= set(take["input"])
    api.close()
