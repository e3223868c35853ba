"""Large text on a small window: the dashboard's seats' column folds (issue 22).

At Large text on a window under `SMALL_WINDOW_DP` tall (800x480; not 1024x600) the text
keeps its size and a turn's choices under its 3-line sentence need 4 rows of 3-4-line
labels in a half-width column: the 6th enabled choice sat up to 294 px below the fold
(docs/perf.md, "Six enabled choices"). There the seats' column folds to what a table
glances at: each seat's name, score and whose turn, its tabs on two rows, and the choices
take the width it gives up; a tap on a seat opens its whole card (its own page). The last
result goes under the seats where their cards leave it room (`result_lines_aside`), so the
choices start higher. At Normal text, and on a taller window, nothing folds.
"""

from __future__ import annotations

#: A window under this many dp tall is small (800x480 is; 1024x600 and 1280x720 are not).
SMALL_WINDOW_DP = 560.0
#: A text size above this is Large (Settings' sizes: 0.85, 1.0, 1.3).
LARGE_TEXT = 1.01
#: Of the width, what the folded seats' column keeps (the choices take the rest).
FOLDED_SEATS_WIDTH = 0.35
#: The seats whose folded cards each keep their player's name on a line of its own; with
#: more, each card is its seat's name and score on one line (all seats still in view).
ROOMY_SEATS = 2


def seats_folded(text_scale: float, window_height_dp: float) -> bool:
    """The seats' column folds to names and scores: Large text on a small window."""
    return text_scale > LARGE_TEXT and window_height_dp < SMALL_WINDOW_DP


def seats_width(text_scale: float, folded: bool, home_open: bool) -> float:
    """The seats' column's share of the dashboard's width: folded while its Seats page is
    open (another tab's panel opens at its whole width), a half at Large text, else 45 %."""
    if folded and home_open:
        return FOLDED_SEATS_WIDTH
    return 0.5 if text_scale > LARGE_TEXT else 0.45


#: The last result moves under the folded seats only when this many of its lines fit there
#: (at the left column's width, 2 lines say what 1 said across the choices); it takes at
#: most `RESULT_LINES_MOST` (more room is left empty, the seats' column still a glance).
RESULT_LINES_LEAST, RESULT_LINES_MOST = 2, 4


def result_lines_aside(room: float, line: float) -> int:
    """How many lines of the last result go under the folded seats, in `room` px left
    there by the seats' cards, each line `line` px tall: 0 (it stays above the choices,
    folded to 1 line) when fewer than `RESULT_LINES_LEAST` fit.

    >>> result_lines_aside(110, 26), result_lines_aside(60, 26), result_lines_aside(40, 26)
    (4, 2, 0)
    """
    lines = min(RESULT_LINES_MOST, int(room // line)) if line > 0 else 0
    return lines if lines >= RESULT_LINES_LEAST else 0
