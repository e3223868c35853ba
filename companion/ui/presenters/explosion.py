"""The trap explosion's words: which trap went off, whose it was, where, and what it did.

A result's `trap_exploded` event names the trap, its owner, its place and its count
(table API); the ship's owner comes from the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ExplosionView:
    heading: str
    trap: str
    did: str


def _ship_owner(view: Mapping[str, Any] | None, card: str) -> str | None:
    for seat in (view or {}).get("seats", []):
        if any(ship.get("card") == card for ship in seat.get("ships", [])):
            return str(seat.get("seat"))
    return None


def explosions(events: Sequence[Mapping[str, Any]],
               view: Mapping[str, Any] | None) -> tuple[ExplosionView, ...]:
    """One view per trap a result set off (none for a result without explosions)."""
    shown = []
    for e in events:
        if e.get("type") != "trap_exploded":
            continue
        trap_id, card = str(e["trap_id"]), str(e["card"])
        owner, where = e.get("owner"), e.get("where")
        whose = f"{owner}'s trap" if owner else "The trap"
        place = f" {where}" if where else ""
        count = f" (count {e['count']})" if e.get("count") is not None else ""
        ship_owner = _ship_owner(view, card)
        of = f" ({ship_owner})" if ship_owner else ""
        shown.append(ExplosionView(f"Trap {trap_id} explodes!", f"{whose}{count}{place}",
                                   f"{card}{of} is destroyed with its modules."))
    return tuple(shown)
