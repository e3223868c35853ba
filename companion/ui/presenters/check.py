"""The maneuver-check screen's words: what is checked, the faces to tap, and the outcome.

Everything comes from the table API: the prompt's dice choices carry `check`
(maneuverability, what it is against and the value to beat, each face's symbols)
and a result's `die_rolled` events carry the arithmetic and whether it passed.
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
    app_roll: str | None  # the command that lets the app roll (None after a face is entered)
    faces: tuple[FaceChoice, ...]
    labels: tuple[str, ...]  # every face label, for the rolling die


@dataclass(frozen=True)
class CheckLine:
    rolled: str
    face: str
    arithmetic: str
    verdict: str
    passed: bool


def _checks(prompt: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [a for a in prompt.get("actions", []) if a.get("check") and a.get("enabled")]


def is_check_prompt(prompt: Mapping[str, Any] | None) -> bool:
    """True when the choices offered are a maneuver check's dice."""
    return bool(prompt) and bool(_checks(prompt or {}))


def check_prompt(prompt: Mapping[str, Any]) -> CheckPrompt:
    """What to show before the roll: the check, the app's roll, the faces to tap."""
    actions = _checks(prompt)
    first = actions[0]["check"]
    count = int(first.get("checks", 1))
    number = f" {first.get('number', 1)} of {count}" if count > 1 else ""
    heading = f"Maneuver check{number}: {first['ship']} against {first['against']}"
    numbers = (f"Maneuverability {first['maneuverability']} + the symbols rolled, "
               f"against {first['target']}")
    app_roll = next((str(a["command"]) for a in actions
                     if "face" not in a["check"] and "command" in a), None)
    faces = tuple(FaceChoice(str(a["check"]["face"]), int(a["check"]["symbols"]),
                             "command" if "command" in a else "partial",
                             str(a.get("command") or a.get("partial")))
                  for a in actions if "face" in a["check"])
    return CheckPrompt(heading, numbers, app_roll, faces, tuple(f.face for f in faces))


def check_lines(events: Sequence[Mapping[str, Any]]) -> tuple[CheckLine, ...]:
    """Each check a result rolled: who rolled what, the arithmetic, and the outcome."""
    lines = []
    for e in events:
        check = e.get("check")
        if e.get("type") != "die_rolled" or not isinstance(check, Mapping):
            continue
        who = "The app rolled" if e.get("by") == "app" else "The table rolled"
        word = "symbol" if int(check["symbols"]) == 1 else "symbols"
        passed = bool(check["passed"])
        sign = ">" if passed else "is not above"
        arithmetic = (f"{check['maneuverability']} + {check['symbols']} {word} = "
                      f"{check['result']} {sign} {check['target']} ({check['against']})")
        verdict = "Passed" if passed else "Failed"
        lines.append(CheckLine(f"{who} {e['face']}", str(e["face"]), arithmetic, verdict,
                               passed))
    return tuple(lines)
