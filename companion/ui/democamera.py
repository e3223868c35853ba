"""The demo camera: pictures of the cards the table owes, drawn at run time.

With `companion app --demo` there is no camera and no printed tag: whenever
the prompt expects a draw, this source shows a picture of the card the
game's seeded virtual deck would deal next (its QR tag made with segno, the
library our tag kit uses, on a card lying on a table), so a newcomer sees the
real scanner read it, the reveal and the whole flow. Between two cards the
table is empty, so the scanner forgets the last one. No image files ship.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from companion.scanner.sources import Frame

WIDTH, HEIGHT = 1280, 720
MODULE_PX = 9
#: The empty table's words: big, since the preview shows the picture about 150 dp wide.
CAPTION_SCALE, CAPTION_THICKNESS = 3.4, 7


def _caption_lines(caption: str) -> list[str]:
    """`caption` in lines that fit the picture at the caption's size."""
    import cv2

    lines: list[str] = []
    for word in caption.split():
        line = f"{lines[-1]} {word}" if lines else word
        (width, _), _ = cv2.getTextSize(line, cv2.FONT_HERSHEY_SIMPLEX, CAPTION_SCALE,
                                        CAPTION_THICKNESS)
        if lines and width <= WIDTH - 120:
            lines[-1] = line
        else:
            lines.append(word)
    return lines


def table_picture(tag: str | None, caption: str) -> np.ndarray:
    """A BGR picture: the table, and when `tag` is given a card with its QR tag."""
    import cv2
    import numpy as np
    import segno

    image: Any = np.full((HEIGHT, WIDTH, 3), (38, 70, 30), np.uint8)  # green baize
    noise = np.random.default_rng(7).integers(0, 12, (HEIGHT, WIDTH, 1), dtype=np.uint8)
    image = cv2.add(image, np.repeat(noise, 3, axis=2))
    if tag is None:
        lines = _caption_lines(caption)
        step = 130
        top = HEIGHT // 2 - step * (len(lines) - 1) // 2 + 40
        for n, line in enumerate(lines):
            cv2.putText(image, line, (60, top + step * n), cv2.FONT_HERSHEY_SIMPLEX,
                        CAPTION_SCALE, (230, 230, 230), CAPTION_THICKNESS, cv2.LINE_AA)
        return image
    matrix = np.array(segno.make_qr(tag, error="m").matrix, dtype=np.uint8)
    qr: Any = np.where(matrix > 0, 0, 255).astype(np.uint8)
    qr = np.pad(qr, 4, constant_values=255)
    qr = cv2.resize(qr, None, fx=MODULE_PX, fy=MODULE_PX, interpolation=cv2.INTER_NEAREST)
    card_w, card_h = max(qr.shape[1] + 80, 360), qr.shape[0] + 170
    x0, y0 = (WIDTH - card_w) // 2, (HEIGHT - card_h) // 2
    cv2.rectangle(image, (x0, y0), (x0 + card_w, y0 + card_h), (245, 245, 245), -1)
    qx, qy = x0 + (card_w - qr.shape[1]) // 2, y0 + 30
    image[qy:qy + qr.shape[0], qx:qx + qr.shape[1]] = qr[:, :, None]
    for n, line in enumerate((caption[:28], tag)):
        cv2.putText(image, line, (x0 + 24, qy + qr.shape[0] + 50 + 40 * n),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.9, (40, 40, 40), 2, cv2.LINE_AA)
    return image


class DemoCamera:
    """A frame source (see companion.scanner.sources.FrameSource) showing one picture."""

    name = "demo camera"

    def __init__(self, fps: float = 15.0):
        self.fps = fps
        self._lock = threading.Lock()
        self.tag: str | None = None  # the card in view, None for the empty table
        self._picture: np.ndarray | None = None
        self._gray: np.ndarray | None = None
        self._index = 0
        self._closed = threading.Event()

    def show(self, tag: str | None, caption: str) -> None:
        """Put a card (or, with no tag, nothing) in front of the camera."""
        import cv2

        picture = table_picture(tag, caption)
        with self._lock:
            self._picture, self._gray = picture, cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)
            self.tag = tag

    def open(self) -> None:
        self._closed.clear()
        if self._picture is None:
            self.show(None, "Demo camera: no card owed now")

    def read(self) -> Frame | None:
        from companion.scanner.sources import Frame

        while not self._closed.wait(1.0 / self.fps):
            with self._lock:
                if self._gray is None or self._picture is None:
                    continue  # the first picture is still being drawn
                self._index += 1
                return Frame(self._gray, time.monotonic(), self._index, self._picture)
        return None

    def interrupt(self) -> None:
        self._closed.set()

    def close(self) -> None:
        self._closed.set()
