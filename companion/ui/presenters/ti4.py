"""TI4 exploration as a screen shows it: planets with their attachments, fragments and
relics per seat, the decks, the exploration queue, and the planets a seat may take.

Plain data in (the TI4 view and prompt), plain data out; no rules: which planets may
be taken, what a planet is worth and what the table owes all come from the view.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.words import counted
from companion.ui.presenters.actions import ActionItem, actions_view
from companion.ui.presenters.colours import seat_colour

#: The prompt's groups that belong to an exploration under way (TI4's prompt names them).
EXPLORATION_GROUPS = ("Draw a card", "Exploration")


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
    """The exploration under way and those waiting, with the prompt's buttons for them."""

    lines: tuple[str, ...]
    revealed: str
    actions: tuple[ActionItem, ...]

    @property
    def is_idle(self) -> bool:
        return not self.lines and not self.revealed


def queue_view(view: Mapping[str, Any], prompt: Mapping[str, Any]) -> QueueView:
    lines = []
    waiting = 0
    for item in view.get("queue", []):
        if item.get("started"):
            deck = item.get("deck") or " or ".join(item.get("decks", ()))
            lines.append(f"Now: {item['seat']} explores {item['target']} ({deck} deck)")
        else:
            waiting += 1
            lines.append(f"Then {waiting}: {item['seat']} explores {item['target']}")
    revealed = str(view.get("revealed") or "")
    actions = tuple(item for group in actions_view(prompt).groups
                    if group.title in EXPLORATION_GROUPS for item in group.items)
    return QueueView(tuple(lines), revealed, actions)


@dataclass(frozen=True)
class FrontierView:
    """The prompt's choices after `frontier`: tokens to explore now, or why none can be."""

    actions: tuple[ActionItem, ...]
    note: str


def frontier_view(prompt: Mapping[str, Any]) -> FrontierView:
    """Tokens the active seat may explore now (commands only: an ability typed by name stays
    on the dashboard); with none, the sentence the first one would be refused with."""
    view = actions_view(prompt)
    actions = tuple(item for group in view.groups for item in group.items
                    if item.kind == "command")
    if actions:
        return FrontierView(actions, "")
    refused = [item.reason for item in view.unavailable if item.kind == "command"]
    if refused:
        return FrontierView((), refused[0])
    if view.is_empty:
        return FrontierView((), "No frontier token is on the map.")
    return FrontierView((), "A frontier token can be explored here only by an ability "
                            "named on the table's screen (Explore a frontier token).")


def relic_actions(prompt: Mapping[str, Any]) -> tuple[ActionItem, ...]:
    """The purges for a relic the rules accept now (the prompt after `relic`, dry-run per
    seat); a relic drawn by an ability named stays on the dashboard."""
    return tuple(item for group in actions_view(prompt).groups for item in group.items
                 if item.kind == "command")


# ---- taking planets (35.1; several at once in the order chosen, 35.2d and note 3) ---------
@dataclass(frozen=True)
class SystemChoice:
    tile: str
    text: str
    planets: tuple[str, ...]  # the IDs the seat may take, in the order they are listed
    explorable: bool  # some planet has a trait (the view says so; 35.2b)


def system_choices(view: Mapping[str, Any], seat: str) -> tuple[SystemChoice, ...]:
    """Systems holding a planet `seat` does not control yet, those with a planet to explore
    first; taking one from another seat is an invasion, so those show their controller."""
    choices = []
    for system in view.get("systems", []):
        free = [p for p in system["planets"] if p.get("controller") != seat]
        if not free:
            continue
        names = ", ".join(p["name"] + (f" ({p['controller']})" if p.get("controller") else "")
                          for p in free)
        choices.append(SystemChoice(str(system["tile"]), f"{system['tile']}: {names}",
                                    tuple(str(p["id"]) for p in free),
                                    any(p.get("traits") for p in free)))
    return tuple(sorted(choices, key=lambda c: not c.explorable))


def system_label(choice: SystemChoice, order: Sequence[str]) -> tuple[str, bool]:
    """A system's button words and whether it is already added: every planet it offers is
    in the order being built ("76: Rigel I, Rigel II, Rigel III  ·  added")."""
    added = bool(choice.planets) and all(p in order for p in choice.planets)
    return (f"{choice.text}  ·  added" if added else choice.text), added


def planet_names(view: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {str(p["id"]): p for s in view.get("systems", []) for p in s["planets"]}


def add_planets(order: Sequence[str], planets: Sequence[str]) -> tuple[str, ...]:
    """The order with `planets` appended, each planet once."""
    return tuple(dict.fromkeys((*order, *planets)))


def move_up(order: Sequence[str], planet: str) -> tuple[str, ...]:
    items = list(order)
    i = items.index(planet)
    if i > 0:
        items[i - 1], items[i] = items[i], items[i - 1]
    return tuple(items)


def order_lines(view: Mapping[str, Any], order: Sequence[str]) -> tuple[str, ...]:
    """The chosen planets numbered in the order they will be gained and explored."""
    known = planet_names(view)
    lines = []
    for n, planet in enumerate(order, start=1):
        entry = known.get(planet)
        name = str(entry["name"]) if entry else planet
        traits = ", ".join(entry.get("traits") or ()) if entry else ""
        lines.append(f"{n}. {name} ({traits or 'no trait: not explored'})")
    return tuple(lines)


def take_command(order: Sequence[str], seat: str) -> str:
    """The CLI's line: `take P76C P76B for Bob` gains and explores them in that order."""
    return f"take {' '.join(order)} for {shlex.quote(seat)}"
