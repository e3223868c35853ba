import pytest

from companion.core.catalog import Catalog
from companion.core.errors import CatalogError, OtherGameError, UnknownCardError
from companion.core.tags import parse_tag
from tests.racegame import race_data


def build(mutate):
    data = race_data()
    mutate(data)
    return Catalog.from_data(data, "race.toml", "RC")


def test_one_entry_per_physical_copy_with_its_copy_number():
    catalog = build(lambda d: None)
    storms = catalog.designs()["ion-storm"]
    assert [(c.card_id, c.copy, c.copies) for c in storms] == [
        ("I1", 1, 3), ("I2", 2, 3), ("I3", 3, 3)]


def test_duplicate_id_names_file_key_and_id():
    def dup(d):
        d["cards"][1]["ids"] = ["T1"]
    expected = r"race.toml: cards\[1\] \(solar-wind\).ids: ID T1 is used twice"
    with pytest.raises(CatalogError, match=expected):
        build(dup)


def test_retired_id_cannot_be_reused():
    def retire(d):
        d["retired_ids"] = ["W2"]
    with pytest.raises(CatalogError, match="W2 is retired"):
        build(retire)


def test_missing_key_and_wrong_type_are_named():
    def drop_name(d):
        del d["cards"][0]["name"]
    with pytest.raises(CatalogError, match=r"cards\[0\] \(tailwind\).name: is missing"):
        build(drop_name)

    def bad_ids(d):
        d["cards"][0]["ids"] = ["h-1"]
    with pytest.raises(CatalogError, match="not 1-7 characters"):
        build(bad_ids)


def test_undeclared_deck_is_refused():
    def deck(d):
        d["cards"][0]["deck"] = "nowhere"
    with pytest.raises(CatalogError, match="'nowhere' is not declared"):
        build(deck)


def test_a_catalog_without_its_game_is_refused():
    def game(d):
        del d["catalog"]["game"]
    with pytest.raises(CatalogError, match=r"catalog\.game"):
        build(game)


def test_resolve_names_unknown_card_and_other_game():
    catalog = build(lambda d: None)
    with pytest.raises(UnknownCardError, match="RC/ZZ99 is not a card in the Comet Race catalog"):
        catalog.resolve(parse_tag("RC/ZZ99"))
    with pytest.raises(OtherGameError, match="TI/C1 is not part of this Comet Race game"):
        catalog.resolve(parse_tag("TI/C1"))


def test_content_hash_changes_when_a_count_is_corrected():
    before = build(lambda d: None)
    after = build(lambda d: d["cards"][1]["ids"].append("S4"))
    assert before.content_hash != after.content_hash
    assert before.content_hash == build(lambda d: None).content_hash
