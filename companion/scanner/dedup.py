"""One scan per card: a pure, clock-injected filter over what each frame saw.

A code becomes a scan when it enters the view. It stays "in view" while
frames keep seeing it, and a frame that misses it (glare, a hand, motion
blur) does not end that: only `forget_after` seconds without a sighting
do. After that, or after `scan_again`, showing it again is a new scan.

>>> d = ScanDeduper(forget_after=1.5)
>>> card = ScanCode("XP/SH01", "ok")
>>> [c.text for c in d.observe(0.0, [card])]
['XP/SH01']
>>> d.observe(1.0, [card]), d.observe(2.0, []), d.observe(2.4, [card])
([], [], [])
>>> [c.text for c in d.observe(4.0, [card])] if not d.observe(3.95, []) else None
['XP/SH01']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from companion.core.errors import CompanionError
from companion.scanner.codes import ScanCode, reading_order

DEFAULT_FORGET_AFTER = 1.5


class ForgetAfterError(CompanionError):
    """A time out of view (--forget-after) that is not a positive number of seconds."""


class ScanDeduper:
    """Decides which of a frame's codes are new scans; time comes from the caller."""

    def __init__(self, forget_after: float = DEFAULT_FORGET_AFTER) -> None:
        if not (math.isfinite(forget_after) and forget_after > 0):
            raise ForgetAfterError(
                "The time out of view before a card scans again (--forget-after) must be "
                f"a number of seconds above 0, not {forget_after:g}.")
        self.forget_after = forget_after
        self._last_seen: dict[str, float] = {}

    def observe(self, now: float, codes: Sequence[ScanCode]) -> list[ScanCode]:
        """Record one frame's codes; return the new scans in reading order."""
        self._forget(now)
        fresh: dict[str, ScanCode] = {}
        for code in codes:
            if code.text not in self._last_seen and code.text not in fresh:
                fresh[code.text] = code
            self._last_seen[code.text] = now
        return reading_order(list(fresh.values()))

    def scan_again(self, texts: Iterable[str] | None = None) -> None:
        """Let the given codes (default: every code) scan again while still in view."""
        if texts is None:
            self._last_seen.clear()
            return
        for text in texts:
            self._last_seen.pop(text, None)

    def _forget(self, now: float) -> None:
        gone = [t for t, seen in self._last_seen.items() if now - seen >= self.forget_after]
        for text in gone:
            del self._last_seen[text]
