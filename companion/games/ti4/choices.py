"""A revealed card's own choice (Abandoned Warehouses, Local Fabricators), made when it is
resolved (`resolve WORD`), and the commodities and trade goods it counts. A card with one
effect and nothing to choose (Entropic Field) lists it as its only choice, counted by a
plain `resolve` too.

The numbers are the card's, in the catalog (`[[cards.attrs.choices]]`). The companion
counts commodities and trade goods only from these cards and the table's corrections
(`adjust SEAT commodities +N`): the rest of TI4 changes them out of its sight.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import event
from companion.core.table import Table
from companion.core.words import counted
from companion.games.ti4.data import FactionInfo, ti4_data
from companion.games.ti4.explore import Builder
from companion.games.ti4.state import TI4State

COMMODITIES, TRADE_GOODS = "commodities", "trade_goods"
COMMODITY_VALUE = "commodity_value"
#: One unit of each counted resource, as a sentence says it.
RESOURCE_NOUNS = {COMMODITIES: "commodity", TRADE_GOODS: "trade good"}


def card_choices(card: CardEntry) -> Sequence[Mapping[str, Any]]:
    raw = card.attrs.get("choices")
    return raw if isinstance(raw, list) else ()


def counts_resources(card: CardEntry) -> bool:
    """The card's choices change commodities or trade goods (not only a token's side)."""
    return any(not o.get("side") for o in card_choices(card))


def amount(table: Table, seat: str, resource: str) -> str:
    """'2 commodities', as the companion counts them for `seat`."""
    noun = RESOURCE_NOUNS[resource]
    return counted(table.resource(seat, resource), noun,
                   "commodities" if resource == COMMODITIES else None)


def holdings(table: Table, seat: str) -> str:
    """What `seat` holds as counted here: '2 commodities, 1 trade good'."""
    return f"{amount(table, seat, COMMODITIES)}, {amount(table, seat, TRADE_GOODS)}"


def gain_note(state: TI4State, catalog: Catalog, seat: str,
              chosen: Mapping[str, Any]) -> str:
    """What a choice that gains commodities (or replenishes them) gives `seat` when its
    commodity value stops it: ' (already 6 of 6: gains nothing)', ' (gains 1: 6 is the
    most)'; "" otherwise."""
    gain, value = int(chosen.get("commodities", 0)), value_of(state.table, catalog, seat)
    have = state.table.resource(seat, COMMODITIES)
    if chosen.get("replenish") and value and have >= value:  # try 14, finding 30
        return f" (already {have} of {value}: gains nothing)"
    if chosen.get("replenish") or gain <= 0 or not value or have + gain <= value:
        return ""
    if have >= value:
        return f" (already {have} of {value}: gains nothing)"
    return f" (gains {value - have}: {value} is the most)"


def not_possible(table: Table, seat: str, chosen: Mapping[str, Any]) -> str | None:
    """Why the choice `chosen` is not possible for `seat` now, in a button's few words
    ("Nia has no commodities to convert."), as the companion counts; None when it is."""
    if chosen.get("convert") and not table.resource(seat, COMMODITIES):
        return f"{seat} has no commodities to convert."
    for resource in (COMMODITIES, TRADE_GOODS):
        spend = -int(chosen.get(resource, 0))
        if spend > table.resource(seat, resource):
            return f"{seat} has {amount(table, seat, resource)}, so cannot spend {spend}."
    return None


def apply_choice(b: Builder, card: CardEntry, seat: str,
                 word: str | None) -> Mapping[str, Any] | None:
    """The card's choice `word` for `seat` (none: the table made it by hand, uncounted);
    returns the choice made, whose `side` a token is placed with (Ion Storm)."""
    options = card_choices(card)
    if word is None and len(options) == 1:  # one effect and nothing to choose: counted
        word = str(options[0]["word"])
    if word is None:
        _table_keeps(b, seat, card.attrs)
        return None
    chosen = next((o for o in options if str(o["word"]) == word.lower()), None)
    if chosen is None:
        words = ", ".join(str(o["word"]) for o in options)
        raise CommandSyntaxError(f"{card.name} offers no choice {word!r}" + (
            f"; its choices: {words}." if words else ": resolve it without a word."))
    if chosen.get("side"):  # a token's side: nothing is counted
        b.say(f"{seat} chose: {chosen['text']}.")
        return chosen
    _count_choice(b, card, seat, chosen)
    _table_keeps(b, seat, chosen)
    return chosen


