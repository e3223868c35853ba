"""Words a line keeps together when it wraps."""

from __future__ import annotations

import re

#: A count and its label ("2 action tokens"): one of a line of counts.
_COUNT = re.compile(r"[-+]?\d+ \S")


def counts_together(line: str) -> str:
    """A line of counts ("15 coins · 2 action tokens") with each count held to its label by
    no-break spaces: the line wraps between counts, never inside one (at Large text the seat
    cards read "15 coins · 2" then "action tokens · 0"); words that are no count ("in
    effect: ...") wrap as words do.
    """
    return " · ".join(part.replace(" ", "\u00a0") if _COUNT.match(part) else part
                      for part in line.split(" · "))


def ended(line: str) -> str:
    """`line` closed by a full stop, so the next line of a card reads as a new sentence
    (try 19, finding 15: "in effect: <a kept card>" ran into the line below it).

    >>> ended("in effect: Lucky charm"), ended("Done."), ended("")
    ('in effect: Lucky charm.', 'Done.', '')
    """
    return f"{line}." if line and line[-1] not in ".!?:" else line


def points_line(sources: str) -> str:
    """Where a seat's points came from, said as points ("" when none).

    >>> points_line("bonus: Score 3 points +3")
    'Points: bonus: Score 3 points +3.'
    """
    return f"Points: {ended(sources)}" if sources else ""
