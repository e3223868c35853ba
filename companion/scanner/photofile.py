"""Reading one untrusted photo file for `decode`: every check before the decoder, and
the decode itself in a child process that cannot exceed DECODE_BUDGET (bounded.py).

Checks, cheapest first, each one sentence: the file exists and is a file; it starts
like a JPEG or a PNG (by content, not name: no other of OpenCV's decoders ever sees
a hostile file); its header's width and height (read by Pillow, nothing decoded)
are within MAX_DECODE_PIXELS; a JPEG holds at most MAX_JPEG_SCANS scans (each scan
of a progressive JPEG is one more pass over the whole picture). Then OpenCV decodes
it, and the reader reads it, inside the budget.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.errors import CompanionError
from companion.scanner.bounded import Budget, run_bounded
from companion.scanner.codes import RawCode

if TYPE_CHECKING:
    from companion.scanner.reader import FrameReader


class UnreadableImageError(CompanionError):
    """An image file that does not exist, is not an image or is refused by a bound."""


#: The most pixels `decode` reads from one image (a 12 MP camera photo has 12).
MAX_DECODE_PIXELS = 40_000_000
#: The most scans a JPEG may hold: a camera's baseline JPEG has 1, a progressive one
#: about 10 (libjpeg's default script) to 20; issue 23's hostile file had 20,000.
MAX_JPEG_SCANS = 100
#: What decoding and reading one image may cost beyond the parent's size. A 40 MP
#: image (the largest accepted) peaks at about 300 MB above it; a 12 MP photo takes
#: well under a second on a Pi 4 (docs/perf.md).
DECODE_BUDGET = Budget(memory_mb=768, seconds=15.0)

#: The formats a camera or a phone gives, by their first bytes.
PHOTO_SIGNATURES = {b"\xff\xd8\xff": "JPEG", b"\x89PNG\r\n\x1a\n": "PNG"}


def prepare() -> None:
    """Import the libraries once in the parent, so no forked child pays for them."""
    import cv2  # noqa: F401
    from PIL import Image, JpegImagePlugin, PngImagePlugin  # noqa: F401


def read_codes(path: str, reader: FrameReader,
               budget: Budget = DECODE_BUDGET) -> tuple[list[RawCode], float]:
    """The codes in one image file and the reading time in ms, decoded within `budget`."""
    try:
        outcome = run_bounded(lambda: _load_and_read(path, reader), budget, path)
    except CompanionError as exc:
        raise UnreadableImageError(str(exc)) from exc
    codes, ms = outcome.result
    return [_raw_from(item) for item in codes], float(ms)


def _load_and_read(path: str, reader: FrameReader) -> tuple[list[Any], float]:
    """In the child: load, read and return the codes as JSON-able lists."""
    image = load_gray(path)
    started = time.perf_counter()
    read = reader.read(image)
    ms = (time.perf_counter() - started) * 1000
    return [[c.payload.hex(), [list(p) for p in c.corners], c.decoder]
            for c in read.codes], ms


def _raw_from(item: list[Any]) -> RawCode:
    payload, corners, decoder = item
    return RawCode(bytes.fromhex(payload),
                   tuple((float(x), float(y)) for x, y in corners), str(decoder))


def load_gray(path: str) -> Any:
    """The image as grey pixels, once every check has passed."""
    import cv2

    _check_file(path)
    kind = _check_format(path)
    _check_declared_size(path)
    if kind == "JPEG":
        _check_scans(path)
    with quiet_stderr():  # OpenCV's and libpng's own warnings are not for the player
        try:
            image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
        except cv2.error:
            image = None
    if image is None:
        raise UnreadableImageError(f"{path}: is not an image we can read.")
    return image


def _check_file(path: str) -> None:
    try:
        is_file = Path(path).is_file()
    except OSError as exc:  # a name too long for the file system
        raise UnreadableImageError(f"{path[:60]}...: {exc.strerror}.") from exc
    if not is_file:
        reason = "does not exist" if not Path(path).exists() else "is not a file"
        raise UnreadableImageError(f"{path}: {reason}.")


def _check_format(path: str) -> str:
    """Refuse, by its content and not its name, a file that is not a JPEG or PNG photo."""
    try:
        with open(path, "rb") as image:
            start = image.read(8)
    except OSError as exc:
        raise UnreadableImageError(f"{path}: cannot be read ({exc.strerror}).") from exc
    for signature, kind in PHOTO_SIGNATURES.items():
        if start.startswith(signature):
            return kind
    raise UnreadableImageError(f"{path}: is not a JPEG or PNG photo, the formats of a "
                               "camera or a phone; other formats are not read.")


def _check_declared_size(path: str) -> None:
    """Read the width and height from the file's header (Pillow), before any decoding."""
    import warnings

    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(path) as image:
                width, height = image.size
    except Image.DecompressionBombError as exc:  # Pillow's own limit, far above ours
        raise UnreadableImageError(f"{path}: declares more pixels than the "
                                   f"{MAX_DECODE_PIXELS // 1_000_000} megapixels decode "
                                   "reads.") from exc
    except Exception as exc:  # an untrusted file: whatever Pillow cannot parse is refused
        raise UnreadableImageError(f"{path}: is not an image we can read.") from exc
    if width <= 0 or height <= 0:
        raise UnreadableImageError(f"{path}: declares an empty image ({width}x{height}).")
    if width * height > MAX_DECODE_PIXELS:
        raise UnreadableImageError(f"{path}: declares {width}x{height} pixels, more than the "
                                   f"{MAX_DECODE_PIXELS // 1_000_000} megapixels decode reads.")


def _check_scans(path: str) -> None:
    """Count a JPEG's start-of-scan markers. In entropy-coded data a 0xFF byte is always
    followed by 0x00 or a restart marker, so each FF DA in the file starts a scan (an
    embedded thumbnail's scan counts too, which only makes the count safe)."""
    scans, tail = 0, b""
    with open(path, "rb") as image:
        while chunk := image.read(1 << 20):
            scans += (tail + chunk).count(b"\xff\xda")
            tail = chunk[-1:]
    if scans > MAX_JPEG_SCANS:
        raise UnreadableImageError(f"{path}: holds {scans:,} JPEG scans, more than the "
                                   f"{MAX_JPEG_SCANS} a camera's photo has; it is not read.")


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Native libraries write to file descriptor 2 directly; point it at /dev/null."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
