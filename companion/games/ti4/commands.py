"""The TI4 exploration vocabulary: each verb checks the rules, then builds events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.core import piles
from companion.core.catalog import CardEntry
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import event
from companion.core.seats import Seat
from companion.core.words import counted, for_count
from companion.games.ti4 import abilities, choices, factions, frontier, relics
from companion.games.ti4.explore import (
    Builder,
    data_of,
    enqueue,
    label,
    prepare_draw,
    resolve,
    set_queue,
    start_queue,
    target_phrase,
    traits_of,
    zone_words,
)
from companion.games.ti4.state import COMMON, Exploration
from companion.games.ti4.take import already_controls
from companion.games.ti4.words import (
    KEYWORDS,
    find_planets,
    match_name,
    seat_of,
    simple,
    split_keywords,
)

Handler = Callable[[Builder, list[str]], str | None]


def _require_setup(b: Builder) -> None:
    if not b.state.set_up:
        raise IllegalMoveError("The game is not set up yet: the players are seated, then "
                               "the game is set up.")


def cmd_player(b: Builder, args: list[str]) -> str | None:
    if b.state.set_up:
        raise IllegalMoveError("Seats are fixed once the game is set up.")
    if not args or len(args) > 2:
        raise CommandSyntaxError("player takes a name and an optional colour: player Alice red")
    name = Seat.from_text(args[0]).text
    if name.lower() in KEYWORDS or not simple(name):
        raise IllegalMoveError(f"{name!r} cannot be a seat name; choose another.")
    if any(s.lower() == name.lower() for s in b.state.table.seats):
        raise IllegalMoveError(f"{name} already has a seat.")
    color = args[1].lower() if len(args) > 1 else None
    b.add(event("seat_joined", seat=name, player=name, color=color, resources={}))
    b.say(f"{name} takes a seat" + (f" ({color})." if color else "."))
    return name


def cmd_setup(b: Builder, args: list[str]) -> str | None:
    if b.state.set_up:
        raise IllegalMoveError("The game is already set up.")
    if not b.state.table.seats:
        raise IllegalMoveError("Seat the players first with player NAME.")
    options = sorted({a.lower().lstrip("-") for a in args})
    known = {c.option for c in b.catalog.cards.values() if c.option}
    for option in options:
        if option not in known:
            raise CommandSyntaxError(f"{option!r} is not an option; known: {', '.join(known)}.")
    b.add(event("game_set_up", options=options))
    extra = [c for c in b.catalog.cards.values() if c.option in options]
    for card in extra:
        b.add(piles.move(card.card_id, "box", piles.deck_zone(card.deck), f"option {card.option}"))
    if extra:
        b.say(f"Shuffle the {len(extra)} {', '.join(options)} "
              f"{for_count(len(extra), 'card')} into their decks.")
    first = b.state.table.seats[0]
    b.say(f"Round 1, action phase; {first} is active.")  # what the table does first
    frontier.place_at_setup(b)
    b.add(event("phase_changed", round=1, phase="action", active=first))
    return None


def cmd_turn(b: Builder, args: list[str]) -> str | None:
    _require_setup(b)
    if len(args) != 1:
        raise CommandSyntaxError("turn takes one seat: turn Bob")
    seat = b.state.table.find_seat(args[0])
    _require_explored(b)
    t = b.state.table
    b.add(event("phase_changed", round=t.round, phase=t.phase, active=seat))
    b.say(f"{seat} is active.")
    return seat


def _require_explored(b: Builder) -> None:
    """35.2d: an exploration under way is finished before another player's turn."""
    head = b.state.head
    if b.state.revealed is not None:
        raise IllegalMoveError(f"{label(b.catalog, b.state.revealed)} is revealed and not "
                               f"resolved yet: it is resolved before the next turn.")
    if head is not None and head.started:
        raise IllegalMoveError(f"{head.seat}'s exploration is not finished: its card is drawn "
                               f"and resolved before the next turn.")


