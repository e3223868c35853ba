"""Relic fragments and the relic deck (LRR 35.9, 35.9a-b; relic rules from the fact sheet).

Three fragments of one type are purged to draw a relic; Unknown fragments count
as any type, but three Unknown fragments alone cannot be purged, since only a
typed fragment carries the ability. With an empty relic deck the fragments may
still be purged and no relic is gained.
"""

from __future__ import annotations

from itertools import combinations

from companion.core import piles
from companion.core.catalog import CardEntry
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import event
from companion.core.moments import DRAWN_AT_TABLE
from companion.core.speech import number_words
from companion.games.ti4.data import Fabrication, fragment_type
from companion.games.ti4.explore import Builder, data_of, label, owe_relic_draw, zone_words
from companion.games.ti4.words import match_name

#: The purge's reason a relic's own use gives (`purge RELIC used for its action`): its
#: result then says what the table does (the card's `table_keeps`).
USED = "used for its action"


def fragments_of(b: Builder, seat: str) -> list[CardEntry]:
    cards = (b.catalog.cards[c] for c in b.state.table.cards_in(piles.area_zone(seat)))
    return [c for c in cards if fragment_type(c) is not None]


def trade(b: Builder, card_ids: list[str], to_seat: str) -> None:
    """Fragments change hands as part of a transaction (35.9b): in the action phase, one
    side is the active player (LRR 94)."""
    for card_id in card_ids:
        card = b.catalog.card(card_id)
        zone = b.state.table.zone_of(card.card_id)
        if card.deck == data_of(b).relic_deck:
            raise IllegalMoveError(f"{card.name} is a relic, and relics cannot be traded.")
        if fragment_type(card) is None:
            raise IllegalMoveError(f"{card.name} is not a relic fragment; only relic "
                                   f"fragments can be traded here.")
        if b.state.table.zone(card.card_id).kind != "area":
            raise IllegalMoveError(f"{label(b.catalog, card.card_id)} cannot be traded: "
                                   f"it is {zone_words(b, zone)}.")
        if zone == piles.area_zone(to_seat):
            raise IllegalMoveError(f"{to_seat} already has {label(b.catalog, card.card_id)}.")
        giver = b.state.controller(card.card_id)
        _require_transaction(b, giver, to_seat)
        b.add(piles.move(card.card_id, zone, piles.area_zone(to_seat), "transaction"))
        b.say(f"{giver} gives {label(b.catalog, card.card_id)} to {to_seat} (35.9b).")


def _require_transaction(b: Builder, giver: str | None, to_seat: str) -> None:
    """LRR 94: in the action phase, transactions are between the active player and a
    neighbour (which the companion cannot see: the table judges it); in the agenda phase,
    which the companion leaves to the table between the status phase and the next round,
    between any two players."""
    table = b.state.table
    active = table.active
    if table.phase != "action" or active is None or active in (giver, to_seat):
        return
    raise IllegalMoveError(f"It is {active}'s turn: a transaction is between the active "
                           f"player and a neighbour (LRR 94), so {giver} cannot give a "
                           f"fragment to {to_seat} now.")


