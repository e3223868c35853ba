"""Comet Race's prompt and new-game form: what the app offers at each moment, and what
its new-game screen asks. Nothing in the app names this game; this is all it needs."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.catalog import Catalog
from companion.core.dice import Die
from companion.core.forms import FormField, FormOption
from companion.core.moments import die_faces
from companion.core.newgame import NewGameForm
from companion.core.prompt import Choice, InputSpec, Option, Situation
from tests.racegame.state import TITLE, RaceState, number, position

SETUP, RACE = "Pilots", "Your turn"
#: The partial of a roll: its choices are the app's roll and the face the table rolled.
ROLL = "roll d6"


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
                         (Choice("Roll the die", RACE, partial=ROLL, main=True),))
    choices = [Choice("Seat a pilot", SETUP,
                      input=InputSpec("text", "join {}", "join Pilot"))]
    if len(table.seats) >= number(catalog, "min_seats"):
        choices += [Choice("Start the race", SETUP, command="start", main=True),
                    Choice("Start with a head start", SETUP, input=start_form(table.seats))]
    return Situation(None, f"Pilots joining the {TITLE}.", choices=tuple(choices))


def start_form(seats: Sequence[str]) -> InputSpec:
    """Who plays first (a choice) and whose comets begin ahead (toggles), on one screen:
    a `form`, asked by the app's one form screen (nothing of the app names this game)."""
    first = FormField("first", "First", "choice", tuple(FormOption(s, s) for s in seats),
                      default=(seats[0],), each="first {}")
    ahead = FormField("ahead", "Ahead", "toggles",
                      tuple(FormOption(s, s, "one space ahead") for s in seats),
                      min=0, max=len(seats), each="ahead {}")
    return InputSpec("form", "start {first} {ahead}", probe="start", fields=(first, ahead))


def expand(state: RaceState, catalog: Catalog, partial: str,
           seat: str | None) -> Sequence[Choice]:
    """After "Roll the die": the app rolls, or the face the table rolled (a `die` input
    with the die's own faces: the app's die screen shows them, nothing else is needed)."""
    table = state.table
    if partial != ROLL or table.phase != "race" or not table.active:
        return ()
    check = {"title": f"{table.active} rolls the die",
             "sum": f"The comet moves as many spaces as the face shows (now on space "
                    f"{position(table, table.active)} of {number(catalog, 'track_length')})."}
    return (Choice("The app rolls", RACE, command=ROLL, check=check),
            Choice("The face the table rolled", RACE, input=face_input(catalog), check=check))


def face_input(catalog: Catalog) -> InputSpec:
    """The d6's faces from the catalog's die, each with its symbols (pips)."""
    die = Die.from_data("d6", catalog.rules["dice"]["d6"], catalog.source)
    options = tuple(Option(f["face"], str(f["face"]), symbols=int(f["symbols"]))
                    for f in die_faces(die))
    return InputSpec("die", f"{ROLL} {{}}", probe=f"{ROLL} {options[0].value}",
                     options=options, die=die.name)
