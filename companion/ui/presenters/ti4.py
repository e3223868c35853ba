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

from companion.ui.presenters.actions import ActionItem, actions_view

#: The prompt's groups that belong to an exploration under way (TI4's prompt names them).
EXPLORATION_GROUPS = ("Draw a card", "Exploration")


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
