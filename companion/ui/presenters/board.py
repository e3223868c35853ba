"""The Board panel's data: each domination area with whose cube is on which space and
which spaces a restriction token closed (the view's `domination_areas`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class AreaView:
    title: str  # "Mars: 1 cube, 1 closed, 2 free"
    lines: tuple[str, ...]  # "mars2: Xichang's cube (Rover)", "Free: mars3, mars4"


def board_view(view: Mapping[str, Any]) -> tuple[AreaView, ...]:
    """One block per domination area, in the board's order."""
    return tuple(_area(area) for area in view.get("domination_areas") or [])


def _area(area: Mapping[str, Any]) -> AreaView:
    spaces: Sequence[Mapping[str, Any]] = area.get("spaces") or []
    held = [s for s in spaces if s.get("seat")]
    closed = [s for s in spaces if s.get("closed")]
    free = [str(s["space"]) for s in spaces if not s.get("seat") and not s.get("closed")]
    parts = [f"{len(held)} {'cube' if len(held) == 1 else 'cubes'}"] if held else []
    parts += [f"{len(closed)} closed"] if closed else []
    parts += [f"{len(free)} free"] if free else []
    lines = [_space_line(s) for s in spaces if s.get("seat") or s.get("closed")]
    if free:
        lines.append("Free: " + ", ".join(free))
    return AreaView(f"{area.get('name') or area.get('area')}: {', '.join(parts)}", tuple(lines))


def _space_line(space: Mapping[str, Any]) -> str:
    said = []
    if space.get("seat"):
        seat, player = str(space["seat"]), str(space.get("player") or "")
        who = f"{seat} ({player})" if player and player != seat else seat
        module = f" ({space['module_name']})" if space.get("module_name") else ""
        said.append(f"{who}'s cube{module}")
    if space.get("closed"):
        said.append("closed by a restriction token: no domination points there")
    return f"{space['space']}: " + "; ".join(said)
