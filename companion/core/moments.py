"""Moments: what a step did that deserves its own screen, as data any screen can show.

A command's result carries `moments` (docs/table-api.md): a card revealed, a hidden
card drawn, a die rolled or a check judged, a trap going off, the final scores. Each
is a kind, a title, lines to show, a short plain `sentence` (what a voice would say;
never a hidden card's name), the commands offered on it (`choices`), the seat whose
own screen opens it (`private_to`), and `data` a screen may draw from (a die's faces,
a card's code). The core makes the moments every game shares from a step's public
events (`default_moments`); a game's rules may add their own (`GameRules.moments`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core.catalog import Catalog
from companion.core.dice import Die
from companion.core.events import Event, Step
from companion.core.privacy import HIDDEN, public_step
from companion.core.words import player_and_seat
from companion.core.zones import Zone

#: The kinds of moment the core and the games make (a screen may ignore a kind it lacks).
KINDS = ("reveal", "hidden_card", "roll", "check", "explosion", "destroyed", "final")


@dataclass(frozen=True)
class MomentChoice:
    """A command offered on a moment's screen (resolve the card, ignore it). With `input`,
    `command` is the template of the prompt's input action that asks the rest (a form)."""

    label: str
    command: str
    input: bool = False

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"label": self.label, "command": self.command}
        if self.input:
            data["input"] = True
        return data

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> MomentChoice:
        return cls(str(raw["label"]), str(raw["command"]), bool(raw.get("input", False)))


@dataclass(frozen=True)
class Moment:
    """One moment of a step, ready for a screen and a voice."""

    kind: str
    title: str
    lines: tuple[str, ...] = ()
    sentence: str = ""
    choices: tuple[MomentChoice, ...] = ()
    private_to: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "title": self.title, "lines": list(self.lines),
                "sentence": self.sentence, "choices": [c.to_dict() for c in self.choices],
                "private_to": self.private_to, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Moment:
        return cls(str(raw["kind"]), str(raw["title"]), tuple(raw.get("lines") or ()),
                   str(raw.get("sentence") or ""),
                   tuple(MomentChoice.from_dict(c) for c in raw.get("choices") or ()),
                   raw.get("private_to"), dict(raw.get("data") or {}))


def die_faces(die: Die) -> list[dict[str, Any]]:
    """The die's distinct faces, each with the symbols (pips) it shows: its value.

    >>> die_faces(Die("maneuver", ("blank", "one", "one"), (0, 1, 1)))
    [{'face': 'blank', 'symbols': 0}, {'face': 'one', 'symbols': 1}]
    """
    faces: dict[str, int] = {}
    for label, value in zip(die.labels, die.values, strict=True):
        faces.setdefault(label, value)
    return [{"face": face, "symbols": symbols} for face, symbols in faces.items()]


def default_moments(step: Step, catalog: Catalog, dice: Mapping[str, Die],
                    seats: Iterable[str] = (),
                    players: Mapping[str, str] | None = None) -> list[Moment]:
    """The moments every game shares, from a step's public events: each card taken from a
    draw pile (revealed, or hidden in a seat's hand; not one put back in the box unseen)
    and each die rolled. `players`: each seat's player, named beside the seat where only
    its owner may look."""
    if step.kind != "do":
        return []
    shown = public_step(step)
    seated = set(seats)
    scanned = step.command.split(maxsplit=1)[:1] == ["scan"]
    moments = []
    for number, e in enumerate(shown.events):
        if e.type == "card_moved" and Zone.from_text(str(e["from"])).kind == "deck" \
                and e["to"] != "box":  # cards put back in the box unseen are not shown
            moments.append(card_moment(e, catalog, seated, scanned, (step.number, number),
                                       players or {}))
        elif e.type == "die_rolled":
            moments.append(roll_moment(e, dice.get(str(e["die"]))))
    return moments


#: Why a card left its draw pile when a player chose it rather than drew it blind.
CHOSEN_REASONS = frozenset({"drafted"})
#: Why a card left its draw pile when the table drew it and a command named it (a relic
#: drawn by an ability, tapped by name): shown as drawn at the table, like a scan.
DRAWN_AT_TABLE = "drawn at the table"


def card_moment(e: Event, catalog: Catalog, seats: set[str], scanned: bool = False,
                at: tuple[int, int] | None = None,
                players: Mapping[str, str] | None = None) -> Moment:
    """A card drawn (`scanned`: read by the camera or typed as a scan, not the app's draw):
    its name and what it does, or, hidden, only whose it is and where its move is in the
    log (`at`: step, event), by which its owner's own screen finds that very card."""
    deck_name = Zone.from_text(str(e["from"])).name
    deck = catalog.decks.get(deck_name)
    one = deck.one_card() if deck else f"{deck_name.replace('_', ' ').capitalize()} card"
    to = Zone.from_text(str(e["to"]))
    owner = to.name if to.name in seats else ""
    player = (players or {}).get(owner, "") if owner else ""
    if e["card"] == HIDDEN:
        one = one[:1].lower() + one[1:]  # "A secondary card for Xichang"
        return Moment("hidden_card", f"{article(one)} for {owner}" if owner
                      else article(one),
                      # Who looks, as the pass-the-screen page says it (try 26: "Only
                      # Xichang" here, "Only Ana (Xichang) looks now" there).
                      (f"Only {player_and_seat(owner, player)} looks at it.",) if owner
                      else (),
                      f"{owner} drew a hidden {one}." if owner
                      else f"A hidden {one} was drawn.",
                      private_to=owner or None,
                      data={"deck": deck_name, "to": str(e["to"]), "seat": owner or None,
                            "player": player or None, "scanned": scanned,
                            **({"step": at[0], "event": at[1]} if at else {})})
    card = catalog.card(str(e["card"]))
    title = f"{one} for {owner}" if owner else one
    return Moment("reveal", title, tuple(t for t in (card.name, card.summary) if t),
                  f"{card.name} is revealed.",
                  data={"card": card.card_id, "name": card.name, "deck": deck_name,
                        "summary": card.summary, "to": str(e["to"]), "seat": owner or None,
                        "card_name": one,
                        "scanned": scanned or e.get("reason") == DRAWN_AT_TABLE,
                        "chosen": e.get("reason") in CHOSEN_REASONS,
                        "kept": deck.kept if deck else ""})


def roll_moment(e: Event, die: Die | None) -> Moment:
    """A die rolled: who rolled which face, with the die's faces to draw it."""
    who = "The app rolled" if e["by"] == "app" else "The table rolled"
    name = str(e["die"])
    return Moment("roll", f"The {name} die", (f"{who} {e['face']}.",),
                  f"{who} {e['face']}.",
                  data={"die": name, "face": str(e["face"]), "value": e["value"],
                        "by": str(e["by"]), "faces": die_faces(die) if die else []})


def article(noun: str) -> str:
    """`noun` with "A" or "An" ("An Outer Space tile").

    >>> article("Hazard card"), article("Outer Space tile")
    ('A Hazard card', 'An Outer Space tile')
    """
    return ("An " if noun[:1].lower() in "aeiou" else "A ") + noun
