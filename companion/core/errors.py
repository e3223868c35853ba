"""Errors a player can read: every one carries a full sentence."""

from __future__ import annotations


class CompanionError(ValueError):
    """Base of every refusal the companion shows to a player."""


class TagFormatError(CompanionError):
    """A text that is not in the `GAME/ID` tag format."""


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
