"""TI4 exploration as a screen shows it: planets with their attachments, fragments and
relics per seat, the decks, the exploration queue, and the planets a seat may take.

Plain data in (the TI4 view and prompt), plain data out; no rules: which planets may
be taken, what a planet is worth and what the table owes all come from the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.colours import seat_colour
from companion.core.words import counted
from companion.ui.presenters.actions import ActionItem, actions_view, fill


@dataclass(frozen=True)
class PlanetLine:
    name: str
    code: str
    values: str  # "3/2": resources/influence with every attachment
    detail: str  # traits, specialties, legendary, printed values when changed, attachments
    attached: bool


@dataclass(frozen=True)
class SeatPlanets:
    seat: str
    colour: str
    summary: str
    planets: tuple[PlanetLine, ...]


@dataclass(frozen=True)
class SeatFragments:
    seat: str
    colour: str
    fragments: str
    relics: str
    other: str


def _values(planet: Mapping[str, Any]) -> str:
    return f"{planet['resources']}/{planet['influence']}"


def planet_line(planet: Mapping[str, Any]) -> PlanetLine:
    """One planet: its values now, and why they differ from the printed card."""
    parts = [", ".join(planet.get("traits") or ()) or "no trait"]
    parts += [f"{colour} specialty" for colour in planet.get("specialties") or ()]
    if planet.get("legendary"):
        parts.append("legendary")
    printed = planet.get("printed")
    if printed and (printed["resources"], printed["influence"]) != (
            planet["resources"], planet["influence"]):
        parts.append(f"printed {printed['resources']}/{printed['influence']}")
    attached = [*planet.get("attachments", ()), *(["Terraform"] if planet.get("terraformed")
                                                  else [])]
    if attached:
        parts.append("+ " + ", ".join(attached))
    return PlanetLine(str(planet["name"]), str(planet["id"]), _values(planet),
                      " · ".join(parts), bool(attached))


def seat_planets(view: Mapping[str, Any]) -> tuple[SeatPlanets, ...]:
    """Each seat's planets with their totals (the Planets panel)."""
    rows = []
    for index, seat in enumerate(view.get("seats", [])):
        planets = seat.get("planets", [])
        resources = sum(p["resources"] for p in planets)
        influence = sum(p["influence"] for p in planets)
        summary = (f"{counted(len(planets), 'planet')} · {counted(resources, 'resource')}, "
                   f"{influence} influence" if planets else "no planets")
        rows.append(SeatPlanets(str(seat["seat"]), seat_colour(index, seat.get("color")),
                                summary, tuple(planet_line(p) for p in planets)))
    return tuple(rows)


def _fragment_text(fragments: Sequence[Mapping[str, Any]]) -> str:
    if not fragments:
        return "no fragments"
    counts: dict[str, list[str]] = {}
    for fragment in fragments:
        counts.setdefault(str(fragment["type"]), []).append(str(fragment["id"]))
    return ", ".join(f"{len(ids)} {kind} ({' '.join(ids)})" for kind, ids in counts.items())


def seat_fragments(view: Mapping[str, Any]) -> tuple[SeatFragments, ...]:
    """Each seat's relic fragments by type, its relics, and other cards in its play area."""
    rows = []
    for index, seat in enumerate(view.get("seats", [])):
        relics = ", ".join(seat.get("relics", ())) or "no relics"
        owed = int(seat.get("relic_draws_owed") or 0)
        if owed:
            relics += f"; owed {counted(owed, 'relic card')} from the relic deck"
        rows.append(SeatFragments(str(seat["seat"]), seat_colour(index, seat.get("color")),
                                  _fragment_text(seat.get("fragments", ())), relics,
                                  ", ".join(seat.get("other", ()))))
    return tuple(rows)


def relic_deck_text(view: Mapping[str, Any]) -> str:
    return f"Relic deck: {view.get('relic_deck_left', 0)} left"


def deck_lines(view: Mapping[str, Any]) -> tuple[str, ...]:
    """Every exploration deck with cards left, fragments left and its discard pile."""
    lines = []
    for deck in view.get("decks", []):
        discard = len(deck.get("discard", ()))
        lines.append(f"{str(deck['deck']).capitalize()}: {deck['left']} left, "
                     f"{deck['fragments_left']} of them fragments; {discard} discarded")
    return (*lines, relic_deck_text(view), *table_lines(view))


def table_lines(view: Mapping[str, Any]) -> tuple[str, ...]:
    """Frontier tokens, the common play area and the tokens cards put on the map."""
    tokens = view.get("frontier_tokens") or []
    lines = [f"Frontier tokens: {len(tokens)}" + (f" (tiles {', '.join(tokens)})"
                                                  if tokens else "")]
    if view.get("common_play_area"):
        lines.append("Common play area: " + ", ".join(view["common_play_area"]))
    for token in view.get("map_tokens") or []:
        lines.append(f"{token['token']} in tile {token['tile']} ({token['source']})")
    return tuple(lines)


@dataclass(frozen=True)
class QueueView:
    """The exploration under way and those waiting."""

    lines: tuple[str, ...]
    revealed: str

    @property
    def is_idle(self) -> bool:
        return not self.lines and not self.revealed


def queue_view(view: Mapping[str, Any], _prompt: Mapping[str, Any] | None = None) -> QueueView:
    lines = []
    waiting = 0
    for item in view.get("queue", []):
        if item.get("started"):
            deck = item.get("deck") or " or ".join(item.get("decks", ()))
            lines.append(f"Now: {item['seat']} explores {item['target']} ({deck} deck)")
        else:
            waiting += 1
            lines.append(f"Then {waiting}: {item['seat']} explores {item['target']}")
    return QueueView(tuple(lines), str(view.get("revealed") or ""))


def relic_actions(prompt: Mapping[str, Any]) -> tuple[ActionItem, ...]:
    """The purges for a relic the rules accept now (the prompt after `relic`, dry-run per
    seat), a seat that chooses which fragments once per set it may purge; a relic drawn
    by an ability named stays on the dashboard."""
    items: list[ActionItem] = []
    for group in actions_view(prompt).groups:
        for item in group.items:
            if item.kind == "command":
                items.append(item)
            elif item.input_kind == "choice" and item.enabled:
                items += [replace(item, label=f"{item.label}: {o.label}", kind="command",
                                  value=fill(item.value, o.value), options=())
                          for o in item.options]
    return tuple(items)