def cmd_tech(b: Builder, args: list[str]) -> str | None:
    _require_setup(b)
    if len(args) < 2:
        raise CommandSyntaxError("tech takes a seat and a technology: tech Alice dark-energy-tap")
    seat = b.state.table.find_seat(args[0])
    techs = data_of(b).techs
    key = match_name(" ".join(args[1:]), ((k, t.name) for k, t in techs.items()))
    if key is None:
        names = ", ".join(t.name for t in techs.values())
        raise IllegalMoveError(f"{' '.join(args[1:])!r} is not a technology this companion "
                               f"tracks (it tracks {names}).")
    if b.state.has_tech(seat, key):
        raise IllegalMoveError(f"{seat} already owns {techs[key].name}.")
    b.add(event("tech_gained", seat=seat, tech=key))
    b.say(f"{seat} owns {techs[key].name}.")
    return seat


def cmd_take(b: Builder, args: list[str]) -> str | None:
    _require_setup(b)
    words, parts = split_keywords(args)
    seat = seat_of(b, parts)
    take_planets(b, find_planets(b, words), seat)
    return seat


def take_planets(b: Builder, planets: list[CardEntry], seat: str) -> None:
    """35.1 and note 3: gain planets in the order given, each explored as it is gained."""
    for card in planets:
        zone = b.state.table.zone_of(card.card_id)
        if zone == piles.area_zone(seat):
            raise IllegalMoveError(already_controls(seat, card.name))
        require_on_map(b, card, "taken")
        _require_not_queued(b, card)
        if [p.card_id for p in planets].count(card.card_id) > 1:
            raise IllegalMoveError(f"{card.name} is named twice: name each planet once.")
    enqueue(b, [Exploration(seat, "planet", p.card_id, "took control", gain=True)
                for p in planets])


def _require_not_queued(b: Builder, card: CardEntry) -> None:
    """A planet being gained and explored, or waiting to be, cannot be taken meanwhile."""
    item = next((i for i in b.state.queue if i.gain and i.target == card.card_id), None)
    if item is None:
        return
    if item.started:
        raise IllegalMoveError(f"{item.seat} has just gained {card.name} and is exploring it: "
                               f"it can be taken once that exploration is resolved.")
    raise IllegalMoveError(f"{card.name} is already waiting to be gained by {item.seat} "
                           f"(the queue in state shows the order).")


def require_on_map(b: Builder, card: CardEntry, done: str) -> None:
    """Refuse a planet still in the box (Mirage before its card is explored) or purged."""
    zone = b.state.table.zone_of(card.card_id)
    if zone in ("box", "purged"):
        why = "it is not on the map yet" if zone == "box" else "its card was purged"
        raise IllegalMoveError(f"{card.name} cannot be {done}: {why}.")


def cmd_choose(b: Builder, args: list[str]) -> str | None:
    item = b.state.head
    if item is None or not item.started or len(item.decks) < 2:
        raise IllegalMoveError("No exploration is waiting for a choice of deck.")
    if b.state.revealed is not None or item.deck is not None:
        raise IllegalMoveError(f"{item.seat} already chose the {item.draw_deck} deck.")
    if len(args) != 1:
        raise CommandSyntaxError(f"choose takes one deck: {' or '.join(item.decks)}.")
    deck = match_name(args[0], ((d, d) for d in item.decks))
    if deck is None:
        raise IllegalMoveError(f"{args[0]!r} is not one of the decks {item.seat} may choose: "
                               f"{', '.join(item.decks)}.")
    chosen = replace(item, deck=deck)
    set_queue(b, (chosen, *b.state.queue[1:]))
    b.say(f"{item.seat} chooses the {deck} deck (35.2c).")
    if not prepare_draw(b, chosen, deck):
        set_queue(b, b.state.queue[1:])
        start_queue(b)
    return item.seat


def cmd_order(b: Builder, args: list[str]) -> str | None:
    waiting = [i for i in b.state.queue if not i.started]
    if not waiting:
        raise IllegalMoveError("No exploration is waiting, so there is nothing to order.")
    first = _waiting_named(b, waiting, args)
    ordered = first + [i for i in waiting if i not in first]
    started = [i for i in b.state.queue if i.started]
    set_queue(b, (*started, *ordered))
    b.say("Explorations will resolve in this order: "
          + ", ".join(target_phrase(b.catalog, i) for i in ordered) + " (35.2d).")
    return ordered[0].seat


