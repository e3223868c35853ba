"""Comet Race rules: 2-4 seats, a 12-card tagged comet deck, a six-sided die, a track.

On your turn roll the die (`roll d6`) or draw a comet card (scan it, or `draw comet`):
your comet moves that many spaces, then the next seat plays. The first comet to reach
the end of the track wins. Every number comes from the catalog (race.toml).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core import piles
from companion.core.builder import Builder
from companion.core.catalog import CardEntry, Catalog
from companion.core.dice import Die
from companion.core.errors import IllegalMoveError
from companion.core.events import Event, Vocabulary, event
from companion.core.newgame import NewGameForm
from companion.core.phases import Phase, Phases
from companion.core.prompt import Choice, Situation
from companion.core.rules import GameRules, Verb
from companion.core.seats import Seat
from companion.core.table import (
    TABLE_EVENT_TYPES,
    Table,
    apply_table_event,
    new_table,
)
from companion.core.tableview import (
    Counter,
    Panel,
    PanelRow,
    TableView,
    basic_table_view,
)
from tests.racegame import prompt
from tests.racegame.state import GAME_ID, TITLE, RaceState, number, position


# ---- verbs -------------------------------------------------------------------------
def _join(b: Builder[RaceState], args: list[str]) -> str | None:
    if len(args) != 1:
        raise IllegalMoveError("join takes one name, for example: join Ann")
    name, table = Seat.from_text(args[0]).text, b.state.table
    if len(table.seats) >= number(b.catalog, "max_seats"):
        raise IllegalMoveError(f"{TITLE} seats at most {number(b.catalog, 'max_seats')}.")
    if name.lower() in (s.lower() for s in table.seats):
        raise IllegalMoveError(f"{name} is already seated.")
    b.add(event("seat_joined", seat=name, player=name, resources={}))
    b.say(f"{name} joins the race.")
    return name


def _start(b: Builder[RaceState], args: list[str]) -> str | None:
    """`start [first SEAT] [ahead SEAT]...`: who plays first (the first seat unless named)
    and which comets begin one space ahead (never every one)."""
    seats = b.state.table.seats
    if len(seats) < number(b.catalog, "min_seats"):
        raise IllegalMoveError(f"{TITLE} needs at least {number(b.catalog, 'min_seats')} seats.")
    first, ahead = _start_options(b.state, args)
    if ahead and len(ahead) == len(seats):
        raise IllegalMoveError("A head start for every pilot is no head start: leave at "
                               "least one pilot without it.")
    b.add(*(event("counter_set", name=f"position:{s}", value=1) for s in ahead),
          event("phase_changed", phase="race", round=1, active=first))
    start = f" ({', '.join(ahead)} one space ahead)" if ahead else ""
    b.say(f"The race starts{start}; {first} plays first.")
    return first


def _start_options(state: RaceState, args: list[str]) -> tuple[str, list[str]]:
    seats = state.table.seats
    if len(args) % 2:
        raise IllegalMoveError("start takes pairs: start first Ann ahead Bo")
    first, ahead = seats[0], []
    for word, name in zip(args[::2], args[1::2], strict=True):
        seat = next((s for s in seats if s.lower() == name.lower()), None)
        if word.lower() not in ("first", "ahead") or seat is None:
            raise IllegalMoveError(f"{word} {name}: name a seated pilot after first or ahead.")
        if word.lower() == "first":
            first = seat
        else:
            ahead.append(seat)
    return first, ahead


# ---- moving --------------------------------------------------------------------------
def _move(b: Builder[RaceState], spaces: int, why: str) -> str:
    table = b.state.table
    seat = table.active or table.seats[0]
    finish = number(b.catalog, "track_length")
    to = min(finish, max(0, position(table, seat) + spaces))
    b.add(event("counter_set", name=f"position:{seat}", value=to))
    b.say(f"{seat}'s comet moves to space {to} of {finish} ({why}).")
    if to == finish:
        b.add(event("scored", seat=seat, points=1, source="reached the finish"),
              event("phase_changed", phase="finished", round=table.round, active=None))
        b.say(f"{seat} wins the race!")
    else:
        following = table.seats[(table.seats.index(seat) + 1) % len(table.seats)]
        b.add(event("phase_changed", phase="race", round=table.round, active=following))
    return seat


def _rolled(b: Builder[RaceState], rolled: Event) -> str | None:
    return _move(b, int(rolled["value"]), f"rolled {rolled['face']}")


def _drew(b: Builder[RaceState], card: CardEntry) -> str | None:
    table = b.state.table
    b.add(*piles.draw_observed(table, card.card_id, card.deck, piles.discard_zone(card.deck)))
    return _move(b, int(card.attrs.get("move", 0)), f"{card.name}, {card.card_id}")


PHASES: Phases[RaceState] = Phases((
    Phase("setup", verbs={"join": _join, "start": _start},
          closed="The race has not started yet: join, then start."),
    Phase("race", scans={"comet": _drew}, rolls={"d6": _rolled},
          closed="The race is on: roll d6 or draw a comet card."),
    Phase("finished", closed="The race is over."),
), title=TITLE)

VERBS = (
    Verb("join", "join NAME", "Seat a pilot (2 to 4).", "join Ann"),
    Verb("start", "start [first SEAT] [ahead SEAT]...", "Start the race; the first seat "
         "plays first unless another is named; comets named `ahead` begin one space ahead.",
         "start first Bo ahead Ann"),
)


class RaceRules(GameRules[RaceState]):
    game = GAME_ID
    title = TITLE

    def new_state(self, catalog: Catalog, seed: int) -> RaceState:
        for key in ("track_length", "min_seats", "max_seats"):
            number(catalog, key)  # a catalog missing a number is refused before play
        return RaceState(new_table(GAME_ID, seed, ((c.card_id, piles.deck_zone(c.deck))
                                                    for c in catalog.cards.values())))

    @property
    def phases(self) -> Phases[RaceState]:
        return PHASES

    @property
    def vocabulary(self) -> Vocabulary:
        return Vocabulary(TABLE_EVENT_TYPES)

    def apply(self, state: RaceState, e: Event) -> RaceState:
        return replace(state, table=apply_table_event(state.table, e))

    def verbs(self) -> Sequence[Verb]:
        return VERBS

    def dice(self, catalog: Catalog) -> Mapping[str, Die]:
        raw = catalog.rules.get("dice", {})
        return {name: Die.from_data(name, d, catalog.source) for name, d in raw.items()}

    def view(self, state: RaceState, catalog: Catalog, seat: str | None) -> dict[str, Any]:
        table = state.table
        return {"game": GAME_ID, "phase": table.phase, "active": table.active,
                "track_length": number(catalog, "track_length"),
                "seats": [{"seat": s, "position": position(table, s),
                           "score": table.score_of(s),
                           "score_breakdown": table.score_breakdown(s)} for s in table.seats],
                "comet_deck": table.count_in(piles.deck_zone("comet"))}

    def render(self, state: RaceState, catalog: Catalog, seat: str | None) -> str:
        view = self.view(state, catalog, seat)
        rows = [f"{s['seat']}: space {s['position']} of {view['track_length']}"
                + (" (winner)" if s["score"] else "") for s in view["seats"]]
        turn = f"{view['active']} to play" if view["active"] else view["phase"]
        return "\n".join([f"Comet Race, {turn}", *rows, f"Comet deck: {view['comet_deck']}"])

    def state_from_dict(self, raw: Mapping[str, Any]) -> RaceState:
        return RaceState(Table.from_dict(raw["table"]))

    # ---- what the app needs (tests/racegame/prompt.py) -------------------------------
    offers_prompt = True

    def is_over(self, state: RaceState) -> bool:
        return state.table.phase == "finished"

    def new_game_form(self, catalog: Catalog) -> NewGameForm:
        return prompt.new_game_form(catalog)

    def situation(self, state: RaceState, catalog: Catalog, seat: str | None) -> Situation:
        return prompt.situation(state, catalog, seat)

    def expand(self, state: RaceState, catalog: Catalog, partial: str,
               seat: str | None) -> Sequence[Choice]:
        return prompt.expand(state, catalog, partial, seat)

    def table_view(self, state: RaceState, catalog: Catalog, seat: str | None,
                   _shown: Mapping[str, Any] | None = None) -> TableView:
        """The core's view of the table, plus the Track panel: each comet's space (built
        from the table, not from the view a caller may pass)."""
        basic = basic_table_view(GAME_ID, TITLE, state.table, catalog, seat)
        finish = number(catalog, "track_length")
        rows = tuple(PanelRow(s, badge=s[:1].upper(), seat=s,
                              number=str(position(state.table, s)),
                              detail=(f"space {position(state.table, s)} of {finish}",))
                     for s in state.table.seats)
        seats = tuple(replace(v, counters=(Counter.of("position", position(state.table, v.seat),
                                                      "space"),)) for v in basic.seats)
        return replace(basic, seats=seats, over=state.table.phase == "finished",
                       panels=(Panel("track", "Track", rows, empty="Nobody has joined yet.",
                                     by_seat=True),))


RULES = RaceRules()
