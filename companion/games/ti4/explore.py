"""The exploration queue (LRR 35.2d): start, reveal, resolve, one card at a time.

A command builds its events with the core `Builder`, which folds each event as it
goes, so later checks see earlier effects (a planet gained before it is explored,
LRR 35 note 3) and the command's events replay to exactly the same state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.core import piles
from companion.core.builder import Builder as CoreBuilder
from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import IllegalMoveError
from companion.core.events import event
from companion.core.words import counted
from companion.games.ti4.data import TOKEN_TILE, TI4Data, printed_traits, ti4_data
from companion.games.ti4.state import COMMON, REVEALED, Exploration, TI4State

#: The core builder on a TI4 state: folds each event as it is added (core/builder.py).
Builder = CoreBuilder[TI4State]


def data_of(b: Builder) -> TI4Data:
    """The TI4 numbers and names of the builder's catalog."""
    return ti4_data(b.catalog)


def set_queue(b: Builder, items: tuple[Exploration, ...] | list[Exploration]) -> None:
    b.add(event("queue_set", queue=[item.to_dict() for item in items]))


def label(catalog: Catalog, card_id: str) -> str:
    """A card as players read it: 'Abyz (P38A)'."""
    entry = catalog.cards.get(card_id)
    return f"{entry.name} ({card_id})" if entry else card_id


def traits_of(state: TI4State, card: CardEntry) -> tuple[str, ...]:
    """Printed traits plus any added by an attachment such as Terraform."""
    return tuple(dict.fromkeys((*printed_traits(card), *state.extra_traits.get(card.card_id, ()))))


def system_of(state: TI4State, planet: CardEntry) -> str | None:
    """The tile a planet lies in: printed on its card, or where its token was placed."""
    tile = str(planet.attrs.get("tile", ""))
    return state.token_tiles.get(planet.card_id) if tile == TOKEN_TILE else tile


def planets_in_system(state: TI4State, catalog: Catalog, tile: str) -> list[CardEntry]:
    """Planets standing in tile `tile` (not purged by a Stellar Converter, not in the box)."""
    data = ti4_data(catalog)
    return [p for p in catalog.in_deck(data.planet_deck) if system_of(state, p) == tile
            and state.table.zone_of(p.card_id) not in ("purged", "box")]


def zone_words(b: Builder, zone: str) -> str:
    """A zone in plain words, naming a planet by name: 'attached to Corneeq (P33A)'."""
    return piles.zone_phrase(zone, lambda c: label(b.catalog, c))


def attached_in_order(state: TI4State, planet: str) -> list[str]:
    """The cards attached to `planet`, in the order they were attached (35.8)."""
    present = state.table.cards_in(piles.attached_zone(planet))
    known = [c for c in state.attach_order.get(planet, ()) if c in present]
    return known + [c for c in present if c not in known]


def a_deck(deck: str) -> str:
    """ "a cultural", "an industrial"."""
    return f"{'an' if deck[:1] in 'aeiou' else 'a'} {deck}"


def target_phrase(catalog: Catalog, item: Exploration) -> str:
    if item.kind == "frontier":
        return f"the frontier token in tile {item.target}"
    return label(catalog, item.target)


def fragment_odds(state: TI4State, catalog: Catalog, deck: str) -> piles.Odds:
    return piles.odds(state.table, deck, lambda c: catalog.cards[c].kind == "fragment",
                      "relic fragments", "a relic fragment")


# ---- starting explorations ---------------------------------------------------------------
def enqueue(b: Builder, items: list[Exploration]) -> None:
    """Add explorations to the queue and start the head if nothing is under way."""
    set_queue(b, (*b.state.queue, *items))
    if len(b.state.queue) > len(items):
        waiting = ", ".join(target_phrase(b.catalog, i) for i in items)
        b.say(f"Queued after the current exploration: {waiting}.")
    start_queue(b)
    _say_waiting(b, items)


def _say_waiting(b: Builder, items: list[Exploration]) -> None:
    """Several explorations at once: which wait, in which order, and how to change it."""
    waiting = [i for i in b.state.queue if not i.started and i in items]
    if len(items) < 2 or not waiting:
        return
    names = ", then ".join(target_phrase(b.catalog, i) for i in waiting)
    if len(waiting) == 1:
        b.say(f"Waiting next: {names} (35.2d).")
        return
    b.say(f"Waiting, in this order: {names} (35.2d); any of them can still be explored "
          "next instead.")


def start_queue(b: Builder) -> None:
    """Start queue items until one waits for a card or the queue is empty."""
    while b.state.queue and not b.state.queue[0].started:
        if _start(b, b.state.queue[0]):
            return
        set_queue(b, b.state.queue[1:])


def _start(b: Builder, item: Exploration) -> bool:
    """Begin `item`; True if it now waits for an exploration card."""
    if item.kind == "planet":
        decks = _start_planet(b, item)
        if not decks:
            return False
    else:
        decks = (data_of(b).frontier_deck,)
    started = replace(item, started=True, decks=decks)
    set_queue(b, (started, *b.state.queue[1:]))
    return _announce(b, started)