def _waiting_named(b: Builder, waiting: list[Exploration], words: list[str]) -> list[Exploration]:
    """Waiting items named by planet (several words allowed) or tile, in the order typed."""
    found: list[Exploration] = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):
            text = simple(" ".join(words[i:j]))
            free = [w for w in waiting if w not in found]
            hits = [w for w in free if _names(b, w, text, exact=True)]
            hits = hits or [w for w in free if _names(b, w, text, exact=False)]
            if len(hits) == 1:
                found.append(hits[0])
                i = j
                break
        else:
            names = ", ".join(target_phrase(b.catalog, w) for w in waiting)
            raise IllegalMoveError(f"{words[i]!r} is not a waiting exploration (waiting: "
                                   f"{names}).")
    return found


def _names(b: Builder, item: Exploration, text: str, exact: bool) -> bool:
    if item.kind == "frontier":
        return text == item.target
    card = b.catalog.cards[item.target]
    name = simple(card.name)
    return name == text or text == card.card_id.lower() or (not exact and name.startswith(text))


def cmd_resolve(b: Builder, args: list[str]) -> str | None:
    """`resolve`, or `resolve WORD` for the revealed card's own choice (choices.py)."""
    if len(args) > 1:
        raise CommandSyntaxError("resolve takes nothing, or the card's choice: resolve gain")
    seat = b.state.head.seat if b.state.head else None
    word = args[0] if args else None
    resolve(b, lambda card, who: choices.apply_choice(b, card, who, word))
    return seat


def cmd_explore_again(b: Builder, args: list[str]) -> str | None:
    _require_setup(b)
    words, parts = split_keywords(args)
    if "with" not in parts:
        raise CommandSyntaxError("Name the ability: explore-again PLANET with ABILITY.")
    planets = find_planets(b, words)
    if len(planets) != 1:
        raise CommandSyntaxError("explore-again explores one planet at a time.")
    card = planets[0]
    require_on_map(b, card, "explored")
    owner = b.state.controller(card.card_id)
    seat = b.state.table.find_seat(parts["for"]) if "for" in parts else owner
    if seat is None:
        raise IllegalMoveError(f"Nobody controls {card.name}: say who explores it with for SEAT.")
    if not traits_of(b.state, card):
        raise IllegalMoveError(f"{card.name} has no trait, so it cannot be explored (35.2b).")
    ability = abilities.planet_permission(b, parts["with"], seat, card, owner)
    enqueue(b, [Exploration(seat, "planet", card.card_id, ability)])
    return seat


def cmd_frontier(b: Builder, args: list[str]) -> str | None:
    _require_setup(b)
    words, parts = split_keywords(args)
    seat = seat_of(b, parts)
    if not words:
        raise CommandSyntaxError("frontier takes a tile number: frontier 41 for Alice")
    tiles = [frontier.parse_tile(w) for w in words]
    permission = abilities.frontier_permission(b, seat, parts.get("with"))
    frontier.explore_tokens(b, seat, tiles, permission)
    return seat


def cmd_place_frontier(b: Builder, args: list[str]) -> str | None:
    _require_setup(b)
    words, parts = split_keywords(args)
    if len(words) != 1 or "with" not in parts:
        raise CommandSyntaxError("place-frontier takes a tile and the ability that places the "
                                 "token: place-frontier 41 with \"Multiverse Shift\"")
    frontier.place_by_ability(b, frontier.parse_tile(words[0]), parts["with"])
    return None


def cmd_trade(b: Builder, args: list[str]) -> str | None:
    _require_setup(b)
    words, parts = split_keywords(args)
    if not words or "to" not in parts:
        raise CommandSyntaxError("trade takes fragment IDs and a seat: trade C12 to Bob")
    seat = b.state.table.find_seat(parts["to"])
    relics.trade(b, words, seat)
    return seat


def cmd_relic(b: Builder, args: list[str]) -> str | None:
    _require_setup(b)
    words, parts = split_keywords(args)
    if not words:
        raise CommandSyntaxError("relic takes a seat, then optionally a type or 3 fragment "
                                 "IDs, or draws and the relic drawn by an ability.")
    seat = b.state.table.find_seat(words[0])
    if "with" in parts:
        relics.relic_by_ability(b, seat, parts["with"])
    elif len(words) > 2 and words[1].lower() == "draws":  # by an ability, drawn (try 15)
        relics.gain_by_ability(b, seat, " ".join(words[2:]))
    elif len(words) > 1 and relics.fabrication_named(b, words[1]):  # a faction's purge
        relics.fabricate(b, seat, words[1:])
    else:
        relics.purge_for_relic(b, seat, words[1:])
    return seat


