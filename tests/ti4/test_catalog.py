"""The TI4 catalog: one entry and one tag per physical card, with the right counts."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from companion.core.catalog import Catalog
from companion.core.errors import CatalogError
from companion.core.tags import MAX_TAG_LENGTH, parse_tag
from companion.games.ti4.data import system_tiles, ti4_data
from tests.ti4.conftest import load_ti4

COPIES = {  # fact sheet ti4-pok-exploration.md section 1
    "cultural": {"Freelancers": 3, "Mercenary Outfit": 3, "Gamma Wormhole": 1,
                 "Demilitarized Zone": 1, "Dyson Sphere": 1, "Paradise World": 1,
                 "Tomb of Emphidia": 1, "Cultural Relic Fragment": 9},
    "hazardous": {"Volatile Fuel Source": 3, "Expedition": 3, "Core Mine": 3,
                  "Lazax Survivors": 1, "Mining World": 1, "Rich World": 1,
                  "Warfare Research Facility": 1, "Hazardous Relic Fragment": 7},
    "industrial": {"Abandoned Warehouses": 4, "Functioning Base": 4, "Local Fabricators": 4,
                   "Biotic Research Facility": 1, "Cybernetic Research Facility": 1,
                   "Propulsion Research Facility": 1, "Industrial Relic Fragment": 5},
    "frontier": {"Derelict Vessel": 2, "Enigmatic Device": 2, "Gamma Relay": 1,
                 "Ion Storm": 1, "Lost Crew": 2, "Merchant Station": 2, "Mirage": 1,
                 "Unknown Relic Fragment": 3},
}


def _pok(catalog: Catalog, deck: str) -> Counter[str]:
    return Counter(c.name for c in catalog.in_deck(deck))


@pytest.mark.parametrize("deck", list(COPIES))
def test_exploration_deck_copies_match_the_fact_sheet(catalog: Catalog, deck: str) -> None:
    assert dict(_pok(catalog, deck)) == COPIES[deck]


def test_74_pok_exploration_cards_and_kinds(catalog: Catalog) -> None:
    cards = [c for d in COPIES for c in catalog.in_deck(d)]
    assert len(cards) == 74
    kinds = Counter(c.kind for c in cards)
    assert kinds == {"discard": 33, "attach": 11, "fragment": 24, "purge": 3,
                     "play-area": 2, "common-area": 1}


def test_codex_option_adds_six_frontier_cards_and_six_relics(catalog: Catalog) -> None:
    assert len(catalog.in_deck("frontier", ["codex"])) == 20
    assert len(catalog.in_deck("relic")) == 10
    assert len(catalog.in_deck("relic", ["codex"])) == 16


def test_planet_cards_traits_and_specials(catalog: Catalog) -> None:
    planets = catalog.in_deck("planet")
    assert len(planets) == 99
    traits = Counter(t for p in planets for t in p.attrs["traits"])
    assert traits == {"cultural": 22, "hazardous": 20, "industrial": 20}
    untraited = [p.name for p in planets if not p.attrs["traits"]]
    assert len(untraited) == 37 and "Mecatol Rex" in untraited
    legendary = {p.name for p in planets if p.attrs.get("legendary")}
    assert legendary == {"Primor", "Hope's End", "Mallice", "Mirage"}
    assert sum(1 for p in planets if p.attrs.get("specialty")) == 16


def test_every_card_has_its_own_short_tag(catalog: Catalog) -> None:
    assert len(catalog.cards) == 74 + 6 + 10 + 6 + 99
    for card_id, card in catalog.cards.items():
        tag = catalog.tag_of(card_id)
        assert len(tag.text) <= MAX_TAG_LENGTH
        assert catalog.resolve(parse_tag(tag.text)) is card
        assert card.summary


def test_frontier_setup_systems_are_planetless(catalog: Catalog) -> None:
    data = ti4_data(catalog)
    tiles_with_planets = {p.attrs["tile"] for p in catalog.in_deck("planet")}
    assert not set(data.frontier_setup_tiles) & tiles_with_planets
    assert len(data.frontier_setup_tiles) == 17


def test_known_system_tiles_are_base_and_pok_tiles_1_to_91(catalog: Catalog) -> None:
    data = ti4_data(catalog)
    assert system_tiles(catalog, data) == {str(n) for n in range(1, 92)}
    tiles_with_planets = {p.attrs["tile"] for p in catalog.in_deck("planet")}
    assert not set(data.other_system_tiles) & (tiles_with_planets | set(data.hyperlane_tiles))


def _broken(change: dict[str, Any]) -> Catalog:
    good = load_ti4()
    data = good.to_data()
    data["rules"].update(change)
    return Catalog.from_data(data, "ti4.toml", "TI")


@pytest.mark.parametrize("change, key", [
    ({"frontier_deck": "nowhere"}, "rules.frontier_deck"),
    ({"fragments_per_relic": "three"}, "rules.fragments_per_relic"),
    ({"trait_decks": {"cultural": "nope"}}, "rules.trait_decks.cultural"),
    ({"resolution": {"discard": "discard"}}, "rules.resolution.attach"),
])
def test_bad_rules_data_names_file_and_key(change: dict[str, Any], key: str) -> None:
    with pytest.raises(CatalogError, match=f"ti4.toml: {key}"):
        ti4_data(_broken(change))


@pytest.mark.parametrize("attr", ["resources", "influence"])
@pytest.mark.parametrize("value", [None, "2", True, 1.5])
def test_planet_values_must_be_whole_numbers(attr: str, value: Any) -> None:
    data = load_ti4().to_data()
    abyz = next(c for c in data["cards"] if c["name"] == "Abyz")
    if value is None:
        del abyz["attrs"][attr]
    else:
        abyz["attrs"][attr] = value
    broken = Catalog.from_data(data, "ti4.toml", "TI")
    with pytest.raises(CatalogError, match=rf"ti4.toml: cards \({abyz['design']}\)\.attrs\.{attr}"):
        ti4_data(broken)