def _start_planet(b: Builder, item: Exploration) -> tuple[str, ...]:
    card = b.catalog.card(item.target)
    name = label(b.catalog, card.card_id)
    if item.gain and not _gain(b, item, card):
        return ()
    traits = traits_of(b.state, card)
    if not traits:
        b.say(f"{name} has no trait, so it cannot be explored (35.2b).")
        return ()
    return tuple(data_of(b).trait_decks[t] for t in traits)


def _gain(b: Builder, item: Exploration, card: CardEntry) -> bool:
    """Move the planet card to its new controller; True if that gain explores it (35.1)."""
    name = label(b.catalog, card.card_id)
    zone = b.state.table.zone_of(card.card_id)
    owner = b.state.controller(card.card_id)
    if owner == item.seat or zone == "purged":
        b.say(f"{item.seat} cannot gain {name}: it is {zone_words(b, zone)}.")
        return False
    b.add(piles.move(card.card_id, zone, piles.area_zone(item.seat), f"{item.seat} gains it"))
    if owner is not None:
        attached = attached_in_order(b.state, card.card_id)
        names = ", ".join(label(b.catalog, c) for c in attached)
        keeps = f"; its attachments stay with it: {names}" if attached else ""
        b.say(f"{item.seat} takes {name} from {owner}. It is not explored: it was already "
              f"controlled by another player (35.1){keeps}.")
        return False
    b.say(f"{item.seat} gains {name}.")
    return True


def _announce(b: Builder, item: Exploration) -> bool:
    deck = item.draw_deck
    what = target_phrase(b.catalog, item)
    if deck is None:
        choices = " or ".join(item.decks)
        b.say(f"{item.seat} explores {what}: it has several traits, so {item.seat} chooses "
              f"the {choices} deck (35.2c), or draws from one of them.")
        return True
    return prepare_draw(b, item, deck)


#: What the game tells a table with a camera about a card drawn, and what it says to a
#: table with none instead (picked from the list, or drawn by the app): the app shows
#: the one that fits its camera (the table API's `camera_words`).
CAMERA_WORDS = (
    ("and scan the card.", "and pick it from the list (or let the app draw)."),
    ("draw one and scan it first", "draw one first"),
    ("): scan it.", "): pick it from the list (or let the app draw)."),
    ("take or scan a planet", "take a planet"),
    ("Take or scan a planet", "Take a planet"),
)


def prepare_draw(b: Builder, item: Exploration, deck: str) -> bool:
    """Name the deck to draw from, reshuffling an empty one (35.7a); False if nothing to draw."""
    reshuffle = piles.reshuffle_if_empty(b.state.table, deck)
    if reshuffle:
        b.add(*reshuffle)
        b.say(f"The {deck} deck is empty: shuffle its discard pile "
              f"({counted(len(reshuffle[0]['cards']), 'card')}) to form a new {deck} deck (35.7a).")
    left = b.state.table.count_in(piles.deck_zone(deck))
    what = target_phrase(b.catalog, item)
    if left == 0:
        b.say(f"{item.seat} explores {what}, but the {deck} deck and its discard pile are "
              f"empty: there is nothing to draw, so the exploration ends.")
        return False
    odds = fragment_odds(b.state, b.catalog, deck).sentence()
    b.say(f"{item.seat} explores {what} ({item.reason}): draw from the {deck} deck and "
          f"scan the card. {odds}")
    return True


# ---- the drawn card --------------------------------------------------------------------------
def reveal(b: Builder, card: CardEntry) -> None:
    """A scanned exploration card: the draw for the head of the queue, revealed to all."""
    item = b.state.head
    if b.state.revealed is not None:
        raise IllegalMoveError(
            f"{label(b.catalog, b.state.revealed)} is revealed and not resolved yet: "
            f"it is resolved before another card is drawn.")
    if item is None or not item.started:
        raise IllegalMoveError(
            f"Nothing is being explored, so {card.name} cannot be drawn now: take a planet "
            f"or explore a frontier token first.")
    allowed = (item.draw_deck,) if item.draw_deck else item.decks
    if card.deck not in allowed:
        raise IllegalMoveError(
            f"{label(b.catalog, card.card_id)} is {a_deck(card.deck)} card, but {item.seat} is "
            f"exploring {target_phrase(b.catalog, item)} from the {' or '.join(allowed)} deck.")
    if item.draw_deck is None:
        set_queue(b, (replace(item, deck=card.deck), *b.state.queue[1:]))
        b.say(f"{item.seat} chose the {card.deck} deck by drawing from it.")
    b.add(*piles.draw_observed(b.state.table, card.card_id, card.deck, REVEALED,
                               lambda c: label(b.catalog, c)))
    b.say(f"Revealed to all: {label(b.catalog, card.card_id)}: {card.summary} "
          f"Transactions may happen now, before {item.seat} resolves it.")


