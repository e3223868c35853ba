"""Exploration's phases, declared once: each lists its verbs, its scans and its hooks.

Rulebook order: setup (board side, spaceports, draft, maneuver row), then each
round a preparation phase, a flight phase, the drift and the end of the round,
until the game ends. The rule functions of each module compute an `Outcome`
from the state; the adapters here hand it to the core builder, which folds it.

Scans are chosen by deck, never by trying handlers in turn. One rule holds in
every phase: a card some seat is due to draw (setup draws, a technology action,
a hazard) is that draw; otherwise the deck's handler in this phase decides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from companion.core.builder import Builder
from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import IllegalMoveError
from companion.core.phases import Hook, Phase, Phases, ScanHandler, VerbHandler
from companion.core.rules import Outcome
from companion.games.exploration import (
    combat,
    corrections,
    draft,
    drift,
    drops,
    flight,
    hazards,
    missions,
    preparation,
    scoring,
    setup,
    support,
    tiles,
)
from companion.games.exploration.followups import follow_up
from companion.games.exploration.state import XpState

Rule = Callable[[XpState, Catalog, Sequence[str]], Outcome]
CardRule = Callable[[XpState, Catalog, CardEntry], "Outcome | None"]
HookRule = Callable[[XpState, Catalog], "Outcome | None"]
XpBuilder = Builder[XpState]


def verb(rule: Rule) -> VerbHandler[XpState]:
    """A rule function as a verb: its outcome goes into the builder, then what follows
    from it (a deck to reshuffle, a destroyed ship's turn ending; followups.py)."""
    def handler(b: XpBuilder, args: list[str]) -> str | None:
        before, first = b.state, len(b.events)
        seat = b.take(rule(b.state, b.catalog, args))
        follow_up(b, before, first)
        return seat
    return handler


def hook(rule: HookRule) -> Hook[XpState]:
    def run(b: XpBuilder) -> None:
        outcome = rule(b.state, b.catalog)
        if outcome is not None:
            b.take(outcome)
    return run


def draw_or(rule: CardRule | None) -> ScanHandler[XpState]:
    """A card a seat is due to draw is that draw; otherwise `rule` (or a refusal)."""
    def scan(b: XpBuilder, card: CardEntry) -> str | None:
        outcome = setup.scan_pending_draw(b.state, b.catalog, card)
        if outcome is None and rule is not None:
            outcome = rule(b.state, b.catalog, card)
        if outcome is None:
            raise IllegalMoveError(_nothing_now(b.state, card))
        before = b.state
        seat = b.take(outcome)
        follow_up(b, before, 0)  # from the start: an app draw's reshuffle comes first
        return seat
    return scan


def _nothing_now(state: XpState, card: CardEntry) -> str:
    # Never name a mission card in a refusal: it may be a hidden card.
    named = "That mission card" if card.deck in setup.HIDDEN_DECKS else \
        f"{card.name} ({card.card_id})"
    return (f"Scanning {named} does nothing now: no draw of the {card.deck} deck is "
            f"expected in the {state.table.phase} phase.")


def _verbs(rules: Mapping[str, Rule]) -> dict[str, VerbHandler[XpState]]:
    """A phase's verbs; `complete` and `for` are open in every phase (a mission is
    refused alike whenever it cannot be revealed; a due draw may wait across phases)."""
    every: dict[str, Rule] = {"complete": missions.complete, "for": setup.scan_for}
    return {name: verb(rule) for name, rule in {**rules, **every}.items()}


def _scans(rules: Mapping[str, CardRule]) -> dict[str, ScanHandler[XpState]]:
    """A phase's scans by deck; a held mission may be revealed by a scan in any phase."""
    every = {deck: missions.scan_mission for deck in setup.HIDDEN_DECKS}
    return {deck: draw_or(rule) for deck, rule in {**every, **rules}.items()}


_SHIP_DRAWS = {"hazard": hazards.scan_ship_draw, "hex": tiles.scan_tile}
_HAZARD = {"resolve": hazards.resolve, "ignore": hazards.ignore, "tile": tiles.tile}

SETUP = Phase[XpState](
    "setup",
    verbs=_verbs({"length": setup.length, "join": setup.join, "bonus": setup.bonus,
                  "draft": draft.start_draft, "pick": draft.pick, "start": setup.start}),
    scans=_scans({"ship": draft.scan_pick, "maneuver": setup.scan_maneuver_row}),
    other_scans=draw_or(None))
PREPARATION = Phase[XpState](
    "preparation",
    verbs=_verbs({"tech": preparation.tech, "select": preparation.select,
                  "done": preparation.done, "develop": support.develop,
                  "deploy": support.deploy, "build": support.build,
                  "maneuver": support.maneuver}),
    scans=_scans({}), other_scans=draw_or(None),
    hooks=(hook(preparation.round_start),))
FLIGHT = Phase[XpState](
    "flight",
    verbs=_verbs({"move": flight.move, "turn": flight.turn, "next": flight.next_ship,
                  "drop": drops.drop, "attack": combat.attack, "ability": combat.use_ability,
                  **_HAZARD}),
    scans=_scans(_SHIP_DRAWS), other_scans=draw_or(None),
    hooks=(hook(flight.start_flight),))
DRIFT = Phase[XpState](
    "drift",
    verbs=_verbs({"drift": drift.drift, **_HAZARD}),
    scans=_scans(_SHIP_DRAWS), other_scans=draw_or(None),
    hooks=(hook(drift.show_drift),))
ROUND_END = Phase[XpState](
    "round-end",
    verbs=_verbs(_HAZARD), scans=_scans(_SHIP_DRAWS), other_scans=draw_or(None),
    hooks=(hook(scoring.round_end),))
GAME_OVER = "The game is over: the final scores are in state."


def _game_over(b: XpBuilder, card: CardEntry) -> str | None:
    raise IllegalMoveError(GAME_OVER)


#: After the last round nothing of the game can be done: every verb and scan says so.
END = Phase[XpState]("end", other_scans=_game_over, closed=GAME_OVER)

PHASES: Phases[XpState] = Phases((SETUP, PREPARATION, FLIGHT, DRIFT, ROUND_END, END),
                                 adjusts=corrections.ADJUSTS, title="Exploration")
