"""Read every QR code in a frame: a cheap pass always, a ladder only when needed.

The cheap pass is one decoder call, plus a sub-millisecond finder-pattern
check when that call read nothing. If either points at a symbol that no code explains (zxing saw a
symbol it could not read, or finder patterns sit where nothing was
decoded), only that region is cropped and tried again: upscaled, then
contrast-normalised, then inverted, then with the other decoder. Frames
without a tag, and frames whose tags read at once, never pay for the ladder.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.scanner.codes import Point, RawCode
from companion.scanner.decoders import Decoder, Reading
from companion.scanner.finders import Box, finder_regions

if TYPE_CHECKING:
    import numpy as np

Step = Callable[["np.ndarray"], tuple["np.ndarray", float, bool]]


@dataclass(frozen=True)
class FrameRead:
    """All codes read in one frame, and how many ladder steps it took."""

    codes: list[RawCode]
    ladder_steps: int = 0


class FrameReader:
    """Cheap pass with `primary`; a ladder on suspicious regions, ending with `fallback`."""

    def __init__(self, primary: Decoder, fallback: Decoder | None = None,
                 ladder: bool = True) -> None:
        self.primary = primary
        self.fallback = fallback
        self.ladder = ladder
        self._steps = _ladder(primary, fallback)

    @property
    def name(self) -> str:
        return self.primary.name

    def read(self, gray: np.ndarray) -> FrameRead:
        first = self.primary.read(gray)
        codes = _unique(first.codes)
        if not self.ladder:
            return FrameRead(codes)
        regions = _unexplained(gray, first, codes)
        steps = 0
        for box in regions:
            found, used = self._climb(gray, box)
            steps += used
            codes = _unique(codes + found)
        return FrameRead(codes, steps)

    def _climb(self, gray: np.ndarray, box: Box) -> tuple[list[RawCode], int]:
        """Try the ladder's steps on one region until one of them reads a code."""
        x, y, w, h = box
        crop = gray[y:y + h, x:x + w]
        for used, (decoder, step) in enumerate(self._steps, start=1):
            image, scale, thorough = step(crop)
            reading = decoder.read(image, thorough=thorough)
            if reading.codes:
                return [_moved(c, scale, x, y) for c in reading.codes], used
        return [], len(self._steps)


def _ladder(primary: Decoder, fallback: Decoder | None) -> list[tuple[Decoder, Step]]:
    steps: list[tuple[Decoder, Step]] = [
        (primary, _upscaled), (primary, _normalised_upscaled), (primary, _inverted),
    ]
    if fallback is not None:
        steps.append((fallback, _normalised_upscaled))
    return steps


def _upscaled(crop: np.ndarray) -> tuple[np.ndarray, float, bool]:
    import cv2

    # Small or blurred modules read far better at twice the size (cubic keeps edges).
    return cv2.resize(crop, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC), 2.0, False


def _normalised_upscaled(crop: np.ndarray) -> tuple[np.ndarray, float, bool]:
    image, scale, _ = _upscaled(_clahe().apply(crop))
    return image, scale, False


_per_thread = threading.local()


def _clahe() -> Any:
    """This thread's CLAHE object: built once, since a CLAHE keeps buffers it reuses
    (which is also why threads do not share one)."""
    clahe = getattr(_per_thread, "clahe", None)
    if clahe is None:
        import cv2

        clahe = _per_thread.clahe = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(4, 4))
    return clahe


def _inverted(crop: np.ndarray) -> tuple[np.ndarray, float, bool]:
    # `thorough` asks the decoder for light-on-dark codes as well.
    return crop, 1.0, True


def _moved(code: RawCode, scale: float, dx: int, dy: int) -> RawCode:
    corners: tuple[Point, ...] = tuple((x / scale + dx, y / scale + dy) for x, y in code.corners)
    return RawCode(code.payload, corners, code.decoder)


def _unique(codes: list[RawCode]) -> list[RawCode]:
    """One entry per payload: the same symbol read twice is still one code."""
    seen: dict[bytes, RawCode] = {}
    for code in codes:
        seen.setdefault(code.payload, code)
    return list(seen.values())


def _unexplained(gray: np.ndarray, first: Reading, codes: list[RawCode]) -> list[Box]:
    """Regions that look like a QR symbol but hold no decoded code.

    The finder-pattern search runs only when the cheap pass read nothing: on a
    frame with a readable tag it costs most of a millisecond (the tag's own
    modules make many contours), while a second, unreadable card beside it is
    still caught by the decoder's own suspects, or on the next frame.
    """
    height, width = gray.shape[:2]
    boxes = [_pad(_bbox(s), width, height) for s in first.suspects]
    if not codes:
        boxes += finder_regions(gray)
    decoded = [_bbox(c.corners) for c in codes]
    return [b for b in _merge(boxes) if not any(_covers(d, b) for d in decoded)]


def _bbox(corners: tuple[Point, ...]) -> Box:
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    return (int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


def _pad(box: Box, width: int, height: int) -> Box:
    """Grow a symbol's box by a third on each side so its quiet zone is included."""
    x, y, w, h = box
    m = max(w, h) // 3 + 4
    x0, y0 = max(0, x - m), max(0, y - m)
    return (x0, y0, min(width, x + w + m) - x0, min(height, y + h + m) - y0)


def _covers(decoded: Box, region: Box) -> bool:
    """True if the centre of `region` lies inside a decoded code's box."""
    x, y, w, h = decoded
    cx, cy = region[0] + region[2] / 2, region[1] + region[3] / 2
    return x - w * 0.25 <= cx <= x + w * 1.25 and y - h * 0.25 <= cy <= y + h * 1.25


def _merge(boxes: list[Box]) -> list[Box]:
    """Join overlapping boxes, so one symbol is climbed once and never cut in half
    (zxing's box of an unreadable symbol can be off by half its size)."""
    kept: list[Box] = []
    for box in boxes:
        for i, k in enumerate(kept):
            if _covers(k, box) or _covers(box, k):
                kept[i] = _union(k, box)
                break
        else:
            kept.append(box)
    return kept


def _union(a: Box, b: Box) -> Box:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return (x0, y0, x1 - x0, y1 - y0)
