"""Which sentences a committed step gets: the game's spoken form, undo and redo, bursts.

Only `public_step` reaches a game's spoken form, so no sentence can name a hidden
card. Undo says once what it took back; a step that would say many things, and a
burst of steps (a new game's setup, an import), are summed up in one sentence.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.core.catalog import Catalog
from companion.core.definition import GameDefinition
from companion.core.events import Step
from companion.core.privacy import public_step
from companion.core.speech import Before, Said, joined, number_words
from companion.games.registry import game

if TYPE_CHECKING:
    from companion.api import TableAPI

LOGGER = "companion.voice"
#: More sentences than this from one step are summed up.
MOST_PER_STEP = 4
#: What a summed-up sentence calls each kind.
NOUNS = {"card": ("card", "cards"), "check": ("maneuver check", "maneuver checks"),
         "trap": ("trap", "traps"), "deck": ("reshuffle", "reshuffles"),
         "score": ("score", "scores"), "mission": ("mission", "missions")}
KEPT = ("round", "turn", "end")


def game_sentences(game: GameDefinition, catalog: Catalog, step: Step,
                   before: Before) -> list[Said]:
    """What the game says for one step, from its public events only."""
    if game.spoken is None:
        return []
    events = [e.to_dict() for e in public_step(step).events]
    return game.spoken(events, catalog, before)


def step_sentences(game: GameDefinition, catalog: Catalog, step: Step | None,
                   target: Step | None = None, before: Before | None = None) -> list[Said]:
    """The sentences for a step just committed (`target`: the step an undo or redo
    took back or put back)."""
    if step is None:
        return []
    if step.kind in ("undo", "redo"):
        return [_taken_back(game, catalog, step.kind, target)]
    return summed(game_sentences(game, catalog, step, before or Before()))


def _taken_back(game: GameDefinition, catalog: Catalog, kind: str,
                target: Step | None) -> Said:
    word = "Undone" if kind == "undo" else "Redone"
    said = game_sentences(game, catalog, target, Before(-1, "")) if target else []
    what = next((s.text for s in said if s.kind != "round"), None)
    if what is None:
        what = f"step {target.number}." if target else "the last step."
    return Said("undo", f"{word}: {what}")


def summed(said: list[Said], most: int = MOST_PER_STEP) -> list[Said]:
    """At most `most` sentences: beyond that, the round, turn and end are kept and the
    rest is counted in one sentence ("In one step: three cards and a trap.")."""
    if len(said) <= most:
        return said
    rest = Counter(s.kind for s in said if s.kind not in KEPT)
    parts = [f"{'a' if n == 1 else number_words(n)} {NOUNS.get(k, (k, k + 's'))[n != 1]}"
             for k, n in rest.items()]
    burst = [Said("burst", f"In one step: {joined(parts)}.")] if parts else []
    return [s for s in said if s.kind == "round"] + burst + \
        [s for s in said if s.kind in ("turn", "end")]


def burst_sentences(label: str, per_step: Sequence[Sequence[Said]]) -> list[Said]:
    """Many steps at once (a new game's setup, an import): one sentence for all of them,
    then whose turn it is now, if a step said so."""
    turns = [s for said in per_step for s in said if s.kind in ("turn", "end")]
    count = len(per_step)
    steps = "one step" if count == 1 else f"{number_words(count)} steps"
    return [Said("burst", f"{label}: {steps}."), *turns[-1:]]


def before_step(session: TableAPI) -> Before:
    """The round and phase now, read before a command runs."""
    table = session.match.state.table
    return Before(table.round, table.phase)


def session_sentences(session: TableAPI, step: Step | None, before: Before) -> list[Said]:
    """The sentences for the step the table `session` just committed (on the worker's
    thread)."""
    if step is None:
        return []
    match = session.match
    target = match.step(step.target) if step.target is not None else None
    try:
        return step_sentences(game(session.kind), match.catalog, step, target, before)
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        # The step is committed: a sentence that cannot be made must not turn its reply
        # into an error. It is logged, and the table still sees the step.
        logging.getLogger(LOGGER).warning("No sentence for step %s (%s): %r", step.number,
                                          public_step(step).command, exc)
        return []
