"""Python's garbage collector: its full passes in the table's quiet moments, not in taps
(issue 22, "Response on a Pi's budget").

A full pass walks every object the collector follows that was not frozen (what lived at
the first screen and the first game is: `app._freeze_once`), which after a second game
opened is 100,000s of objects: 160 to 370 ms of CPU in the tap it landed in, on one core
of the development machine (docs/perf.md), most of the slowest taps. Python starts one
when 10 middle passes have run since the last (and the old objects grew by a quarter).

Here a tap seldom meets one: Python's own full pass waits for `TAP_FULL_AFTER` middle
passes, and the work done ahead in quiet moments (warmup.py: nobody touching the glass,
nothing being answered, for `FULL_PASS_QUIET` seconds) runs one as soon as
`QUIET_FULL_AFTER` have run, as often as Python's default would. Nothing is frozen here:
what a full pass frees is freed as before, only at another moment, so memory stays
bounded (the cyclic garbage waits at most ten times as many middle passes when the table
is never quiet).
"""

from __future__ import annotations

import gc

#: Middle passes before Python runs a full pass by itself (its default: 10).
TAP_FULL_AFTER = 100
#: Middle passes after which a quiet moment runs a full pass (Python's default).
QUIET_FULL_AFTER = 10
#: Seconds without a touch or a reply before a full pass (longer than the other work done
#: ahead: on a loaded core a tap's answer can take more than warmup.QUIET to be drawn, and
#: a pass of 100s of ms must not land before it).
FULL_PASS_QUIET = 2.0

_default: list[tuple[int, ...]] = []


def hold_full_passes() -> None:
    """Python's own full passes after `TAP_FULL_AFTER` middle passes (once per process)."""
    if not _default:
        _default.append(gc.get_threshold())
        young, middle, _full = _default[0]
        gc.set_threshold(young, middle, TAP_FULL_AFTER)


def release_full_passes() -> None:
    """Python's thresholds as they were (the app stopped)."""
    if _default:
        gc.set_threshold(*_default.pop())


def full_pass_due(quiet_for: float) -> bool:
    """A moment quiet for `quiet_for` seconds should run a full pass: enough middle passes
    ran since the last, and it has been quiet long enough."""
    return (bool(_default) and gc.isenabled() and quiet_for >= FULL_PASS_QUIET
            and gc.get_count()[2] >= QUIET_FULL_AFTER)


def full_pass() -> None:
    gc.collect()
