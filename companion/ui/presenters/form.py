"""A `form` input as a screen shows it: every field's options at once, what is chosen,
and the one button that sends the line.

Plain data in (the prompt's action with its fields), plain data out; no game is named.
The line is filled by the core's own `fill_form`, so the screen sends exactly what a
script filling the same form would.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.forms import FormError, FormField, fill_form, form_leads_to
from companion.ui.presenters.actions import ActionItem

Chosen = Mapping[str, tuple[str, ...]]


def initial(item: ActionItem) -> dict[str, tuple[str, ...]]:
    """Each field's default (a toggles field: usually nothing)."""
    return {f.name: tuple(f.default) for f in item.fields}


def tap(item: ActionItem, chosen: Chosen, name: str, value: str) -> dict[str, tuple[str, ...]]:
    """A tap on an option: a choice takes it; a toggle flips it (never past its field's
    most: a tap then changes nothing)."""
    field = next(f for f in item.fields if f.name == name)
    now = tuple(chosen.get(name, ()))
    if field.kind in ("choice", "count"):
        picked: tuple[str, ...] = (value,)
    elif value in now:
        picked = tuple(v for v in now if v != value)
    else:
        picked = (*now, value) if len(now) < field.max else now
    return {**chosen, name: picked}


def missing(item: ActionItem, chosen: Chosen) -> FormField | None:
    """The first field with fewer choices than it needs, or None when the form is whole."""
    return next((f for f in item.fields if len(chosen.get(f.name, ())) < f.min), None)


def summary(item: ActionItem, chosen: Chosen) -> str:
    """What is chosen in words, toggles in the order tapped (the order they are sent):
    "{field} {label}, {field} {label} and {label}"."""
    parts = []
    # A form where a count may go below 0 enters changes: each count has its sign, those
    # that cannot go down too ("credits +1, domination points +2", try 26), not a count of
    # things ("3 players").
    changes = any(f.kind == "count" and f.min < 0 for f in item.fields)
    for f in item.fields:
        if f.kind == "count":  # a number away from its default
            value = (chosen.get(f.name) or f.default or ("0",))[0]
            if value not in f.default:
                parts.append(f"{f.label.lower()} {int(value):+d}" if changes
                             else f"{f.label.lower()} {value}")
            continue
        names = {o.value: o.label for o in f.options}
        labels = [names[v] for v in chosen.get(f.name, ()) if v in names]
        if labels:
            parts.append(f"{f.label.lower()} {' and '.join(labels)}")
    return ", ".join(parts)


def leads_on(item: ActionItem, chosen: Chosen) -> bool:
    """True when more choices follow the line (a chosen option says so): a die to roll."""
    return form_leads_to(item.fields, chosen, item.then) == "partial"


def submit_text(item: ActionItem, chosen: Chosen) -> str:
    """The send button: the action (or the verb the prompt gives it) with what is chosen,
    or the field still to choose."""
    field = missing(item, chosen)
    if field is not None:
        return f"Choose {field.label.lower()} first"
    more = "  >" if leads_on(item, chosen) else ""
    if item.sends:
        return f"{_filled(item.sends, item, chosen)}{more}"
    said = summary(item, chosen)
    head = item.submit or item.label
    return f"{head}: {said}{more}" if said else f"{head}{more}"


def _filled(words: str, item: ActionItem, chosen: Chosen) -> str:
    """The game's words for the send button, each `{NAME}` the labels chosen in that field
    ("X and Y"; a count's number)."""
    for f in item.fields:
        values = chosen.get(f.name) or f.default
        names = {o.value: o.label for o in f.options}
        labels = [names.get(v, v) for v in values]
        words = words.replace(f"{{{f.name}}}", " and ".join(labels))
    return words


def line(item: ActionItem, chosen: Chosen) -> str:
    """The line sent: the template filled; raises FormError when a field is not whole."""
    field = missing(item, chosen)
    if field is not None:
        raise FormError(f"Choose {field.label.lower()} first.")
    return fill_form(item.value, item.fields, chosen)

