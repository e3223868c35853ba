"""Comet Race's prompt and new-game form: what the app offers at each moment, and what
its new-game screen asks. Nothing in the app names this game; this is all it needs."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.catalog import Catalog
from companion.core.newgame import NewGameForm
from companion.core.prompt import Choice, InputSpec, Situation
from tests.racegame.state import TITLE, RaceState, number, position

SETUP, RACE = "Pilots", "Your turn"


def new_game_form(catalog: Catalog) -> NewGameForm:
    """Free pilot names, 2 to 4 (the catalog's numbers), then `start`."""
    return NewGameForm(seat_names=(), min_players=number(catalog, "min_seats"),
                       max_players=number(catalog, "max_seats"), seat_line="join {name}",
                       after=("start",))


def situation(state: RaceState, catalog: Catalog, seat: str | None) -> Situation:
    table = state.table
    if table.phase == "finished":
        winner = next((s for s in table.seats if table.score_of(s)), "")
        return Situation(None, f"The race is over: {winner} won.", over=True)
    if table.phase == "race" and table.active:
        finish = number(catalog, "track_length")
        return Situation(table.active, f"{table.active} plays: roll the die or draw a comet "
                                       f"card (space {position(table, table.active)} of "
                                       f"{finish}).", ("comet",),
                         (Choice("Roll the die", RACE, command="roll d6"),))
    choices = [Choice("Seat a pilot", SETUP,
                      input=InputSpec("text", "join {}", "join Pilot"))]
    if len(table.seats) >= number(catalog, "min_seats"):
        choices.append(Choice("Start the race", SETUP, command="start"))
    return Situation(None, f"Pilots joining the {TITLE}.", choices=tuple(choices))


def expand(state: RaceState, catalog: Catalog, partial: str,
           seat: str | None) -> Sequence[Choice]:
    return ()  # no partial: every action is complete