def choose_fragments(b: Builder, seat: str, words: list[str],
                     need: int | None = None) -> list[CardEntry]:
    """The `need` fragments to purge (the rules' number unless an ability says fewer):
    given by ID, by type, or the cheapest valid set."""
    mine = fragments_of(b, seat)
    need = need or data_of(b).fragments_per_relic
    words = [part for w in words for part in w.split(",") if part]  # "C12,C14,C17" too
    if len(words) > 1:
        chosen = [b.catalog.card(w) for w in words]
        for card in chosen:
            if card not in mine:
                raise IllegalMoveError(f"{label(b.catalog, card.card_id)} is not a relic "
                                       f"fragment in {seat}'s play area.")
        if len({c.card_id for c in chosen}) != need:
            raise IllegalMoveError(f"Purging for a relic takes exactly {need} different "
                                   f"fragments, not {len({c.card_id for c in chosen})}.")
        _check_set(b, chosen, need)
        return chosen
    types = [words[0].lower()] if words else list(data_of(b).trait_decks)
    if types == [data_of(b).wild_fragment_type]:
        raise IllegalMoveError(f"{_count(need)} Unknown Relic Fragments alone cannot be "
                               f"purged: name "
                               f"the type of the set instead ({', '.join(data_of(b).trait_decks)}"
                               f"); Unknown fragments count as any of them.")
    for kind in types:
        if kind not in data_of(b).trait_decks:
            raise CommandSyntaxError(f"{words[0]!r} is not a fragment type: use "
                                     f"{', '.join(data_of(b).trait_decks)}.")
    options = [_set_of_type(b, mine, kind, need) for kind in types]
    valid = [o for o in options if o]
    if not valid:
        counts = _type_counts(b, mine)
        raise IllegalMoveError(f"{seat} cannot purge {need} fragments of one type: {seat} "
                               f"has {counts} (Unknown fragments count as any type, but "
                               f"at least one typed fragment is needed).")
    return min(valid, key=lambda cards: sum(1 for c in cards if _is_wild(b, c)))


def purge_sets(fragments: list[CardEntry], need: int, wild: str) -> list[list[CardEntry]]:
    """The different sets of `need` fragments a seat may purge for a relic: one type, an
    Unknown (`wild`) fragment counting as any, at least one typed; one set per mix of
    types (fragments of one type are alike), fewest Unknown fragments first."""
    sets: dict[tuple[str, ...], list[CardEntry]] = {}
    for cards in combinations(fragments, need):
        kinds = [str(fragment_type(c)) for c in cards]
        typed = {k for k in kinds if k != wild}
        if len(typed) == 1:
            sets.setdefault(tuple(sorted(kinds)), list(cards))
    return sorted(sets.values(), key=lambda cards: sum(
        1 for c in cards if fragment_type(c) == wild))


def _is_wild(b: Builder, card: CardEntry) -> bool:
    return fragment_type(card) == data_of(b).wild_fragment_type


def _count(need: int) -> str:
    return number_words(need).capitalize()


def _set_of_type(b: Builder, mine: list[CardEntry], kind: str, need: int) -> list[CardEntry]:
    typed = [c for c in mine if fragment_type(c) == kind]
    wild = [c for c in mine if _is_wild(b, c)]
    chosen = (typed + wild)[:need]
    ok = len(chosen) == need and bool(typed)
    return chosen if ok else []


def _check_set(b: Builder, cards: list[CardEntry], need: int) -> None:
    typed = {fragment_type(c) for c in cards if not _is_wild(b, c)}
    if not typed:
        raise IllegalMoveError(f"{_count(need)} Unknown Relic Fragments alone cannot be "
                               f"purged: at least one cultural, hazardous or industrial "
                               f"fragment is needed.")
    if len(typed) > 1:
        kinds = ", ".join(sorted(str(t) for t in typed))
        raise IllegalMoveError(f"Those fragments are of different types ({kinds}): purge "
                               f"{need} of one type.")


def _type_counts(b: Builder, mine: list[CardEntry]) -> str:
    counts: dict[str, int] = {}
    for card in mine:
        kind = fragment_type(card) or "?"
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{n} {k}" for k, n in counts.items()) or "no fragments"


def purge_for_relic(b: Builder, seat: str, words: list[str]) -> None:
    """Purge three fragments of one type; a relic draw is then owed (35.9a)."""
    chosen = choose_fragments(b, seat, words)
    for card in chosen:
        b.add(piles.move(card.card_id, piles.area_zone(seat), "purged", "purged for a relic"))
    names = ", ".join(label(b.catalog, c.card_id) for c in chosen)
    b.say(f"{seat} purges {names} (35.9a).")
    owe_relic_draw(b, seat, "35.9a", "so the fragments are purged and no relic is gained")


#: `relic SEAT fabrication token FRAGMENT`: the ability's other half, a command token.
TOKEN = "token"