def cmd_exhaust(b: Builder, args: list[str]) -> str | None:
    """`exhaust RELIC`: its holder uses a relic by exhausting it (try 14, finding 23)."""
    _require_setup(b)
    if not args:
        raise CommandSyntaxError("exhaust takes the relic: exhaust R03, or exhaust Scepter.")
    held = b.catalog.in_deck(data_of(b).relic_deck, b.state.options)
    key = match_name(" ".join(args), ((c.card_id, c.name) for c in held))
    card = b.catalog.card(key if key else args[0])
    return relics.exhaust(b, card)


def cmd_terraform(b: Builder, args: list[str]) -> str | None:
    _require_setup(b)
    planets = find_planets(b, args)
    card = planets[0]
    owner = b.state.controller(card.card_id)
    if len(planets) != 1 or owner is None:
        raise IllegalMoveError("Terraform attaches to one planet a player controls.")
    if not traits_of(b.state, card):
        raise IllegalMoveError(f"{card.name} has no trait, so Terraform cannot attach to it.")
    if card.card_id in b.state.extra_traits:
        raise IllegalMoveError(f"{card.name} is already terraformed.")
    b.add(event("traits_added", planet=card.card_id, traits=list(data_of(b).terraform_traits),
                reason="Terraform"))
    b.say(f"Terraform is attached to {card.name}: it now has every trait, so whoever "
          f"explores it chooses the deck (35.2c).")
    return owner


def cmd_purge(b: Builder, args: list[str]) -> str | None:
    _require_setup(b)
    if not args:
        raise CommandSyntaxError("purge takes a card ID and why: purge F03 Enigmatic Device used")
    card = b.catalog.card(args[0])
    why = " ".join(args[1:]) or "purged by an ability"
    zone = b.state.table.zone_of(card.card_id)
    if card.card_id in {i.target for i in b.state.queue}:
        raise IllegalMoveError(f"{card.name} is being explored; finish that first.")
    if b.state.table.zone(card.card_id).kind not in ("area", "attached") and zone != COMMON:
        raise IllegalMoveError(f"{label(b.catalog, card.card_id)} cannot be purged: it is "
                               f"{zone_words(b, zone)}, not in play.")
    owner = b.state.controller(card.card_id)
    b.add(piles.move(card.card_id, zone, "purged", why))
    b.say(f"{label(b.catalog, card.card_id)} is purged ({why}).")
    keeps = card.attrs.get("table_keeps")
    if keeps and owner and card.attrs.get("purge_use") and why == relics.USED:
        b.say(str(keeps).replace("{seat}", owner))  # what the table does for it
    points = int(card.attrs.get("purge_victory_points", 0))
    if points and owner and "victory point" in why:  # kept at the table (try 12, 38)
        b.say(f"The app does not count victory points: {owner} moves up "
              f"{counted(points, 'space')} on the table's victory point track.")
    for token in [t for t in b.state.map_tokens if t.card == card.card_id]:
        b.add(event("map_token_removed", card=card.card_id, reason=why))
        b.say(f"Take the {token.token} token off tile {token.tile}.")
    for attached in b.state.table.cards_in(piles.attached_zone(card.card_id)):
        b.add(piles.move(attached, piles.attached_zone(card.card_id), "purged", why))
        b.say(f"Its attachment {label(b.catalog, attached)} is purged with it.")
    return owner


#: Before `setup`: seating the players and setting up.
SETUP_VERBS: dict[str, Handler] = {"player": cmd_player, "setup": cmd_setup}
#: After `setup` the game stays in its action phase (this module tracks no other phase).
ACTION_VERBS: dict[str, Handler] = {
    "turn": cmd_turn, "tech": cmd_tech, "take": cmd_take, "choose": cmd_choose,
    "order": cmd_order, "resolve": cmd_resolve, "explore-again": cmd_explore_again,
    "frontier": cmd_frontier, "place-frontier": cmd_place_frontier, "trade": cmd_trade,
    "relic": cmd_relic, "exhaust": cmd_exhaust, "terraform": cmd_terraform, "purge": cmd_purge,
    "commodity-value": factions.cmd_commodity_value, "faction": factions.cmd_faction,
    factions.SKIP: factions.cmd_factions_assumed,
}
