"""Perspective correction of a code from its three finder patterns.

Three finders pin a QR symbol down: the corner one (top left) sees the other
two at a right angle. Mapping their centres onto where they sit in an upright
version-1 symbol (3.5 and 17.5 modules in) undoes rotation, shear and most of a
tilt's foreshortening, and enlarges the modules to `MODULE_PX`; an unsharp mask
of half a module then restores edges a defocus took. zxing reads the result
far more often than the crop it came from (docs/scanner.md has the figures).
A symbol of a later version comes out with smaller modules, and still reads.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from companion.scanner.finders import Centre

if TYPE_CHECKING:
    import numpy as np

#: Pixels per module of the straightened picture.
MODULE_PX = 8
#: Modules of margin kept around the symbol (its quiet zone is 4).
MARGIN = 4
#: The straightened picture's side: a version-1 symbol and its margin.
SIDE = (21 + 2 * MARGIN) * MODULE_PX


def corner_first(group: list[Centre]) -> tuple[Centre, Centre, Centre] | None:
    """The three finders as (top left, top right, bottom left), or None if they
    are not three or do not make a corner of roughly 90 degrees."""
    if len(group) != 3:
        return None
    best = None
    for i in range(3):
        corner, a, b = group[i], group[(i + 1) % 3], group[(i + 2) % 3]
        va = (a[0] - corner[0], a[1] - corner[1])
        vb = (b[0] - corner[0], b[1] - corner[1])
        lengths = math.hypot(*va) * math.hypot(*vb)
        if lengths == 0:
            return None
        cosine = abs(va[0] * vb[0] + va[1] * vb[1]) / lengths
        if best is None or cosine < best[0]:
            # Image y points down: top right is the one clockwise of bottom left.
            cross = va[0] * vb[1] - va[1] * vb[0]
            best = (cosine, (corner, a, b) if cross > 0 else (corner, b, a))
    assert best is not None
    # Tilt up to 35 degrees keeps the corner's angle within about 60-120 degrees.
    return best[1] if best[0] < 0.5 else None


def straightened(gray: np.ndarray, corner: tuple[Centre, Centre, Centre]
                 ) -> tuple[np.ndarray, np.ndarray]:
    """The symbol upright at MODULE_PX per module, and the affine matrix (2x3)
    that maps its pixels back to the frame."""
    import cv2
    import numpy as np

    near, far = (MARGIN + 3.5) * MODULE_PX, (MARGIN + 17.5) * MODULE_PX
    source = np.array([c[:2] for c in corner], np.float32)
    target = np.array([[near, near], [far, near], [near, far]], np.float32)
    to_upright = cv2.getAffineTransform(source, target)
    image = cv2.warpAffine(gray, to_upright, (SIDE, SIDE), flags=cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REPLICATE)
    return image, cv2.invertAffineTransform(to_upright)


#: The unsharp mask for the upright symbol: sigma in modules, and strength. Half
#: a module restores a defocus of about 2-3 px; a second, stronger mask (a whole
#: module, 2.5) was measured and read nothing this one had not.
SHARPEN_MODULES, SHARPEN_AMOUNT = 0.5, 1.5


def sharpened(image: np.ndarray, sigma_modules: float = SHARPEN_MODULES,
              amount: float = SHARPEN_AMOUNT) -> np.ndarray:
    import cv2

    soft = cv2.GaussianBlur(image, (0, 0), sigma_modules * MODULE_PX)
    return cv2.addWeighted(image, 1 + amount, soft, -amount, 0)


def stretched(image: np.ndarray) -> np.ndarray:
    """Its grey levels stretched to 0-255: zxing takes a patch whose levels span
    less than about 24 steps for a flat one, as in a dim frame in a grey sleeve."""
    import cv2

    return cv2.normalize(image, None, 0, 255, cv2.NORM_MINMAX)  # type: ignore[call-overload]
