"""Every exploration card's printed choice and its effect on commodities and trade goods,
checked against the catalog's own numbers (issue 22, try 4 findings 3 and 7: Functioning
Base gave one Resolve and no effect; a conversion was offered with nothing to convert)."""

from __future__ import annotations

import pytest

from companion.core.catalog import CardEntry, Catalog
from companion.core.prompt import prompt
from companion.games.ti4.choices import card_choices
from tests.ti4.conftest import load_ti4, new_match, ok, refused

EXPLORATION_DECKS = ("cultural", "hazardous", "industrial", "frontier")
CATALOG = load_ti4()


def _exploration_cards(catalog: Catalog) -> list[CardEntry]:
    seen = {c.design: c for c in catalog.cards.values() if c.deck in EXPLORATION_DECKS}
    return sorted(seen.values(), key=lambda c: c.card_id)


def _names_a_resource(card: CardEntry) -> bool:
    text = card.summary.lower()
    return "commodit" in text or "trade good" in text


def _planet_of(catalog: Catalog, trait: str) -> str:
    return next(c.card_id for c in catalog.cards.values() if c.deck == "planet"
                and list(c.attrs.get("traits", ())) == [trait])


def _reveal(catalog: Catalog, card: CardEntry, commodities: int, trade_goods: int):
    """Alice holds the counts given, explores a planet (or tile 41) and scans `card`."""
    m = new_match(catalog, "player Alice red", "player Bob blue", "setup codex",
                  "tech Alice dark-energy-tap")
    for resource, n in (("commodities", commodities), ("trade_goods", trade_goods)):
        if n:
            ok(m, f"adjust Alice {resource} +{n} counted at the table")
    explore = "frontier 41" if card.deck == "frontier" else f"take {_planet_of(catalog, card.deck)}"
    ok(m, explore, f"scan TI/{card.card_id}")
    assert m.state.revealed == card.card_id
    return m


def test_every_card_naming_commodities_or_trade_goods_offers_its_effect() -> None:
    silent = [c.name for c in _exploration_cards(CATALOG)
              if _names_a_resource(c) and not card_choices(c)]
    assert silent == []


def test_no_card_text_starts_with_a_label_the_card_does_not_print() -> None:
    labelled = [c.name for c in _exploration_cards(CATALOG)
                if c.summary.lower().startswith("hazard test")]
    assert labelled == []


CHOICES = [(c, o) for c in _exploration_cards(CATALOG) for o in card_choices(c)]


@pytest.mark.parametrize(("card", "option"), CHOICES,
                         ids=[f"{c.design}-{o['word']}" for c, o in CHOICES])
def test_each_choice_is_offered_and_counts_what_the_card_says(card, option) -> None:
    m = _reveal(CATALOG, card, commodities=1, trade_goods=1)
    offered = {a.command: a for a in prompt(m).actions if a.group == "Exploration"}
    action = offered[f"resolve {option['word']}"]
    assert action.enabled, action.reason
    assert action.label.endswith(f": {option['text']}")
    ok(m, f"resolve {option['word']}")
    convert = option.get("convert", 0)
    moved = 1 if convert else 0  # Alice holds 1 commodity: "up to 2" and "all" move it
    gain = 2 if option.get("replenish") else int(option.get("commodities", 0))
    gain = min(gain, 3 - 1) if gain > 0 else gain  # capped at the commodity value (3)
    table = m.state.table
    assert table.resource("Alice", "commodities") == 1 - moved + gain
    assert table.resource("Alice", "trade_goods") == 1 + moved + int(option.get("trade_goods", 0))
    assert m.state.revealed is None


def test_functioning_base_gains_a_commodity_or_spends_one_for_an_action_card() -> None:
    base = CATALOG.card("I05")
    m = _reveal(CATALOG, base, commodities=2, trade_goods=0)
    offered = {a.command: a for a in prompt(m).actions if a.group == "Exploration"}
    assert "resolve" not in offered  # not a plain Resolve that counts nothing
    assert not offered["resolve draw-trade-good"].enabled  # no trade good to spend
    assert "cannot spend 1" in (offered["resolve draw-trade-good"].reason or "")
    assert "Alice now has 3 commodities, 0 trade goods" in ok(m, "resolve gain").message
    m = _reveal(CATALOG, base, commodities=2, trade_goods=0)
    ok(m, "resolve draw-commodity")
    assert m.state.table.resource("Alice", "commodities") == 1


def test_a_card_with_one_effect_counts_it_on_a_plain_resolve() -> None:
    m = _reveal(CATALOG, CATALOG.card("F18"), commodities=0, trade_goods=0)
    ok(m, "resolve")
    assert m.state.table.resource("Alice", "trade_goods") == 3


@pytest.mark.parametrize("card_id", ["I01", "F09"])
def test_a_conversion_with_no_commodities_is_not_possible_and_says_why(card_id) -> None:
    m = _reveal(CATALOG, CATALOG.card(card_id), commodities=0, trade_goods=1)
    offered = {a.command: a for a in prompt(m).actions if a.group == "Exploration"}
    assert not offered["resolve convert"].enabled
    assert offered["resolve convert"].reason == "Alice has no commodities to convert."
    assert "no commodities to convert" in refused(m, "resolve convert")
    assert [w for w, a in offered.items() if a.enabled]  # the other choice stays open
