"""A camera's frames read one after another: what one frame's budget cannot read.

A card lies under the camera for a second or more, 15 to 30 frames. The
`SequenceReader` reads each frame with a `FrameReader` and carries two things
from frame to frame while the view stays still:

- **The rescues go on.** What a frame's CPU budget left untried is tried on the
  next frame of the same view (effort.TryLog): a hard tag is read a few frames
  later instead of never, while each frame's budget stays what keeps a Pi's
  preview smooth. Once every try is made, the tries are renewed as the averaged
  picture below gets better (twice the frames: a third less noise).
- **Frames of a still card are averaged.** Where the reader found something to
  try and read nothing (a region, a card, a blob), the frames are summed from
  then on; the reader is given their mean there, whose sensor noise falls with
  the square root of their number (up to MAX_AVERAGED frames, then a running
  mean). Dim light and small tags, where one frame's noise stops the read, read.

"Still" is decided on a small picture of the view: the mean grey of each
16 x 16 pixel cell. A cell whose mean changed since the last frame by more
than MOVED grey levels (beyond the whole frame's change: a lamp, the exposure)
has moved. Noise moves a cell's mean by well under one level (it is the mean of
256 pixels); a card moved by half a pixel changes its edge cells by several.
An area with a moved cell starts over: its sum and its tries are dropped, so
nothing is combined across a moving card, and a new card starts afresh. An
area also starts over once its cells drift from how they looked when its sum
began (a card creeping slower than a level per frame).

Codes are read per frame as before, so one scan per card stays the deduper's
business (dedup.py): averaging only makes a still card read in more frames.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import cv2
import numpy as np

from companion.scanner.effort import Box, TryLog
from companion.scanner.reader import FrameRead, FrameReader

if TYPE_CHECKING:
    from collections.abc import Sequence

#: The side, in pixels, of the cells whose mean grey tells whether the view moved.
CELL = 16
#: A cell whose mean grey changed by more than this (grey levels, beyond the frame's
#: median change) between two frames, or since an area's sum began, has moved.
MOVED = 5.0
#: Frames summed in one area at most; after that each new frame replaces 1/16 of the mean.
MAX_AVERAGED = 16
#: Areas followed at once; beyond that the one averaged longest gives way.
MAX_AREAS = 6
#: An area is the place where something was left unread, with this margin (pixels).
MARGIN = 16


@dataclass
class Area:
    """A still place being averaged: its box, its cells when the sum began, the mean of
    its frames so far (float32) and their number."""

    box: Box
    cells: np.ndarray
    mean: np.ndarray
    frames: int


class SequenceReader:
    """Reads the frames of one camera in order (one instance per camera stream)."""

    def __init__(self, reader: FrameReader) -> None:
        self.reader = reader
        self._areas: list[Area] = []
        self._log = TryLog()
        self._cells: np.ndarray | None = None

    @property
    def name(self) -> str:
        return self.reader.name

    def reset(self) -> None:
        """Forget every earlier frame (a new camera, a new stream)."""
        self._areas, self._log, self._cells = [], TryLog(), None

    def read(self, gray: np.ndarray) -> FrameRead:
        if not self.reader.ladder or min(gray.shape[:2]) < CELL:
            return self.reader.read(gray)
        # Frames with nothing left unread before or after (an empty table, cards read at
        # once) pay nothing here: the view's cells are only made while something is left.
        cells = None
        if self._cells is not None:
            cells = _cells(gray)
            if self._cells.shape == cells.shape:
                self._follow(gray, cells)
            else:
                self.reset()
        result = self.reader.read(self._averaged(gray), self._log, self.level)
        if not result.stopped:
            self._log.renew(self.level)
        if result.pending and cells is None:
            cells = _cells(gray)
        self._cells = cells if result.pending or self._areas or len(self._log) else None
        self._begin(gray, result.pending)
        return result

    def level(self, box: Box) -> int:
        """How many frames were averaged into the picture the reader saw at `box`."""
        x, y = box[0] + box[2] / 2, box[1] + box[3] / 2
        return max([a.frames for a in self._areas if _inside(x, y, a.box)], default=1)

    def _follow(self, gray: np.ndarray, now: np.ndarray) -> None:
        """Drop the areas (and tries) where the view moved; add this frame to the rest."""
        assert self._cells is not None
        moved = _moved(now, self._cells)
        self._log.forget(lambda box: bool(moved[_cells_of(box)].any()))
        kept = []
        for area in self._areas:
            cells = _cells_of(area.box)
            drift = _moved(now[cells], area.cells)
            if moved[cells].any() or drift.any():
                self._log.forget(partial(_overlap, area.box))
                continue
            x, y, w, h = area.box
            area.frames = min(area.frames + 1, MAX_AVERAGED)
            cv2.accumulateWeighted(gray[y:y + h, x:x + w], area.mean, 1 / area.frames)
            kept.append(area)
        self._areas = kept

    def _averaged(self, gray: np.ndarray) -> np.ndarray:
        """The frame, with each still area's mean over its frames in place of the frame."""
        summed = [a for a in self._areas if a.frames > 1]
        if not summed:
            return gray
        picture = gray.copy()
        for area in summed:
            x, y, w, h = area.box
            picture[y:y + h, x:x + w] = cv2.convertScaleAbs(area.mean)
        return picture

    def _begin(self, gray: np.ndarray, pending: Sequence[Box]) -> None:
        """Start summing where something was left unread and no area is yet."""
        if not pending or self._cells is None:
            return
        height, width = gray.shape[:2]
        for bx, by, bw, bh in pending:
            if any(_inside(bx + bw / 2, by + bh / 2, a.box) for a in self._areas):
                continue
            x, y = max(0, bx - MARGIN), max(0, by - MARGIN)
            box = (x, y, min(width, bx + bw + MARGIN) - x, min(height, by + bh + MARGIN) - y)
            if len(self._areas) >= MAX_AREAS:
                self._areas.remove(max(self._areas, key=lambda a: a.frames))
            crop = gray[y:y + box[3], x:x + box[2]].astype(np.float32)
            self._areas.append(Area(box, self._cells[_cells_of(box)].copy(), crop, 1))


def _cells(gray: np.ndarray) -> np.ndarray:
    """The mean grey of each CELL x CELL cell, by halving the frame four times (OpenCV's
    fast path, about 0.2 ms at 720p; one resize straight to the cells costs 1 ms)."""
    cells = gray
    for _ in range(CELL.bit_length() - 1):
        cells = cv2.resize(cells, (cells.shape[1] // 2, cells.shape[0] // 2),
                           interpolation=cv2.INTER_AREA)
    return cells.astype(np.float32)


def _moved(cells: np.ndarray, before: np.ndarray) -> np.ndarray:
    """Cells whose mean grey changed by more than MOVED beyond the median change."""
    change = cells - before
    return np.abs(change - float(np.median(change))) > MOVED


def _cells_of(box: Box) -> tuple[slice, slice]:
    """The cells a box touches, one cell around it included."""
    x, y, w, h = box
    return (slice(max(0, y // CELL - 1), (y + h) // CELL + 2),
            slice(max(0, x // CELL - 1), (x + w) // CELL + 2))


def _inside(x: float, y: float, box: Box) -> bool:
    return box[0] <= x < box[0] + box[2] and box[1] <= y < box[1] + box[3]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
