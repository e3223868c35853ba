"""A seat at the table: the name every command, zone and score uses for one player.

A seat's name is typed back in commands (`adjust Ann credits +1`) and written in
zones (`area:Cape Canaveral`), so it is 1 to 32 printable characters (no control
codes, no line breaks) with no space at either end. Which names a game accepts
beyond that (Exploration's spaceports, TI4's reserved words) is the game's business.

>>> Seat.from_text("  Ann ")
Seat(name='Ann')
>>> Seat.from_text("Cape Canaveral").text
'Cape Canaveral'
>>> Seat.from_text("Ann\\x1b[5m")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
companion.core.errors.SeatNameError: 'Ann\\x1b[5m' cannot be a seat name: ...
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import SeatNameError

MAX_SEAT_LENGTH = 32


def is_valid_seat_name(name: str) -> bool:
    """True if `name` can be a seat: 1 to 32 printable characters, no space at either end."""
    return 0 < len(name) <= MAX_SEAT_LENGTH and name.isprintable() and name == name.strip()


@dataclass(frozen=True)
class Seat:
    """One seat; `text` is how it is written in commands, zones and saved games."""

    name: str

    def __post_init__(self) -> None:
        if not is_valid_seat_name(self.name):
            raise SeatNameError(f"{self.name[:MAX_SEAT_LENGTH + 8]!r} cannot be a seat name: "
                                f"use 1 to {MAX_SEAT_LENGTH} printable characters.")

    @classmethod
    def from_text(cls, text: str) -> Seat:
        """Parse a seat name as typed (spaces around it ignored) or raise SeatNameError."""
        return cls(text.strip())

    @property
    def text(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name
