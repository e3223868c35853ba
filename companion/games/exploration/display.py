"""Display names for Exploration's codes, and what the game waits for, in words.

A screen shows these, never the codes (`hand` is "not deployed"); the prompt's
`waiting_for` and the view's `waiting_for` are the same sentence.
"""

from __future__ import annotations

from typing import Any

from companion.core import piles
from companion.core.catalog import Catalog
from companion.core.words import counted
from companion.games.exploration import catalog as xc
from companion.games.exploration.checks import flying_ship
from companion.games.exploration.draft import drafter
from companion.games.exploration.setup import HIDDEN_DECKS, MODULE_CHOICE, recipient
from companion.games.exploration.state import XpState
from companion.games.exploration.status import ON_MAP

PHASES = {"setup": "Setup", "preparation": "Preparation phase", "flight": "Flight phase",
          "drift": "All spaceships movement", "round-end": "End of the round", "end": "Game over"}
LOCATIONS = {"hand": "not deployed", "launch_pad": "on the launch pad",
             "orbit": "in orbiting space", "space": "on the map", "outer_space": "in outer space",
             "destroyed": "destroyed"}
#: Score categories a chart can group by, from the start of each score source.
CATEGORIES = (("manual adjust", "adjustments"), ("area control", "area control"),
              ("token conversion: ", "conversion"), ("mission: ", "missions"),
              ("technology action", "technology"), ("development card", "development"),
              ("outer space tile", "outer space"), ("Outer Space tile", "outer space"))


def phase_name(phase: str) -> str:
    return PHASES.get(phase, phase.replace("-", " ").capitalize())


def location_name(location: str) -> str:
    return LOCATIONS.get(location, location.replace("_", " "))


#: A ship's place in orbit as its events store it: saved games and exports hold these
#: words and replay to the very same events, so they never change; a player reads them
#: through `place_name`, in the rulebook's words.
STORED_ORBIT = "home orbit"
#: Stored places and the rulebook's words for them.
OLD_PLACES = ((STORED_ORBIT, "orbiting space"),)


def place_name(where: str | None) -> str | None:
    """A ship's (or trap's) place in the rulebook's words, whenever the game was saved."""
    for old, new in OLD_PLACES:
        where = where.replace(old, new) if where else where
    return where


def module_name(catalog: Catalog, kind: str) -> str:
    try:
        return str(xc.module(catalog, kind)["name"])
    except KeyError:
        return kind


def effect_name(catalog: Catalog, effect: str) -> str:
    action = xc.tech_actions(catalog).get(effect)
    return str(action["name"]) if action else effect


def score_category(source: str) -> str:
    """The chart category of a score source: "drops", "missions", "frags", ..."""
    if source.startswith("token conversion: ") and source.endswith(" frags"):
        return "frags"
    for start, category in CATEGORIES:
        if source.startswith(start):
            return category
    return "drops" if " dropped on " in source else "other"


def score_entries(breakdown: dict[str, int]) -> list[dict[str, Any]]:
    return [{"source": source, "points": points, "category": score_category(source)}
            for source, points in breakdown.items()]


def reshuffle_count(state: XpState, catalog: Catalog, deck: str) -> int:
    """Cards the table must shuffle into a new `deck` before drawing from it (0 if none)."""
    info = catalog.decks.get(deck)
    if info is None or not info.reshuffle or state.table.count_in(piles.deck_zone(deck)):
        return 0
    return state.table.count_in(piles.discard_zone(deck))


def drawable(state: XpState, catalog: Catalog, deck: str) -> int:
    """Cards of `deck` the table can still draw: the deck, its discard pile if the rules
    reshuffle it, less the draws already owed from it."""
    info = catalog.decks.get(deck)
    table = state.table
    cards = table.count_in(piles.deck_zone(deck))
    if info is not None and info.reshuffle:
        cards += table.count_in(piles.discard_zone(deck))
    owed = sum(1 for p in state.pending if p.deck == deck) + \
        sum(1 for d in state.ship_draws if d.deck == deck)
    return max(0, cards - owed)


def empty_deck_sentence(catalog: Catalog, deck: str) -> str:
    """Why no more cards of `deck` can be drawn (the catalog's `when_empty`)."""
    info = catalog.decks.get(deck)
    return (info.when_empty if info is not None and info.when_empty else
            f"The {deck} deck is empty: no more {deck} cards can be drawn.")


def reshuffle_sentence(deck: str, count: int) -> str:
    return (f"The {deck} deck is empty: shuffle its discard pile ({counted(count, 'card')}) "
            f"into a new {deck} deck before drawing.")


