"""The Traps panel's data: each trap on the map with its owner, place and count."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.colours import seat_colour, seat_place


@dataclass(frozen=True)
class TrapRow:
    trap_id: str
    owner: str
    colour: str
    count: str
    text: str


def trap_rows(view: Mapping[str, Any]) -> tuple[TrapRow, ...]:
    """'T1 · Xichang's trap · a hazard space', with its count in big digits."""
    colours = {s["seat"]: seat_colour(seat_place(s, i), s.get("color"))
               for i, s in enumerate(view.get("seats", []))}
    rows = []
    for trap in view.get("traps") or []:
        owner = str(trap["owner"])
        where = str(trap.get("where") or "")
        text = f"{trap['trap_id']} · {owner}'s trap" + (f" · {where}" if where else "")
        rows.append(TrapRow(str(trap["trap_id"]), owner, colours.get(owner, "#BBBBBB"),
                            str(trap["count"]), text))
    return tuple(rows)


def traps_note(view: Mapping[str, Any]) -> str:
    """The rule the game's own Traps panel states (the table view's note: passing lowers
    the count, ending a move on a trap sets it off at any count), else "No trap on the
    map." when there is none."""
    for panel in (view.get("table") or {}).get("panels") or []:
        if panel.get("id") == "traps":
            notes = [r["text"] for r in panel.get("rows") or [] if r.get("kind") == "note"]
            return notes[0] if notes else str(panel.get("empty") or "")
    return ""
