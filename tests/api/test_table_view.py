"""The one view shape every game fills (core/tableview.py), as the table API gives it.

The same keys for Exploration, TI4 and the test game; counters said by each game's
own nouns; decks in one shape; each game's panels as rows; hidden missions only in
their holder's own view; the flight order without destroyed ships; the trap rule as
the rulebook says it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.api import TableAPI, table_view
from companion.catalogs import load_catalog
from companion.core.engine import Match
from companion.core.tableview import Counter, Panel, PanelRow, TableView, Track
from companion.games.registry import games
from companion.session import open_session
from tests.exploration.flight_setup import round_two
from tests.exploration.helpers import catalog, run, started_match
from tests.racegame import GAME
from tests.ti4.conftest import load_ti4
from tests.ti4.conftest import new_match as new_ti4

TOP_KEYS = {"game", "title", "round", "rounds", "round_name", "phase", "phase_name", "active",
            "turn", "waiting_for", "over", "as_seat", "seats", "decks", "panels", "notes"}
SEAT_KEYS = {"seat", "player", "colour", "score", "score_sources", "counters", "in_effect",
             "active", "detail", "corrections", "seat_index"}
DECK_KEYS = {"id", "name", "left", "discarded", "lines", "warnings"}
ROW_KEYS = {"text", "badge", "seat", "number", "detail", "kind", "target", "corrections",
            "marked", "unit", "opens", "action"}

XP_SETUP = ("length 8", "join Baikonur Ana", "join Kourou Ben")


def _xp() -> Match[Any]:
    return started_match(("Baikonur", "Kourou"), seed=5)


def _race() -> Match[Any]:
    match = Match(GAME.rules, load_catalog(GAME.id), 3)
    for line in ("join Ann", "join Bo", "start", "roll d6 4"):
        assert match.execute(line).ok, line
    return match


def _shapes() -> list[dict[str, Any]]:
    return [table_view(_xp()).to_dict(), table_view(new_ti4(load_ti4())).to_dict(),
            table_view(_race()).to_dict()]


def _check_shape(shown: dict[str, Any]) -> None:
    assert set(shown) == TOP_KEYS
    for seat in shown["seats"]:
        assert set(seat) == SEAT_KEYS
        for counter in seat["counters"]:
            assert Counter.from_dict(counter).text == counter["text"]
    for deck in shown["decks"]:
        assert set(deck) == DECK_KEYS and deck["left"] >= 0
    assert shown["panels"], shown["game"]
    for panel in shown["panels"]:
        assert Panel.from_dict(panel).to_dict() == panel
        for row in panel["rows"]:
            assert set(row) == ROW_KEYS


def test_every_game_fills_the_same_keys_and_round_trips_its_panels() -> None:
    shapes = _shapes()
    assert [s["game"] for s in shapes] == ["xp", "ti4", "race"]
    for shown in shapes:
        _check_shape(shown)
        json.dumps(shown)  # plain JSON


def test_counters_are_said_by_each_games_own_nouns() -> None:
    xp, ti4, race = _shapes()
    kourou = next(s for s in xp["seats"] if s["seat"] == "Kourou")
    said = {c["key"]: c["text"] for c in kourou["counters"]}
    assert said["command"].endswith("command points") and said["technology"].endswith(
        "technology points")  # a seat's technology points, never bare "technology"
    bob = {c["key"]: c["text"] for c in ti4["seats"][1]["counters"]}
    assert bob["planets"] == "0 planets" and bob["influence"] == "0 influence"
    ann = race["seats"][0]
    assert ann["counters"] == [{"key": "position", "value": 4, "noun": "space",
                                "text": "4 spaces"}]
    assert race["panels"][0]["rows"][0]["number"] == "4"


def test_decks_have_one_shape_in_every_game() -> None:
    xp, ti4, race = _shapes()
    assert {d["id"] for d in xp["decks"]} >= {"hazard", "primary", "development"}
    cultural = next(d for d in ti4["decks"] if d["id"] == "cultural")
    assert cultural["name"] == "Cultural exploration deck" and cultural["left"] > 0
    assert any("fragment" in line for line in cultural["lines"])
    assert [d["id"] for d in race["decks"]] == ["comet"]


def test_the_api_offers_it_and_adds_it_to_view_without_dropping_a_key(tmp_path) -> None:
    api = TableAPI(open_session(tmp_path / "games.db", "xp", seed=5))
    for line in XP_SETUP:
        api.run(line)
    plain = api.match.rules.view(api.match.state, api.match.catalog, None)
    viewed = api.view()
    assert set(viewed) == set(plain) | {"table"}
    assert viewed["table"] == api.table() and api.table()["seats"][0]["seat"] == "Baikonur"
    assert api.table("Kourou")["as_seat"] == "Kourou"


def test_hidden_missions_are_counts_in_public_and_cards_in_their_holders_view() -> None:
    match = _xp()
    hidden = match.state.table.cards_in("hand:Kourou")
    public = json.dumps(table_view(match).to_dict())
    own = table_view(match, "Kourou")
    assert hidden, "setup deals hidden missions"
    assert not any(f'"{card}' in public or catalog().card(card).name in public
                   for card in hidden)
    assert own.panel("missions") is not None
    assert {r.text.split()[0] for r in own.panel("missions").rows} == set(hidden)
    assert table_view(match).panel("missions") is None


def test_the_flight_order_never_lists_a_destroyed_ship() -> None:
    from companion.games.exploration.tableview import order_line, order_rows

    ship = {"card": "SHLD1", "type": "Shield", "location": "space", "velocity": 3,
            "maneuverability": 2}
    gone = {**ship, "card": "BOMB2", "type": "Bomber", "location": "destroyed", "velocity": 5}
    shown = {"flight_order": ["BOMB2", "SHLD1"],
             "seats": [{"seat": "Kourou", "ships": [ship, gone]}]}
    rows = order_rows(shown)
    assert [r.text for r in rows] == ["1. SHLD1 Shield"]
    assert "BOMB2" not in order_line(shown)
    match = round_two(x_builds=("laser_turret", "laser_turret"))  # a real destruction
    run(match, "tech credits", "select TRNS1", "done", "tech credits", "select SHLD1", "done",
        "next", "attack TRNS1 SHLD1", "attack TRNS1 SHLD1")
    assert "SHLD1" in match.state.flight_order
    real = table_view(match)
    board = [r.text for r in real.panel("board").rows]
    assert board[board.index("Flight order") + 1:] == ["1. TRNS1 Transporter"]
    assert "SHLD1" not in " ".join(real.notes)


def test_the_traps_panel_says_a_trap_goes_off_at_any_count_when_a_ship_ends_on_it() -> None:
    from companion.games.exploration.tableview import traps_panel

    panel = traps_panel({"traps": [{"trap_id": "T1", "owner": "Kourou", "count": 2,
                                    "where": "a hazard space"}]})
    rule = panel.rows[0].text
    assert "at any count" in rule and "ends" in rule
    assert panel.rows[1].number == "2" and panel.rows[1].seat == "Kourou"
    assert traps_panel({"traps": []}).empty == "No trap on the map."


def test_the_board_shows_where_ships_are_and_who_holds_each_area() -> None:
    match = round_two(b_builds=("laser_turret", "gnss"))
    run(match, "tech credits", "select TRNS1", "done", "tech credits", "select SHLD1", "done",
        "drop SHLD1 gnss")
    board = table_view(match).panel("board")
    assert board is not None
    texts = [r.text for r in board.rows]
    assert texts[0].startswith("The real board is the map") and texts[1] == "Ships in play"
    areas = [r for r in board.rows if r.detail and r.detail[0].startswith(("Held by", "Nobody"))]
    assert len(areas) >= 4  # every domination area, held or not
    ships = {r.text: (r.seat, r.detail) for r in board.rows[2:4]}
    assert ships["TRNS1 Transporter"][0] == "Xichang"
    assert ships["SHLD1 Shield"][0] == "Baikonur" and "orbit" in ships["SHLD1 Shield"][1][0]
    gnss = next(a for a in areas if a.text == "GNSS orbit")
    assert gnss.seat == "Baikonur" and gnss.number == "1"  # SHLD1's GNSS cube
    assert gnss.detail[0].startswith("Held by Baikonur 1 cube")
    assert gnss.detail[1].startswith("gnss1: Baikonur (Ben)'s cube")


def test_a_panel_row_refuses_an_unknown_kind_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="kind is one of"):
        PanelRow("x", kind="shout")


def test_a_game_without_its_own_table_view_gets_the_cores() -> None:
    from typing import Any

    from companion.core.rules import GameRules
    from companion.core.tableview import table_view_of

    class Bare(GameRules[Any]):  # overrides nothing: GameRules' documented default
        game, title = "race", "Comet Race"

    match = _race()
    shown = table_view_of(Bare(), match.state, match.catalog)
    assert isinstance(shown, TableView) and shown.panels == ()
    assert [s.seat for s in shown.seats] == ["Ann", "Bo"] and shown.active == "Bo"
    assert Track.from_dict(Track("energy", "Energy", 3, 5).to_dict()).highest == 5
    assert "race" in games().ids