# ---- who acts and what the game waits for -----------------------------------------------
def owed_decks(state: XpState, catalog: Catalog) -> tuple[str, ...]:
    """Decks the table owes a card from now (a scan, or the app's draw)."""
    decks: list[str] = []
    for draw in (() if state.pending_tile else state.ship_draws):
        if not (draw.deck == "hazard" and state.pending_hazard is not None):
            decks.append(draw.deck)
    decks += [p.deck for p in state.pending if p.deck != MODULE_CHOICE]
    row = xc.setup_number(catalog, "maneuver_row")
    if state.table.phase == "setup" and state.rounds and len(state.maneuver_row()) < row:
        decks.append("maneuver")
    return tuple(dict.fromkeys(decks))


def setup_draw_places(state: XpState, catalog: Catalog) -> tuple[str, ...]:
    """In setup (its side chosen), every deck the setup draws from, in the order the table
    first owes them (each seat's starting bonus, its missions, then the maneuver row): the
    app's draw of each keeps its place, greyed once done (the others moved up under a
    finger). Outside setup, or once every one is done (the draft's turn): none."""
    if state.table.phase != "setup" or not state.rounds:
        return ()
    decks: list[str] = []
    for seat in state.table.seats:
        bonus = xc.spaceport_bonus(catalog, seat)
        decks += [deck for deck in ("primary", "development") if bonus.get(deck)]
        decks += HIDDEN_DECKS
    places = tuple(dict.fromkeys([*decks, "maneuver"]))
    return places if set(places) & set(owed_decks(state, catalog)) else ()


def owed_count(state: XpState, catalog: Catalog) -> int:
    """How many cards the table owes now (those `owed_decks` names, each counted)."""
    count = sum(1 for draw in (() if state.pending_tile else state.ship_draws)
                if not (draw.deck == "hazard" and state.pending_hazard is not None))
    count += sum(1 for p in state.pending if p.deck != MODULE_CHOICE)
    row = xc.setup_number(catalog, "maneuver_row")
    if state.table.phase == "setup" and state.rounds:
        count += max(0, row - len(state.maneuver_row()))
    return count


def acting_seat(state: XpState, catalog: Catalog) -> str | None:
    """Who acts now: the seat owing a draw, the drafter, the active seat, the flyer."""
    if state.pending_hazard is not None:
        return state.pending_hazard.seat
    if state.pending_tile is not None:
        return state.pending_tile.seat
    if state.ship_draws:
        return state.ship_draws[0].seat
    owed = [p for p in state.pending if p.deck != MODULE_CHOICE]
    if owed:
        return recipient(state, owed[0].deck)
    if state.pending and drafter(state) is None:  # the draft, when it runs, comes first
        return state.pending[0].seat
    phase = state.table.phase
    if phase == "setup":
        return drafter(state)
    if phase == "flight":
        ship = flying_ship(state)
        return ship.owner if ship else None
    return state.table.active if phase == "preparation" else None


def waiting_for(state: XpState, catalog: Catalog) -> str:
    """One sentence for a screen: what the game waits for now."""
    if state.game_over or state.table.phase == "end":
        return "Nothing: the game is over. The final scores are on the board."
    draw = _draw_wait(state, catalog)
    if draw:
        decks = owed_decks(state, catalog)
        count = reshuffle_count(state, catalog, decks[0]) if decks else 0
        return f"{draw} {reshuffle_sentence(decks[0], count)}" if count else draw
    phase = state.table.phase
    if phase == "setup":
        return _setup_wait(state, catalog)
    if phase == "preparation":
        return _preparation_wait(state)
    if phase == "flight":
        ship = flying_ship(state)
        if ship is None:
            return "The end of the flight phase."
        return f"{ship.card}'s flight turn ({ship.owner}): move, act, or end the turn."
    if phase == "drift":
        return _movement_wait(state)
    return "The end of the round."


def ship_called(catalog: Catalog, card: str) -> str:
    """'Shield (SHLD1)': the ship as its seat card names it, the name on its card first
    (issue 22: buttons that led with "SHLD1" said little to a new player)."""
    return f"{catalog.card(card).name} ({card})"


def _movement_wait(state: XpState) -> str:
    """All spaceships movement; with no ship on the map, why nobody flew, said where the
    table looks when the flight it expected is skipped (try 19, finding 1: "No ship flies
    this round" was only under "(more)")."""
    ships = state.ships.values()
    if any(s.location in ON_MAP for s in ships):
        return "All spaceships movement: where each ship on the map moves, then the next round."
    if any(s.location == "launch_pad" for s in ships):
        return f"Round {state.table.round}: no ship flies; deployed ships launch at the end " \
               f"of the round."
    return f"Round {state.table.round}: no ship is on the map, so nobody flies; the round ends."


