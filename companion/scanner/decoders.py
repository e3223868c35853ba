"""QR decoder adapters behind one small interface.

Each adapter takes a grayscale uint8 frame and returns the symbols it read
plus `suspects`: places where it saw a QR symbol but could not read it
(only zxing-cpp reports these). Libraries are imported when an adapter is
built, so a missing one is reported by `available()` instead of crashing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from companion.core.errors import CompanionError
from companion.scanner.codes import Point, RawCode

if TYPE_CHECKING:
    import numpy as np

#: Order of preference; the first available one is the default (see docs/perf.md).
DECODER_NAMES = ("zxing", "zbar", "opencv")
LIBRARY_OF = {"zxing": "zxingcpp", "zbar": "pyzbar.pyzbar", "opencv": "cv2"}
PACKAGE_OF = {"zxing": "zxing-cpp", "zbar": "pyzbar (and apt libzbar0)",
              "opencv": "opencv-python-headless"}


class DecoderUnavailableError(CompanionError):
    """A decoder library that is not installed or cannot be loaded."""


@dataclass(frozen=True)
class Reading:
    """What one decoder pass found in one image."""

    codes: list[RawCode] = field(default_factory=list)
    suspects: list[tuple[Point, ...]] = field(default_factory=list)


class Decoder(Protocol):
    name: str

    def read(self, gray: np.ndarray, thorough: bool = False) -> Reading:
        """Decode `gray`; `thorough` lets the library try harder (inverted codes)."""
        ...


def _import(name: str) -> Any:
    module = LIBRARY_OF[name]
    try:
        return importlib.import_module(module)
    except Exception as exc:  # ImportError, or OSError from a missing libzbar
        raise DecoderUnavailableError(
            f"The {name} decoder is not available: install {PACKAGE_OF[name]} ({exc})."
        ) from exc


class ZxingDecoder:
    """zxing-cpp: fast, reads tilted and small codes, reports undecodable symbols.

    `binarizer="global"` (one threshold from the image's histogram) is what a
    whole 1280x720 frame can afford: about 0.5 ms, where zxing's default local
    binarizer costs about 6 ms. The ladder uses `"local"` on small crops, where it
    is cheap and reads dim, low-contrast and glared codes the global one misses.
    """

    name = "zxing"

    def __init__(self, binarizer: str = "global") -> None:
        self._zx = _import("zxing")
        if binarizer not in ("global", "local"):
            raise ValueError(f"unknown zxing binarizer {binarizer!r}")
        self.binarizer = binarizer
        self._binarizer = (self._zx.Binarizer.GlobalHistogram if binarizer == "global"
                           else self._zx.Binarizer.LocalAverage)

    def read(self, gray: np.ndarray, thorough: bool = False) -> Reading:
        zx = self._zx
        # try_rotate only matters for 1D codes; inversion costs a second pass,
        # so the cheap pass skips it and the ladder asks for it when needed.
        # Downscaled tries only help codes far larger than a card's tag.
        found = zx.read_barcodes(
            gray, formats=zx.BarcodeFormat.QRCode, try_rotate=False, try_invert=thorough,
            try_downscale=False, binarizer=self._binarizer, return_errors=True,
        )
        codes, suspects = [], []
        for symbol in found:
            corners = _zx_corners(symbol.position)
            if symbol.valid:
                codes.append(RawCode(bytes(symbol.bytes), corners, self.name))
            else:
                suspects.append(corners)
        return Reading(codes, suspects)


def _zx_corners(position: Any) -> tuple[Point, ...]:
    points = (position.top_left, position.top_right, position.bottom_right,
              position.bottom_left)
    return tuple((float(p.x), float(p.y)) for p in points)


class ZbarDecoder:
    """pyzbar over libzbar0: slower; reads only dark-on-light codes, so invert when thorough."""

    name = "zbar"

    def __init__(self) -> None:
        self._zbar = _import("zbar")

    def read(self, gray: np.ndarray, thorough: bool = False) -> Reading:
        zbar = self._zbar
        symbols = [zbar.ZBarSymbol.QRCODE]
        found = list(zbar.decode(gray, symbols=symbols))
        if thorough and not found:
            found = list(zbar.decode(255 - gray, symbols=symbols))
        codes = [RawCode(bytes(s.data), tuple((float(x), float(y)) for x, y in s.polygon),
                         self.name) for s in found]
        return Reading(codes)


class OpenCVDecoder:
    """OpenCV's QRCodeDetector: no extra dependency, but slow and weak on small codes."""

    name = "opencv"

    def __init__(self) -> None:
        self._cv2 = _import("opencv")
        self._detector = self._cv2.QRCodeDetector()

    def read(self, gray: np.ndarray, thorough: bool = False) -> Reading:
        try:
            ok, texts, points, _ = self._detector.detectAndDecodeMulti(gray)
        except (UnicodeDecodeError, self._cv2.error):
            # OpenCV raises on non-UTF-8 payloads; such a code cannot be a tag.
            return Reading()
        if not ok or points is None:
            return Reading()
        codes, suspects = [], []
        for text, quad in zip(texts, points, strict=False):
            corners = tuple((float(x), float(y)) for x, y in quad)
            if text:
                codes.append(RawCode(text.encode("utf-8"), corners, self.name))
            else:
                suspects.append(corners)
        return Reading(codes, suspects)


FACTORIES: dict[str, Callable[[], Decoder]] = {
    "zxing": ZxingDecoder, "zbar": ZbarDecoder, "opencv": OpenCVDecoder,
}


def make_decoder(name: str) -> Decoder:
    """Build the named decoder or raise DecoderUnavailableError saying what to install."""
    if name not in FACTORIES:
        raise DecoderUnavailableError(
            f"{name!r} is not a decoder; choose one of {', '.join(DECODER_NAMES)}.")
    return FACTORIES[name]()


def available() -> dict[str, str]:
    """Decoder name -> "" if usable, else the sentence explaining why not."""
    status = {}
    for name in DECODER_NAMES:
        try:
            _import(name)
            status[name] = ""
        except DecoderUnavailableError as exc:
            status[name] = str(exc)
    return status


def library_version(name: str) -> str:
    """The installed version of a decoder's library, or "not installed".

    The module's own `__version__` first: OpenCV may come from any of several
    pip packages or from apt (python3-opencv on the Pi), all with `cv2.__version__`.
    zxing-cpp has no such attribute, so its pip package is asked.
    """
    from importlib import metadata

    try:
        module = importlib.import_module(LIBRARY_OF[name].split(".")[0])
    except Exception:  # the same failures `_import` reports
        return "not installed"
    version = getattr(module, "__version__", None)
    if isinstance(version, str):
        return version
    try:
        return metadata.version({"zxing": "zxing-cpp", "zbar": "pyzbar"}.get(name, name))
    except metadata.PackageNotFoundError:
        return "version unknown"
