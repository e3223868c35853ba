"""The card reveal's words, from a result's `reveal` and `hidden_card` moments (table
API): what was drawn and for whom, what it does, and the choices it offers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.words import player_and_seat
from companion.ui.presenters.actions import UNDO_GROUP, ActionGroup, ActionItem, actions_view

#: Choices offered on the reveal itself; the rest stay on the dashboard.
MAX_CHOICES = 3
#: A card's own decision (every choice left in one group of the prompt, such as a drawn card's
#: Mars spaces and its ignore) is offered whole on the reveal up to this many buttons,
#: which still fit side by side at 800x480 with their words wrapped.
MAX_DECISION_CHOICES = 5
#: The moments a reveal shows.
CARD_KINDS = ("reveal", "hidden_card")


@dataclass(frozen=True)
class RevealView:
    heading: str
    name: str
    code: str
    summary: str
    did: str
    counter: str
    hidden: bool
    choices: tuple[ActionItem, ...]
    seat: str = ""  # whose card it is (a hidden card: whose own screen shows it)
    #: The card's choices are all the table can do now (a card the rules say is resolved
    #: "immediately"): leaving the card is only a look around (try 9, finding 15).
    blocks: bool = False
    #: A hidden card's move in the log (step, event): its owner's look shows that card.
    at: tuple[int, int] | None = None
    #: Who looks, person first as the pass-the-screen page says it ("Ana (Xichang)").
    who: str = ""


def blocks_the_table(prompt: Mapping[str, Any], choices: Sequence[ActionItem]) -> bool:
    """Nothing but the card's choices (and undo, redo) is enabled in the prompt now.

    >>> pick = ActionItem("Apply", "command", "resolve", True, "", "")
    >>> blocks_the_table({"actions": [{"command": "resolve", "enabled": True},
    ...                               {"command": "undo", "enabled": True,
    ...                                "group": "Undo and redo"}]}, [pick])
    True
    >>> blocks_the_table({"actions": [{"command": "end", "enabled": True}]}, [pick])
    False
    """
    if not choices:
        return False
    own = {item.value for item in choices}
    return not any(a.get("enabled") and a.get("group") != UNDO_GROUP
                   and (a.get("command") or a.get("partial")) not in own
                   for a in prompt.get("actions") or ())


def card_moments(moments: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
    """The cards a result drew, revealed or hidden, in order."""
    return tuple(m for m in moments if m.get("kind") in CARD_KINDS)


def cards_to_reveal(moments: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
    """The cards a result shows on a reveal: not one a player picked by touch (chosen, not
    drawn blind nor scanned): they know it, and the result's sentence names it."""
    return tuple(m for m in card_moments(moments)
                 if not ((m.get("data") or {}).get("chosen")
                         and not (m.get("data") or {}).get("scanned")))


def reveal_view(cards: Sequence[Mapping[str, Any]], index: int, message: str,
                prompt: Mapping[str, Any]) -> RevealView:
    """The `index`th card of one step's reveal; choices are the moment's own, else the
    prompt's commands now."""
    moment = cards[index]
    data = moment.get("data") or {}
    counter = _how(data) + (f"  ·  card {index + 1} of {len(cards)}" if len(cards) > 1
                            else "")
    seat = str(moment.get("private_to") or data.get("seat") or "")
    if len(cards) > 1:  # every owed card at once: each says what became of it
        message = str(moment.get("sentence") or "")
    if moment.get("kind") == "hidden_card":
        lines = " ".join(str(line) for line in moment.get("lines") or ())
        at = (int(data["step"]), int(data["event"])) if "step" in data and "event" in data \
            else None
        return RevealView(str(moment.get("title") or ""), f"{seat}'s hidden card", "",
                          f"{lines} It stays hidden from the table until they reveal it.",
                          message, counter, True, (), seat, at=at,
                          who=player_and_seat(seat, str(data.get("player") or "")))
    summary = str(data.get("summary") or "")
    kept = str(data.get("kept") or "")
    groups = actions_view(prompt).groups
    choices = _own(moment, groups) or _choices(str(data.get("card") or ""), groups)
    name = str(data.get("name") or "")
    choices = tuple(_on_card(item, f"{name} ({data.get('card')})") for item in choices)
    # Lines the game added to the moment (what the card's choice is made with) come first.
    extra = [str(line) for line in moment.get("lines") or () if line not in (name, summary)]
    did = " ".join([*extra, _without_summary(message, summary)]).strip()
    return RevealView(str(moment.get("title") or ""), name, str(data.get("card") or ""),
                      f"{kept} {summary}" if kept and summary else summary, did, counter,
                      False, choices, seat, blocks_the_table(prompt, choices))


