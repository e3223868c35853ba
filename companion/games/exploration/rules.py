"""The Exploration rules object the engine drives (`RULES`), assembled from modules.

Each module named in `MODULES` may export:

- `VERBS: dict[str, Handler]` where Handler(state, catalog, args) -> Outcome
- `VERB_DOCS: tuple[Verb, ...]` help lines for those verbs
- `APPLIERS: dict[str, Applier]` for the event types it emits
- `SCANNERS: tuple[Scanner, ...]`, Scanner(state, catalog, card) -> Outcome | None;
  the first that does not return None handles the scan
- `PHASE_HOOKS: dict[str, Hook]`, Hook(state, catalog) -> Outcome | None, run after
  a command's events changed the phase to that name (e.g. "preparation" pays
  round-start income, "flight" computes the flight order)

Part 2 adds its module names to `MODULES`; nothing else here needs to change.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

from companion.core.catalog import CardEntry, Catalog
from companion.core.dice import Die
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event
from companion.core.prompt import Choice, Situation
from companion.core.rules import Outcome, Verb
from companion.core.table import apply_table_event, is_table_event, new_table
from companion.games.exploration import prompt, views
from companion.games.exploration.catalog import validate_rules
from companion.games.exploration.setup import HIDDEN_DECKS
from companion.games.exploration.state import SHARED_APPLIERS, Applier, XpState

Handler = Callable[[XpState, Catalog, Sequence[str]], Outcome]
Scanner = Callable[[XpState, Catalog, CardEntry], "Outcome | None"]
Hook = Callable[[XpState, Catalog], "Outcome | None"]

#: Game modules in dispatch order (scanners are tried in this order).
MODULES: tuple[str, ...] = (
    "setup",
    "draft",
    "preparation",
    "support",
    # part2: flight phase, drops, combat, traps, hazards, drift, missions, scoring
    "flight", "drops", "combat", "traps", "hazards", "drift", "missions", "scoring",
)
_MAX_PHASE_HOOKS = 8


@dataclass(frozen=True)
class Parts:
    """Everything the modules export, merged."""

    verbs: Mapping[str, Handler]
    docs: tuple[Verb, ...]
    appliers: Mapping[str, Applier]
    scanners: tuple[Scanner, ...]
    hooks: Mapping[str, tuple[Hook, ...]]


def _load(names: Sequence[str]) -> Parts:
    modules: list[ModuleType] = [
        importlib.import_module(f"companion.games.exploration.{name}") for name in names
    ]
    verbs: dict[str, Handler] = {}
    appliers: dict[str, Applier] = dict(SHARED_APPLIERS)
    hooks: dict[str, tuple[Hook, ...]] = {}
    docs: list[Verb] = []
    scanners: list[Scanner] = []
    for module in modules:
        for table, new in ((verbs, getattr(module, "VERBS", {})),
                           (appliers, getattr(module, "APPLIERS", {}))):
            clash = set(table) & set(new)
            if clash:
                raise RuntimeError(f"{module.__name__} redefines {sorted(clash)}")
            table.update(new)
        docs.extend(getattr(module, "VERB_DOCS", ()))
        scanners.extend(getattr(module, "SCANNERS", ()))
        for phase, hook in getattr(module, "PHASE_HOOKS", {}).items():
            hooks[phase] = (*hooks.get(phase, ()), hook)
    return Parts(verbs, tuple(docs), appliers, tuple(scanners), hooks)


class ExplorationRules:
    """The GameRules implementation for Exploration (CLI id `xp`)."""

    game = "xp"
    title = "Exploration"

    def __init__(self, modules: Sequence[str] = MODULES):
        self.parts = _load(modules)

    def new_state(self, catalog: Catalog, seed: int) -> XpState:
        validate_rules(catalog)
        cards = ((c.card_id, f"deck:{c.deck}") for c in catalog.cards.values())
        return XpState(new_table("xp", seed, cards))

    def apply(self, state: XpState, e: Event) -> XpState:
        if is_table_event(e):
            return replace(state, table=apply_table_event(state.table, e))
        applier = self.parts.appliers.get(e.type)
        # An event type no module knows any more changes nothing: old journals stay loadable.
        return applier(state, e) if applier else state

    def apply_all(self, state: XpState, events: Sequence[Event]) -> XpState:
        for e in events:
            state = self.apply(state, e)
        return state

    def handle(self, state: XpState, catalog: Catalog, verb: str,
               args: Sequence[str]) -> Outcome:
        handler = self.parts.verbs.get(verb)
        if handler is None:
            known = ", ".join(sorted(self.parts.verbs))
            raise CommandSyntaxError(f"{verb!r} is not an Exploration command; known: {known}.")
        return self._with_hooks(state, catalog, handler(state, catalog, list(args)))

    def on_scan(self, state: XpState, catalog: Catalog, card: CardEntry) -> Outcome:
        for scanner in self.parts.scanners:
            outcome = scanner(state, catalog, card)
            if outcome is not None:
                return self._with_hooks(state, catalog, outcome)
        # Never name a mission card in a refusal: it may be a hidden card.
        hidden = card.deck in HIDDEN_DECKS
        named = "That mission card" if hidden else f"{card.name} ({card.card_id})"
        raise IllegalMoveError(
            f"Scanning {named} does nothing now: no draw of the "
            f"{card.deck} deck is expected in the {state.table.phase} phase.")

    def _with_hooks(self, state: XpState, catalog: Catalog, outcome: Outcome) -> Outcome:
        """Run the phase hooks of every phase a command's events entered."""
        events, messages = list(outcome.events), [outcome.message]
        done = 0
        pending = _entered_phases(outcome.events)
        while pending and done < _MAX_PHASE_HOOKS:
            phase = pending.pop(0)
            after = self.apply_all(state, events)
            for hook in self.parts.hooks.get(phase, ()):
                extra = hook(after, catalog)
                if extra is not None and (extra.events or extra.message):
                    events.extend(extra.events)
                    messages.append(extra.message)
                    pending.extend(_entered_phases(extra.events))
                    after = self.apply_all(after, extra.events)
            done += 1
        message = " ".join(m for m in messages if m)
        return Outcome(tuple(events), message, outcome.seat)

    def verbs(self) -> Sequence[Verb]:
        return self.parts.docs

    def dice(self, catalog: Catalog) -> Mapping[str, Die]:
        raw = catalog.rules["dice"]
        return {name: Die.from_data(name, data, catalog.source) for name, data in raw.items()}

    def view(self, state: XpState, catalog: Catalog, seat: str | None) -> dict[str, Any]:
        return views.view(state, catalog, seat)

    def render(self, state: XpState, catalog: Catalog, seat: str | None) -> str:
        return views.render(state, catalog, seat)

    def state_from_dict(self, raw: Mapping[str, Any]) -> XpState:
        return XpState.from_dict(raw)

    # ---- the table API's prompt (games/exploration/prompt.py) ----
    def situation(self, state: XpState, catalog: Catalog, seat: str | None) -> Situation:
        return prompt.situation(state, catalog, seat)

    def expand(self, state: XpState, catalog: Catalog, partial: str,
               seat: str | None) -> Sequence[Choice]:
        return prompt.expand(state, catalog, partial, seat)


def _entered_phases(events: Sequence[Event]) -> list[str]:
    return [e["phase"] for e in events if e.type == "phase_changed"]


RULES = ExplorationRules()