def _table_keeps(b: Builder, seat: str, said: Mapping[str, Any]) -> None:
    """What the card gives that the app does not count (command tokens, action cards),
    said with where the table keeps it (catalog `table_keeps`; try 12, finding 39)."""
    if said.get("table_keeps"):
        b.say(str(said["table_keeps"]).replace("{seat}", seat))


def _count_choice(b: Builder, card: CardEntry, seat: str, chosen: Mapping[str, Any]) -> None:
    """The commodities and trade goods the choice `chosen` changes, said."""
    have = b.state.table.resource(seat, COMMODITIES)
    convert = chosen.get("convert", 0)
    if convert and not have:
        raise IllegalMoveError(f"{seat} has no commodities to convert as the companion "
                               f"counts them; if the count is wrong, correct it first.")
    moved = min(have if convert == "all" else int(convert), have)
    _change(b, seat, COMMODITIES, -moved, card.name)
    _change(b, seat, TRADE_GOODS, moved, card.name)
    _change(b, seat, TRADE_GOODS, int(chosen.get("trade_goods", 0)), card.name)
    gain = int(chosen.get("commodities", 0))
    value = commodity_value(b, seat)
    if chosen.get("replenish"):
        gain = max(value - have, 0)
    elif gain > 0 and value:  # gained commodities stop at the seat's commodity value
        gain = max(min(gain, value - have), 0)
    _change(b, seat, COMMODITIES, gain, card.name)
    value_words = f" ({value_phrase(b.state, b.catalog, seat)})" \
        if chosen.get("replenish") or gain else ""
    b.say(f"{seat}: {chosen['text']}; {seat} now has {holdings(b.state.table, seat)}"
          f"{value_words}.")


def commodity_value(b: Builder, seat: str) -> int:
    return value_of(b.state.table, b.catalog, seat)


def value_of(table: Table, catalog: Catalog, seat: str) -> int:
    """`seat`'s commodity value: as the table recorded it from its faction sheet
    (`commodity-value SEAT N`, or `adjust SEAT commodity_value +N`), else the catalog's
    assumed default (0: no cap, an older catalog)."""
    return table.resource(seat, COMMODITY_VALUE) or ti4_data(catalog).commodity_value


def is_value_assumed(table: Table, seat: str) -> bool:
    """No commodity value recorded for `seat`: the catalog's assumed default applies."""
    return not table.resource(seat, COMMODITY_VALUE)


def faction_of(state: TI4State, catalog: Catalog, seat: str) -> FactionInfo | None:
    """The faction `seat` plays, when the table said so and the catalog lists it."""
    return ti4_data(catalog).factions.get(state.factions.get(seat, ""))


def value_phrase(state: TI4State, catalog: Catalog, seat: str) -> str:
    """'commodity value 3, assumed: not set from Pia's faction sheet', 'commodity value 4'
    once recorded, 'commodity value 6, Hacan' once the seat's faction is chosen."""
    value = value_of(state.table, catalog, seat)
    faction = faction_of(state, catalog, seat)
    if not value:
        return "no commodity value known"
    if is_value_assumed(state.table, seat):
        return f"commodity value {value}, assumed: not set from {seat}'s faction sheet"
    return f"commodity value {value}, {faction.short}" if faction else f"commodity value {value}"


def _change(b: Builder, seat: str, resource: str, delta: int, reason: str) -> None:
    if not delta:
        return
    have = b.state.table.resource(seat, resource)
    if have + delta < 0:
        raise IllegalMoveError(f"{seat} has {amount(b.state.table, seat, resource)} as the "
                               f"companion counts them, so cannot spend {-delta}; if the "
                               f"count is wrong, correct it first.")
    b.add(event("resource_changed", seat=seat, resource=resource, delta=delta, reason=reason))
