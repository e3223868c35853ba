"""Issue 15, TI4 part: what an independent rules audit found, one test per item."""

from __future__ import annotations

from companion.api import table_prompt
from companion.core.catalog import Catalog
from companion.core.engine import Match
from companion.games.ti4.state import TI4State
from companion.games.ti4.view import view

from .conftest import new_match, ok, refused


def _planet(m: Match[TI4State], catalog: Catalog, seat: str, name: str) -> dict:
    seats = {s["seat"]: s for s in view(m.state, catalog)["seats"]}
    return next(p for p in seats[seat]["planets"] if p["name"] == name)


def _finish_explorations(m: Match[TI4State]) -> None:
    """Let the app draw and resolve until nothing is being explored."""
    while m.state.queue:
        head = m.state.head
        assert head is not None
        ok(m, "resolve" if m.state.revealed else f"draw {head.draw_deck or head.decks[0]}")


def _state_text(m: Match[TI4State]) -> str:
    return m.execute("state").message


def test_research_facilities_act_in_the_order_they_were_attached(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Saudor for Alice", "scan TI/I15", "resolve",
       'explore-again Saudor with "Garv and Gunn" for Alice', "scan TI/I13", "resolve")
    saudor = _planet(m, catalog, "Alice", "Saudor")
    # Propulsion (blue) came first and gave the specialty; Biotic then flipped to +1/+1.
    assert saudor["specialties"] == ["blue"]
    assert (saudor["resources"], saudor["influence"]) == (3, 3)
    assert saudor["attachments"] == ["Propulsion Research Facility (I15)",
                                     "Biotic Research Facility (I13)"]
    assert m.replay_from_start() == m.state


