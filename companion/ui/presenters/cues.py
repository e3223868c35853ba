"""Which sound cue a reply deserves: a card revealed, your turn, a check that failed, a
trap exploding."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def _cards_left(view: Mapping[str, Any]) -> int:
    """Cards left in every deck, read from the one view shape every game gives (`table`)."""
    table = view.get("table") or {}
    return sum(int(d.get("left", 0)) for d in table.get("decks", ()))


def cue_for(ok: bool, kind: str, before: Mapping[str, Any] | None,
            after: Mapping[str, Any] | None,
            moments: Sequence[Mapping[str, Any]] = ()) -> str | None:
    """One cue or none: a refusal, an explosion, a failed check, a card leaving a deck,
    or the turn passing (the result's moments say what happened)."""
    if not ok:
        return "failed" if kind in ("refused", "error", "damaged") else None
    kinds = [m.get("kind") for m in moments]
    if "explosion" in kinds:
        return "explosion"
    if any(m.get("kind") == "check" and not (m.get("data") or {}).get("passed")
           for m in moments):
        return "failed"
    if before is None or after is None or kind != "step":
        return None
    if _cards_left(after) < _cards_left(before):
        return "card"
    if after.get("active") and after.get("active") != before.get("active"):
        return "turn"
    return None
