"""The Exploration rules object the engine drives (`RULES`).

Its phases (phases.py) say which verbs, scans and hooks each phase has; its
vocabulary is every event type the modules fold, listed below. Events are
validated when a step is read (core/events.py `Vocabulary`): a stored event of
a type no module knows is damage, and an older form of an event is migrated
there, so `apply` folds only events it knows and never skips one silently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core import piles
from companion.core.catalog import Catalog
from companion.core.dice import Die
from companion.core.events import Event, Step, Vocabulary
from companion.core.moments import Moment
from companion.core.newgame import NewGameForm
from companion.core.phases import Phases
from companion.core.prompt import Choice, Situation
from companion.core.rules import GameRules, Verb
from companion.core.table import TABLE_EVENT_TYPES, apply_table_event, is_table_event, new_table
from companion.core.tableview import TableView
from companion.games.exploration import (
    combat,
    corrections,
    draft,
    drift,
    drops,
    flight,
    form,
    hazards,
    missions,
    moments,
    preparation,
    prompt,
    scoring,
    setup,
    support,
    tableview,
    tiles,
    traps,
    views,
)
from companion.games.exploration.catalog import validate_rules
from companion.games.exploration.migrations import MIGRATIONS
from companion.games.exploration.phases import PHASES
from companion.games.exploration.resources import RESOURCE_NOUNS
from companion.games.exploration.state import (
    SHARED_APPLIERS,
    Applier,
    XpState,
    noted_arrival,
)


def _merge(*tables: Mapping[str, Applier]) -> dict[str, Applier]:
    """Every module's appliers in one table; an event type folded twice is a bug."""
    merged: dict[str, Applier] = {}
    for table in tables:
        clash = set(merged) & set(table)
        if clash:
            raise RuntimeError(f"event types folded by two modules: {sorted(clash)}")
        merged.update(table)
    return merged


APPLIERS = _merge(SHARED_APPLIERS, setup.APPLIERS, draft.APPLIERS, preparation.APPLIERS,
                  support.APPLIERS, flight.APPLIERS, drops.APPLIERS, combat.APPLIERS,
                  traps.APPLIERS, hazards.APPLIERS, tiles.APPLIERS, scoring.APPLIERS,
                  corrections.APPLIERS)
VOCABULARY = Vocabulary(TABLE_EVENT_TYPES | frozenset(APPLIERS), MIGRATIONS)
#: Help lines in the order of play.
VERB_DOCS: tuple[Verb, ...] = (*setup.VERB_DOCS, *draft.VERB_DOCS, *preparation.VERB_DOCS,
                               *support.VERB_DOCS, *flight.VERB_DOCS, *drops.VERB_DOCS,
                               *combat.VERB_DOCS, *hazards.VERB_DOCS, *tiles.VERB_DOCS,
                               *drift.VERB_DOCS,
                               *missions.VERB_DOCS)


class ExplorationRules(GameRules[XpState]):
    """The GameRules implementation for Exploration (CLI id `xp`)."""

    game = "xp"
    title = "Exploration"
    offers_prompt = True
    #: One unit of each resource, as the prompt says an action's cost.
    resource_nouns = RESOURCE_NOUNS
    prompt_groups = prompt.PROMPT_GROUPS
    #: An owed card is drawn before the turn ends: its draw is then the fixed bar's action.
    draw_is_main = True

    def retired_event(self, e: Event, catalog: Catalog) -> bool:
        """An older companion rolled the die for a check no face could fail (try 19,
        finding 5: these rules roll none); its exports still import."""
        return flight.unneeded_roll(e, catalog)

    def new_state(self, catalog: Catalog, seed: int) -> XpState:
        validate_rules(catalog)
        cards = ((c.card_id, piles.deck_zone(c.deck)) for c in catalog.cards.values())
        return XpState(new_table("xp", seed, cards))

    @property
    def phases(self) -> Phases[XpState]:
        return PHASES

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY

    def apply(self, state: XpState, e: Event) -> XpState:
        if is_table_event(e):
            return noted_arrival(replace(state, table=apply_table_event(state.table, e)), e)
        return APPLIERS[e.type](state, e)

    def verbs(self) -> Sequence[Verb]:
        return VERB_DOCS

    def dice(self, catalog: Catalog) -> Mapping[str, Die]:
        raw = catalog.rules["dice"]
        return {name: Die.from_data(name, data, catalog.source) for name, data in raw.items()}

    def view(self, state: XpState, catalog: Catalog, seat: str | None) -> dict[str, Any]:
        return views.view(state, catalog, seat)

    def table_view(self, state: XpState, catalog: Catalog, seat: str | None,
                   shown: Mapping[str, Any] | None = None) -> TableView:
        return tableview.table_view(state, catalog, seat, shown)

    def render(self, state: XpState, catalog: Catalog, seat: str | None) -> str:
        return views.render(state, catalog, seat)

    def state_from_dict(self, raw: Mapping[str, Any]) -> XpState:
        return XpState.from_dict(raw)

    def is_over(self, state: XpState) -> bool:
        """After the last round's scoring (rulebook p. 12), or a game ended early."""
        return state.game_over or state.table.phase == "end"

    def new_game_form(self, catalog: Catalog) -> NewGameForm:
        return form.new_game_form(catalog)

    def moments(self, state: XpState, catalog: Catalog, step: Step) -> Sequence[Moment]:
        """What a step just committed did that deserves a screen (games/.../moments.py)."""
        return moments.moments(state, catalog, step)

    # ---- the table API's prompt (games/exploration/prompt.py) ----
    def situation(self, state: XpState, catalog: Catalog, seat: str | None) -> Situation:
        return prompt.situation(state, catalog, seat)

    def expand(self, state: XpState, catalog: Catalog, partial: str,
               seat: str | None) -> Sequence[Choice]:
        return prompt.expand(state, catalog, partial, seat)


RULES = ExplorationRules()
