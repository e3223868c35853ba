"""An `order` input as a screen shows it: its options gathered by group (one button adds a
group's options), the order chosen so far, and the line it sends.

Plain data in (the prompt's action), plain data out; no game is named: a game's things
gathered by where they lie (the items of one place, say) are one such input, put in the
order they are gained and explored in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.ui.presenters.actions import ActionItem, InputOption, fill


@dataclass(frozen=True)
class GroupChoice:
    """A button adding `values` (in the prompt's order) to the order."""

    text: str
    values: tuple[str, ...]


def group_choices(item: ActionItem) -> tuple[GroupChoice, ...]:
    """One button per group ("{group}: {label}, {label}"), an ungrouped option alone;
    the options' details, when they have any, on a second line before anything is added
    ("{detail}, {detail}")."""
    groups: dict[str, list[InputOption]] = {}
    for option in item.options:
        groups.setdefault(option.group or f"\0{option.value}", []).append(option)
    return tuple(GroupChoice(_group_text(key, options), tuple(o.value for o in options))
                 for key, options in groups.items())


def _group_text(key: str, options: Sequence[InputOption]) -> str:
    names = ", ".join(o.label for o in options)
    text = names if key.startswith("\0") else f"{key}: {names}"
    details = [o.detail for o in options if o.detail]
    return f"{text}\n{', '.join(details)}" if details else text


def group_label(group: GroupChoice, order: Sequence[str]) -> tuple[str, bool]:
    """A group's button words and whether it is already added: every option it offers is
    in the order being built ("{group}: {label}, {label}  ·  added")."""
    added = bool(group.values) and all(v in order for v in group.values)
    return (f"{group.text}  ·  added" if added else group.text), added


def add(order: Sequence[str], values: Sequence[str], most: int) -> tuple[str, ...]:
    """The order with `values` appended, each once, never more than `most` in all."""
    return tuple(dict.fromkeys((*order, *values)))[:most]


def move_up(order: Sequence[str], value: str) -> tuple[str, ...]:
    items = list(order)
    i = items.index(value)
    if i > 0:
        items[i - 1], items[i] = items[i], items[i - 1]
    return tuple(items)


def order_lines(item: ActionItem, order: Sequence[str]) -> tuple[str, ...]:
    """The values chosen, numbered in order, each with its detail ("1. {label} ({detail})")."""
    known = {o.value: o for o in item.options}
    lines = []
    for n, value in enumerate(order, start=1):
        option = known.get(value)
        name = option.label if option else value
        detail = f" ({option.detail})" if option and option.detail else ""
        lines.append(f"{n}. {name}{detail}")
    return tuple(lines)


def submit_text(item: ActionItem, order: Sequence[str]) -> str:
    """The send button: the action and how many were chosen, or what is still needed."""
    if len(order) < max(1, item.minimum):
        return "Choose first"
    return f"{item.label} ({len(order)})"


def order_line(item: ActionItem, order: Sequence[str]) -> str:
    """The line sent: the template with the values in the order chosen."""
    return fill(item.value, *order)


def empty_hint(item: ActionItem) -> str:
    """What the order column says before anything is added: the game's words naming its
    options (the prompt's `hint`), else a sentence that fits any options."""
    return item.hint or "Tap a button on the left to add it."