def resolve(b: Builder, choose: Callable[[CardEntry, str], Mapping[str, Any] | None]
            | None = None) -> None:
    """Resolve the revealed card (35.7-35.9, notes 1-2) and move on to the next exploration;
    `choose(card, seat)` makes the card's own choice once it is resolved."""
    card_id, item = b.state.revealed, b.state.head
    if card_id is None or item is None:
        raise IllegalMoveError("No exploration card is revealed: draw one and scan it first.")
    card = b.catalog.card(card_id)
    to, where = _destination(b, card, item)
    b.add(piles.move(card_id, REVEALED, to, f"resolved for {item.seat}"))
    if item.gain:  # the table's line confirms whose the planet is now (issue 22, finding 10)
        b.say(f"{item.seat} takes {b.catalog.card(item.target).name}.")
    b.say(f"{item.seat} resolved {label(b.catalog, card_id)}: {where}.")
    chosen = choose(card, item.seat) if choose is not None else None
    _place_map_token(b, card, item, str((chosen or {}).get("side", "")))
    rest = b.state.queue[1:]
    if item.kind == "frontier":
        b.add(event("frontier_removed", tile=item.target, reason="explored"))
        b.say(f"The frontier token in tile {item.target} goes back to the supply (35.6).")
    set_queue(b, rest)
    _card_extras(b, card, item)
    start_queue(b)


def _destination(b: Builder, card: CardEntry, item: Exploration) -> tuple[str, str]:
    kind = data_of(b).resolution.get(card.kind, "discard")
    if kind == "attached" and item.kind == "planet":
        return piles.attached_zone(item.target), f"attached to {label(b.catalog, item.target)}"
    if kind == "area":
        return piles.area_zone(item.seat), f"placed face up in {item.seat}'s play area"
    if kind == "purged":
        return "purged", "it purges itself, so it is not discarded (note 1)"
    if kind == COMMON:
        return kind, "placed into play in the common play area, not discarded (note 2)"
    return piles.discard_zone(card.deck), f"discarded to the {card.deck} discard pile"


def exploration_tile(b: Builder, item: Exploration) -> str | None:
    """The system an exploration happens in: the frontier token's tile, or the planet's."""
    if item.kind == "frontier":
        return item.target
    return system_of(b.state, b.catalog.card(item.target))


def _place_map_token(b: Builder, card: CardEntry, item: Exploration, side: str) -> None:
    """A card that puts a token on the map (Ion Storm, gamma wormhole, Mirage): where, and
    with which side face up when the explorer chose one (Ion Storm)."""
    token = card.attrs.get("map_token")
    if not token:
        return
    tile = exploration_tile(b, item)
    face = f", its {side} side face up" if side else ""
    if tile is None:
        b.say(f"Place the {token} token in the explored system{face}.")
        return
    extra = {"side": side} if side else {}
    b.add(event("map_token_placed", token=str(token), tile=tile, card=card.card_id,
                reason=f"resolved {card.name}", **extra))
    b.say(f"Place the {token} token in tile {tile}{face}.")


def _card_extras(b: Builder, card: CardEntry, item: Exploration) -> None:
    planet = card.attrs.get("gains_planet")
    if isinstance(planet, str) and planet in b.catalog.cards:
        _place_planet_token(b, b.catalog.cards[planet], item, card.name)
        gain = Exploration(item.seat, "planet", planet, f"gained with {card.name}", gain=True)
        set_queue(b, (gain, *b.state.queue))
    if card.attrs.get("draws_relic"):
        owe_relic_draw(b, item.seat, card.name, "so it has no further effect")
    if card.attrs.get("reminder"):  # what the companion does not track, said at once
        b.say(f"Reminder for {item.seat}: {card.summary}")


def _place_planet_token(b: Builder, planet: CardEntry, item: Exploration, source: str) -> None:
    """A planet printed on a token (Mirage) lies in the explored system from now on."""
    if planet.attrs.get("tile") != TOKEN_TILE:
        return
    tile = exploration_tile(b, item)
    if tile:
        b.add(event("planet_token_placed", planet=planet.card_id, tile=tile, reason=source))


def owe_relic_draw(b: Builder, seat: str, source: str, when_empty: str | None) -> bool:
    """Owe `seat` the top relic; True if owed, False once every relic left is already owed.

    Draws owed earlier take the relics still in the deck first, so a deck of N relics
    serves at most N draws. Beyond that the deck is empty for this draw: the effect
    happens without a relic, `when_empty` says so; None refuses the command instead.
    """
    deck = piles.deck_zone(data_of(b).relic_deck)
    owed = b.state.relic_draws
    left = b.state.table.count_in(deck)
    if left > len(owed):
        b.add(event("relic_owed", seats=[*owed, seat]))
        b.say(f"{seat} draws the top relic ({source}): scan it.")
        return True
    empty = "The relic deck is empty"
    if left:
        them = "the relic left is" if left == 1 else f"the {left} relics left are"
        empty += (f" for this draw: {them} already owed to "
                  f"{', '.join(dict.fromkeys(owed[:left]))}")
    if when_empty is None:
        raise IllegalMoveError(f"{empty}, so {source} draws no relic.")
    b.say(f"{empty}, {when_empty}.")
    return False
