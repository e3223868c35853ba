"""Older forms of Exploration events, read as today's (see core/events.py `Vocabulary`).

A journal is never rewritten: each stored event is migrated when its step is
read, so an old saved game opens and plays on, and `apply` sees only today's
forms.
"""

from __future__ import annotations

from companion.core.events import Event, Migration
from companion.games.exploration.state import LEGACY_DRAFT_PACKS


def _draft_started(e: Event) -> Event:
    """`draft_started` gained `pack_count` ([rules.setup].draft_packs) in 13c6cff."""
    if "pack_count" in e.data:
        return e
    return Event(e.type, {**e.data, "pack_count": LEGACY_DRAFT_PACKS})


MIGRATIONS: dict[str, Migration] = {"draft_started": _draft_started}
