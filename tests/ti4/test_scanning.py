"""The scanning flow: what each scan means now, and why a scan is refused."""

from __future__ import annotations

from companion.core.catalog import Catalog
from companion.core.engine import Match
from companion.games.ti4.rules import RULES
from tests.ti4.conftest import new_match, ok, refused, zone


def test_scan_of_planet_card_takes_it_for_the_active_player(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "turn Bob")
    result = ok(m, "scan TI/P38A")
    assert zone(m, "P38A") == "area:Bob" and "hazardous deck" in result.message


def test_scan_before_setup_is_refused(catalog: Catalog) -> None:
    m = Match(RULES, catalog, 1)
    assert "not set up" in refused(m, "scan TI/P38A")


def test_scan_of_exploration_card_with_nothing_to_explore_is_refused(catalog: Catalog) -> None:
    m = new_match(catalog)
    assert "Nothing is being explored" in refused(m, "scan TI/H01")


def test_scan_of_card_from_the_wrong_deck_is_refused(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice")
    message = refused(m, "scan TI/C01")
    assert "is a cultural card" in message and "hazardous deck" in message


def test_scan_of_card_in_play_is_refused(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H11", "resolve", "take Fria for Alice")
    assert "attached to Abyz (P38A)" in refused(m, "scan TI/H11")


def test_scan_of_other_game_tag_is_refused(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice")
    assert "XP/SH01 is not part of this TI4 Exploration game" in refused(m, "scan XP/SH01")


def test_scan_of_unknown_id_and_foreign_code(catalog: Catalog) -> None:
    m = new_match(catalog)
    assert "is not a card in the TI4 Exploration catalog" in refused(m, "scan TI/Z99")
    result = m.execute("scan https://example.org")
    assert result.kind == "foreign" and result.step is None


def test_scan_of_planet_while_a_card_is_revealed_is_refused(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H01")
    assert "waiting for resolve of Volatile Fuel Source" in refused(m, "scan TI/P38B")


def test_take_while_exploring_is_queued(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice")
    result = ok(m, "take Lodor for Bob")
    assert "Queued after the current exploration" in result.message
    assert zone(m, "P26") == "supply"
    ok(m, "scan TI/H01", "resolve")
    assert zone(m, "P26") == "area:Bob"


def test_codex_cards_are_out_of_the_game_unless_enabled(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "tech Alice dark", "frontier 41 for Alice")
    assert "in the box" in refused(m, "scan TI/F15")
    m2 = new_match(catalog, "player Alice", "setup --codex")
    assert m2.state.table.count_in("deck:frontier") == 20
    assert m2.state.table.count_in("deck:relic") == 16


def test_virtual_draw_uses_the_queue(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice")
    result = ok(m, "draw hazardous")
    assert result.message.startswith("The app drew") and m.state.revealed is not None
    assert catalog.cards[m.state.revealed].deck == "hazardous"


def test_odds_sentence_counts_fragments_left(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H14", "resolve")
    for n in range(1, 9):
        planet = ["Fria", "Bereg", "Starpoint", "Sakulag", "Zohbat", "Meer", "Vefut",
                  "Tequ"][n - 1]
        ok(m, f"take {planet} for Alice", f"scan TI/H{n:02d}", "resolve")
    result = ok(m, "take Lirta for Alice")
    assert "6 of the 11 cards left in the hazardous deck are relic fragments." in result.message
    view = m.rules.view(m.state, catalog, None)
    assert view["decks"][1]["odds"] == result.message.split("scan the card. ")[1]


def test_every_refusal_names_the_problem(catalog: Catalog) -> None:
    m = new_match(catalog)
    for line, words in (("take Vega", "could be Vega Major, Vega Minor"),
                        ("take Atlantis", "not a planet"), ("take Abyz for Zed", "not a seat"),
                        ("frontier 38 for Alice with Probe", "no frontier token"),
                        ("choose cultural", "No exploration is waiting"),
                        ("resolve", "No exploration card is revealed"),
                        ("player Carol", "Seats are fixed"), ("setup", "already set up"),
                        ("tech Alice warp", "not a technology"), ("fly", "not a command of TI4")):
        assert words in refused(m, line)


def test_render_shows_the_table(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H11", "resolve")
    text = m.rules.render(m.state, catalog, None)
    assert "planet Abyz 5/0; hazardous + Mining World (H11)" in text
    assert "hazardous: 19 left" in text and "frontier tokens: 17, 39" in text
