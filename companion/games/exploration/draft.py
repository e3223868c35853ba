"""Spaceship fleet selection: packs of ships ([rules.setup] draft_packs of pack_size),
pick one and pass, one ship per type.

Rulebook, "Spaceship fleet selection": the first pack goes round from the first
player, the second from the last player (directions alternate); after every
player picked once the rest of the pack is discarded. Packs are dealt at the
table and each pick is scanned; `draft virtual` lets the app deal the packs
with the recorded RNG, which also lets it check picks against the pack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.games.exploration import catalog as xc
from companion.games.exploration.setup import seats_in_order
from companion.games.exploration.state import (
    Draft,
    ShipStatus,
    XpState,
    require_phase,
    with_ship,
)

SHIP_DECK = "ship"


def drafter(state: XpState) -> str | None:
    """Whose pick it is: forwards in odd packs, backwards in even packs."""
    draft = state.draft
    if not draft.is_running:
        return None
    order = draft.order if draft.pack % 2 == 1 else tuple(reversed(draft.order))
    return order[len(draft.picks)] if len(draft.picks) < len(order) else None


def current_pack(state: XpState) -> list[str]:
    """Cards left in the pack being drafted (virtual deal only)."""
    if not state.draft.is_virtual or not state.draft.is_running:
        return []
    pack = state.draft.packs[state.draft.pack - 1]
    return [c for c in pack if state.table.zone_of(c) == piles.deck_zone(SHIP_DECK)]


def pack_seen_by(state: XpState, seat: str | None) -> list[str]:
    """The pack being drafted as `seat` sees it: only the drafting seat sees its cards
    (packs pass hand to hand); everyone else sees nothing (the view gives a count)."""
    return current_pack(state) if seat is not None and seat == drafter(state) else []


def start_draft(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    require_phase(state, ("setup",), "start the ship draft")
    if state.draft.pack:
        raise IllegalMoveError("The ship draft has already started.")
    minimum = int(catalog.rules["game"]["min_players"])
    if len(state.table.seats) < minimum:
        raise IllegalMoveError(f"The draft needs at least {minimum} players seated.")
    if args and args[0].lower() not in ("virtual", "physical"):
        raise CommandSyntaxError("draft takes nothing, or `virtual` to let the app deal packs.")
    order = seats_in_order(state, catalog)
    pack_count = xc.setup_number(catalog, "draft_packs")
    events: list[Event] = [event("draft_started", order=order, pack_count=pack_count)]
    message = f"Ship draft, pack 1: {order[0]} picks first, then {', '.join(order[1:])}."
    if args and args[0].lower() == "virtual":
        cards = state.table.cards_in(piles.deck_zone(SHIP_DECK))
        state.table.rng().shuffle(cards)
        size = xc.setup_number(catalog, "pack_size")
        packs = [cards[i * size:(i + 1) * size] for i in range(pack_count)]
        events += [event("deck_shuffled", deck=SHIP_DECK, order=cards),
                   event("packs_dealt", sizes=[len(p) for p in packs])]
        message += (f" The app dealt {pack_count} packs of {size} ships; each pack is seen "
                    f"only by the player drafting from it, on their own screen.")
    return Outcome(tuple(events), message)


def pick(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    if not args or len(args) > 2 or (len(args) == 2 and args[1].lower() != "anyway"):
        raise CommandSyntaxError("pick takes a ship card ID or a ship type, e.g. pick SHLD2 "
                                 "or pick SHLD (add `anyway` when no other type was left in "
                                 "a physical pack).")
    card = catalog.card(_copy_of(state, catalog, args[0]))
    return _pick(state, catalog, card, anyway=len(args) == 2)


def picks_by_type(state: XpState, catalog: Catalog, seat: str | None) -> dict[str, list[str]]:
    """The ships `seat` can pick from, by type (its code: the copies in catalog order): the
    pack being drafted when the app dealt it (its drafter only), else the ship deck."""
    cards = (pack_seen_by(state, seat) if state.draft.is_virtual
             else state.table.cards_in(piles.deck_zone(SHIP_DECK)))
    by_type: dict[str, list[str]] = {}
    for card_id in cards:
        by_type.setdefault(str(catalog.card(card_id).attrs["type"]), []).append(card_id)
    return by_type


def _copy_of(state: XpState, catalog: Catalog, name: str) -> str:
    """A card ID as given; a ship type's code (SHLD) names the first copy of that type
    the drafter can take (copies are alike: a ship is told apart by its type)."""
    code = name.upper()
    if code not in catalog.rules["ship_types"]:
        return name
    copies = picks_by_type(state, catalog, drafter(state)).get(code, [])
    if not copies:
        where = (f"pack {state.draft.pack}" if state.draft.is_virtual
                 else "the ship deck")
        raise IllegalMoveError(f"No {xc.ship_type(catalog, code).name} is left in {where}.")
    return copies[0]


def scan_pick(state: XpState, catalog: Catalog, card: CardEntry) -> Outcome | None:
    if card.deck != SHIP_DECK:
        return None
    if not state.draft.is_running:
        raise IllegalMoveError(f"{card.name} ({card.card_id}) was scanned, but no ship draft "
                               f"is running; the draft is started first.")
    return _pick(state, catalog, card, anyway=False)


def _pick(state: XpState, catalog: Catalog, card: CardEntry, anyway: bool) -> Outcome:
    seat = drafter(state)
    if seat is None or card.deck != SHIP_DECK:
        raise IllegalMoveError("No ship pick is expected now." if seat is None
                               else f"{card.name} is not a spaceship card.")
    _check_pick(state, catalog, card, seat, anyway)
    kind = xc.ship_type(catalog, str(card.attrs["type"]))
    numbers = {k: getattr(kind, k) for k in ("velocity", "maneuverability", "cargo_slots",
                                             "max_energy", "start_energy", "max_resistance")}
    events: list[Event] = [
        piles.move(card.card_id, piles.deck_zone(SHIP_DECK), piles.area_zone(seat), "drafted"),
        event("ship_drafted", seat=seat, card=card.card_id, ship_type=kind.code, **numbers)]
    message = f"{seat} takes {card.name} ({card.card_id})."
    if state.draft.is_virtual:  # the rulebook hides the pack, not a board once taken
        message = f"{seat} takes {card.name} ({card.card_id}) into their fleet; the ships " \
                  f"left in the pack stay private."
    after = replace(state, draft=replace(state.draft, picks=(*state.draft.picks, seat)))
    if drafter(after) is None:
        closing, text = _close_pack(after, catalog, card.card_id)
        events += closing
        message += " " + text
    else:
        message += f" Pass the pack: {drafter(after)} picks next."
    return Outcome(tuple(events), message, seat)


def _check_pick(state: XpState, catalog: Catalog, card: CardEntry, seat: str,
                anyway: bool) -> None:
    where = state.table.zone_of(card.card_id)
    if where != piles.deck_zone(SHIP_DECK):
        raise IllegalMoveError(f"{card.name} ({card.card_id}) cannot be picked: it is "
                               f"{piles.zone_phrase(where)}.")
    pack = current_pack(state)
    if state.draft.is_virtual and card.card_id not in pack:
        raise IllegalMoveError(f"{card.card_id} is not in pack {state.draft.pack}; {seat} "
                               f"sees the pack on their own screen.")
    held = {s.ship_type for s in state.ships_of(seat)}
    if card.attrs["type"] not in held:
        return
    if state.draft.is_virtual:
        if any(catalog.card(c).attrs["type"] not in held for c in pack):
            raise IllegalMoveError(f"{seat} already has a {card.name}: pick a type they do "
                                   f"not hold.")
        return
    if not anyway:
        raise IllegalMoveError(f"{seat} already has a {card.name}: each player may hold only "
                               f"one ship of a type (pick it anyway if the "
                               f"pack held no other type).")


def _close_pack(state: XpState, catalog: Catalog, picked: str) -> tuple[list[Event], str]:
    packs = state.draft.pack_count
    number = state.draft.pack
    deck = piles.deck_zone(SHIP_DECK)
    rest = [c for c in current_pack(state) if c != picked] if state.draft.is_virtual else []
    if number == packs:
        rest = [c for c in state.table.cards_in(deck) if c != picked]
    events = [piles.move(c, deck, "box", f"rest of ship pack {number}") for c in rest]
    events.append(event("pack_closed", pack=number))
    if number == packs:
        return events, "The ship draft is over; return the unpicked ships to the box."
    nxt = replace(state, draft=replace(state.draft, pack=number + 1, picks=()))
    return events, (f"Pack {number} is done: discard the rest of it. Pack {number + 1} starts "
                    f"with {drafter(nxt)}.")


# ---- appliers ----------------------------------------------------------------------------
def _draft_started(state: XpState, e: Event) -> XpState:
    return replace(state, draft=Draft(1, tuple(e["order"]), pack_count=int(e["pack_count"])))


def _packs_dealt(state: XpState, e: Event) -> XpState:
    """The packs are the shuffled ship deck cut in order; the event names only their sizes,
    so the public history (which masks a shuffle's order) never lists a pack. Journals
    written before that carry the packs themselves."""
    written = e.get("packs")
    if written is not None:
        return replace(state, draft=replace(state.draft,
                                            packs=tuple(tuple(p) for p in written)))
    order, packs, start = state.table.deck_order.get(SHIP_DECK, ()), [], 0
    for size in e["sizes"]:
        packs.append(tuple(order[start:start + int(size)]))
        start += int(size)
    return replace(state, draft=replace(state.draft, packs=tuple(packs)))


def _ship_drafted(state: XpState, e: Event) -> XpState:
    ship = ShipStatus(
        card=e["card"], owner=e["seat"], ship_type=e["ship_type"], velocity=e["velocity"],
        maneuverability=e["maneuverability"], cargo_slots=e["cargo_slots"],
        max_energy=e["max_energy"], max_resistance=e["max_resistance"],
        start_energy=e["start_energy"])
    draft = replace(state.draft, picks=(*state.draft.picks, e["seat"]))
    return replace(with_ship(state, ship), draft=draft)


def _pack_closed(state: XpState, e: Event) -> XpState:
    return replace(state, draft=replace(state.draft, pack=int(e["pack"]) + 1, picks=()))


APPLIERS = {"draft_started": _draft_started, "packs_dealt": _packs_dealt,
            "ship_drafted": _ship_drafted, "pack_closed": _pack_closed}
VERB_DOCS = (
    Verb("draft", "draft [virtual]", "Start the ship draft in spaceport order; `virtual` lets "
         "the app deal the packs with the recorded RNG.", "draft"),
    Verb("pick", "pick SHIP [anyway]", "The drafting player takes this ship card (same as "
         "scanning it).", "pick SHLD2"),
)
