"""The explosion screen's words, from a result's `explosion` moments (table API): the
title large, the first line (whose, where), the rest (what it destroyed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ExplosionView:
    heading: str
    trap: str
    did: str


def explosions(moments: Sequence[Mapping[str, Any]]) -> tuple[ExplosionView, ...]:
    """One view per explosion a result carries (none for a result without one)."""
    shown = []
    for moment in moments:
        if moment.get("kind") != "explosion":
            continue
        lines = [str(line) for line in moment.get("lines") or ()]
        shown.append(ExplosionView(str(moment.get("title") or ""), lines[0] if lines else "",
                                   " ".join(lines[1:])))
    return tuple(shown)