def test_short_names_bypass_no_ownership_check(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H01", "resolve")
    assert "does not own Dark Energy Tap" in refused(m, "frontier 41 for Alice with DET")
    assert "does not own Dark Energy Tap" in refused(
        m, 'frontier 41 for Alice with "Dark Energy Tap"')
    assert "does not own Scanlink Drone Network" in refused(m, "explore-again Abyz with SDN")
    # `tech Alice det` and `with det` agree: the short name is the technology.
    assert "owns Dark Energy Tap" in ok(m, "tech Alice det").message
    assert "trusted" not in ok(m, "frontier 41 for Alice with det").message


def test_a_name_the_companion_does_not_know_is_trusted_not_checked(catalog: Catalog) -> None:
    m = new_match(catalog)
    message = ok(m, 'frontier 41 for Alice with "Exploration Beacon"').message
    assert "not an ability this companion knows, so it is trusted, not checked" in message


def test_circlet_of_the_void_without_the_codex_is_refused(catalog: Catalog) -> None:
    m = new_match(catalog)
    message = refused(m, 'frontier 41 for Alice with "Circlet of the Void"')
    assert "Codex relic" in message and "without the Codex cards" in message
    assert "Codex relic" in refused(m, "frontier 41 for Alice with cotv")
    with_codex = new_match(catalog, "player Alice red", "player Bob blue", "setup codex")
    assert "does not hold Circlet of the Void" in refused(
        with_codex, 'frontier 41 for Alice with "Circlet of the Void"')


def test_explore_again_on_a_planet_the_seat_does_not_control_is_refused(
        catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Quann for Alice", "scan TI/C01", "resolve")
    message = refused(m, 'explore-again Quann with "Garv and Gunn" for Bob')
    assert "Bob does not control Quann (Alice controls it)" in message
    message = refused(m, 'explore-again Lodor with "Garv and Gunn" for Bob')
    assert "nobody controls it" in message
    # An ability the companion does not know is accepted, saying what went unchecked.
    message = ok(m, 'explore-again Quann with "Mystery Probe" for Bob').message
    assert "trusted, not checked, although Bob does not control Quann (P25)" in message


def test_terraform_gives_plus_one_plus_one_and_every_trait(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H01", "resolve", "terraform Abyz")
    abyz = _planet(m, catalog, "Alice", "Abyz")
    assert (abyz["resources"], abyz["influence"]) == (4, 1)  # printed 3/0, +1/+1
    assert sorted(abyz["traits"]) == ["cultural", "hazardous", "industrial"]
    assert "planet Abyz 4/1; hazardous, cultural, industrial + Terraform" in _state_text(m)


def test_where_tokens_are_is_recorded_and_shown(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Quann for Alice", "scan TI/C07")
    assert "Place the gamma wormhole token in tile 25." in ok(m, "resolve").message
    ok(m, "tech Alice det", "frontier 41 for Alice", "scan TI/F06")
    assert "Place the Ion Storm token in tile 41." in ok(m, "resolve").message
    ok(m, "frontier 42 for Alice", "scan TI/F11", "resolve")
    tokens = {t["token"]: t["tile"] for t in view(m.state, catalog)["map_tokens"]}
    assert tokens == {"gamma wormhole": "25", "Ion Storm": "41", "Mirage": "42"}
    assert "map tokens: gamma wormhole in tile 25, Ion Storm in tile 41, Mirage in tile 42" \
        in _state_text(m)
    # Purging the Ion Storm card takes its token off the map.
    assert "Ion Storm token" in ok(m, "purge F06 closed").message
    assert [t["token"] for t in view(m.state, catalog)["map_tokens"]] == ["gamma wormhole",
                                                                         "Mirage"]


def test_planets_in_state_show_traits_specialties_and_legendary(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Meer for Alice", "scan TI/H01", "resolve",
       "take Primor for Bob", "scan TI/C01", "resolve")
    text = _state_text(m)
    assert "planet Meer 0/4; hazardous; red specialty" in text
    assert "planet Primor 2/1; cultural; legendary" in text


def test_several_planets_taken_at_once_say_which_wait_and_how_to_reorder(
        catalog: Catalog) -> None:
    m = new_match(catalog)
    message = ok(m, 'take "Rigel I" "Rigel II" "Rigel III" for Bob').message
    assert "Bob gains Rigel I (P76C)" in message
    assert "Waiting, in this order: Rigel II (P76B), then Rigel III (P76A)" in message
    assert "any of them can still be explored next instead" in message
    offered = [action.label for action in table_prompt(m).actions]
    assert "Explore Rigel III (P76A) before Rigel II (P76B)" in offered  # the sentence's
    ok(m, 'order "Rigel III" "Rigel II"')
    assert [i.target for i in m.state.queue] == ["P76C", "P76A", "P76B"]


def test_sentences_name_planets_and_attachments_not_ids(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Resculon for Alice", "scan TI/C09", "resolve", "take Lodor for Alice")
    assert "it is attached to Resculon (P33B)" in refused(m, "scan TI/C09")
    ok(m, "scan TI/C01", "resolve")
    message = ok(m, "take Resculon for Bob").message
    assert "its attachments stay with it: Dyson Sphere (C09)" in message


def test_draw_from_the_wrong_deck_says_which_deck_is_waited_for(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Quann for Alice")
    message = refused(m, "draw industrial")
    assert "the game is waiting for a cultural card" in message
    assert "not waiting for one" not in message


def test_scanning_a_planet_just_gained_by_another_seat_says_so(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "turn Bob", "take Abyz for Alice")  # Bob active, Alice exploring Abyz
    message = refused(m, "scan TI/P38A")
    assert "Alice has just gained Abyz and is exploring it" in message
    assert "waiting to be gained" not in message


def test_relic_of_unknown_fragments_gives_the_real_reason(catalog: Catalog) -> None:
    m = new_match(catalog)
    message = refused(m, "relic Alice unknown")
    assert "Three Unknown Relic Fragments alone cannot be purged" in message
    assert "not a fragment type" not in message


def test_small_polish_articles_counts_help_and_planet_odds(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Quann for Alice")
    assert "is an industrial card" in refused(m, "scan TI/I01")
    assert "roll DIE" not in m.execute("help").message
    planet = m.execute("odds planet").message
    assert "0 cards left" not in planet and "taken from the supply" not in planet
    assert "waits in the supply until its planet is gained" in planet


def test_one_card_left_is_said_in_the_singular(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "tech Alice det")
    for tile in ("41", "42", "43", "44", "45", "46", "47", "48", "49", "50", "77", "78", "79"):
        ok(m, f"frontier {tile} for Alice")
        _finish_explorations(m)
    left = m.state.table.cards_in("deck:frontier")
    assert len(left) == 1
    message = ok(m, "frontier 80 for Alice").message
    assert "1 of the 1 cards" not in message
    assert "The only card left in the frontier deck is" in message


def test_an_empty_relic_deck_says_it_is_never_reshuffled(catalog: Catalog) -> None:
    m = new_match(catalog)
    assert "10 cards left in the relic deck" in m.execute("odds relic").message
    for _ in range(10):
        ok(m, "relic Alice with Forgery", "draw relic")
    message = m.execute("odds relic").message
    assert "The relic deck is empty, and relics are never reshuffled" in message
