"""TI4 exploration's choices for the table API's prompt (see companion/core/prompt.py).

Each function lists candidate actions; the core dry-runs every command through
the rules, so a refused one is shown disabled with the refusal as its reason.
Abilities the companion does not model (Nova Seed, Black Market Forgery, ...)
are entered by name as text inputs. TI4 exploration tracks no costs.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence

from companion.core import piles
from companion.core.catalog import Catalog
from companion.core.engine import split_words
from companion.core.prompt import Choice, InputSpec, Situation
from companion.games.ti4.data import fragment_type, ti4_data
from companion.games.ti4.explore import label, target_phrase, traits_of
from companion.games.ti4.state import COMMON, TI4State
from companion.games.ti4.view import owed_decks, waiting_for

SETUP, EXPLORE, PLANETS, TURN = "Setup", "Exploration", "Planets", "Turn"
FRONTIER, RELICS, CARDS = "Frontier tokens", "Relic fragments and relics", "Cards in play"
ABILITY = "ability"  # the probe's name for an ability the player enters (one plain word)


def _choice(label_: str, group: str, **kind: object) -> Choice:
    return Choice(label_, group, priced=False, **kind)  # type: ignore[arg-type]


def _ability_input(label_: str, group: str, template: str) -> Choice:
    probe = template.replace("{}", ABILITY)
    return _choice(label_, group, input=InputSpec("text", template, probe=probe))


def word(text: str) -> str:
    return shlex.quote(text) if not text.replace("-", "").isalnum() else text


def expects_scan(state: TI4State, catalog: Catalog) -> tuple[str, ...]:
    """The decks the table owes a card from: the exploration under way, or a relic."""
    return owed_decks(state, ti4_data(catalog))


def acting_seat(state: TI4State) -> str | None:
    if state.head is not None and state.head.started:
        return state.head.seat
    if state.relic_draws and state.revealed is None:
        return state.relic_draws[0]
    return state.table.active


def situation(state: TI4State, catalog: Catalog, seat: str | None) -> Situation:
    choices = _setup_choices(state) if not state.set_up else _play_choices(state, catalog)
    return Situation(acting_seat(state), waiting_sentence(state, catalog),
                     expects_scan(state, catalog), tuple(choices))


def waiting_sentence(state: TI4State, catalog: Catalog) -> str:
    """The prompt's sentence: who acts and what the app expects, as a screen shows it
    (the view's `waiting_for` keeps its shorter words, used inside refusals)."""
    acting = acting_seat(state)
    if state.revealed is not None:
        card = label(catalog, state.revealed)
        return (f"{acting}'s exploration: resolve {card}, revealed to all." if acting
                else f"Resolve {card}, revealed to all.")
    if not state.set_up:
        return "Setup: seat each player, then set up the game."
    owed = (state.head is not None and state.head.started) or state.relic_draws
    if not owed:
        return (f"{acting}'s action: take or scan a planet, or another action." if acting
                else "Take or scan a planet, or another action.")
    shorter = waiting_for(state, catalog)  # a card owed, naming whose it is
    return shorter[:1].upper() + shorter[1:] + "."


def _setup_choices(state: TI4State) -> list[Choice]:
    probe = f"player Seat{len(state.table.seats) + 1}"
    return [_choice("Seat a player", SETUP, input=InputSpec("text", "player {}", probe=probe)),
            _choice("Set up the game", SETUP, command="setup"),
            _choice("Set up the game with the Codex cards", SETUP, command="setup codex")]


def _play_choices(state: TI4State, catalog: Catalog) -> list[Choice]:
    choices = _exploration_choices(state, catalog)
    active = state.table.active
    choices += [_choice(f"{seat}'s turn", TURN, command=f"turn {word(seat)}")
                for seat in state.table.seats if seat != active]
    choices += [_choice(f"Take a planet for {active}", PLANETS, partial="take"),
                _choice("Explore a planet again", PLANETS, partial="explore-again"),
                _choice("Terraform a planet", PLANETS, partial="terraform"),
                _choice(f"Explore a frontier token for {active}", FRONTIER, partial="frontier"),
                _choice("Place a frontier token by an ability", FRONTIER,
                        partial="place-frontier"),
                _choice("Trade a relic fragment", RELICS, partial="trade")]
    choices += [_choice("Purge three fragments for a relic, or draw one by an ability", RELICS,
                        partial="relic"),
                _choice("Record a technology", TURN, partial="tech")]
    return [*choices, _choice("Purge a card in play", CARDS, partial="purge")]


def _exploration_choices(state: TI4State, catalog: Catalog) -> list[Choice]:
    choices = []
    if state.revealed is not None:
        choices.append(_choice(f"Resolve {label(catalog, state.revealed)}", EXPLORE,
                               command="resolve"))
    head = state.head
    if head is not None and head.started and head.deck is None and len(head.decks) > 1:
        choices += [_choice(f"{head.seat} chooses the {deck} deck", EXPLORE,
                            command=f"choose {deck}") for deck in head.decks]
    waiting = [i for i in state.queue if not i.started]
    for item in waiting[1:]:
        choices.append(_choice(f"Explore {target_phrase(catalog, item)} next", EXPLORE,
                               command=f"order {item.target}"))
    return choices


# ---- expansions ---------------------------------------------------------------------------
def _controlled_planets(state: TI4State, catalog: Catalog) -> list[str]:
    planet_deck = ti4_data(catalog).planet_deck
    return [c for c in state.table.locations
            if state.table.zone(c).kind == "area" and catalog.cards[c].deck == planet_deck]


TAKE_GROUP = 10  # planets per alphabetical group, so a screen page (and its check) stays small


def _expand_take(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    """Planets in alphabetical groups of a few ("Abaddon to Arinam"), then each planet."""
    active = state.table.active
    taken = ("box", "purged", *([piles.area_zone(active)] if active else []))
    planets = sorted((p for p in catalog.in_deck(ti4_data(catalog).planet_deck)
                      if state.table.zone_of(p.card_id) not in taken), key=lambda p: p.name)
    groups = [planets[i:i + TAKE_GROUP] for i in range(0, len(planets), TAKE_GROUP)]
    if len(words) == 1:
        return [_choice(f"{g[0].name} to {g[-1].name}", PLANETS,
                        partial=f"take group {n}") for n, g in enumerate(groups, start=1)]
    number = int(words[2]) if len(words) == 3 and words[2].isdigit() else 0
    chosen = groups[number - 1] if 1 <= number <= len(groups) else []
    return [_choice(f"{p.name} ({p.card_id})", PLANETS, command=f"take {p.card_id}")
            for p in chosen]


def _expand_again(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    if len(words) == 1:
        return [_choice(label(catalog, c), PLANETS, partial=f"explore-again {c}")
                for c in _controlled_planets(state, catalog)
                if traits_of(state, catalog.cards[c])]
    planet = words[1].upper()
    owner = state.controller(planet) if planet in catalog.cards else None
    if owner is None:
        return []
    data = ti4_data(catalog)
    choices = [_choice(f"With {tech.name}", PLANETS,
                       command=f"explore-again {planet} with {key}")
               for key, tech in data.techs.items() if tech.explores == "planet"]
    choices += [_choice(f"With {catalog.cards[r].name}", PLANETS,
                        command=f"explore-again {planet} with {r}")
                for r in state.table.cards_in(piles.area_zone(owner))
                if catalog.cards[r].attrs.get("explores_planet")]
    named = _ability_input("With another ability, named", PLANETS,
                           f"explore-again {planet} with {{}}")
    return [*choices, named]


def _expand_frontier(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    choices = []
    for tile in state.frontier:
        choices += [_choice(f"Tile {tile} (Dark Energy Tap)", FRONTIER,
                            command=f"frontier {tile}"),
                    _ability_input(f"Tile {tile}, by an ability named", FRONTIER,
                                   f"frontier {tile} with {{}}")]
    return choices


def _expand_place(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    data = ti4_data(catalog)
    tiles = [t for t in (*data.other_system_tiles, *data.frontier_setup_tiles)
             if t not in state.frontier]
    return [_ability_input(f"Tile {t}, by an ability named", FRONTIER,
                           f"place-frontier {t} with {{}}") for t in dict.fromkeys(tiles)]


def _expand_trade(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    if len(words) == 1:
        return [_choice(f"{label(catalog, c)} from {state.controller(c)}", RELICS,
                        partial=f"trade {c}")
                for seat in state.table.seats for c in state.table.cards_in(piles.area_zone(seat))
                if fragment_type(catalog.cards[c])]
    giver = state.controller(words[1].upper()) if words[1].upper() in catalog.cards else None
    return [_choice(f"To {seat}", RELICS, command=f"trade {words[1].upper()} to {word(seat)}")
            for seat in state.table.seats if giver is not None and seat != giver]


def _expand_relic(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    choices = []
    for seat in state.table.seats:
        choices += [_choice(f"{seat} purges three fragments for a relic", RELICS,
                            command=f"relic {word(seat)}"),
                    _ability_input(f"{seat} draws a relic by an ability", RELICS,
                                   f"relic {word(seat)} with {{}}")]
    return choices


def _expand_tech(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    if len(words) == 1:
        return [_choice(seat, TURN, partial=f"tech {word(seat)}") for seat in state.table.seats]
    seat = " ".join(words[1:])
    return [_choice(tech.name, TURN, command=f"tech {word(seat)} {key}")
            for key, tech in ti4_data(catalog).techs.items() if not state.has_tech(seat, key)]


def _expand_terraform(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    return [_choice(label(catalog, c), PLANETS, command=f"terraform {c}")
            for c in _controlled_planets(state, catalog)
            if traits_of(state, catalog.cards[c]) and c not in state.extra_traits]


def _expand_purge(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    """Cards in play by where they lie (a play area, the common area, attachments)."""
    places = {f"{s}'s play area": piles.area_zone(s) for s in state.table.seats}
    places["the common play area"] = COMMON
    if len(words) == 1:
        choices = [_choice(f"A card in {name}", CARDS, partial=f"purge {zone}")
                   for name, zone in places.items() if state.table.count_in(zone)]
        if any(state.table.zone(c).kind == "attached" for c in state.table.locations):
            choices.append(_choice("A card attached to a planet", CARDS,
                                   partial="purge attached:"))
        return choices
    zone = words[1]  # a zone's text, or "attached:" for a card attached to any planet
    every_attached = zone == "attached:"
    cards = [c for c, z in state.table.locations.items()
             if z == zone or (every_attached and state.table.zone(c).kind == "attached")]
    return [_choice(label(catalog, c), CARDS, command=f"purge {c}") for c in cards]


Expander = Callable[[TI4State, Catalog, Sequence[str]], list[Choice]]
EXPANDERS: dict[str, Expander] = {
    "take": _expand_take, "explore-again": _expand_again, "frontier": _expand_frontier,
    "place-frontier": _expand_place, "trade": _expand_trade, "tech": _expand_tech,
    "terraform": _expand_terraform, "purge": _expand_purge, "relic": _expand_relic,
}


def expand(state: TI4State, catalog: Catalog, partial: str, seat: str | None) -> list[Choice]:
    """The choices that may follow `partial`; nothing in TI4 exploration is private."""
    try:
        words = split_words(partial)
    except ValueError:
        return []
    expander = EXPANDERS.get(words[0].lower()) if words else None
    return expander(state, catalog, words) if expander and state.set_up else []
