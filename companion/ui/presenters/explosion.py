"""The explosion screen's words, from a result's `explosion` and `destroyed` moments (table
API): the title large, the first line (whose, where, or why), the rest (what it destroyed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: The moments shown on the explosion screen: a trap going off, a piece destroyed otherwise.
BLAST_KINDS = ("explosion", "destroyed")


@dataclass(frozen=True)
class ExplosionView:
    heading: str
    trap: str
    did: str


def explosions(moments: Sequence[Mapping[str, Any]]) -> tuple[ExplosionView, ...]:
    """One view per explosion a result carries (none for a result without one)."""
    shown = []
    for moment in moments:
        if moment.get("kind") not in BLAST_KINDS:
            continue
        lines = [str(line) for line in moment.get("lines") or ()]
        shown.append(ExplosionView(str(moment.get("title") or ""), lines[0] if lines else "",
                                   " ".join(lines[1:])))
    return tuple(shown)