def fabrication_named(b: Builder, word: str) -> bool:
    """`word` names a faction's fragment ability (`fabrication`), in any letter case."""
    return any(f.fabrication and f.fabrication.name.lower() == word.lower()
               for f in data_of(b).factions.values())


def fabricate(b: Builder, seat: str, words: list[str]) -> None:
    """`relic SEAT fabrication [TYPE | ID ID]`: the ability's purge of fewer fragments of
    one type for a relic (owed as after the usual purge, 35.9a's empty deck likewise);
    `relic SEAT fabrication token FRAGMENT`: one fragment for a command token."""
    ability = _fabrication(b, seat, words[0])
    if words[1:2] and words[1].lower() == TOKEN:
        _fabricate_token(b, seat, ability, words[2:])
        return
    chosen = choose_fragments(b, seat, words[1:], ability.fragments_per_relic)
    _purge(b, seat, chosen, ability.name)
    owe_relic_draw(b, seat, ability.name, "so the fragments are purged and no relic is gained")


def _fabrication(b: Builder, seat: str, word: str) -> Fabrication:
    faction = data_of(b).factions.get(b.state.factions.get(seat, ""))
    if faction and faction.fabrication and faction.fabrication.name.lower() == word.lower():
        return faction.fabrication
    owner, name = next((f, f.fabrication.name) for f in data_of(b).factions.values()
                       if f.fabrication and f.fabrication.name.lower() == word.lower())
    plays = f"plays {faction.short}" if faction else "has no faction recorded"
    raise IllegalMoveError(f"{name} is the {owner.short}'s faction "
                           f"ability, and {seat} {plays}.")


def _fabricate_token(b: Builder, seat: str, ability: Fabrication, words: list[str]) -> None:
    need = ability.fragments_per_token
    ids = [part for w in words for part in w.split(",") if part]
    mine = fragments_of(b, seat)
    if len(mine) < need:
        raise IllegalMoveError(f"{seat} has no relic fragment to purge for a command token.")
    chosen = [b.catalog.card(w) for w in dict.fromkeys(w.upper() for w in ids)]
    if len(chosen) != need:
        raise CommandSyntaxError(f"{ability.name} for a command token purges {need} "
                                 f"fragment: name it, as in relic {seat} "
                                 f"{ability.name.lower()} {TOKEN} C12.")
    for card in chosen:
        if card not in mine:
            raise IllegalMoveError(f"{label(b.catalog, card.card_id)} is not a relic "
                                   f"fragment in {seat}'s play area.")
    # What it gives first: a one-line result shows its first sentence (try 29: "Kim purges
    # ..." alone, and the token nowhere in view).
    b.say(ability.table_keeps.replace("{seat}", seat))
    _purge(b, seat, chosen, ability.name)


def _purge(b: Builder, seat: str, chosen: list[CardEntry], why: str) -> None:
    for card in chosen:
        b.add(piles.move(card.card_id, piles.area_zone(seat), "purged", f"purged for {why}"))
    names = ", ".join(label(b.catalog, c.card_id) for c in chosen)
    b.say(f"{seat} purges {names} ({why}).")


def relic_by_ability(b: Builder, seat: str, ability: str) -> None:
    """Another effect lets `seat` draw a relic (e.g. Black Market Forgery); it is named."""
    owe_relic_draw(b, seat, ability, None)


#: `relic SEAT draws TOP`: the relic gained by an ability is the deck's top one, not seen
#: yet (the app's draw or the table's pick follows, as after a purge).
TOP = "top"
#: `relic SEAT draws APP`: the top relic, drawn by the app at once (no camera, no pick
#: after: the player chose to let the app draw it, try 18 finding 6).
APP = "app"


