"""How small a tag may be printed and still scan at the stand, and the papers we print on."""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.core.errors import CompanionError


class TagKitError(CompanionError):
    """A tag kit request that cannot be printed as asked; nothing was written."""


#: A version-1 QR code is 21 modules wide; segno's default quiet zone is 4 modules.
QR_MODULES = 21
QUIET_ZONE_MODULES = 4
TAG_MODULES = QR_MODULES + 2 * QUIET_ZONE_MODULES  # 29: the printed square, quiet zone included

#: 18 mm gives 0.62 mm per module: about 4.7 camera pixels per module at the design point.
DEFAULT_SIZE_MM = 18.0

# The stand's design point (docs/perf.md, hardware/): a Camera Module 3 about 13 cm above
# the tray frames about 169 mm of table across 1280 pixels.
DESIGN_FRAME_PX = 1280
DESIGN_FRAME_MM = 169.0
DESIGN_PX_PER_MM = DESIGN_FRAME_PX / DESIGN_FRAME_MM  # ~7.57

# The scan floor: the fewest camera pixels per module at which the scanner benchmark
# (bench/scanner.py) keeps recall >= 98% over all its photo conditions; it measured 3.5
# (100% at 3.5, 88% at 3; docs/perf.md, scanner section).
# tests/tags/test_docs.py fails if a new benchmark run reports a higher floor.
FLOOR_PX_PER_MODULE = 3.5

#: The smallest tag we print: 29 modules * 3.5 px / 7.57 px/mm, rounded up to 0.1 mm (13.5).
MIN_SIZE_MM = math.ceil(TAG_MODULES * FLOOR_PX_PER_MODULE / DESIGN_PX_PER_MM * 10) / 10

#: Household printers cannot print closer to the edge; everything stays inside this.
MARGIN_MM = 10.0


@dataclass(frozen=True)
class Paper:
    """A sheet size in millimetres, portrait."""

    name: str
    width: float
    height: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
}


def paper_named(name: str) -> Paper:
    """The paper called `name` (a4 or letter), or TagKitError."""
    paper = PAPERS.get(name.strip().lower())
    if paper is None:
        raise TagKitError(f"{name!r} is not a paper size we print on; choose a4 or letter.")
    return paper


def module_mm(size_mm: float) -> float:
    """The printed width of one QR module of a tag `size_mm` wide (quiet zone included)."""
    return size_mm / TAG_MODULES


def camera_px_per_module(size_mm: float) -> float:
    """Camera pixels per module for a tag of `size_mm` at the stand's design point."""
    return module_mm(size_mm) * DESIGN_PX_PER_MM


def check_not_too_small(size_mm: float) -> None:
    """Refuse a size below the scan floor, naming the minimum."""
    if not math.isfinite(size_mm):
        raise TagKitError(f"The tag size must be a number of millimetres, not {size_mm}.")
    if size_mm < MIN_SIZE_MM:
        raise TagKitError(
            f"A {size_mm:g} mm tag is too small to scan reliably from the stand; the minimum "
            f"is {MIN_SIZE_MM:g} mm ({FLOOR_PX_PER_MODULE:g} camera pixels per module).")
