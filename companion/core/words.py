"""Reading the words players type: numbers they give in a command (every game).

>>> whole_number("3", "the spaces moved")
3
>>> whole_number("²", "the spaces moved")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
CommandSyntaxError: '²' is not a whole number: give the spaces moved in the digits 0-9.
"""

from __future__ import annotations

from companion.core.errors import CommandSyntaxError

_DIGITS = frozenset("0123456789")
#: No count at the table needs more digits; int() refuses very long strings anyway.
_MAX_DIGITS = 6


def whole_number(word: str, what: str) -> int:
    """`word` as a whole number >= 0, written in ASCII digits only (no sign, no point).

    str.isdigit() accepts "²" and other digits int() refuses, so it is not used here.
    """
    if not word or not set(word) <= _DIGITS or len(word) > _MAX_DIGITS:
        raise CommandSyntaxError(f"{word[:12]!r} is not a whole number: give {what} in "
                                 f"the digits 0-9.")
    return int(word)


def counted(count: int, noun: str) -> str:
    """A count with its noun as a player says it.

    >>> counted(1, "space"), counted(2, "card"), counted(0, "credit")
    ('1 space', '2 cards', '0 credits')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
