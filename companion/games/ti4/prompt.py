"""TI4 exploration's choices for the table API's prompt (see companion/core/prompt.py).

Each function lists candidate actions; the core dry-runs every command through
the rules, so a refused one is shown disabled with the refusal as its reason.
Abilities the companion does not model (Nova Seed, Black Market Forgery, ...)
are entered by name as text inputs. TI4 exploration tracks no costs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.engine import split_words
from companion.core.prompt import Choice, InputSpec, Option, Situation, fill_template
from companion.core.speech import number_words
from companion.games.ti4 import factions, rounds, take
from companion.games.ti4.abilities import not_theirs
from companion.games.ti4.choices import card_choices, faction_of, gain_note, not_possible
from companion.games.ti4.data import fragment_type, ti4_data
from companion.games.ti4.explore import label, target_phrase, traits_of
from companion.games.ti4.frontier import on_the_map
from companion.games.ti4.relic_uses import RELIC_USE, one_relic_uses, relic_uses
from companion.games.ti4.relics import APP, TOKEN, purge_sets
from companion.games.ti4.state import COMMON, TI4State
from companion.games.ti4.take import PLANETS, word
from companion.games.ti4.view import owed_decks, waiting_for
from companion.games.ti4.words import either

SETUP, EXPLORE, TURN = "Setup", "Exploration", "Turn"
FRONTIER, RELICS, CARDS = "Frontier tokens", "Relic fragments and relics", "Cards in play"
TECH = "Technologies"  # recording one: the player, then the technology
HELD = "Planets held"  # exploring a controlled planet again, Terraform
STATUS = "Status phase"  # its purges, the next round
FACTIONS = "Faction sheets"  # a seat's commodity value, after the turn's own ways
#: The groups in the order every seat sees them, whatever is explored: what explores
#: first (the end of the turn itself is pinned, `main`), the turn's other choices after.
PROMPT_GROUPS = (SETUP, EXPLORE, PLANETS, FRONTIER, TURN, STATUS, HELD, RELICS, TECH,
                 FACTIONS, CARDS)
ABILITY = "ability"  # the probe's name for an ability the player enters (one plain word)
NOT_LISTED = "another ability, by its name"  # the free name's button, after those listed


def _choice(label_: str, group: str, **kind: object) -> Choice:
    return Choice(label_, group, priced=False, **kind)  # type: ignore[arg-type]


def _ability_input(label_: str, group: str, template: str) -> Choice:
    """An ability the companion does not know, entered by name (a free name)."""
    probe = template.replace("{}", ABILITY)
    return _choice(label_, group, input=InputSpec("text", template, probe=probe))


def _known_abilities(label_: str, group: str, template: str, catalog: Catalog,
                     explores: str, state: TI4State, seat: str | None) -> list[Choice]:
    """The abilities the catalog knows that explore a planet or a frontier token, as one
    `choice` whose label names them ("... with Exploration Probe or Multiverse Shift"),
    none when the catalog knows none. Another faction's ability (once `seat`'s faction is
    said) is greyed with why and left out of the label."""
    options = tuple(Option(key, ability.name, detail=ability.condition or None, reason=(
        not_theirs(state, catalog, ability.name, ability.faction, seat) if seat else None))
                    for key, ability in ti4_data(catalog).abilities.items()
                    if ability.explores == explores)
    enabled = [o for o in options if o.enabled]
    if not enabled:
        return []
    label_ = f"{label_} {either(o.label for o in enabled)}"
    if len(enabled) == 1:  # the one possible: its label is the whole command (try 20,
        # finding 9b: "Tile 40 with Exploration Probe" was chosen twice)
        return [_choice(label_, group, command=template.replace("{}", enabled[0].value))]
    options = (*enabled, *(o for o in options if not o.enabled))
    probe = template.replace("{}", options[0].value)
    return [_choice(label_, group, input=InputSpec("choice", template, probe=probe,
                                                   options=options))]


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
    if not owed and state.table.phase == rounds.STATUS:
        return rounds.status_sentence(state)
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
    choices = [*factions.setup_choices(state, catalog, SETUP),
               *_exploration_choices(state, catalog)]
    active = state.table.active
    # A card drawn and not resolved, or a relic owed: no other turn nor a new exploration
    # is offered until it is (typed, a take still queues behind it, 35.2d).
    pending = state.revealed is not None or (state.head is not None and state.head.started) \
        or bool(state.relic_draws)
    if state.table.phase == rounds.STATUS:
        choices += rounds.status_choices(state, catalog, STATUS, pending)
    else:
        choices += rounds.turn_choices(state, TURN, pending)
    if not pending and active is not None:
        choices += [*take.take_order(state, catalog, active),
                    _choice("Take planets for another player", PLANETS, partial="take for")]
    # Terraforming (always offered) before exploring a planet again (hidden while a card
    # waits): the one that stays keeps the first place of its group (issue 22).
    choices.append(_choice("Terraform a planet", HELD, partial="terraform"))
    if not pending and active is not None:
        choices.append(_choice("Explore a planet again", HELD, partial="explore-again"))
    # The token's own exploration (hidden while a card waits), placing one (always), then
    # a technology's other way (once recorded) last: an action that comes or goes moves no
    # other of the group to the other half of its row (issue 22, try 10 finding 36).
    frontier = _frontier_choices(state, catalog, active) \
        if not pending and active is not None else []
    choices += [*frontier[:1],
                _choice("Place a frontier token by an ability", FRONTIER,
                        partial="place-frontier"),
                *frontier[1:],
                # Greyed in its place while nobody holds a fragment: arriving with the first
                # one, it moved the purge to the other half of its row (try 28, finding 8).
                _choice("Trade a relic fragment", RELICS, partial="trade", in_place=True,
                        greyed="Trade a relic fragment: nobody holds one")]
    if not state.relic_draws:  # a relic owed is drawn first (try 12, finding 40)
        choices.append(_choice(_relic_label(state, catalog), RELICS, partial="relic"))
    # After the group's others, so none of them moves; greyed in place while exhausted.
    choices += relic_uses(state, catalog, active, explore=not pending)
    choices += [_choice("Record a technology", TECH, partial="tech"),
                *factions.commodity_choices(state, catalog, FACTIONS)]
    return [*choices, _choice("Purge a card in play", CARDS, partial="purge")]


def _frontier_choices(state: TI4State, catalog: Catalog, active: str) -> list[Choice]:
    """Which token, on one screen: with a technology that explores frontier tokens the tile
    is the whole command (one tap); without, that way is greyed in its place. Another
    ability is the partial that asks the tile, then how."""
    label_ = f"Explore a frontier token for {active}"
    tokens = on_the_map(state, catalog, state.frontier)
    if not tokens:
        return [_choice(label_, FRONTIER, partial="frontier")]
    options = _token_options(state, catalog)
    techs = [t.name for t in ti4_data(catalog).techs.values() if t.explores == "frontier"]
    owned = any(state.has_tech(active, k) for k, t in ti4_data(catalog).techs.items()
                if t.explores == "frontier")
    spec = InputSpec("choice", "frontier {}", probe=f"frontier {options[0].value}",
                     options=options)
    # Every seat's group has the same places (stranger 2, finding 4: with a technology one
    # more row pushed "passes" down): without one, its way is greyed in place with why.
    refused = None if owned else f"{active} does not own {either(techs)}: explore a " \
        f"frontier token by an ability."
    return [_choice(label_, FRONTIER, input=spec, refused=refused, in_place=True,
                    greyed=None if owned else f"Explore a frontier token: needs {either(techs)}"),
            _choice("Explore a frontier token by an ability", FRONTIER, input=InputSpec(
                "choice", "frontier {}", probe=f"frontier {options[0].value} with {ABILITY}",
                options=options, then="partial"))]  # the tile, then how: as many taps


def _token_options(state: TI4State, catalog: Catalog) -> tuple[Option, ...]:
    """The tiles holding a frontier token, each by what a player calls it."""
    return tuple(Option(t, ti4_data(catalog).system_words(t))
                 for t in on_the_map(state, catalog, state.frontier))


def resolutions(state: TI4State, catalog: Catalog) -> list[Choice]:
    """Resolve the revealed card; a card with its own choice offers each, and no plain
    resolve (typed, it still resolves the card with the choice made at the table)."""
    if state.revealed is None:
        return []
    name, card = label(catalog, state.revealed), catalog.card(state.revealed)
    seat = acting_seat(state)
    options = card_choices(card)
    if not options or seat is None:
        return [_choice(f"Resolve {name}", EXPLORE, command="resolve")]
    # Each of the card's alternatives in its place, one not possible now greyed with why
    # (try 14, findings 10 and 15: a convert with no commodities vanished).
    return [_choice(f"Resolve {name}: {o['text']}{gain_note(state, catalog, seat, o)}",
                    EXPLORE, command=f"resolve {o['word']}", in_place=True,
                    refused=not_possible(state.table, seat, o)) for o in options]


def _exploration_choices(state: TI4State, catalog: Catalog) -> list[Choice]:
    choices = [*resolutions(state, catalog)]
    head = state.head
    if head is not None and head.started and head.deck is None and len(head.decks) > 1:
        choices += [_choice(f"{head.seat} chooses the {deck} deck", EXPLORE,
                            command=f"choose {deck}") for deck in head.decks]
    # The queue's next one is named as next; another one is explored before it (try 20,
    # finding 5: "Explore Lodor next" read as if the planet queued before it was skipped).
    waiting = [i for i in state.queue if not i.started]
    for item in waiting[1:]:
        choices.append(_choice(f"Explore {target_phrase(catalog, item)} before "
                               f"{target_phrase(catalog, waiting[0])}", EXPLORE,
                               command=f"order {item.target}"))
    return choices


# ---- expansions ---------------------------------------------------------------------------
def _controlled_planets(state: TI4State, catalog: Catalog) -> list[str]:
    planet_deck = ti4_data(catalog).planet_deck
    return [c for c in state.table.locations
            if state.table.zone(c).kind == "area" and catalog.cards[c].deck == planet_deck]


def active_first(state: TI4State) -> tuple[str, ...]:
    """The seats as lists of theirs go: the seat whose turn it is first, then the others
    in this round's turn order (a player looks for their own line at the top)."""
    order = [s for s in state.turn_order if s in state.table.seats]
    order += [s for s in state.table.seats if s not in order]
    active = state.table.active
    start = order.index(active) if active in order else 0
    return (*order[start:], *order[:start])


