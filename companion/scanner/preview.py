"""A live preview for the touchscreen: the newest colour frame and the codes last read.

The scanner's threads only *keep references*: the capture thread hands over
each frame it captured, the decode thread the codes it read and the frame
they came from. Nothing is copied, converted or scaled there, so the decode
budget is the same whether or not a preview is on screen. The downscale for
the screen happens in `PreviewSlot.render`, on the caller's thread (the UI's),
only when it is called; asking for the same frame at the same size twice
returns the frame already made.

Corners are given in the preview image's pixels, origin at the top left, in
the order the decoder reported them (top-left, top-right, bottom-right,
bottom-left of the symbol as printed).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from companion.scanner.codes import Point, ScanCode, Status

if TYPE_CHECKING:
    import numpy as np

    from companion.scanner.sources import Frame

#: After this many seconds with no call to `render`, sources stop fetching colour
#: they would not have fetched for decoding (the Pi camera's RGB stream).
PREVIEW_IDLE_AFTER = 1.0


@dataclass(frozen=True)
class PreviewCode:
    """One code outlined on the preview: what it read as, and where, in preview pixels."""

    text: str
    status: Status
    corners: tuple[Point, ...]


@dataclass(frozen=True)
class PreviewFrame:
    """A frame scaled for the screen.

    `image` is height x width x 3, uint8, C-contiguous, rows top to bottom, channels
    in `colour_format` order ("bgr", as OpenCV and picamera2's RGB888 store them);
    `image.tobytes()` (or the array itself) is what a Kivy texture's `blit_buffer`
    takes with `colorfmt="bgr"`. `frame_index` changes with every new camera
    frame, so a caller can skip redrawing an unchanged one. `is_colour` is False
    when the source gave only grayscale (shown as grey in three channels).
    """

    image: np.ndarray
    width: int
    height: int
    frame_index: int
    codes: tuple[PreviewCode, ...]
    colour_format: Literal["bgr"] = "bgr"
    is_colour: bool = True

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)


def fit_within(width: int, height: int, max_width: int, max_height: int) -> tuple[int, int]:
    """The largest size with the frame's aspect that fits the box (never enlarged).

    >>> fit_within(1280, 720, 320, 240)
    (320, 180)
    >>> fit_within(640, 480, 1280, 720)
    (640, 480)
    """
    scale = min(max_width / width, max_height / height, 1.0)
    return max(1, round(width * scale)), max(1, round(height * scale))


class PreviewSlot:
    """Holds the newest frame and the last codes read; renders on demand."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._frame: Frame | None = None
        self._codes: tuple[ScanCode, ...] = ()
        self._codes_shape: tuple[int, int] = (1, 1)
        self._codes_version = 0
        self._asked_at: float | None = None
        self._made: tuple[tuple[int, int, int, int], PreviewFrame] | None = None

    # --- the scanner's threads: references only ---------------------------------------

    def offer_frame(self, frame: Frame) -> None:
        """The capture thread's newest frame (kept by reference, never copied)."""
        self._frame = frame  # one reference swap: atomic, no lock needed

    def offer_codes(self, codes: Sequence[ScanCode], gray_shape: tuple[int, ...]) -> None:
        """Every code the decoder read in its latest frame (new scans or not)."""
        with self._lock:
            self._codes = tuple(codes)
            self._codes_shape = (int(gray_shape[1]), int(gray_shape[0]))
            self._codes_version += 1

    def is_wanted(self) -> bool:
        """True while somebody has asked for a preview in the last PREVIEW_IDLE_AFTER s."""
        asked = self._asked_at
        return asked is not None and self._clock() - asked < PREVIEW_IDLE_AFTER

    # --- the caller's thread ------------------------------------------------------------

    def render(self, max_width: int, max_height: int) -> PreviewFrame | None:
        """The newest frame fitted into max_width x max_height, or None before the first."""
        if max_width < 1 or max_height < 1:
            raise ValueError("A preview needs a size of at least 1 x 1 pixels.")
        self._asked_at = self._clock()
        frame = self._frame
        if frame is None:
            return None
        with self._lock:
            codes, shape, version = self._codes, self._codes_shape, self._codes_version
        key = (frame.index, max_width, max_height, version)
        made = self._made
        if made is not None and made[0] == key:
            return made[1]
        preview = _render(frame, max_width, max_height, codes, shape)
        self._made = (key, preview)
        return preview


def _render(frame: Frame, max_width: int, max_height: int, codes: tuple[ScanCode, ...],
            codes_shape: tuple[int, int]) -> PreviewFrame:
    import cv2
    import numpy as np

    picture = frame.colour if frame.colour is not None else frame.gray
    height, width = picture.shape[:2]
    size = fit_within(width, height, max_width, max_height)
    small = picture if size == (width, height) else _shrink(picture, size)
    if small.ndim == 2:
        small = cv2.cvtColor(small, cv2.COLOR_GRAY2BGR)
    small = np.ascontiguousarray(small)
    sx, sy = size[0] / codes_shape[0], size[1] / codes_shape[1]
    outlined = tuple(PreviewCode(c.text, c.status,
                                 tuple((x * sx, y * sy) for x, y in c.corners))
                     for c in codes)
    return PreviewFrame(small, size[0], size[1], frame.index, outlined,
                        is_colour=frame.colour is not None)


def _shrink(picture: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Downscale fast: halving by averaging (OpenCV's fast path) while it fits, then bilinear.

    INTER_AREA alone is 10-15 times slower for a fractional factor (1280 -> 800 px).
    """
    import cv2

    while picture.shape[1] >= 2 * size[0] and picture.shape[0] >= 2 * size[1]:
        height, width = picture.shape[:2]
        picture = cv2.resize(picture, (width // 2, height // 2), interpolation=cv2.INTER_AREA)
    if (picture.shape[1], picture.shape[0]) == size:
        return picture
    return cv2.resize(picture, size, interpolation=cv2.INTER_LINEAR)
