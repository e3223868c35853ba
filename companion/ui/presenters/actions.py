"""The prompt's actions as big buttons: grouped, enabled first, the rest with their reasons."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.core.forms import FormField

#: Undo and redo live in the top bar, never beside a choice that commits something.
UNDO_GROUP = "Undo and redo"


@dataclass(frozen=True)
class InputOption:
    """One value a choice, order or die input offers (the prompt's `options`)."""

    value: str
    label: str
    group: str = ""
    detail: str = ""
    symbols: int = 0
    reason: str = ""  # why it cannot be chosen now: shown in its place, greyed ("" if it can)

    @property
    def enabled(self) -> bool:
        return not self.reason


@dataclass(frozen=True)
class ActionItem:
    label: str
    kind: str  # "command", "partial" or "input"
    value: str  # the command, the partial, or the input's template
    enabled: bool
    reason: str
    cost: str
    input_kind: str = ""  # count, text, choice, order, die or form
    minimum: int = 0
    maximum: int = 99
    options: tuple[InputOption, ...] = ()
    then: str = "command"  # what the filled input makes: a command or a partial
    private_to: str = ""  # the seat whose own screen opens this choice
    has_check: bool = False  # a dice check's choice: the check screen shows it
    main: bool = False  # the moment's main action (the prompt's `main`)
    fields: tuple[FormField, ...] = ()  # a form's fields, asked on one screen
    hint: str = ""  # the game's words for a screen with nothing chosen yet (its options named)
    #: An order's keys as the game declares them: (label, its groups, a title heading them
    #: in the whole list or ""), fixed for the whole game (the prompt's `sections`).
    sections: tuple[tuple[str, tuple[str, ...], str], ...] = ()
    in_place: bool = False  # refused: greyed in its place with its reason (the prompt's)
    sends: str = ""  # a form's send button in the game's words, `{NAME}` the chosen labels
    submit: str = ""  # a form's send button's verb, when the label is not one (the prompt's)
    #: Its place in its group as the game lists it, offered or refused (the main action,
    #: which has a bar of its own, left out): a list's rows put an even one on the left, an
    #: odd one on the right, whatever else is offered (`widgets.fit`). -1: none (the main
    #: action, the only action of its group): it pairs in turn.
    slot: int = -1
    #: Refused and in its place: what its place says, in the game's short words (the
    #: prompt's `greyed`); "": its label, then why not.
    greyed: str = ""

    @property
    def text(self) -> str:
        cost = f"  ({self.cost})" if self.cost and self.cost != "free" else ""
        more = "  >" if self.kind == "partial" else ""
        return f"{self.label}{cost}{more}"

    @property
    def why_not(self) -> str:
        """Its label, then why it is not possible now, on one line."""
        return f"{self.label}: {self.reason}" if self.reason else self.label

    @property
    def greyed_text(self) -> str:
        """A refused choice kept in its place: the game's short words for it, else its
        label, then why not (try 9)."""
        if self.greyed:
            return self.greyed
        return f"{self.label}\n{self.reason}" if self.reason else self.label


@dataclass(frozen=True)
class ActionGroup:
    title: str
    items: tuple[ActionItem, ...]
    #: Every item of the group in the prompt's order, the ones not possible now too: a walk's
    #: level shows those greyed in their place (a choice keeps its place; try 7).
    places: tuple[ActionItem, ...] = ()


@dataclass(frozen=True)
class ActionsView:
    waiting_for: str
    seat: str
    groups: tuple[ActionGroup, ...]
    unavailable: tuple[ActionItem, ...]
    expects_scan: tuple[str, ...]
    #: The moment's main action when it can be taken (also in its group): a screen with a
    #: fixed bar shows it there, and not in the list.
    main: ActionItem | None = None

    @property
    def is_empty(self) -> bool:
        return not self.groups


def _option(o: Mapping[str, Any]) -> InputOption:
    """One of an input's options; one the game marks `enabled: false` keeps its reason."""
    reason = "" if o.get("enabled", True) else str(o.get("reason") or "Not possible now.")
    return InputOption(str(o["value"]), str(o.get("label") or o["value"]),
                       str(o.get("group") or ""), str(o.get("detail") or ""),
                       int(o.get("symbols") or 0), reason)


def _item(action: Mapping[str, Any]) -> ActionItem:
    item = _item_of(action)
    if action.get("in_place"):
        return replace(item, in_place=True, greyed=str(action.get("greyed") or ""))
    return item


def _item_of(action: Mapping[str, Any]) -> ActionItem:
    label, enabled = str(action["label"]), bool(action["enabled"])
    reason, cost = str(action.get("reason") or ""), str(action.get("cost") or "")
    private, check = str(action.get("private_to") or ""), bool(action.get("check"))
    main = bool(action.get("main"))
    spec = action.get("input") or {}
    if spec.get("kind") == "form":  # (offered with the partial it replaces: the form wins)
        return ActionItem(label, "input", str(spec["template"]), enabled, reason, cost,
                          input_kind="form", then=str(spec.get("then") or "command"),
                          private_to=private, has_check=check, main=main,
                          fields=tuple(FormField.from_dict(f) for f in spec.get("fields") or ()),
                          hint=str(spec.get("hint") or ""), sends=str(spec.get("sends") or ""),
                          submit=str(spec.get("submit") or ""))
    if "command" in action:
        return ActionItem(label, "command", str(action["command"]), enabled, reason, cost,
                          private_to=private, has_check=check, main=main)
    if "partial" in action:
        return ActionItem(label, "partial", str(action["partial"]), enabled, reason, cost,
                          private_to=private, has_check=check, main=main)
    options = tuple(_option(o) for o in spec.get("options") or ())
    return ActionItem(label, "input", str(spec["template"]), enabled, reason, cost,
                      input_kind=str(spec["kind"]), minimum=int(spec.get("min") or 0),
                      maximum=int(spec["max"]) if spec.get("max") is not None else 99,
                      options=options, then=str(spec.get("then") or "command"),
                      private_to=private, has_check=check, main=main,
                      hint=str(spec.get("hint") or ""),
                      sections=tuple((str(k["label"]), tuple(str(g) for g in k["groups"]),
                                      str(k.get("title") or ""))
                                     for k in spec.get("sections") or ()))


def _slotted(item: ActionItem, slots: dict[str, int], group: str) -> ActionItem:
    """`item` with its place among its group's actions listed so far (`slots`: how many
    each group has), not counting the main action."""
    if item.main:
        return item
    slots[group] = slots.get(group, -1) + 1
    return replace(item, slot=slots[group])


def _slots_of(items: list[ActionItem], alone: bool) -> tuple[ActionItem, ...]:
    """`items` of a group; the only action of its group has no side of its own: it pairs
    in turn (the groups of one action are many, as a seat's only ship's build: each on a
    side of its own would leave half rows empty and push the first 6 choices out of reach
    at 800x480)."""
    return tuple(replace(i, slot=-1) if alone and i.slot >= 0 else i for i in items)


def actions_view(prompt: Mapping[str, Any]) -> ActionsView:
    """Enabled actions by group (in the prompt's order); disabled ones apart, with reasons."""
    groups: dict[str, list[ActionItem]] = {}
    places: dict[str, list[ActionItem]] = {}
    unavailable = []
    main: ActionItem | None = None
    slots: dict[str, int] = {}
    for action in prompt.get("actions", []):
        if action.get("group") == UNDO_GROUP:
            continue
        item = _slotted(_item(action), slots, str(action.get("group") or ""))
        if item.enabled and item.main and main is None:
            main = item  # also in its group: a screen with no fixed bar shows it there
        places.setdefault(str(action.get("group") or ""), []).append(item)
        if item.enabled:
            groups.setdefault(str(action.get("group") or ""), []).append(item)
        else:
            unavailable.append(item)
            if item.in_place:  # its group is shown, so it can stand greyed in its place
                groups.setdefault(str(action.get("group") or ""), [])
    order = {str(g): i for i, g in enumerate(prompt.get("groups") or ())}
    titles = sorted(groups, key=lambda t: order.get(t, len(order)))  # the game's fixed order
    alone = {t for t, n in slots.items() if n == 0}
    return ActionsView(str(prompt.get("waiting_for") or ""), str(prompt.get("seat") or ""),
                       tuple(ActionGroup(t, _slots_of(groups[t], t in alone),
                                         _slots_of(places[t], t in alone))
                             for t in titles if groups[t] or places[t]),
                       tuple(unavailable), tuple(prompt.get("expects_scan") or ()), main)


def fill(template: str, *values: str) -> str:
    """An input's line: the template with each value as one word (quoted if it needs it),
    an order's values joined by spaces in the order chosen."""
    import shlex

    return template.replace("{}", " ".join(shlex.quote(v.strip()) for v in values), 1)


def offered_commands(prompt: Mapping[str, Any]) -> tuple[ActionItem, ...]:
    """Every complete command the prompt offers as one button each (a panel's `actions`):
    its commands, and each option of an enabled `choice` input as its own command
    (a set of cards named by their codes)."""
    items: list[ActionItem] = []
    for group in actions_view(prompt).groups:
        for item in group.items:
            if item.kind == "command":
                items.append(item)
            elif item.input_kind == "choice" and item.enabled:
                items += [replace(item, label=f"{item.label}: {o.label}", kind="command",
                                  value=fill(item.value, o.value), options=())
                          for o in item.options if o.enabled]
    return tuple(items)
