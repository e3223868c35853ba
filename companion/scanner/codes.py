"""What the camera read, before and after the catalog looked at it.

Pure: no numpy, no camera. A decoder turns pixels into `RawCode`s; the
resolver turns each into a `ScanCode` a player can be shown; only a
`ScanCode` with status "ok" may ever change a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

Point = tuple[float, float]
Status = Literal["ok", "unknown", "other-game", "foreign", "unresolved"]

#: Longer payloads cannot be one of our tags; they are shown cut short.
MAX_SHOWN_TEXT = 200


@dataclass(frozen=True)
class RawCode:
    """One symbol a decoder read: its raw payload, where it is, and who read it."""

    payload: bytes
    corners: tuple[Point, ...]
    decoder: str

    @property
    def text(self) -> str | None:
        """The payload as UTF-8 text, or None for binary data."""
        try:
            return self.payload.decode("utf-8")
        except UnicodeDecodeError:
            return None

    @property
    def shown_text(self) -> str:
        """Printable text, cut short and with undecodable bytes replaced."""
        text = self.payload.decode("utf-8", errors="replace")
        return text if len(text) <= MAX_SHOWN_TEXT else text[:MAX_SHOWN_TEXT] + "..."


@dataclass(frozen=True)
class CardRef:
    """The card a tag named, as players know it."""

    game: str
    id: str
    name: str

    def to_dict(self) -> dict[str, str]:
        return {"game": self.game, "id": self.id, "name": self.name}


@dataclass(frozen=True)
class ScanCode:
    """A decoded code after the catalog looked at it; `message` explains any refusal."""

    text: str
    status: Status
    corners: tuple[Point, ...] = ()
    card: CardRef | None = None
    message: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "status": self.status,
            "card": self.card.to_dict() if self.card else None,
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "message": self.message,
        }

    def describe(self) -> str:
        """One line for a terminal: what was read and what it means."""
        if self.card is not None:
            return f"{self.text}  {self.card.name}"
        return f"{printable(self.text)}  ({self.status}: {self.message})"


def printable(text: str) -> str:
    r"""`text` safe for a terminal: each non-printable character shown as its escape.

    A foreign code may hold a newline or an escape sequence; printed raw it
    could fake a line of output or restyle the terminal.

    >>> printable("A\nB\x1b[2J")
    'A\\nB\\x1b[2J'
    """
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


def top_left(corners: Sequence[Point]) -> Point:
    """The smallest y and x over a code's corners, for reading order."""
    if not corners:
        return (0.0, 0.0)
    return (min(y for _, y in corners), min(x for x, _ in corners))


def height_of(corners: Sequence[Point]) -> float:
    if not corners:
        return 0.0
    ys = [y for _, y in corners]
    return max(ys) - min(ys)


def reading_order(codes: Sequence[ScanCode]) -> list[ScanCode]:
    """Top-to-bottom, then left-to-right; codes whose tops are within half a
    code height of each other count as one row, so a slight tilt between two
    cards side by side never swaps their order from frame to frame."""
    by_top = sorted(codes, key=lambda c: (top_left(c.corners), c.text))
    rows: list[list[ScanCode]] = []
    for code in by_top:
        top = top_left(code.corners)[0]
        if rows:
            first = rows[-1][0]
            tolerance = height_of(first.corners) / 2
            if top - top_left(first.corners)[0] <= tolerance:
                rows[-1].append(code)
                continue
        rows.append([code])
    return [c for row in rows for c in sorted(row, key=lambda c: (top_left(c.corners)[1], c.text))]
