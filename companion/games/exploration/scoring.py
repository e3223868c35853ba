"""End of round and end of game: the next round, or the final scoring and the winner.

Rulebook, "End of the game" and "End game scoring": after the last round
(8 or 13, the board side), players add area control per area, the token
conversion of credits, command points and frags, and the missions resolved at
the end ("the most ..."). Every point keeps its source; the most domination
points wins, and players tied for the most share the victory (the rulebook
gives no tie-break).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.core import piles
from companion.core.catalog import Catalog
from companion.core.events import Event, event
from companion.core.rules import Outcome
from companion.games.exploration.checks import areas
from companion.games.exploration.missions import stat
from companion.games.exploration.setup import seats_in_order
from companion.games.exploration.state import XpState


def area_points(table: list[int], cubes: int) -> int:
    """Points for `cubes` cubes in an area: the table's value, capped at its last entry.

    >>> area_points([1, 3, 6, 10, 15], 7)
    15
    >>> area_points([2, 6], 0)
    0
    """
    return int(table[min(cubes, len(table)) - 1]) if cubes > 0 else 0


def converted(amount: int, per: int, points: int) -> int:
    """Token conversion: `points` for every full `per` tokens.

    >>> converted(23, 5, 1)
    4
    """
    return (max(0, amount) // per) * points


def area_control(state: XpState, catalog: Catalog) -> list[Event]:
    events = []
    for area, data in areas(catalog).items():
        for seat in state.table.seats:
            cubes = sum(1 for c in state.controls if c.area == area and c.seat == seat
                        and c.space not in state.restricted_spaces)
            points = area_points(list(data["points"]), cubes)
            if points:
                events.append(event("scored", seat=seat, points=points,
                                    source=f"area control: {data['name']} ({_cubes(cubes)})"))
    return events


def token_conversion(state: XpState, catalog: Catalog) -> list[Event]:
    table: Mapping[str, Mapping[str, int]] = {
        k: v for k, v in catalog.rules["token_conversion"].items() if isinstance(v, Mapping)}
    events = []
    for seat in state.table.seats:
        for resource, rate in table.items():
            amount = state.table.resource(seat, resource)
            points = converted(amount, int(rate["per"]), int(rate["points"]))
            if points:
                events.append(event("scored", seat=seat, points=points,
                                    source=f"token conversion: {amount} {resource}"))
    return events


def most_missions(state: XpState, catalog: Catalog) -> tuple[list[Event], list[str]]:
    """Hidden "most ..." primary missions: the holder scores if nobody has more (ties count)."""
    events: list[Event] = []
    notes: list[str] = []
    for seat in state.table.seats:
        for card_id in state.table.cards_in(piles.hand_zone(seat)):
            card = catalog.card(card_id)
            if not card.attrs.get("most"):
                continue
            name = str(card.attrs["stat"])
            mine = stat(state, catalog, seat, name) or 0
            best = max(stat(state, catalog, s, name) or 0 for s in state.table.seats)
            if mine > 0 and mine == best:
                events += [piles.move(card_id, piles.hand_zone(seat), piles.area_zone(seat),
                                      "completed at the end"),
                           event("scored", seat=seat, points=int(card.attrs["reward_score"]),
                                 source=f"mission: {card.name}")]
                notes.append(f"{seat} completes {card.name} ({mine}, the most).")
            else:
                # It stays hidden: naming it would reveal it, even after an undo.
                notes.append(f"A hidden mission of {seat}'s for the most of something "
                             f"fails.")
    return events, notes


def final_scoring(state: XpState, catalog: Catalog) -> Outcome:
    events = area_control(state, catalog) + token_conversion(state, catalog)
    more, notes = most_missions(state, catalog)
    events += more
    totals = {seat: state.table.score_of(seat) for seat in state.table.seats}
    for e in events:
        if e.type == "scored":
            totals[e["seat"]] += int(e["points"])
    events += [event("game_ended", totals=totals),
               event("phase_changed", round=state.table.round, phase="end", active=None)]
    return Outcome(tuple(events), " ".join(["The game is over.", *notes, winner_sentence(totals)]))


def winner_sentence(totals: Mapping[str, int]) -> str:
    """Names the winner, or the players who share the victory."""
    best = max(totals.values())
    winners = [seat for seat, points in totals.items() if points == best]
    standings = ", ".join(f"{s} {p}" for s, p in sorted(totals.items(), key=lambda i: -i[1]))
    if len(winners) == 1:
        return f"{winners[0]} wins with {best} domination points ({standings})."
    return f"{' and '.join(winners)} share the victory with {best} domination points " \
           f"({standings})."


def round_end(state: XpState, catalog: Catalog) -> Outcome | None:
    """Phase hook: once no drawn card waits, start the next round or score the game."""
    if state.ship_draws or state.pending_hazard is not None or state.pending_tile:
        return Outcome((), f"The round ends once the drawn cards are resolved; still to do: "
                           f"{still_owed(state, catalog)}.")
    if state.table.round >= state.rounds:
        return final_scoring(state, catalog)
    order = seats_in_order(state, catalog)
    following = state.table.round + 1
    return Outcome((event("phase_changed", round=following, phase="preparation",
                          active=order[0]),),
                   f"Round {state.table.round} ends. Round {following} of {state.rounds}: "
                   f"preparation phase, {order[0]} first.")


def still_owed(state: XpState, catalog: Catalog) -> str:
    """Every hazard to resolve and every card still to draw, naming the ship and seat."""
    owed = []
    pending = state.pending_hazard
    if pending is not None:
        owed.append(f"{pending.seat} resolves or ignores the hazard "
                    f"{catalog.card(pending.card).name} for {pending.ship}")
    tile = state.pending_tile
    if tile is not None:
        owed.append(f"say what {catalog.card(tile.card).name} does for {tile.ship} "
                    f"({tile.seat})")
    for draw in state.ship_draws:
        what = "a hazard card" if draw.deck == "hazard" else "an outer-space tile"
        owed.append(f"draw {what} for {draw.ship} ({draw.seat})")
    return "; ".join(owed)


def _game_ended(state: XpState, e: Event) -> XpState:
    return replace(state, game_over=True)


APPLIERS = {"game_ended": _game_ended}


def _cubes(count: int) -> str:
    return "1 cube" if count == 1 else f"{count} cubes"
