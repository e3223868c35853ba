"""`--cards` and `--option`: which physical cards a kit tags."""

from __future__ import annotations

import pytest

from companion.core.catalog import Catalog
from companion.tags.selection import catalog_options, select_cards
from companion.tags.sizes import TagKitError


def ids(entries: list) -> list[str]:
    return [e.card_id for e in entries]


def test_all_is_every_tagged_card_without_optional_ones(xp: Catalog, ti4: Catalog) -> None:
    assert ids(select_cards(xp)) == list(xp.cards)
    plain = [c.card_id for c in ti4.cards.values() if c.option is None]
    assert ids(select_cards(ti4)) == plain
    assert len(plain) < len(ti4.cards)


def test_an_option_brings_its_cards_into_all_and_decks(ti4: Catalog) -> None:
    assert ids(select_cards(ti4, "all", ["codex"])) == list(ti4.cards)
    frontier = [c.card_id for c in ti4.cards.values() if c.deck == "frontier"]
    assert ids(select_cards(ti4, "frontier", ["CODEX"])) == frontier
    assert any(ti4.cards[i].option for i in frontier)
    assert all(e.option is None for e in select_cards(ti4, "frontier"))


def test_naming_an_optional_card_selects_it_without_the_option(ti4: Catalog) -> None:
    codex = next(c for c in ti4.cards.values() if c.option == "codex")
    assert ids(select_cards(ti4, codex.card_id)) == [codex.card_id]


def test_decks_ids_and_tags_mix_each_card_once_in_catalog_order(xp: Catalog) -> None:
    hazard = [c.card_id for c in xp.cards.values() if c.deck == "hazard"]
    chosen = select_cards(xp, " XP/H02 ,Hazard, shld1,SHLD1 ")
    assert ids(chosen) == ["SHLD1", *hazard]


def test_an_untagged_deck_or_its_card_is_refused(small: Catalog) -> None:
    for spec in ("tokens", "T1"):
        with pytest.raises(TagKitError, match="not tagged"):
            select_cards(small, spec)
    assert "T1" not in ids(select_cards(small))


def test_a_deck_of_only_optional_cards_names_the_option(small: Catalog) -> None:
    with pytest.raises(TagKitError, match="--option expansion"):
        select_cards(small, "extra")
    assert ids(select_cards(small, "extra", ["expansion"])) == ["G1"]
    assert catalog_options(small) == ["expansion"]


@pytest.mark.parametrize(("spec", "options", "words"), [
    ("", (), "empty"),
    (" , ,", (), "empty"),
    ("H99", (), "neither a deck nor a card ID"),
    ("comets", (), "its decks: ship"),
    ("TI/C01", (), "is a TI4 Exploration tag; these stickers are for Exploration"),
    ("XP/NOT-A-TAG", (), "not a card tag"),
    ("all", ("codex",), "no optional cards called 'codex'"),
])
def test_bad_selections_are_one_clear_sentence(xp: Catalog, spec: str,
                                               options: tuple[str, ...], words: str) -> None:
    with pytest.raises(TagKitError, match=words) as caught:
        select_cards(xp, spec, options)
    message = str(caught.value)
    assert message.endswith(".") and "\n" not in message
