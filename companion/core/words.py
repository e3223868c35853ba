"""The words players read and type (every game): counts said with their noun, and the
numbers players give in a command.

>>> whole_number("3", "the spaces moved")
3
>>> whole_number("²", "the spaces moved")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
CommandSyntaxError: '²' is not a whole number: give the spaces moved in the digits 0-9.
"""

from __future__ import annotations

import re

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


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """A count with its noun as a player says it; `plural` when it is not the noun + "s".

    >>> counted(1, "space"), counted(2, "card"), counted(0, "credit")
    ('1 space', '2 cards', '0 credits')
    >>> counted(1, "command point"), counted(3, "command point"), counted(2, "frag")
    ('1 command point', '3 command points', '2 frags')
    >>> counted(1, "secondary mission"), counted(2, "die face")
    ('1 secondary mission', '2 die faces')
    >>> counted(1, "ally", "allies"), counted(2, "ally", "allies")
    ('1 ally', '2 allies')
    """
    return f"{count} {for_count(count, noun, plural)}"


def for_count(count: int, singular: str, plural: str | None = None) -> str:
    """The word that agrees with `count`: its singular for exactly one, else its plural
    (the singular + "s" unless given), e.g. a verb after a counted noun.

    >>> f"{counted(1, 'card')} {for_count(1, 'is', 'are')} left"
    '1 card is left'
    >>> f"{counted(4, 'card')} {for_count(4, 'is', 'are')} left"
    '4 cards are left'
    >>> for_count(0, "module"), for_count(1, "module")
    ('modules', 'module')
    """
    if count == 1:
        return singular
    return singular + "s" if plural is None else plural


def without_rule_marks(text: str, marks: str) -> str:
    """`text` as a player reads it at the table: each rule reference the game's pattern
    `marks` finds (TI4's "(35.9a)", "(LRR 94)") left out; `text` itself when `marks` is "".

    >>> without_rule_marks("Alice purges two fragments (35.9a).", r" ?\\(35\\.9a\\)")
    'Alice purges two fragments.'
    """
    return re.sub(marks, "", text) if marks else text


def seat_and_player(seat: str, player: str) -> str:
    """A seat as the game's sentences name it, with its player, whom the table calls by
    name (try 25, 26): "Xichang (Mia)"; the seat alone where it is the player's own name.

    >>> seat_and_player("Xichang", "Mia"), seat_and_player("Alice", "Alice")
    ('Xichang (Mia)', 'Alice')
    """
    return f"{seat} ({player})" if player and player != seat else seat


def player_and_seat(seat: str, player: str) -> str:
    """Who looks at a seat's secrets, person first as the pass-the-screen page says it:
    "Ana (Xichang)"; the seat alone where it is the player's own name.

    >>> player_and_seat("Xichang", "Ana"), player_and_seat("Alice", "")
    ('Ana (Xichang)', 'Alice')
    """
    return f"{player} ({seat})" if player and player != seat else seat