def _preparation_wait(state: XpState) -> str:
    """The active seat's preparation turn: its technology action first, then the rest (the
    heading changes once the action is played: xp16, finding 12)."""
    seat = state.table.active
    status = state.seats.get(seat) if seat else None
    if status is not None and status.actions_in(state.table.round):
        return f"{seat}'s preparation turn: the technology action is played; more actions " \
               f"or the end of the turn."
    return f"{seat}'s preparation turn: a technology action, then more actions or the end " \
           f"of the turn."


def hazard_choice(state: XpState, seat: str, cost: int) -> str:
    """How a drawn hazard is decided: applied or ignored for its command points, or only
    applied, saying why, when the seat has fewer command points than ignoring costs."""
    have = state.table.resource(seat, "command")
    if have < cost:
        return f"Apply it: ignoring it costs {counted(cost, 'command point')}; " \
               f"{seat} has {have}."
    return f"Apply it, or ignore it for {counted(cost, 'command point')}."


def _draw_wait(state: XpState, catalog: Catalog) -> str:
    if state.pending_hazard is not None:  # what the card does, again, when the table returns
        pending = state.pending_hazard
        card = catalog.card(pending.card)
        cost = int(card.attrs.get("ignore_cost", 0))
        verb = "resolves or ignores" if state.table.resource(pending.seat, "command") >= cost \
            else "resolves"
        return f"{pending.seat} {verb} the hazard {card.name} for {pending.ship}: " \
               f"{card.summary} {hazard_choice(state, pending.seat, cost)}"
    if state.pending_tile is not None:
        tile = state.pending_tile
        return f"{catalog.card(tile.card).name} is revealed for {tile.ship} " \
               f"({tile.seat}): the companion's default, or what your tile says?"
    if state.ship_draws:
        draw = state.ship_draws[0]
        what = "a hazard card" if draw.deck == "hazard" else "an outer-space hex tile"
        return f"{what[0].upper()}{what[1:]} for {draw.ship} ({draw.seat})."
    owed = [p for p in state.pending if p.deck != MODULE_CHOICE]
    if owed:
        seat = recipient(state, owed[0].deck) or owed[0].seat
        mine = [p for p in owed if p.seat == seat]
        # The same count as the one-tap draw and its "card N of M": the maneuver row too.
        total = owed_count(state, catalog)
        row = total - len(owed)
        them = f", {row} for the maneuver row" if row > 0 else ""
        # The seat is named once: "(Xichang starting bonus)" cut the headline (try 13, 2).
        reason = mine[0].reason.removeprefix(f"{seat} ")
        return f"A {mine[0].deck} card for {seat} ({reason}); " \
               f"{counted(total, 'card')} owed in all{them}."
    if state.pending:
        module = _module_choice(state.pending[0].seat, catalog)
        picker = drafter(state)  # the draft runs while the module waits: say the draft first
        if picker is not None:
            return f"{_draft_turn(state, picker)}; still to do: {module}"
        return module
    return ""


def _module_choice(seat: str, catalog: Catalog) -> str:
    """Who chooses a starting module, and why only they do (try 22, finding 6: the others'
    bonuses were only behind "(more)")."""
    givers = [p for p in xc.spaceport_order(catalog)
              if xc.spaceport_bonus(catalog, p).get("module_choice")]
    alone = " (no other spaceport has one)" if givers == [seat] else ""
    return f"{seat} chooses a starting module: its spaceport's starting bonus{alone}."


def _setup_wait(state: XpState, catalog: Catalog) -> str:
    if not state.rounds:
        return "The side of the main board (the number of rounds)."
    minimum = int(catalog.rules["game"]["min_players"])
    if len(state.table.seats) < minimum:
        return f"Players taking spaceports (at least {minimum})."
    row = xc.setup_number(catalog, "maneuver_row")
    if len(state.maneuver_row()) < row:
        return f"Maneuver cards for the face-up row ({len(state.maneuver_row())} of {row})."
    if not state.draft.pack:
        return "More players, or the start of the ship draft."
    picker = drafter(state)
    if picker is not None:
        return f"{_draft_turn(state, picker)}."
    return "The start of round 1."


def _draft_turn(state: XpState, picker: str) -> str:
    """Who picks from which pack; a new pack says who starts it (try 23: after a pack's
    last pick the same button came back, only "pack 1" turned "pack 2", and the player who
    picked thought the tap was lost). As short as the picks' line, so the list under it
    keeps its places (tests/ui/test_steady_places.py)."""
    number = state.draft.pack
    if number > 1 and not state.draft.picks:
        return f"Pack {number}: {picker} picks first"
    return f"{picker} picks a ship from pack {number}"
