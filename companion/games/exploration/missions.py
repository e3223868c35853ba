"""Missions: revealed when completed, during the owner's turn, for their reward.

Rulebook, "Missions" and the primary/secondary mission lists. The app checks
the goal where it can know it (credits, command, frags, drops, turrets built, ...);
where it cannot (a state saved before it counted them) it trusts the table and says so. Primary
missions for "the most" of something are resolved at the end (scoring.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.rules import Outcome, Verb
from companion.core.words import counted
from companion.games.exploration import catalog as xc
from companion.games.exploration.hazards import hazards_counter
from companion.games.exploration.resources import development_counter, gain
from companion.games.exploration.setup import HIDDEN_DECKS
from companion.games.exploration.state import XpState
from companion.games.exploration.status import IN_SPACE

#: The one refusal for a mission that sits hidden in a hand or a deck. Naming the card,
#: its holder, its goal or the exact reason would let anyone type `complete P06` (or
#: `scan XP/P06`) to probe who holds what; the owner sees their progress with
#: `state --as SEAT`.
#: One line at 800x480 above the owner's list of missions not revealable now, whose labels
#: name each one and what it lacks ("scored at the end of the game" for a "most" mission).
CANNOT_REVEAL = ("Not now: its owner reveals it on their own turn once its goal is met, or "
                 "at the end of the game.")

Stat = Callable[[XpState, str], int]
STATS: dict[str, Stat] = {
    "credits": lambda s, seat: s.table.resource(seat, "credits"),
    "command": lambda s, seat: s.table.resource(seat, "command"),
    "frags": lambda s, seat: s.table.resource(seat, "frags"),
    "score": lambda s, seat: s.table.score_of(seat),
    "ships_in_space": lambda s, seat: sum(1 for x in s.ships_of(seat) if x.location in IN_SPACE),
    "hexes_revealed": lambda s, seat: len(s.outer_space_tiles()),
    "hazards_drawn": lambda s, seat: s.table.counters.get(hazards_counter(seat), 0),
}


def stat(state: XpState, catalog: Catalog, seat: str, name: str,
         attrs: Mapping[str, Any] | None = None) -> int | None:
    """The seat's value of a mission statistic, or None when the app cannot know it.

    The level and count a mission names ("play a level-3 action", "a trap shows 2")
    come from the card's catalog attributes, never from code.
    """
    if name in STATS:
        return STATS[name](state, seat)
    given = attrs or {}
    if name == "tech_actions_at_level":
        level = int(given["level"])
        return sum(1 for t in state.seats[seat].tech_actions if t.level == level)
    if name == "traps_at_count":
        count = int(given["count"])
        return sum(1 for t in state.traps if t.count == count)
    if name == "secondary_completed":
        return sum(1 for c in state.table.cards_in(piles.area_zone(seat))
                   if catalog.card(c).deck == "secondary")
    if name == "development_cards":
        return development_collected(state, catalog, seat)
    if name.startswith("dropped_"):
        return int(state.seats[seat].dropped.get(name.removeprefix("dropped_"), 0))
    if name.endswith("s_built"):  # "turrets_built": modules of that category built
        return modules_built(state, catalog, seat, name.removesuffix("s_built"))
    return None


def modules_built(state: XpState, catalog: Catalog, seat: str, category: str) -> int | None:
    """Modules of `category` built on `seat`'s ships over the game (try 24: "Complete Armed
    (S12) (you confirm it)" was offered with no turret ever built). None for a state saved
    before the app counted them."""
    built = state.seats[seat].built
    if built is None:
        return None
    return sum(n for kind, n in built.items()
               if xc.module(catalog, kind).get("category") == category)


def development_collected(state: XpState, catalog: Catalog, seat: str) -> int | None:
    """Development cards `seat` has drawn: those kept in its area and those it played.
    None for a game saved before the app counted played cards (it cannot know them)."""
    kept = sum(1 for c in state.table.cards_in(piles.area_zone(seat))
               if catalog.card(c).deck == "development")
    played = state.table.counters.get(development_counter(seat))
    if played is None and state.seats[seat].dev_played_round:
        return None
    return kept + (played or 0)


#: How a goal's statistic is counted in a sentence (singular, plural); others say the number.
STAT_NOUNS: dict[str, tuple[str, str | None]] = {
    "credits": ("credit", None), "command": ("command point", None), "frags": ("frag", None),
    "score": ("domination point", None), "development_cards": ("development card", None),
    "ships_in_space": ("ship in space", "ships in space"),
    "hexes_revealed": ("outer-space tile revealed", "outer-space tiles revealed"),
    "hazards_drawn": ("hazard card drawn", "hazard cards drawn"),
    "secondary_completed": ("secondary mission completed", "secondary missions completed"),
    "turrets_built": ("turret module built", "turret modules built"),
}


def complete_label(state: XpState, catalog: Catalog, seat: str, card: CardEntry) -> str:
    """The owner's button for a held mission: what is missing when the app counts the goal
    ("Research (P14) needs 5 development cards; Tom has 0"), "(you confirm it)" when it
    cannot."""
    name = f"{card.name} ({card.card_id})"
    value, goal = progress(state, catalog, seat, card)
    if goal is None:
        return f"{name}: scored at the end of the game"
    if value is None:
        return f"Complete {name} (you confirm it)"
    if value >= goal:
        return f"Complete {name} ({value} of {goal})"
    noun = STAT_NOUNS.get(str(card.attrs["stat"]))
    if noun is None:
        return f"{name}: not yet, {seat} has {value} of {goal}"
    return f"{name} needs {counted(goal, *noun)}; {seat} has {value}"


#: The goals counted in what the seat holds now, spent ones not: the rulebook's "Collect 50
#: Credits", like "Collect 8 Command points", is met by holding them, not by having earned
#: them over the game (try 19, finding 14: "So far 7 of 50" read as credits earned).
HELD_STATS = ("credits", "command", "frags")


def progress_sentence(seat: str, card: CardEntry, value: int | None,
                      goal: int | None) -> str | None:
    """How far the holder is, said as the rulebook counts it ("Xichang holds 7 of the 50
    credits now."); None where "So far" says it (a count that only grows)."""
    stat_name = str(card.attrs.get("stat", ""))
    if value is None or goal is None or stat_name not in HELD_STATS:
        return None
    noun = STAT_NOUNS[stat_name]
    return f"{seat} holds {value} of the {counted(goal, *noun)} now."


def holder(state: XpState, card: CardEntry) -> str:
    """The seat holding a hidden mission; refusals name the card only where it is public."""
    zone = state.table.zone(card.card_id)
    if zone.is_private:
        return zone.name
    if zone.kind == "deck":  # "not in a hand" would tell where the others are
        raise IllegalMoveError(CANNOT_REVEAL)
    raise IllegalMoveError(f"{card.name} ({card.card_id}) cannot be revealed: it is "
                           f"{piles.zone_phrase(zone.text)}.")


def progress(state: XpState, catalog: Catalog, seat: str,
             card: CardEntry) -> tuple[int | None, int | None]:
    """(value, goal) of a mission for its holder; None where the app cannot know it."""
    if card.attrs.get("most"):
        return stat(state, catalog, seat, str(card.attrs["stat"]), card.attrs), None
    goal = int(card.attrs["at_least"])
    return stat(state, catalog, seat, str(card.attrs["stat"]), card.attrs), goal


def reward_events(card: CardEntry, seat: str) -> tuple[list[Event], str]:
    source = f"mission: {card.name}"
    if "reward_score" in card.attrs:
        points = int(card.attrs["reward_score"])
        return [event("scored", seat=seat, points=points, source=source)], \
            f"{seat} scores {counted(points, 'domination point')}."
    credits = int(card.attrs["reward_credits"])
    return [gain(seat, "credits", credits, source)], f"{seat} gains {counted(credits, 'credit')}."


def reveal(state: XpState, catalog: Catalog, card: CardEntry) -> Outcome:
    """Reveal a held mission; every refusal while it is hidden is CANNOT_REVEAL."""
    if card.deck not in HIDDEN_DECKS:
        raise IllegalMoveError(f"{card.name} ({card.card_id}) is not a mission card.")
    seat = holder(state, card)
    own_turn = state.table.active == seat and state.table.phase in ("preparation", "flight")
    value, goal = progress(state, catalog, seat, card)
    if not own_turn or goal is None or (value is not None and value < goal):
        raise IllegalMoveError(CANNOT_REVEAL)
    checked = f"checked: {value} of {goal}" if value is not None else \
        f"the app cannot count this goal: {seat} confirmed it"
    events, text = reward_events(card, seat)
    moved = piles.move(card.card_id, piles.hand_zone(seat), piles.area_zone(seat), "completed")
    return Outcome((moved, *events), f"{seat} reveals {card.name} ({card.card_id}): "
                                     f"{card.summary} ({checked}). {text}", seat)


def complete(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    if len(args) != 1:
        raise CommandSyntaxError("complete takes the mission card's ID: complete P06")
    return reveal(state, catalog, catalog.card(args[0]))


def scan_mission(state: XpState, catalog: Catalog, card: CardEntry) -> Outcome | None:
    """Scanning a mission one holds (outside any expected draw) reveals it.

    A mission still in its deck gets the same refusal as one held out of turn, so a
    scan cannot tell which missions are in someone's hand.
    """
    if card.deck not in HIDDEN_DECKS or state.table.zone(card.card_id).kind not in ("hand", "deck"):
        return None
    return reveal(state, catalog, card)


VERB_DOCS = (
    Verb("complete", "complete MISSION", "Reveal a completed mission during your turn and take "
         "its reward (scanning the card you hold does the same). The app checks the goal where "
         "it can.", "complete S01"),
)