def gain_by_ability(b: Builder, seat: str, relic: str) -> None:
    """`seat` draws a relic by an ability (Black Market Forgery, an agenda): the relic
    drawn at the table, by its name or ID, gained at once; `TOP`: the top relic owed."""
    if relic.lower() == TOP:
        owe_relic_draw(b, seat, "by an ability", None)
        return
    if b.state.relic_draws:
        raise IllegalMoveError(f"A relic is owed to {b.state.relic_draws[0]}: it is drawn "
                               f"first.")
    if relic.lower() == APP:
        _app_draws(b, seat)
        return
    card = b.catalog.card(relic_key(b, relic))
    if card.deck != data_of(b).relic_deck:
        raise IllegalMoveError(f"{card.name} is not a relic.")
    b.add(event("relic_owed", seats=[seat]))
    draw_relic(b, card, DRAWN_AT_TABLE)


def _app_draws(b: Builder, seat: str) -> None:
    """The top relic owed to `seat`, then drawn by the app in the same step."""
    owe_relic_draw(b, seat, "by an ability", None)
    b.messages.pop()  # "draws the top relic: scan it" is past once the app has drawn it
    shuffle, picked = piles.virtual_pick(b.state.table, data_of(b).relic_deck)
    b.add(*shuffle)
    card = b.catalog.card(picked)
    b.say(f"The app drew {card.name} ({card.card_id}) for {seat}, by an ability.")
    draw_relic(b, card)


def relic_key(b: Builder, word: str) -> str:
    """The relic a player named (its name, a prefix, its initials) or its ID."""
    held = b.catalog.in_deck(data_of(b).relic_deck, b.state.options)
    return match_name(word, ((c.card_id, c.name) for c in held)) or word


def draw_relic(b: Builder, card: CardEntry, reason: str | None = None) -> str:
    """A scanned relic: the draw owed to the first seat waiting for one (`reason`: why
    it left the deck, when not the scan's own)."""
    if not b.state.relic_draws:
        raise IllegalMoveError(f"No relic draw is owed, so {card.name} cannot be drawn now: "
                               f"purge three fragments with relic SEAT first.")
    seat = b.state.relic_draws[0]
    drawn = piles.observe_draw(b.state.table, card.card_id, data_of(b).relic_deck,
                               piles.area_zone(seat), lambda c: label(b.catalog, c))
    b.add(piles.move(card.card_id, drawn["from"], drawn["to"], reason) if reason else drawn)
    b.add(event("relic_owed", seats=list(b.state.relic_draws[1:])))
    b.say(f"{seat} gains the relic {label(b.catalog, card.card_id)}, face up in "
          f"{seat}'s play area: {card.summary}")
    return seat


def exhaust(b: Builder, card: CardEntry) -> str:
    """Its holder uses a relic whose ability is used by exhausting it (catalog `exhausts`,
    try 14 finding 23): exhausted until the status phase readies it. The app does not
    resolve what it does; the catalog's `table_keeps` says what the table does."""
    data = data_of(b)
    if card.deck != data.relic_deck:
        raise IllegalMoveError(f"{card.name} is not a relic.")
    if not card.attrs.get("exhausts"):
        raise IllegalMoveError(f"{card.name} is not used by exhausting it: {card.summary}")
    seat = b.state.controller(card.card_id)
    if seat is None or b.state.table.zone_of(card.card_id) != piles.area_zone(seat):
        raise IllegalMoveError(f"Nobody holds {card.name}, so it cannot be exhausted.")
    if card.card_id in b.state.exhausted:
        raise IllegalMoveError(f"{card.name} is exhausted: the status phase readies it.")
    what = "a planet" if card.attrs.get("explores_planet") else \
        "a frontier token" if card.attrs.get("explores_frontier") else ""
    if what:
        raise IllegalMoveError(f"{card.name} is exhausted to explore {what}: choose what it "
                               f"explores, and it is exhausted then.")
    b.add(event("card_exhausted", card=card.card_id, seat=seat,
                reason=f"{seat} used {card.name}"))
    b.say(f"{seat} exhausts {card.name}: {card.attrs.get('exhaust_use', card.summary)}. "
          f"It is exhausted until the status phase readies it.")
    if card.attrs.get("table_keeps"):
        b.say(str(card.attrs["table_keeps"]).replace("{seat}", seat))
    return seat
