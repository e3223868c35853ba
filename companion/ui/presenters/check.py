"""The maneuver-check screen's words: what is checked, the faces to tap, and the outcome.

Everything comes from the table API: the prompt's dice choices carry `check` (the
heading and the sum in words) and a `die` input whose options are the die's faces with
their symbols; a result's `check` moments carry the arithmetic and the outcome.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FaceChoice:
    face: str
    symbols: int
    kind: str  # "command", or "partial" when another check of the move follows
    value: str

    @property
    def text(self) -> str:
        word = "symbol" if self.symbols == 1 else "symbols"
        return f"{self.face}\n{self.symbols} {word}"


@dataclass(frozen=True)
class CheckPrompt:
    heading: str
    numbers: str
    app_roll: str | None  # the command that lets the app roll (the rest of a move's checks)
    faces: tuple[FaceChoice, ...]
    labels: tuple[str, ...]  # every face label, for the rolling die
    #: The outcome of the checks of the same move whose faces were entered already.
    before: str = ""
    #: How many checks of the same move came before this one (their outcome is `before`).
    done: int = 0
    #: The partial that leaves this check to the app while another check follows: that
    #: check's own choice comes next, the table's roll or the app's again (try 21).
    app_next: str | None = None
    #: The move's earlier checks whose faces the table entered, judged (their check
    #: moments, as a roll's result gives them): the last one shows as large as a roll.
    entered: tuple[CheckLine, ...] = ()


@dataclass(frozen=True)
class CheckLine:
    rolled: str
    face: str
    arithmetic: str
    verdict: str
    passed: bool
    symbols: int = 0  # the pips the rolled face shows (the die's definition)
    title: str = ""  # the check's own heading ("Maneuver check 2 of 2: ..."), if it has one
    number: int = 0  # which check of its move it is (1 for the first; 0: not said)
    consequence: str = ""  # what a failure costs, in the game's words ("" if nothing)


def _checks(prompt: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [a for a in prompt.get("actions", []) if a.get("check") and a.get("enabled")]


def _die_inputs(prompt: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [a for a in prompt.get("actions", [])
            if a.get("enabled") and (a.get("input") or {}).get("kind") == "die"]


def is_check_prompt(prompt: Mapping[str, Any] | None) -> bool:
    """True when the choices offered are a dice check's (or a die's faces to enter)."""
    return bool(prompt) and bool(_checks(prompt or {}) or _die_inputs(prompt or {}))


def die_choices(action: Mapping[str, Any]) -> tuple[FaceChoice, ...]:
    """A `die` input's faces, as the die's definition gives them, each with its line."""
    from companion.ui.presenters.actions import fill

    spec = action["input"]
    kind = "partial" if spec.get("then") == "partial" else "command"
    return tuple(FaceChoice(str(o.get("label") or o["value"]), int(o.get("symbols") or 0),
                            kind, fill(str(spec["template"]), str(o["value"])))
                 for o in spec.get("options") or ())


def check_prompt(prompt: Mapping[str, Any]) -> CheckPrompt:
    """What to show before the roll: the check, the app's roll, the faces to tap."""
    actions = _checks(prompt)
    dice = _die_inputs(prompt)
    faces = die_choices(dice[0]) if dice else ()
    app_roll = next((str(a["command"]) for a in actions if "command" in a), None)
    first = (actions or dice or [{}])[0].get("check")
    if not first:  # a die's faces without a check's numbers: the action says what it is
        label = str(dice[0]["label"]) if dice else "Roll the die"
        return CheckPrompt(label, "", app_roll, faces, tuple(f.face for f in faces))
    heading = str(first.get("title") or (dice[0]["label"] if dice else "Check"))
    before = "\n".join(str(line) for line in first.get("before") or ())
    return CheckPrompt(heading, str(first.get("sum") or ""), app_roll, faces,
                       tuple(f.face for f in faces), before,
                       max(0, int(first.get("number") or 1) - 1),
                       _app_next(dice[0]) if dice else None,
                       check_lines(first.get("before_checks") or ()))


def _app_next(action: Mapping[str, Any]) -> str | None:
    """The partial leaving this check to the app, when another check follows it."""
    from companion.ui.presenters.actions import fill

    spec = action["input"]
    if spec.get("then") != "partial" or not spec.get("app"):
        return None
    return fill(str(spec["template"]), str(spec["app"]))


def check_lines(moments: Sequence[Mapping[str, Any]]) -> tuple[CheckLine, ...]:
    """Each check a result made (its `check` moments): the face rolled, the arithmetic,
    the outcome; a plain roll (a `roll` moment) shows its face alone."""
    lines = []
    for moment in moments:
        kind, data = moment.get("kind"), moment.get("data") or {}
        said = [str(line) for line in moment.get("lines") or ()]
        if kind == "check":
            passed = bool(data.get("passed"))
            lines.append(CheckLine(said[0].rstrip(".") if said else "", str(data.get("face")),
                                   str(data.get("arithmetic") or (said[1:2] or [""])[0]),
                                   str(data.get("verdict") or ("Passed" if passed
                                                               else "Failed")),
                                   passed, _symbols(data), str(data.get("title") or ""),
                                   int(data.get("number") or 0),
                                   str(data.get("consequence") or "")))
        elif kind == "roll":
            lines.append(CheckLine(said[0].rstrip(".") if said else "", str(data.get("face")),
                                   "", "", True, _symbols(data)))
    return tuple(lines)


def _symbols(data: Mapping[str, Any]) -> int:
    """The symbols (pips) the rolled face shows, from the die's own faces."""
    face = data.get("face")
    return next((int(f["symbols"]) for f in data.get("faces") or () if f.get("face") == face),
                0)
