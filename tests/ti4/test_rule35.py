"""Rules Reference 35 (Exploration): one or more named tests per sub-rule."""

from __future__ import annotations

from companion.core.catalog import Catalog
from companion.core.prompt import prompt
from tests.ti4.conftest import new_match, ok, refused, zone


# ---- 35.1 -------------------------------------------------------------------------------
def test_35_1_taking_uncontrolled_planet_explores_it(catalog: Catalog) -> None:
    m = new_match(catalog)
    result = ok(m, "take Abyz for Alice")
    assert zone(m, "P38A") == "area:Alice"
    assert m.state.head is not None and m.state.head.target == "P38A"
    assert "draw from the hazardous deck" in result.message


def test_35_1_planet_taken_from_another_player_is_not_explored(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H01", "resolve")
    result = ok(m, "take Abyz for Bob")
    assert zone(m, "P38A") == "area:Bob"
    assert m.state.queue == ()
    assert "not explored" in result.message and "another player (35.1)" in result.message


def test_35_1_taking_a_planet_you_control_is_refused(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Jord for Alice")
    assert "already controls Jord" in refused(m, "take Jord for Alice")


# ---- 35.2 -------------------------------------------------------------------------------
def test_35_2_draws_from_deck_matching_trait(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Lodor for Alice")
    assert "cultural" in refused(m, "scan TI/H01")
    ok(m, "scan TI/C01")
    assert zone(m, "C01") == "play:revealed"


def test_35_2a_three_planet_decks_match_traits(catalog: Catalog) -> None:
    m = new_match(catalog)
    for planet, deck, card in (("Lodor", "cultural", "C01"), ("Abyz", "hazardous", "H01"),
                               ("Wellon", "industrial", "I01")):
        result = ok(m, f"take {planet} for Alice")
        assert f"{deck} deck" in result.message
        ok(m, f"scan TI/{card}", "resolve")
        assert zone(m, card) == f"discard:{deck}"


def test_35_2b_mecatol_rex_and_home_planets_cannot_be_explored(catalog: Catalog) -> None:
    m = new_match(catalog)
    for planet in ("Mecatol Rex", "Jord", "Arc Prime"):
        result = ok(m, f'take "{planet}" for Alice')
        assert "cannot be explored (35.2b)" in result.message
        assert m.state.queue == ()
    assert "35.2b" in refused(m, "explore-again Jord with Garv")


def test_35_2c_player_chooses_deck_for_multi_trait_planet(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H01", "resolve", "terraform Abyz")
    result = ok(m, "explore-again Abyz with Garv for Alice")
    assert "chooses the hazardous or cultural or industrial deck" in result.message
    assert "not one of the decks" in refused(m, "choose relic")
    ok(m, "choose industrial")
    assert m.state.head is not None and m.state.head.deck == "industrial"
    assert "industrial deck" in refused(m, "scan TI/C01")
    ok(m, "scan TI/I01", "resolve")


def test_35_2c_drawing_from_one_of_the_trait_decks_is_the_choice(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H01", "resolve", "terraform Abyz",
       "explore-again Abyz with Garv")
    result = ok(m, "scan TI/C01")
    assert "chose the cultural deck" in result.message


def test_35_2d_player_orders_multiple_explorations_each_fully_resolved(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "tech Alice dark")
    ok(m, "frontier 41 42 43 for Alice")
    assert [i.target for i in m.state.queue] == ["41", "42", "43"]
    ok(m, "order 43")
    assert [i.target for i in m.state.queue] == ["41", "43", "42"]
    assert "not a waiting exploration" in refused(m, "order 50")
    ok(m, "scan TI/F01")
    assert "revealed and not resolved" in refused(m, "scan TI/F02")
    ok(m, "resolve")
    assert m.state.head is not None and m.state.head.target == "43" and m.state.head.started


# ---- 35.3 -------------------------------------------------------------------------------
def test_35_3_scanlink_drone_network_explores_again(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H01", "resolve")
    assert "does not own Scanlink" in refused(m, "explore-again Abyz with scanlink")
    ok(m, "tech Alice scanlink")
    result = ok(m, "explore-again Abyz with scanlink")
    assert "Scanlink Drone Network" in result.message
    ok(m, "scan TI/H02", "resolve")
    assert zone(m, "H02") == "discard:hazardous"


def test_35_3_crown_of_emphidia_explores_controlled_planet(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H14", "resolve", "take Fria for Alice",
       "scan TI/H15", "resolve", "take Bereg for Alice", "scan TI/H16", "resolve")
    assert "does not hold The Crown" in refused(m, "explore-again Abyz with crown")
    ok(m, "relic Alice", "scan TI/R07")
    assert zone(m, "R07") == "area:Alice"
    ok(m, "take Lodor for Bob", "scan TI/C01", "resolve")
    assert "does not control Lodor" in refused(m, "explore-again Lodor with crown for Alice")
    result = ok(m, "explore-again Abyz with crown")
    assert "The Crown of Emphidia" in result.message


def test_35_3_generic_ability_named_in_history(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H01", "resolve")
    ok(m, 'explore-again Abyz with "Garv and Gunn"')
    assert "(Garv and Gunn)" in m.history()[-1].message
    ok(m, "scan TI/H02", "resolve")


# ---- 35.4 - 35.6 ---------------------------------------------------------------------------
def test_35_4_frontier_needs_dark_energy_tap_or_effect(catalog: Catalog) -> None:
    m = new_match(catalog)
    assert "does not own Dark Energy Tap" in refused(m, "frontier 41 for Alice")
    ok(m, 'frontier 41 for Alice with "Exploration Probe"')
    assert m.state.head is not None and m.state.head.reason == "Exploration Probe"
    ok(m, "scan TI/F01", "resolve", "tech Bob dark-energy-tap", "frontier 42 for Bob")
    assert m.state.head is not None and m.state.head.reason == "Dark Energy Tap"


def test_35_4a_frontier_tokens_placed_at_setup_and_by_abilities(catalog: Catalog) -> None:
    m = new_match(catalog)
    setup_tiles = catalog.rules["frontier_setup_tiles"]
    assert list(m.state.frontier) == setup_tiles and len(setup_tiles) == 17
    assert "already has a frontier token" in refused(m, 'place-frontier 41 with "Multiverse Shift"')
    assert "contains planets" in refused(m, 'place-frontier 38 with "Multiverse Shift"')
    assert "hyperlane" in refused(m, 'place-frontier 83 with "Multiverse Shift"')
    ok(m, 'place-frontier 81 with "Nova Seed"')
    assert "81" in m.state.frontier


def test_35_4a_stellar_converted_system_can_receive_a_token(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Saudor for Alice", "scan TI/I01", "resolve", "purge P23 Stellar Converter")
    assert "23" not in m.state.frontier
    ok(m, 'place-frontier 23 with "Multiverse Shift"')
    assert "23" in m.state.frontier


def test_35_5_frontier_token_draws_from_frontier_deck(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "tech Alice dark", "frontier 44 for Alice")
    assert "frontier deck" in refused(m, "scan TI/H01")
    ok(m, "scan TI/F07")
    assert zone(m, "F07") == "play:revealed"


def test_35_6_explored_frontier_token_returns_to_supply(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "tech Alice dark", "frontier 44 for Alice", "scan TI/F07")
    assert "44" in m.state.frontier
    result = ok(m, "resolve")
    assert "44" not in m.state.frontier and "(35.6)" in result.message
    assert "no frontier token in tile 44" in refused(m, "frontier 44 for Alice")


# ---- 35.7 -------------------------------------------------------------------------------
def test_35_7_resolved_card_is_discarded(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Wellon for Alice", "scan TI/I05")
    assert zone(m, "I05") == "play:revealed"
    ok(m, "resolve")
    assert zone(m, "I05") == "discard:industrial" and m.state.queue == ()


def test_35_7_card_in_discard_pile_cannot_be_drawn(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Wellon for Alice", "scan TI/I05", "resolve", "take Saudor for Alice")
    assert "in the industrial discard pile" in refused(m, "scan TI/I05")


def test_35_7a_empty_deck_reshuffles_discard(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "tech Alice dark")
    tiles = list(m.state.frontier)
    frontier_cards = [f"F{n:02d}" for n in range(1, 15)]
    ok(m, f"frontier {' '.join(tiles[:15])} for Alice")
    for card in frontier_cards[:-1]:
        ok(m, f"scan TI/{card}", "resolve")
        if card == "F11":  # Mirage: the Mirage planet is gained and explored first
            ok(m, "scan TI/C01", "resolve")
    result = ok(m, "scan TI/F14", "resolve")
    discards = {c for c in frontier_cards if zone(m, c) == "deck:frontier"}
    assert discards == {"F01", "F02", "F07", "F08", "F09", "F10"}
    assert "shuffle its discard pile (6 cards)" in result.message
    assert "6 cards left in the frontier deck" in ok(m, "odds frontier").message


# ---- 35.8 -------------------------------------------------------------------------------
def test_35_8_attachment_goes_to_planet_and_stays_on_control_change(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Abyz for Alice", "scan TI/H11", "resolve")
    assert zone(m, "H11") == "attached:P38A"
    ok(m, "take Abyz for Bob")
    assert zone(m, "H11") == "attached:P38A" and zone(m, "P38A") == "area:Bob"
    planet = m.rules.view(m.state, catalog, None)["seats"][1]["planets"][0]
    assert (planet["resources"], planet["influence"]) == (5, 0)


def test_35_8_research_facility_gives_specialty_or_bonus(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Wellon for Alice", "scan TI/I13", "resolve", "take Saudor for Alice",
       "scan TI/I14", "resolve")
    planets = {p["name"]: p for p in m.rules.view(m.state, catalog, None)["seats"][0]["planets"]}
    assert planets["Wellon"]["specialties"] == ["yellow"]
    assert (planets["Wellon"]["resources"], planets["Wellon"]["influence"]) == (2, 3)
    assert planets["Saudor"]["specialties"] == ["yellow"]


# ---- 35.9 -------------------------------------------------------------------------------
def test_35_9_relic_fragment_goes_face_up_to_play_area(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Lodor for Alice", "scan TI/C12", "resolve")
    assert zone(m, "C12") == "area:Alice"
    view = m.rules.view(m.state, catalog, None)
    assert view["seats"][0]["fragments"] == [{"id": "C12", "type": "cultural"}]


PLANETS_BY_LETTER = {"C": ["Lodor", "Quann", "Torkan", "Rarron", "Mellon"],
                     "H": ["Abyz", "Fria", "Bereg", "Starpoint"],
                     "I": ["Wellon", "Saudor", "Arnor", "Lor"]}
IDS = {"Lodor": "P26", "Quann": "P25", "Torkan": "P28B", "Rarron": "P29B", "Mellon": "P30A",
       "Abyz": "P38A", "Fria": "P38B", "Bereg": "P35A", "Starpoint": "P27B",
       "Wellon": "P19", "Saudor": "P23", "Arnor": "P36A", "Lor": "P36B"}


def _give_fragments(m, seat: str, cards: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Explore fresh planets (or frontier tokens) and draw exactly these fragments."""
    for card in cards:
        if card[0] == "F":
            ok(m, f"frontier {m.state.frontier[0]} for {seat} with Probe")
        else:
            free = [p for p in PLANETS_BY_LETTER[card[0]] if zone(m, IDS[p]) == "supply"]
            ok(m, f"take {free[0]} for {seat}")
        ok(m, f"scan TI/{card}", "resolve")


def test_35_9a_three_fragments_of_one_type_draw_a_relic(catalog: Catalog) -> None:
    m = new_match(catalog)
    _give_fragments(m, "Alice", ["H14", "H15", "C12"])
    assert "cannot purge 3 fragments of one type" in refused(m, "relic Alice")
    _give_fragments(m, "Alice", ["H16"])
    result = ok(m, "relic Alice")
    assert {zone(m, c) for c in ("H14", "H15", "H16")} == {"purged"}
    assert zone(m, "C12") == "area:Alice" and "scan it" in result.message
    ok(m, "scan TI/R01")
    assert zone(m, "R01") == "area:Alice" and m.state.relic_draws == ()
    assert "No relic draw is owed" in refused(m, "scan TI/R02")


def test_35_9a_unknown_fragments_count_as_any_type(catalog: Catalog) -> None:
    m = new_match(catalog)
    _give_fragments(m, "Alice", ["I16", "F12", "F13"])
    ok(m, "relic Alice industrial")
    assert {zone(m, c) for c in ("I16", "F12", "F13")} == {"purged"}


def test_35_9a_three_unknown_fragments_alone_cannot_draw_a_relic(catalog: Catalog) -> None:
    m = new_match(catalog)
    _give_fragments(m, "Alice", ["F12", "F13", "F14"])
    assert "at least one typed fragment" in refused(m, "relic Alice")
    assert "Three Unknown Relic Fragments alone" in refused(m, "relic Alice F12 F13 F14")


def test_35_9a_mixed_types_by_id_are_refused(catalog: Catalog) -> None:
    m = new_match(catalog)
    _give_fragments(m, "Alice", ["H14", "H15", "C12"])
    assert "different types" in refused(m, "relic Alice H14 H15 C12")


def drain_relic_deck(m) -> None:  # type: ignore[no-untyped-def]
    """Bob gains every relic through another named effect."""
    for n in range(1, 11):
        ok(m, 'relic Bob with "Black Market Forgery"', f"scan TI/R{n:02d}")
    assert m.state.table.count_in("deck:relic") == 0


def test_35_9a_empty_relic_deck_purges_fragments_without_a_relic(catalog: Catalog) -> None:
    m = new_match(catalog)
    _give_fragments(m, "Alice", ["C12", "C13", "C14"])
    drain_relic_deck(m)
    assert "relic deck is empty" in refused(m, 'relic Bob with "Black Market Forgery"')
    result = ok(m, "relic Alice")
    assert "no relic is gained" in result.message and m.state.relic_draws == ()
    assert {zone(m, c) for c in ("C12", "C13", "C14")} == {"purged"}


def test_35_9b_fragments_can_be_traded(catalog: Catalog) -> None:
    m = new_match(catalog)
    _give_fragments(m, "Alice", ["C12"])
    ok(m, "trade C12 to Bob")
    assert zone(m, "C12") == "area:Bob"
    assert "already has" in refused(m, "trade C12 to Bob")
    assert "in the cultural deck" in refused(m, "trade C13 to Bob")
    assert "not a relic fragment" in refused(m, "trade P18 to Bob")


def test_35_9b_a_transaction_in_the_action_phase_involves_the_active_player(
        catalog: Catalog) -> None:
    m = new_match(catalog, "player Alice red", "player Bob blue", "player Cleo green",
                  "setup", "turn Bob")
    _give_fragments(m, "Alice", ["C12"])
    assert refused(m, "trade C12 to Cleo") == (
        "It is Bob's turn: a transaction is between the active player and a neighbour "
        "(LRR 94), so Alice cannot give a fragment to Cleo now.")
    offered = {a.command: a for a in prompt(m, after="trade C12").actions if a.command}
    assert not offered["trade C12 to Cleo"].enabled  # the s103 offer, now refused
    assert offered["trade C12 to Bob"].enabled
    ok(m, "trade C12 to Bob", "trade C12 to Cleo")  # Bob, active, gives it on
    assert zone(m, "C12") == "area:Cleo"


def test_35_9a_no_more_relic_draws_are_owed_than_relics_left(catalog: Catalog) -> None:
    m = new_match(catalog)
    _give_fragments(m, "Alice", ["C12", "C13", "C14"])
    for _ in range(9):
        ok(m, 'relic Bob with "Black Market Forgery"')
    ok(m, "relic Alice")  # the tenth and last relic is owed to Alice
    assert m.state.relic_draws == ("Bob",) * 9 + ("Alice",)
    message = refused(m, 'relic Bob with "Black Market Forgery"')
    assert "relic deck is empty for this draw" in message and "already owed" in message
    for n in range(1, 11):
        ok(m, f"scan TI/R{n:02d}")
    assert zone(m, "R10") == "area:Alice" and m.state.relic_draws == ()
    assert "No relic draw is owed" in refused(m, "scan TI/R01")


def test_35_9a_purging_when_every_relic_left_is_owed_gains_no_relic(catalog: Catalog) -> None:
    m = new_match(catalog)
    _give_fragments(m, "Alice", ["C12", "C13", "C14"])
    for _ in range(10):
        ok(m, 'relic Bob with "Black Market Forgery"')
    result = ok(m, "relic Alice")
    assert "no relic is gained" in result.message and "already owed to Bob" in result.message
    assert {zone(m, c) for c in ("C12", "C13", "C14")} == {"purged"}
    assert m.state.relic_draws == ("Bob",) * 10


def test_35_3_explore_again_refuses_a_planet_not_on_the_map(catalog: Catalog) -> None:
    m = new_match(catalog)
    message = refused(m, "explore-again Mirage with Garv for Alice")
    assert message == "Mirage cannot be explored: it is not on the map yet."
    ok(m, "take Saudor for Alice", "scan TI/I01", "resolve", "purge P23 Stellar Converter")
    message = refused(m, "explore-again Saudor with Garv for Alice")
    assert message == "Saudor cannot be explored: its card was purged."


def test_35_4a_frontier_token_needs_a_known_system_tile(catalog: Catalog) -> None:
    m = new_match(catalog)
    for tile in ("0", "92", "999"):
        message = refused(m, f'place-frontier {tile} with "Multiverse Shift"')
        assert f"no system tile {tile} in the TI4 catalog" in message


def test_35_4a_mirage_system_holds_a_planet(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "tech Alice dark", "frontier 42 for Alice", "scan TI/F11", "resolve")
    assert m.state.token_tiles == {"PMIR": "42"} and "42" not in m.state.frontier
    message = refused(m, 'place-frontier 42 with "Multiverse Shift"')
    assert "contains planets (Mirage (PMIR))" in message
    ok(m, "scan TI/C01", "resolve", "purge PMIR Stellar Converter")
    ok(m, 'place-frontier 42 with "Multiverse Shift"')
    assert "42" in m.state.frontier


def test_35_9a_a_seat_with_more_than_three_fragments_chooses_which_to_purge(
        catalog: Catalog) -> None:

    m = new_match(catalog)
    _give_fragments(m, "Alice", ["C12", "C13", "F12", "C14"])
    (purge,) = [a for a in prompt(m, after="relic").actions
                if a.label == "Alice purges three fragments for a relic"]
    assert purge.input is not None and purge.input.kind == "choice"
    options = {o.value: o.label for o in purge.input.options}
    assert options == {"C12,C13,C14": "3 cultural (C12, C13, C14)",  # fewest Unknown first
                       "C12,C13,F12": "2 cultural (C12, C13) + 1 unknown (F12)"}
    assert list(options) == ["C12,C13,C14", "C12,C13,F12"]
    result = ok(m, purge.input.fill("C12,C13,F12"))
    assert {zone(m, c) for c in ("C12", "C13", "F12")} == {"purged"}
    assert zone(m, "C14") == "area:Alice" and "C12" in result.message
