"""Image files built to cost a decoder too much, and a camera-sized photo to compare.

Nothing here is committed as an image: tests and bench/decode_bound.py build them
into temporary folders.
"""

from __future__ import annotations

import io
from pathlib import Path

import cv2
import numpy as np
import photos
from PIL import Image


def progressive_jpeg(width: int, height: int, seed: int = 1) -> bytes:
    """A sound progressive JPEG of blocky noise (libjpeg's script: 10 scans)."""
    rng = np.random.default_rng(seed)
    small = rng.integers(0, 255, (max(1, height // 8), max(1, width // 8), 3), dtype=np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(cv2.resize(small, (width, height))).save(
        buffer, "JPEG", progressive=True, quality=80)
    return buffer.getvalue()


def with_empty_scans(jpeg: bytes, scans: int) -> bytes:
    """The JPEG with `scans` copies of its last scan's header and no data before its end:
    the decoder passes over the whole picture once for each (issue 23: 20,000 took 34 s)."""
    start = jpeg.rfind(b"\xff\xda")
    length = int.from_bytes(jpeg[start + 2:start + 4], "big")
    header = jpeg[start:start + 2 + length]
    end = jpeg.rfind(b"\xff\xd9")
    return jpeg[:end] + header * scans + jpeg[end:]


def hostile_jpeg(path: Path, scans: int = 5000, width: int = 4000, height: int = 3000) -> Path:
    path.write_bytes(with_empty_scans(progressive_jpeg(width, height), scans))
    return path


def blank_png(path: Path, width: int, height: int) -> Path:
    """A sound PNG of one grey, a few hundred KB however many pixels it declares."""
    cv2.imwrite(str(path), np.full((height, width), 200, np.uint8),
                [cv2.IMWRITE_PNG_COMPRESSION, 9])
    return path


def camera_photo(path: Path, seed: int = 20, size: tuple[int, int] = (4032, 3024)) -> Path:
    """A tagged card as a 12 MP phone camera saves it (JPEG, quality 90)."""
    frame, _ = photos.make_photo(seed, "clean")
    big = cv2.resize(frame, size, interpolation=cv2.INTER_CUBIC)
    noise = np.random.default_rng(seed).normal(0, 3, big.shape)
    big = np.clip(big + noise, 0, 255).astype(np.uint8)
    cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return path
