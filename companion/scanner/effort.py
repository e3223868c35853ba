"""The rescues' CPU budget for one frame, and what earlier frames of the same view tried.

A frame's rescues stop at a CPU budget (`Budget`), so the preview and the UI
stay smooth on a slow machine. On a camera's next frame of the same, still
view, the rescues go on where they stopped: a `TryLog` remembers every try
that read nothing (a rung on a region, a symbol straightened from its finders)
and what each sharpened search of a card found, by the place it was made, so
the next frame skips them and spends its budget on what is left. A hard tag is
then read a few frames later instead of never.

Once every try has been made and the view's picture has since been averaged
over at least twice as many frames (its noise down by about a third, see
still.py), `renew` forgets those tries, so the rescues run once more on the
better picture. Without a log (a single photo) every try is new.

>>> log = TryLog()
>>> log.add("rung", (100, 100, 80, 80), 1)
>>> log.seen("rung", (103, 98, 80, 82)) is not None, log.seen("rung", (400, 100, 80, 80))
(True, None)
>>> log.renew(lambda box: 2); log.seen("rung", (100, 100, 80, 80))
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

Box = tuple[int, int, int, int]
#: The picture a try was made on: how many frames were averaged into it there.
Level = Callable[[Box], int]


def _one(box: Box) -> int:
    return 1


@dataclass(frozen=True)
class Tried:
    """One try made in an earlier frame: where, on how many averaged frames, what it found;
    `read` for a try that read codes (`found`), which is kept while the view stays."""

    kind: str
    box: Box
    level: int
    found: Any = None
    read: bool = False


def same_place(a: Box, b: Box) -> bool:
    """Two boxes of the same thing in two frames: centres within a quarter of its size,
    sides within a factor 1.5 (noise moves a region's outline by a few pixels)."""
    side = max(a[2], a[3], b[2], b[3], 1)
    close = abs(a[0] + a[2] / 2 - b[0] - b[2] / 2) + abs(a[1] + a[3] / 2 - b[1] - b[3] / 2)
    sizes = max(a[2], a[3], 1) / max(b[2], b[3], 1)
    return close <= side / 4 and 1 / 1.5 <= sizes <= 1.5


class TryLog:
    """The tries made in earlier frames of one view that read nothing."""

    def __init__(self) -> None:
        self._tried: list[Tried] = []

    def __len__(self) -> int:
        return len(self._tried)

    def __iter__(self) -> Iterator[Tried]:
        return iter(self._tried)

    def seen(self, kind: str, box: Box) -> Tried | None:
        for tried in self._tried:
            if tried.kind == kind and same_place(tried.box, box):
                return tried
        return None

    def add(self, kind: str, box: Box, level: int, found: Any = None,
            read: bool = False) -> None:
        self._tried.append(Tried(kind, box, level, found, read))

    def forget(self, moved: Callable[[Box], bool]) -> None:
        """Drop the tries made where the view changed (a card moved, a new one laid)."""
        self._tried = [t for t in self._tried if not moved(t.box)]

    def renew(self, level: Level) -> None:
        """Drop the tries whose picture has since been averaged over twice the frames
        (a try that read codes stays: the still view holds the same card)."""
        self._tried = [t for t in self._tried if t.read or level(t.box) < 2 * t.level]


class Budget:
    """The CPU time (of this thread) one frame's rescues may spend, and the try log.

    `out()` is True once the time is spent (and remembers that it stopped a try).
    `skip(kind, box)` is True for a try an earlier frame of this view already made, and
    `remembered` gives the codes it read, if any (the view is still, so the card is the
    same: it is reported again without the work, and a try that reads does not take the
    budget of every later frame); `failed` and `read` record a try.
    """

    def __init__(self, seconds: float, log: TryLog | None = None, level: Level = _one) -> None:
        self._seconds = seconds
        self._deadline = time.thread_time() + seconds
        self.log = log
        self.level = level
        self.stopped = False

    def restart(self) -> None:
        """Start the budget's time from now (the work before it was not the rescues')."""
        self._deadline = time.thread_time() + self._seconds

    def out(self) -> bool:
        if time.thread_time() > self._deadline:
            self.stopped = True
        return self.stopped

    def skip(self, kind: str, box: Box) -> bool:
        return self.log is not None and self.log.seen(kind, box) is not None

    def remembered(self, kind: str, box: Box) -> list[Any]:
        tried = self.log.seen(kind, box) if self.log is not None else None
        return list(tried.found) if tried is not None and tried.read else []

    def kept(self) -> list[Any]:
        """Every code an earlier frame of this still view read in its rescues."""
        return [c for t in self.log or [] if t.read for c in t.found]

    def failed(self, kind: str, box: Box) -> None:
        if self.log is not None:
            self.log.add(kind, box, self.level(box))

    def read(self, kind: str, box: Box, codes: list[Any]) -> None:
        if self.log is not None:
            self.log.add(kind, box, self.level(box), tuple(codes), read=True)

    def searched(self, kind: str, box: Box, search: Callable[[], Any]) -> Any:
        """What `search` finds at `box`: from the log if an earlier frame searched there."""
        tried = self.log.seen(kind, box) if self.log is not None else None
        if tried is not None:
            return tried.found
        found = search()
        if self.log is not None:
            self.log.add(kind, box, self.level(box), found)
        return found
