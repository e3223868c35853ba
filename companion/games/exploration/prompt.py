"""Exploration's choices for the table API's prompt (see companion/core/prompt.py).

Each function lists candidate actions for the state, as commands, partials or
inputs; it decides nothing about legality: the core dry-runs every command and
a refused one is shown disabled with the refusal as its reason. Flight-phase
choices and partial expansions for moves, drops and attacks are in prompt_flight.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.engine import split_words
from companion.core.prompt import Choice, InputSpec, Situation
from companion.games.exploration import catalog as xc
from companion.games.exploration import prompt_flight as flight
from companion.games.exploration.display import (
    acting_seat,
    module_name,
    owed_count,
    owed_decks,
    setup_draw_places,
    ship_called,
    waiting_for,
)
from companion.games.exploration.missions import complete_label
from companion.games.exploration.preparation import energy_once_selected, none_selected
from companion.games.exploration.prompt_draft import DRAFT, expand_pick, pick_choice
from companion.games.exploration.prompt_drift import drift_choices, expand_drift
from companion.games.exploration.prompt_station import (
    DEVELOPMENT,
    expand_station,
    station_choice,
)
from companion.games.exploration.resources import amount_of
from companion.games.exploration.setup import MODULE_CHOICE, recipient
from companion.games.exploration.state import XpState
from companion.games.exploration.status import ShipStatus
from companion.games.exploration.support import maneuver_price
from companion.games.exploration.tiles import TILE, tile_choices

SETUP, TECH = "Setup", "Technology action"
#: The technology actions once the turn's first is played: more only for a technology
#: point, after the ship choices (try 24: a point gained from a development card put the
#: six actions it allows above "Select Ultra-fast (UFST2)", a swipe below the fold, and
#: a turn nearly ended with no ship flying).
TECH_MORE = "More technology actions"
#: A Build list's price of the seat's starting module (taken at setup, built for free).
STARTING_MODULE = "free: your starting module"
SHIPS, MODULES = "Spaceships", "Modules"
MANEUVERS, MISSIONS, TURN = "Maneuver cards", "Missions", "Turn"
#: The groups in the order every seat sees them, whatever its ships and cards. What a tap
#: in a preparation turn makes possible comes last, so its coming moves no button a finger
#: learned (issue 22, try 13): a deployed ship's builds, then the maneuver cards (once a
#: ship is selected); the development cards and the mission stand before them. The
#: technology actions a point allows after the first come there too, before the cards.
PROMPT_GROUPS = (SETUP, DRAFT, TECH, SHIPS, DEVELOPMENT, flight.FLIGHT, flight.HAZARD, TILE,
                 flight.DRIFT, MISSIONS, MODULES, TECH_MORE, MANEUVERS, TURN)


def word(text: str) -> str:
    """A command word: quoted when it holds a space (Cape Canaveral)."""
    return f'"{text}"' if " " in text else text


def situation(state: XpState, catalog: Catalog, seat: str | None) -> Situation:
    over = state.game_over or state.table.phase == "end"
    choices: list[Choice] = [] if over else _choices(state, catalog)
    return Situation(acting_seat(state, catalog), waiting_for(state, catalog),
                     () if over else owed_decks(state, catalog), tuple(choices), over,
                     0 if over else owed_count(state, catalog),
                     setup_draw_places(state, catalog))


def _choices(state: XpState, catalog: Catalog) -> list[Choice]:
    phase = state.table.phase
    choices = _owed_choices(state, catalog)
    if state.pending_hazard is not None:  # a hazard drawn in flight, or by the drift
        return choices + flight.hazard_choices(state, catalog)
    if state.pending_tile is not None:  # a tile revealed: the default, or what it prints
        return choices + tile_choices(state, catalog)
    if phase == "setup":
        return choices + _setup_choices(state, catalog)
    if phase == "preparation":
        return choices + _preparation_choices(state, catalog)
    if phase == "flight":
        return choices + flight.flight_choices(state, catalog)
    if phase == "drift":
        return choices + drift_choices(state, catalog)
    return choices


def _owed_choices(state: XpState, catalog: Catalog) -> list[Choice]:
    """Who the next scanned draws go to, and the starting module of choice."""
    choices = []
    owed = [p for p in state.pending if p.deck != MODULE_CHOICE]
    current = recipient(state, owed[0].deck) if owed else None
    for seat in dict.fromkeys(p.seat for p in owed):
        if seat != current:
            choices.append(Choice(f"The next cards drawn are {seat}'s", SETUP,
                                  command=f"for {word(seat)}", cost="free"))
    for seat in dict.fromkeys(p.seat for p in state.pending if p.deck == MODULE_CHOICE):
        choices.append(Choice(f"{seat} takes a starting module", SETUP,
                              partial=f"bonus {word(seat)}", cost="free"))
    return choices


# ---- setup ------------------------------------------------------------------------------------
def _setup_choices(state: XpState, catalog: Catalog) -> list[Choice]:
    choices = [Choice(f"Play the {rounds}-round side of the board", SETUP,
                      command=f"length {rounds}", cost="free")
               for rounds in catalog.rules["game"]["rounds"] if not state.rounds]
    if not state.draft.pack:
        # "another" once players are seated: one more is welcome, none is missing (try 23:
        # "Seat a player at Kourou" made a new table wonder who had been left out)
        more = "another player" if state.table.seats else "a player"
        for port in xc.spaceport_order(catalog):
            if port not in state.table.seats:
                join = InputSpec("text", f"join {word(port)} {{}}", probe=f"join {word(port)}")
                choices.append(Choice(f"Add {more} at {port}", SETUP, input=join,
                                      cost="free"))
        choices += [Choice("Start the ship draft (packs dealt at the table)", DRAFT,
                           command="draft", cost="free"),
                    Choice("Start the ship draft (the app deals the packs)", DRAFT,
                           command="draft virtual", cost="free")]
    pick = pick_choice(state)
    return [*choices, *([pick] if pick else []),
            Choice("Start round 1", SETUP, command="start", cost="free", main=pick is None)]


def _expand_bonus(state: XpState, catalog: Catalog, words: Sequence[str],
                  seat: str | None) -> list[Choice]:
    if len(words) != 2:
        return []
    return [Choice(module_name(catalog, kind), SETUP, command=f"bonus {word(words[1])} {kind}",
                   cost="free") for kind in xc.module_kinds(catalog)]


# ---- preparation ------------------------------------------------------------------------------
def _preparation_choices(state: XpState, catalog: Catalog) -> list[Choice]:
    seat = state.table.active
    if seat is None:
        return []
    tech = _tech_choices(state, catalog, seat)
    first = [c for c in tech if c.group == TECH]  # the turn's first: before all else
    choices = first + _ship_choices(state, catalog, seat)
    for card_id in state.table.cards_in(piles.area_zone(seat)):
        card = catalog.card(card_id)
        if card.deck != "development":
            continue
        greyed = _level_missing(state, seat, card)
        if card.attrs.get("station"):
            choices.append(replace(station_choice(card), greyed=greyed))
        else:
            choices.append(Choice(f"Play {card.name} ({card_id})", DEVELOPMENT,
                                  command=f"develop {card_id}", in_place=True,
                                  greyed=greyed))
    choices += [c for c in tech if c.group == TECH_MORE]
    choices += [Choice(with_effect(f"Use {catalog.card(c).name} ({c})", catalog.card(c)),
                       MANEUVERS, partial=f"maneuver {c}",
                       cost=_maneuver_cost(state, catalog, seat, catalog.card(c)))
                for c in state.maneuver_row()]
    choices += flight.mission_choices(state, seat)
    owes = any(p.seat == seat for p in state.pending)  # its owed draw is the main action
    return [*choices, Choice(_end_words(state, catalog, seat), TURN, command="done",
                             cost="free", main=not owes)]


def _end_words(state: XpState, catalog: Catalog, seat: str) -> str:
    """The end of the turn, saying before the tap when it leaves every ship of the seat on
    the ground this round (rulebook, preparation step 2: a ship flies only if selected;
    try 22, finding 1: a table ended its turns without one and its flight phase was empty)."""
    words = f"End {seat}'s preparation turn"
    notes = ["no ship flies"] if none_selected(state, catalog, seat) else []
    points = state.table.resource(seat, "technology")
    if points > 0 and catalog.rules["technology"].get("points_last") == "turn":
        # said before the tap, not only in its result (try 25: the point lapsed unseen)
        notes.append(f"{amount_of('technology', points)} unused, lost")
    return f"{words} ({'; '.join(notes)})" if notes else words


def _tech_choices(state: XpState, catalog: Catalog, seat: str) -> list[Choice]:
    """The technology actions. Once played they are put apart, not kept greyed in their
    places: nine places would push the turn's choices out of reach at 800x480 (try 15);
    a second tap on the spot just tapped is held back by the screen instead."""
    frozen = state.seats[seat].has_restriction("no_credits", state.table.round)
    group = TECH_MORE if state.seats[seat].actions_in(state.table.round) else TECH
    return [Choice(_tech_label(action, frozen), group, command=f"tech {effect}")
            for effect, action in xc.tech_actions(catalog).items()]


def _level_missing(state: XpState, seat: str, card: CardEntry) -> str | None:
    """A development card's place while the level it needs is not played this round, in
    two short lines (its refusal takes four: issue 22, the turn's choices in reach)."""
    level = int(card.attrs.get("level") or 0)
    if not level or any(t.level == level for t in state.seats[seat].actions_in(
            state.table.round)):
        return None
    return f"{card.name} ({card.card_id}): needs a Lv-{level} action"


def _tech_label(action: Mapping[str, Any], frozen: bool) -> str:
    """A technology action's name and level ("Gain 6 credits (Lv-1)": deploying a ship and
    a development card need an action of a given level, xp16 finding 9); one that gains
    credits says before the tap when a restriction token (Frozen funds) makes it gain none
    this round."""
    name = f"{action['name']} (Lv-{int(action['level'])})"
    if frozen and int(action.get("credits", 0)):
        return f"{name}: none this round (restriction token)"
    return name


def _maneuver_cost(state: XpState, catalog: Catalog, seat: str, card: CardEntry) -> str:
    """A maneuver card's price on its list button ("1 credit"; a build card's summary says
    the module is paid on top), so it is read before the card is opened."""
    credits = maneuver_price(state, catalog, seat, card)
    return amount_of("credits", credits) if credits else "free"


def _ship_choices(state: XpState, catalog: Catalog, seat: str) -> list[Choice]:
    """One place per ship of the seat in the Spaceships group for the whole turn (issue 22,
    try 13: a Deploy slid into the place of the Select just tapped): Deploy while in hand,
    then greyed on the launch pad; Select once deployed, then greyed once selected. An
    Ultra-fast just deployed (no launch penalty) is selected from one more place after
    every ship's. Its builds follow the other ships', so no build moves when it comes."""
    ships = state.ships_of(seat)
    # The ships to select first: "Select ..." at the group's first place for every seat,
    # whichever of its ships flies (try 15: on the left for one seat, the right for
    # another). A deploy never brings a ship there, so no place moves within a turn.
    places = [_ship_place(state, catalog, seat, ship)
              for ship in sorted(ships, key=lambda s: s.location in ("hand", "launch_pad"))]
    late = [_select(state, catalog, seat, s) for s in ships if s.location == "launch_pad"
            and xc.ship_type(catalog, s.ship_type).extras.get("no_launch_penalty")]
    builds = [c for s in sorted(ships, key=lambda s: s.location == "launch_pad")
              for c in _builds(state, catalog, s)]
    return [c for c in places if c is not None] + late + builds


def _ship_place(state: XpState, catalog: Catalog, seat: str,
                ship: ShipStatus) -> Choice | None:
    """The ship's place in the Spaceships group: none once destroyed."""
    deploy = Choice(f"Deploy {ship_called(catalog, ship.card)}",
                    SHIPS, command=f"deploy {ship.card}", in_place=True)
    if ship.location == "hand":  # its type named: the code alone says little at first
        # (refused while the launch pad is taken: put apart, its slot kept, its greyed
        # place would push the turn's choices out of reach at 800x480)
        pad = any(s.location == "launch_pad" for s in state.ships_of(seat))
        return replace(deploy, in_place=False) if pad else deploy
    if ship.location == "launch_pad":  # deployed this round (the pad empties at its end)
        return replace(deploy, greyed=f"{ship.card} is on the launch pad: "
                                      f"{_first_flight(catalog, ship)}.")
    if ship.is_deployed:
        return _select(state, catalog, seat, ship)
    return None


def _first_flight(catalog: Catalog, ship: ShipStatus) -> str:
    """When a ship on the launch pad flies, and why, in the rulebook's words (Ultra-fast:
    "No Launch Penalty"; try 15: one ship flew the round it was deployed, the others did
    not, and nothing said why)."""
    kind = xc.ship_type(catalog, ship.ship_type)
    if kind.extras.get("no_launch_penalty"):
        return f"{kind.name}, no launch penalty"
    return "it flies next round"  # (the launch penalty: no taller than its Deploy was)


def _select(state: XpState, catalog: Catalog, seat: str, ship: ShipStatus) -> Choice:
    called = ship_called(catalog, ship.card)
    if ship.selected:  # (refused by the rules' own sentence, its words here short: no
        # more lines than its Select's at Large, so no row under it moves)
        return Choice(f"Select {called}", SHIPS, command=f"select {ship.card}",
                      in_place=True, greyed=f"{called} is selected.")
    spent = " (0 energy: it cannot act until its energy is recovered)" \
        if energy_once_selected(state, catalog, seat, ship) <= 0 else ""
    if ship.location == "launch_pad" and not spent:  # it flies the round it is deployed
        spent = f" ({_first_flight(catalog, ship)})"
    # The ship's name leads where the button has room ("Select Money maker (MONY1)": two
    # lines at Large, as "Select MONY1 for the flight" was); a why after it names the ship
    # by its code (its type said in the why), so the button keeps its lines at Large.
    if spent:
        return Choice(f"Select {ship.card} for the flight{spent}", SHIPS,
                      command=f"select {ship.card}", in_place=True)
    return Choice(f"Select {called}", SHIPS, command=f"select {ship.card}", in_place=True)


def _builds(state: XpState, catalog: Catalog, ship: ShipStatus) -> list[Choice]:
    choices = []
    called = ship_called(catalog, ship.card)
    if ship.location in ("launch_pad", "orbit"):
        choices.append(Choice(f"Build a module on {called}", MODULES,
                              partial=f"build {ship.card}"))
    if state.station is not None and ship.is_deployed:
        choices.append(Choice(f"Build a module on {called} at the spaceship station",
                              MODULES, partial=f"build {ship.card} station"))
    return choices


def _expand_build(state: XpState, catalog: Catalog, words: Sequence[str],
                  seat: str | None) -> list[Choice]:
    if len(words) not in (2, 3):
        return []
    station = " station" if len(words) == 3 else ""
    ship = state.ships.get(words[1].upper())
    spare = state.seats[ship.owner].spare_modules if ship is not None \
        and ship.owner in state.seats else ()
    return [Choice(module_name(catalog, kind), MODULES,
                   command=f"build {words[1]} {kind}{station}",
                   cost=STARTING_MODULE if kind in spare else None)
            for kind in xc.module_kinds(catalog)]


def _expand_maneuver(state: XpState, catalog: Catalog, words: Sequence[str],
                     seat: str | None) -> list[Choice]:
    if len(words) == 3:
        return [Choice(module_name(catalog, kind), MANEUVERS,
                       command=f"maneuver {words[1]} {words[2]} {kind}")
                for kind in xc.module_kinds(catalog)]
    if len(words) != 2 or words[1].upper() not in catalog.cards:
        return []
    card = catalog.card(words[1])
    owner = state.table.active
    ships = [s.card for s in state.ships.values() if s.owner == owner and s.selected]
    if card.attrs.get("build"):
        return [Choice(f"On {ship}, building a module", MANEUVERS,
                       partial=f"maneuver {card.card_id} {ship}") for ship in ships]
    return [Choice(with_effect(f"On {ship}", card), MANEUVERS,
                   command=f"maneuver {card.card_id} {ship}") for ship in ships]


def with_effect(label: str, card: CardEntry) -> str:
    """`label` with the card's printed effect, the catalog's summary, so it is read before
    paying: "On UFST2: the spaceship can move one more time this turn"."""
    text = card.summary.rstrip(".")
    if not text:
        return label
    return f"{label}: {text[:1].lower() + text[1:] if text[1:2].islower() else text}"


# ---- missions (private) --------------------------------------------------------------------------
def _expand_complete(state: XpState, catalog: Catalog, words: Sequence[str],
                     seat: str | None) -> list[Choice]:
    if seat is None or len(words) != 2 or words[1] != seat:
        return []  # another seat's hand is never listed
    return [Choice(complete_label(state, catalog, seat, catalog.card(c)), MISSIONS,
                   command=f"complete {c}", cost="free")
            for c in state.table.cards_in(piles.hand_zone(seat))]


Expander = Callable[[XpState, Catalog, Sequence[str], "str | None"], list[Choice]]
EXPANDERS: dict[str, Expander] = {
    "pick": expand_pick, "bonus": _expand_bonus, "build": _expand_build,
    "maneuver": _expand_maneuver, "complete": _expand_complete, "drift": expand_drift,
    "develop": expand_station,
    **flight.EXPANDERS,
}


def expand(state: XpState, catalog: Catalog, partial: str, seat: str | None) -> list[Choice]:
    """The choices that may follow `partial` (as the command reads, word by word)."""
    words = _split(partial)
    if not words or state.game_over:
        return []
    expander = EXPANDERS.get(words[0].lower())
    return expander(state, catalog, words, seat) if expander else []


def _split(partial: str) -> list[str]:
    try:
        return split_words(partial)
    except ValueError:
        return []
