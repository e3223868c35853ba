import copy

import pytest

from companion.core.catalog import Catalog
from companion.core.errors import CatalogError, OtherGameError, UnknownCardError
from companion.core.tags import parse_tag
from tests.core.toygame import TOY_DATA


def build(mutate):
    data = copy.deepcopy(TOY_DATA)
    mutate(data)
    return Catalog.from_data(data, "toy.toml", "TY")


def test_one_entry_per_physical_copy_with_its_copy_number():
    catalog = build(lambda d: None)
    flares = catalog.designs()["flare"]
    assert [(c.card_id, c.copy, c.copies) for c in flares] == [
        ("H1", 1, 3), ("H2", 2, 3), ("H3", 3, 3)]


def test_duplicate_id_names_file_key_and_id():
    def dup(d):
        d["cards"][1]["ids"] = ["H1"]
    expected = r"toy.toml: cards\[1\] \(rock\).ids: ID H1 is used twice"
    with pytest.raises(CatalogError, match=expected):
        build(dup)


def test_retired_id_cannot_be_reused():
    def retire(d):
        d["retired_ids"] = ["H4"]
    with pytest.raises(CatalogError, match="H4 is retired"):
        build(retire)


def test_missing_key_and_wrong_type_are_named():
    def drop_name(d):
        del d["cards"][0]["name"]
    with pytest.raises(CatalogError, match=r"cards\[0\] \(flare\).name: is missing"):
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
    with pytest.raises(UnknownCardError, match="TY/ZZ99 is not a card in the Toy catalog"):
        catalog.resolve(parse_tag("TY/ZZ99"))
    with pytest.raises(OtherGameError, match="TI/C1 is not part of this Toy game"):
        catalog.resolve(parse_tag("TI/C1"))


def test_content_hash_changes_when_a_count_is_corrected():
    before = build(lambda d: None)
    after = build(lambda d: d["cards"][1]["ids"].append("H5"))
    assert before.content_hash != after.content_hash
    assert before.content_hash == build(lambda d: None).content_hash
