"""Rules Reference 35 notes 1-6, and the card notes that change the exploration flow."""

from __future__ import annotations

from companion.core.catalog import Catalog
from tests.ti4.conftest import new_match, ok, refused, zone


def test_35_note1_self_purging_card_is_not_discarded(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Lodor for Alice", "scan TI/C07")
    result = ok(m, "resolve")
    assert zone(m, "C07") == "purged" and "gamma wormhole token" in result.message
    assert m.state.table.cards_in("discard:cultural") == []


def test_35_note2_ion_storm_goes_into_play(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "tech Alice dark", "frontier 41 for Alice", "scan TI/F06", "resolve")
    assert zone(m, "F06") == "play:common"
    assert m.rules.view(m.state, catalog, None)["common_play_area"] == ["Ion Storm (F06)"]


def test_35_note2_enigmatic_device_goes_into_play_not_discard(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "tech Alice dark", "frontier 41 for Alice", "scan TI/F03", "resolve")
    assert zone(m, "F03") == "area:Alice"
    assert m.state.table.cards_in("discard:frontier") == []
    ok(m, "purge F03 researched a technology")
    assert zone(m, "F03") == "purged"
    assert "purged from the game" in refused(m, "purge F03 again")


def test_35_note3_planets_in_one_system_are_gained_one_at_a_time(catalog: Catalog) -> None:
    m = new_match(catalog)
    result = ok(m, "take Fria Abyz for Alice")
    assert zone(m, "P38B") == "area:Alice" and zone(m, "P38A") == "supply"
    assert "Queued" not in result.message
    ok(m, "scan TI/H01", "resolve")
    assert zone(m, "P38A") == "area:Alice"
    assert m.state.head is not None and m.state.head.target == "P38A"


def test_35_note3_player_orders_planets_they_gain(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, '"take" "Rigel I" "Rigel II" "Rigel III" for Alice')
    ok(m, "order Rigel III")
    assert [i.target for i in m.state.queue] == ["P76C", "P76A", "P76B"]
    ok(m, "scan TI/H01", "resolve")
    assert zone(m, "P76A") == "area:Alice" and zone(m, "P76B") == "supply"


def test_35_note4_transactions_between_reveal_and_resolution(catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Lodor for Alice", "scan TI/C12", "resolve", "take Abyz for Alice",
       "scan TI/H01")
    ok(m, "trade C12 to Bob")
    assert zone(m, "C12") == "area:Bob" and m.state.revealed == "H01"
    ok(m, "resolve")


def test_35_note5_card_is_revealed_to_all_before_resolving(catalog: Catalog) -> None:
    m = new_match(catalog)
    result = ok(m, "take Abyz for Alice", "scan TI/H11")
    assert result.message.startswith("Revealed to all: Mining World (H11)")
    public = m.rules.view(m.state, catalog, None)
    assert public["revealed"] == "Mining World (H11)"
    assert "resolve of Mining World" in public["waiting_for"]
    assert zone(m, "H11") == "play:revealed"


def test_35_note6_mirage_gains_the_mirage_planet_and_explores_it(catalog: Catalog) -> None:
    m = new_match(catalog)
    assert "not on the map yet" in refused(m, "take Mirage for Alice")
    ok(m, "tech Alice dark", "frontier 42 for Alice", "scan TI/F11")
    result = ok(m, "resolve")
    assert zone(m, "F11") == "purged" and zone(m, "PMIR") == "area:Alice"
    assert "Alice gains Mirage (PMIR)" in result.message and "cultural deck" in result.message
    ok(m, "scan TI/C01", "resolve")


def test_35_note6_dead_world_draws_a_relic(catalog: Catalog) -> None:
    m = new_match(catalog, "player Alice", "player Bob", "setup codex")
    ok(m, "tech Alice dark", "frontier 42 for Alice", "scan TI/F15")
    result = ok(m, "resolve")
    assert zone(m, "F15") == "discard:frontier" and m.state.relic_draws == ("Alice",)
    assert "draws the top relic" in result.message
    ok(m, "scan TI/R13")
    assert zone(m, "R13") == "area:Alice"


def test_35_note6_dead_world_with_empty_relic_deck_has_no_effect(catalog: Catalog) -> None:
    m = new_match(catalog, "player Alice", "player Bob", "setup codex")
    for n in range(1, 17):
        ok(m, 'relic Bob with "Black Market Forgery"', f"scan TI/R{n:02d}")
    ok(m, "tech Alice dark", "frontier 42 for Alice", "scan TI/F15")
    result = ok(m, "resolve")
    assert "relic deck is empty" in result.message and m.state.relic_draws == ()


def test_35_note6_dead_world_when_every_relic_left_is_owed_has_no_effect(
        catalog: Catalog) -> None:
    m = new_match(catalog, "player Alice", "player Bob", "setup codex")
    for _ in range(16):
        ok(m, 'relic Bob with "Black Market Forgery"')
    ok(m, "tech Alice dark", "frontier 42 for Alice", "scan TI/F15")
    result = ok(m, "resolve")
    assert "relic deck is empty" in result.message and "no further effect" in result.message
    assert m.state.relic_draws == ("Bob",) * 16
