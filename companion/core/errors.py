"""Errors a player can read: every one carries a full sentence."""

from __future__ import annotations


class CompanionError(ValueError):
    """Base of every refusal the companion shows to a player."""


class TagFormatError(CompanionError):
    """A text that is not in the `GAME/ID` tag format."""


class ZoneFormatError(CompanionError):
    """A text that is not a zone (`deck:hazard`, `hand:Kourou`, `box`)."""


class SeatNameError(CompanionError):
    """A name that cannot be a seat (it could not be typed back as one word)."""


class CatalogError(CompanionError):
    """A catalog file that is malformed; the message names file and key."""


class UnknownCardError(CompanionError):
    """A well-formed tag whose ID the catalog does not list."""


class OtherGameError(CompanionError):
    """A well-formed tag that belongs to another game."""


class UnknownGameError(CompanionError):
    """A game id or tag prefix that no registered game has."""


class IllegalMoveError(CompanionError):
    """A command the rules forbid in the current state."""


class CommandSyntaxError(CompanionError):
    """A command line that cannot be parsed."""


class NothingToUndoError(CompanionError):
    """Undo or redo with nothing left to undo or redo."""


class DamageError(CompanionError):
    """A saved step, snapshot or game that is not what was written: a checksum
    mismatch, an unreadable row, or an event type no game knows.

    Raised by the store when it reads, and by the rules when they validate a
    stored event; `step` names the damaged step when one is known. The command
    that met it is refused, and `companion recover` offers the way out.
    """

    def __init__(self, message: str, step: int | None = None):
        super().__init__(message)
        self.step = step