def _by_owner(state: TI4State, planets: Sequence[str]) -> list[str]:
    """Controlled planets gathered by owner, the active seat's first (`active_first`), kept
    in table order within."""
    seats = active_first(state)
    return sorted(planets, key=lambda c: seats.index(state.controller(c) or seats[0]))


def _held(state: TI4State, catalog: Catalog, card_id: str) -> str:
    """A planet someone holds, with whose it is ("Wellon (P19) · Omar"): every seat's are
    listed, and a player should not have to remember who took which."""
    owner = state.controller(card_id)
    return f"{label(catalog, card_id)} · {owner}" if owner else label(catalog, card_id)


def _expand_again(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    if len(words) == 1:
        return [_choice(_held(state, catalog, c), PLANETS, partial=f"explore-again {c}")
                for c in _by_owner(state, _controlled_planets(state, catalog))
                if traits_of(state, catalog.cards[c])]
    planet = words[1].upper()
    owner = state.controller(planet) if planet in catalog.cards else None
    if owner is None:
        return []
    data = ti4_data(catalog)
    choices = [_choice(f"With {tech.name}" + (f" ({owner} owns it)" if state.has_tech(
        owner, key) else ""), PLANETS, command=f"explore-again {planet} with {key}")
               for key, tech in data.techs.items() if tech.explores == "planet"]
    choices += [_choice(f"With {catalog.cards[r].name}", PLANETS,
                        command=f"explore-again {planet} with {r}")
                for r in state.table.cards_in(piles.area_zone(owner))
                if catalog.cards[r].attrs.get("explores_planet")]
    template = f"explore-again {planet} with {{}}"
    known = _known_abilities("With", PLANETS, template, catalog, "planet", state, owner)
    named = _ability_input(f"With {NOT_LISTED}", PLANETS, template)
    return [*choices, *known, named]


def _expand_frontier(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    """Which token first (a `choice` of the tiles holding one), then how: the technology
    that explores one (saying when it is to be recorded first), the abilities known, or
    another ability named."""
    active = state.table.active
    tokens = on_the_map(state, catalog, state.frontier)
    if len(words) == 1:
        if not tokens:
            return []
        options = _token_options(state, catalog)
        spec = InputSpec("choice", "frontier {}", probe=f"frontier {options[0].value} with "
                         f"{ABILITY}", options=options, then="partial")
        return [_choice(f"Which tile's frontier token {active} explores", FRONTIER,
                        input=spec)]
    tile = words[1]
    if tile not in tokens:
        return []
    template = f"frontier {tile} with {{}}"
    techs = [_choice(f"Tile {tile} with {tech.name}" + (
        f" ({active} owns it)" if active and state.has_tech(active, key) else
        f": record {tech.name} first (Record a technology)"), FRONTIER,
        command=f"frontier {tile}")
        for key, tech in ti4_data(catalog).techs.items() if tech.explores == "frontier"]
    return [*techs,
            *_known_abilities(f"Tile {tile} with", FRONTIER, template, catalog, "frontier",
                              state, active),
            _ability_input(f"Tile {tile} with {NOT_LISTED}", FRONTIER, template)]


def _expand_place(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    """Which system first, then which ability: each the catalog knows places a token, by
    name (another faction's greyed with why), then another ability named (try 15, finding
    1: a known name was typed)."""
    data = ti4_data(catalog)
    if len(words) == 1:
        tiles = [t for t in on_the_map(state, catalog, (*data.other_system_tiles,
                                                         *data.frontier_setup_tiles))
                 if t not in state.frontier]
        return [_choice(data.system_words(t), FRONTIER, partial=f"place-frontier {t}")
                for t in dict.fromkeys(tiles)]
    tile = words[1]
    known = [_choice(f"Tile {tile} with {a.name}", FRONTIER,
                     command=fill_template(f"place-frontier {tile} with {{}}", [a.name]))
             for a in data.abilities.values() if a.places_frontier]
    return [*known, _ability_input(f"Tile {tile} with {NOT_LISTED}", FRONTIER,
                                   f"place-frontier {tile} with {{}}")]


def _expand_trade(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    if len(words) == 1:
        return [_choice(f"{label(catalog, c)} from {state.controller(c)}", RELICS,
                        partial=f"trade {c}")
                for seat in state.table.seats for c in state.table.cards_in(piles.area_zone(seat))
                if fragment_type(catalog.cards[c])]
    giver = state.controller(words[1].upper()) if words[1].upper() in catalog.cards else None
    return [_choice(f"To {seat}", RELICS, command=f"trade {words[1].upper()} to {word(seat)}")
            for seat in state.table.seats if giver is not None and seat != giver]


#: `relic purges`: the purges alone (the Relics panel's buttons, one per set).
PURGES = "purges"


def _expand_relic(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    purges_only = [w.lower() for w in words[1:]] == [PURGES]
    choices = []
    for seat in state.table.seats:  # in seat order: a seat's rows stay put (finding 4)
        purges = [_purge_choice(state, catalog, seat), *_fabrication(state, catalog, seat)]
        choices += purges if purges_only else [*purges, _relic_by_ability(state, catalog, seat)]
    return choices


def _relic_label(state: TI4State, catalog: Catalog) -> str:
    """The relics' way in, naming a faction ability of the table's that purges fragments
    (try 29: a Naaz-Rokha player looked for "Fabrication" and found it nowhere in view)."""
    named = dict.fromkeys(f.fabrication.name for f in
                          (faction_of(state, catalog, seat) for seat in state.table.seats)
                          if f is not None and f.fabrication is not None)
    also = "".join(f", {name}" for name in named)
    return f"Purge three fragments for a relic{also}, or draw one by an ability"


def _fabrication(state: TI4State, catalog: Catalog, seat: str) -> list[Choice]:
    """A faction's ability purging fewer fragments (the Naaz-Rokha's Fabrication, try 27
    finding 2): fewer of one type for a relic, and one for a command token; offered only
    to the seat playing that faction."""
    faction = faction_of(state, catalog, seat)
    ability = faction.fabrication if faction else None
    if ability is None:
        return []
    need = ability.fragments_per_relic
    relic = _purge_choice(state, catalog, seat, need, ability.name.lower(), f"{seat} purges "
                          f"{number_words(need)} fragments for a relic ({ability.name})")
    mine = _fragments(state, catalog, seat)
    one = "a fragment" if ability.fragments_per_token == 1 else \
        f"{number_words(ability.fragments_per_token)} fragments"
    token_label = f"{seat} purges {one} for a command token ({ability.name})"
    template = f"relic {word(seat)} {ability.name.lower()} {TOKEN} {{}}"
    if not mine or ability.fragments_per_token != 1:
        return [relic, _choice(token_label, RELICS, command=template.replace(" {}", ""))]
    options = tuple(Option(c.card_id, label(catalog, c.card_id)) for c in mine)
    return [relic, _choice(token_label, RELICS, input=InputSpec(
        "choice", template, probe=template.replace("{}", options[0].value), options=options))]


def _fragments(state: TI4State, catalog: Catalog, seat: str) -> list[CardEntry]:
    return [catalog.cards[c] for c in state.table.cards_in(piles.area_zone(seat))
            if fragment_type(catalog.cards[c])]


def _relic_by_ability(state: TI4State, catalog: Catalog, seat: str) -> Choice:
    """A relic drawn by an ability, by touch (try 15, finding 1: it asked for a typed
    name): the relics still in the relic deck by name, A to Z, each gained at once, after
    the top one for the app to draw (or picked once drawn, as after a purge)."""
    deck = piles.deck_zone(ti4_data(catalog).relic_deck)
    left = sorted(state.table.cards_in(deck), key=lambda c: catalog.cards[c].name)
    options = (Option(APP, "The top relic: let the app draw it"),
               *(Option(c, catalog.cards[c].name) for c in left))
    template = f"relic {word(seat)} draws {{}}"
    return _choice(f"{seat} draws a relic by an ability", RELICS, input=InputSpec(
        "choice", template, probe=template.replace("{}", options[-1].value), options=options))


def _purge_choice(state: TI4State, catalog: Catalog, seat: str, need: int = 0,
                  ability: str = "", label_: str = "") -> Choice:
    """Purging for a relic: a seat with several sets to purge chooses which (a `choice`
    of the sets, 35.9a); one set or none is the plain command (refused with its reason).
    An ability's purge (`ability`, Fabrication) takes `need` fragments instead."""
    data = ti4_data(catalog)
    need = need or data.fragments_per_relic
    sets = purge_sets(_fragments(state, catalog, seat), need, data.wild_fragment_type)
    label_ = label_ or f"{seat} purges {number_words(need)} fragments for a relic"
    command = " ".join(w for w in ("relic", word(seat), ability) if w)
    if len(sets) < 2:
        return _choice(label_, RELICS, command=command)
    options = tuple(Option(",".join(c.card_id for c in cards), _set_words(cards))
                    for cards in sets)
    template = f"{command} {{}}"
    return _choice(label_, RELICS, input=InputSpec(
        "choice", template, probe=template.replace("{}", options[0].value), options=options))


def _set_words(cards: Sequence[CardEntry]) -> str:
    """'2 hazardous (H14, H15) + 1 unknown (F12)': a set of fragments by type."""
    kinds: dict[str, list[str]] = {}
    for card in cards:
        kinds.setdefault(str(fragment_type(card)), []).append(card.card_id)
    return " + ".join(f"{len(ids)} {kind} ({', '.join(ids)})" for kind, ids in kinds.items())


def _expand_tech(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    if len(words) == 1:
        return [_choice(seat, TECH, partial=f"tech {word(seat)}") for seat in state.table.seats]
    seat = " ".join(words[1:])
    return [_choice(tech.name, TECH, command=f"tech {word(seat)} {key}")
            for key, tech in ti4_data(catalog).techs.items() if not state.has_tech(seat, key)]


def _expand_terraform(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    return [_choice(_held(state, catalog, c), PLANETS, command=f"terraform {c}")
            for c in _by_owner(state, _controlled_planets(state, catalog))
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
    if len(words) > 2:  # a planet, asked again: it leaves the game for good
        return _purge_planet(state, catalog, words[2].upper())
    every_attached = zone == "attached:"
    cards = [c for c, z in state.table.locations.items()
             if z == zone or (every_attached and state.table.zone(c).kind == "attached")]
    planets = ti4_data(catalog).planet_deck
    return [_choice(label(catalog, c), CARDS, partial=f"purge {zone} {c}")
            if catalog.cards[c].deck == planets else
            _choice(label(catalog, c), CARDS, command=f"purge {c}") for c in cards]


def _purge_planet(state: TI4State, catalog: Catalog, planet: str) -> list[Choice]:
    """A planet's purge, one tap further (try 20, finding 1: beside the relic a player
    meant to use, one mis-tap purged a planet at once)."""
    if planet not in state.table.locations:
        return []
    return [_choice(f"Purge {label(catalog, planet)}: it leaves the game for good",
                    CARDS, command=f"purge {planet}")]


def _expand_relic_use(state: TI4State, catalog: Catalog, words: Sequence[str]) -> list[Choice]:
    """`relic-use RELIC`: one relic's uses (the Relics panel's tap on a relic)."""
    if len(words) != 2:
        return []
    pending = state.revealed is not None or (state.head is not None and state.head.started) \
        or bool(state.relic_draws)
    return one_relic_uses(state, catalog, words[1], state.table.active, not pending)


Expander = Callable[[TI4State, Catalog, Sequence[str]], list[Choice]]
EXPANDERS: dict[str, Expander] = {
    "take": take.expand_take, "explore-again": _expand_again, "frontier": _expand_frontier,
    "place-frontier": _expand_place, "trade": _expand_trade, "tech": _expand_tech,
    "terraform": _expand_terraform, "purge": _expand_purge, "relic": _expand_relic,
    RELIC_USE: _expand_relic_use,
    factions.VERB: lambda state, catalog, words: factions.expand(state, catalog, words, FACTIONS),
    factions.FACTION: lambda state, catalog, words: factions.expand_factions(
        state, catalog, words, FACTIONS),
}


def expand(state: TI4State, catalog: Catalog, partial: str, seat: str | None) -> list[Choice]:
    """The choices that may follow `partial`; nothing in TI4 exploration is private."""
    try:
        words = split_words(partial)
    except ValueError:
        return []
    expander = EXPANDERS.get(words[0].lower()) if words else None
    return expander(state, catalog, words) if expander and state.set_up else []
