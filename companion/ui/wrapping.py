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
