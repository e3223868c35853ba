"""The rescue steps tried on a region where a code seems to be but none was read.

Each step turns the cropped region into a new picture and hands it to a
decoder. They run in the order the hard-frame benchmark (`bench/scanner.py`)
measured as the most codes rescued per millisecond; the first that reads a
code ends the climb for that region. docs/scanner.md lists what each costs.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.scanner.unsharp import unsharp

if TYPE_CHECKING:
    import numpy as np

#: Regions wider than this already have big modules: upscaling them costs
#: several milliseconds and rescues nothing the other steps miss.
MAX_UPSCALED_SIDE = 320

Transform = Callable[["np.ndarray"], "tuple[np.ndarray, float] | None"]


@dataclass(frozen=True)
class Rescue:
    """One rung: a picture made from the crop, read by the rescue decoder.

    `transform` returns the new picture and its scale relative to the crop, or
    None when the step cannot help this crop (an upscale of a large one).
    `invert` also tries the picture light-on-dark.
    """

    name: str
    transform: Transform
    invert: bool = False


def as_is(crop: np.ndarray) -> tuple[np.ndarray, float]:
    return crop, 1.0


def inverted(crop: np.ndarray) -> tuple[np.ndarray, float]:
    import cv2

    return cv2.bitwise_not(crop), 1.0


def sharpened(crop: np.ndarray, sigma: float = 2.0,
              amount: float = 1.5) -> tuple[np.ndarray, float]:
    """Unsharp mask: add back `amount` times what a blur of `sigma` px takes away."""
    return unsharp(crop, sigma, amount), 1.0


def upscaled(crop: np.ndarray) -> tuple[np.ndarray, float] | None:
    """Twice the size (bicubic keeps the edges): small modules read far better."""
    import cv2

    if max(crop.shape[:2]) > MAX_UPSCALED_SIDE:
        return None
    return cv2.resize(crop, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC), 2.0


def sharpened_upscaled(crop: np.ndarray) -> tuple[np.ndarray, float] | None:
    """A strong unsharp mask, then twice the size: for small modules under defocus."""
    if max(crop.shape[:2]) > MAX_UPSCALED_SIDE:
        return None
    image, _ = sharpened(crop, 2.0, 2.5)
    return upscaled(image)


def sharpened_strong(crop: np.ndarray) -> tuple[np.ndarray, float]:
    """A wide, strong unsharp mask: restores modules under a defocus of 2-4 px."""
    return sharpened(crop, 3.0, 4.0)


def normalised(crop: np.ndarray) -> tuple[np.ndarray, float]:
    """Local contrast stretched (CLAHE): a code half in glare, half in shadow."""
    return _clahe().apply(crop), 1.0


_per_thread = threading.local()


def _clahe() -> Any:
    """This thread's CLAHE object: built once, since a CLAHE keeps buffers it reuses
    (which is also why threads do not share one)."""
    clahe = getattr(_per_thread, "clahe", None)
    if clahe is None:
        import cv2

        clahe = _per_thread.clahe = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(4, 4))
    return clahe


#: Every step the benchmark measures, by name.
STEPS: dict[str, Rescue] = {step.name: step for step in (
    Rescue("local threshold", as_is),
    Rescue("inverted", inverted),
    Rescue("sharpened", sharpened, invert=True),
    Rescue("upscaled 2x", upscaled),
    Rescue("sharpened + upscaled 2x", sharpened_upscaled, invert=True),
    Rescue("strongly sharpened", sharpened_strong, invert=True),
    Rescue("contrast-normalised", normalised, invert=True),
)}

#: The default ladder: the greedy order bench/scanner.py measured (most new rescues
#: per CPU millisecond on what the earlier rungs left), then the strong unsharp mask
#: for heavy defocus on crops too large to upscale. "sharpened" alone and
#: "contrast-normalised" rescued (almost) nothing the other rungs had not.
DEFAULT_LADDER: tuple[str, ...] = (
    "local threshold", "inverted", "upscaled 2x", "sharpened + upscaled 2x",
    "strongly sharpened",
)