def _on_card(item: ActionItem, card: str) -> ActionItem:
    """A choice as the card's own screen shows it, under the card's name: without the
    words naming the card again ("Resolve Some Card (X01): A ship is on the space: gain
    1 coin" reads "A ship is on the space: gain 1 coin"), so three choices
    leave the card its room at Large text (try 10, finding 26: its last line was covered).

    >>> item = ActionItem("Resolve Some Card (X01): a mech: gain 1", "command", "x", True, "", "")
    >>> _on_card(item, "Some Card (X01)").label
    'A mech: gain 1'
    """
    named, colon, rest = item.label.partition(": ")
    if not colon or not rest or card not in named:
        return item
    return replace(item, label=rest[:1].upper() + rest[1:])


def _how(data: Mapping[str, Any]) -> str:
    """What happened to the card, in a player's words (not the journal's step number): a
    card the camera read and one picked from the list by touch were both drawn at the
    table (try 11, finding 4: "Scanned" on a card picked by hand, with no camera)."""
    if data.get("scanned"):
        return "Drawn at the table"
    return "Chosen" if data.get("chosen") else "Drawn by the app"


def _own(moment: Mapping[str, Any], groups: Sequence[ActionGroup]) -> tuple[ActionItem, ...]:
    """The card's own choices (the moment's), each as the prompt offers it now (with its
    cost); one the prompt does not offer enabled is left out, unless the prompt keeps it
    greyed in its place (`in_place`: shown greyed with why, try 14). A choice that is an input
    (a form) is the prompt's input action with that template."""
    offered = {item.value: item for group in groups for item in _kept(group)
               if item.kind == "command" or item.input_kind == "form"}
    own = [str(c["command"]) for c in moment.get("choices") or ()]
    if not offered:  # no prompt at hand: the moment's commands as they are
        return tuple(ActionItem(str(c["label"]), "command", str(c["command"]), True, "", "")
                     for c in moment.get("choices") or () if not c.get("input"))
    return tuple(offered[c] for c in own if c in offered)


def _without_summary(message: str, summary: str) -> str:
    """What the app did, without the card's summary the reveal already shows above it
    ("... for SHLD1: <summary> It is applied, ..." reads "... for SHLD1. It is applied, ...")."""
    if summary and f": {summary} " in message:
        return message.replace(f": {summary} ", ". ", 1)
    return message


def _choices(card_id: str, groups: Sequence[ActionGroup]) -> tuple[ActionItem, ...]:
    """A card that asks for a decision narrows the prompt to a few commands: those are
    offered on the reveal, all of them when they form one group; otherwise the table
    carries on, except for the commands that name this very card."""
    enabled = [item for group in groups for item in group.items]
    # The card's own alternative not possible now stays greyed in its place (try 14).
    kept = [item for group in groups for item in _kept(group) if item.enabled
            or (item.kind == "command" and f"({card_id})" in item.label)]
    if enabled and all(item.kind == "command" for item in enabled) and (
            len(enabled) <= MAX_CHOICES
            or (len(groups) == 1 and len(enabled) <= MAX_DECISION_CHOICES)):
        return tuple(kept)
    return tuple(item for item in kept
                 if item.kind == "command" and f"({card_id})" in item.label)[:MAX_CHOICES]


def _kept(group: ActionGroup) -> list[ActionItem]:
    """A group's actions that a screen shows: the enabled ones and those refused that
    stay greyed in their place (`in_place`), in the prompt's order."""
    return [item for item in group.places if item.enabled or item.in_place]


def scan_words(moments: Sequence[Mapping[str, Any]], ok: bool) -> str:
    """What the scan strip says a scan read, in the reveal's words: the card's name, or
    whose hidden card it is (never its name or ID, which the public screen must not show)."""
    if not ok:
        return "Read a card the table did not take"
    cards = card_moments(moments)
    if not cards:
        return "Read a card"
    data = cards[0].get("data") or {}
    if cards[0].get("kind") == "hidden_card":
        return f"Read {data.get('seat') or 'a player'}'s hidden card"
    return f"Read {data.get('name')} ({data.get('card')})"
