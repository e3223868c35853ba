"""An `order` input as a screen shows it: its options gathered by group (one button adds a
group's options), keys that show the groups of one section when there are too many for
one page, the order chosen so far, and the line it sends.

Plain data in (the prompt's action), plain data out; no game is named: a game's things
gathered by where they lie (the items of one place, say) are one such input, put in the
order they are gained and explored in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.ui.presenters.actions import ActionItem, InputOption, fill

#: Groups shown whole without a scroll at 800x480: with more, keys show one section at a time.
PAGE = 10
#: Section keys at most (one row across the screen, each key wide enough for "10-19").
MOST_SECTIONS = 8


@dataclass(frozen=True)
class GroupChoice:
    """A button adding `values` (in the prompt's order) to the order; `key` is the group's
    name (a system's tile number), or the option's label for an ungrouped one. `values`
    are only the options offered; a group offering none keeps its place, greyed, and
    `reason` says why (its options' reasons)."""

    text: str
    values: tuple[str, ...]
    key: str = ""
    reason: str = ""


@dataclass(frozen=True)
class Section:
    """A key showing some of the groups: `label` ("20-29") names the first and last of
    them, `groups` are their places in `group_choices`, in the order of their keys."""

    label: str
    groups: tuple[int, ...]
    #: Heads these groups in the whole list (the game's words: "Home systems ..."), or "".
    title: str = ""


def group_choices(item: ActionItem) -> tuple[GroupChoice, ...]:
    """One button per group ("{group}: {label}, {label}"), an ungrouped option alone;
    the options' details, when they have any, on a second line ("{detail}, {detail}"; each
    different one once)."""
    groups: dict[str, list[InputOption]] = {}
    for option in item.options:
        groups.setdefault(option.group or f"\0{option.value}", []).append(option)
    return tuple(GroupChoice(_group_text(key, options),
                             tuple(o.value for o in options if o.enabled),
                             options[0].label if key.startswith("\0") else key,
                             _held_reason(options))
                 for key, options in groups.items())


def _held_reason(options: Sequence[InputOption]) -> str:
    """Why a group offers nothing: its options' reasons, each once ("" if it offers any)."""
    if any(o.enabled for o in options):
        return ""
    return " ".join(dict.fromkeys(o.reason for o in options))


def sections(groups: Sequence[GroupChoice], page: int = PAGE,
             most: int = MOST_SECTIONS) -> tuple[Section, ...]:
    """Keys for a long list (more than `page` groups; none for a short one): groups whose
    keys are all numbers by tens ("1-9", "20-29"), others by first letter ("A-C"), with
    neighbouring sections joined, the smallest pair first, until at most `most` are left.

    >>> keys = [GroupChoice(k, (k,), k) for k in ("21", "3", "24", "7", "40")]
    >>> [(s.label, s.groups) for s in sections(keys, page=4)]
    [('3-7', (1, 3)), ('21-24', (0, 2)), ('40', (4,))]
    """
    if len(groups) <= page:
        return ()
    numbers = all(g.key.isdigit() for g in groups)
    order = sorted(range(len(groups)), key=lambda i: _natural(groups[i].key))
    buckets: list[list[int]] = []
    for i in order:
        mark = int(groups[i].key) // 10 if numbers else groups[i].key[:1].upper()
        last = buckets[-1][-1] if buckets else None
        same = last is not None and mark == (
            int(groups[last].key) // 10 if numbers else groups[last].key[:1].upper())
        if same:
            buckets[-1].append(i)
        else:
            buckets.append([i])
    while len(buckets) > most:
        n = min(range(len(buckets) - 1), key=lambda k: len(buckets[k]) + len(buckets[k + 1]))
        buckets[n:n + 2] = [buckets[n] + buckets[n + 1]]
    return tuple(Section(_range_label(groups[b[0]].key, groups[b[-1]].key, numbers),
                         tuple(b)) for b in buckets)


def declared_sections(item: ActionItem,
                      groups: Sequence[GroupChoice]) -> tuple[Section, ...] | None:
    """The keys the game declares for `item` (the same all game long, whatever its groups
    offer now: try 10, finding 37), each with the places of its groups shown now; None
    when it declares none (then `sections` makes them from the groups)."""
    if not item.sections:
        return None
    where = {g.key: i for i, g in enumerate(groups)}
    return tuple(Section(label, tuple(where[k] for k in keys if k in where), title)
                 for label, keys, title in item.sections)


def _natural(key: str) -> tuple[int, str]:
    return (int(key), key) if key.isdigit() else (10**9, key.casefold())


def _range_label(first: str, last: str, numbers: bool) -> str:
    if not numbers:
        first, last = first[:1].upper(), last[:1].upper()
    return first if first == last else f"{first}-{last}"


def _group_text(key: str, options: Sequence[InputOption]) -> str:
    names = ", ".join(o.label for o in options)
    text = names if key.startswith("\0") else f"{key}: {names}"
    # Each detail once (one word for a whole group whose options all share it, two for a
    # group of three with two kinds): each option's own in the order column.
    details = list(dict.fromkeys(o.detail for o in options if o.detail))
    return f"{text}\n{', '.join(details)}" if details else text


def is_added(group: GroupChoice, order: Sequence[str]) -> bool:
    """Every option the group offers is in the order being built (its button shows a check
    mark; its words stay as they are, so it keeps its size under the finger)."""
    return bool(group.values) and all(v in order for v in group.values)


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
    return item.hint or "Tap one on the left to add it."
