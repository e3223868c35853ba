"""The unsharp mask every rescue uses: add back what a Gaussian blur takes away.

OpenCV's `GaussianBlur` on 8-bit pictures takes a bit-exact path that costs
about four times a separable filter with the same kernel (0.9 ms against
0.2 ms for sigma 4 px on a 232 px square, one core), so the blur here is
`sepFilter2D` with a Gaussian kernel built once per sigma.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np


@lru_cache(maxsize=16)
def _kernel(sigma: float) -> Any:
    """The 1-D Gaussian kernel of `sigma` px, 3 sigma each side (as GaussianBlur's)."""
    import cv2

    size = round(sigma * 6 + 1) | 1
    return cv2.getGaussianKernel(size, sigma)


def blurred(image: np.ndarray, sigma: float) -> np.ndarray:
    """`image` under a Gaussian blur of `sigma` pixels (same type, mirrored borders)."""
    import cv2

    kernel = _kernel(float(sigma))
    return cv2.sepFilter2D(image, -1, kernel, kernel)


def unsharp(image: np.ndarray, sigma: float, amount: float) -> np.ndarray:
    """`image` plus `amount` times what a blur of `sigma` px takes away from it."""
    import cv2

    return cv2.addWeighted(image, 1 + amount, blurred(image, sigma), -amount, 0)
