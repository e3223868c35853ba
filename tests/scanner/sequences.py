"""Reading still sequences in tests: on a Pi's clock (CPU scale 4), frame after frame."""

from __future__ import annotations

import cv2
import numpy as np
from hard_photos import still_sequence

from companion.scanner.codes import RawCode
from companion.scanner.decoders import make_decoder
from companion.scanner.reader import FrameReader
from companion.scanner.still import SequenceReader

#: A Pi 4 does about a quarter of the dev machine's work in the same CPU time.
PI_SCALE = 4.0


def pi_reader() -> FrameReader:
    return FrameReader(make_decoder("zxing"), cpu_scale=PI_SCALE)


def still_grays(seed: int, count: int = 10, **force: object) -> tuple[list[np.ndarray], object]:
    frames, truth = still_sequence(seed, count, **force)
    return [cv2.cvtColor(f, cv2.COLOR_BGR2GRAY) for f in frames], truth


def read_still(frames: list[np.ndarray], reader: FrameReader | None = None,
               passes: int = 3) -> dict[str, tuple[int, RawCode]]:
    """Each code read while the card lies still: the number of the frame that first read
    it, and the code as read there. The frames are shown `passes` times over (10 frames
    3 times: a card lying for a second at 30 fps); every frame makes at least one try,
    so a slower machine reads later, not less."""
    sequence = SequenceReader(reader or pi_reader())
    first: dict[str, tuple[int, RawCode]] = {}
    for number, frame in enumerate(frames * passes, 1):
        for code in sequence.read(frame).codes:
            if code.text is not None:
                first.setdefault(code.text, (number, code))
    return first
