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
from companion.scanner.unsharp import unsharp

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
    return unsharp(image, sigma_modules * MODULE_PX, amount)


def stretched(image: np.ndarray) -> np.ndarray:
    """Its grey levels stretched to 0-255: zxing takes a patch whose levels span
    less than about 24 steps for a flat one, as in a dim frame in a grey sleeve."""
    import cv2

    return cv2.normalize(image, None, 0, 255, cv2.NORM_MINMAX)  # type: ignore[call-overload]


#: A two-finder group is completed with at most this many guesses of the third finder.
MAX_GUESSES = 2
#: Two finders of one symbol lie at least this many finder sizes apart, centre to
#: centre (14 modules for 7, less a 35 degree tilt and a rotated finder's wider box).
MIN_APART = 1.1


def completed(gray: np.ndarray, pair: list[Centre]) -> list[tuple[Centre, Centre, Centre]]:
    """Two finders of a symbol whose third was not found (glare on it, a defocus that
    rounded it off), completed by guesses of the third, most likely first, each in
    `corner_first` order; at most MAX_GUESSES.

    The two are either neighbours (14 modules apart: the third lies at a right angle
    beside one of them, on either side) or opposite (the corner lies half their
    distance out from the middle, on either side): six places. The third finder's
    centre is as dark as the other two (as light on dark stock), where the wrong
    places show the symbol's data (grey under a defocus) or the card's margin, so
    the places whose centre is closest in grey to the known centres come first.
    """
    if len(pair) != 2:
        return []
    (ax, ay, sa), (bx, by, sb) = pair
    px, py = ay - by, bx - ax  # their distance, turned a right angle
    size = (sa + sb) / 2
    if math.hypot(px, py) < MIN_APART * size:
        return []  # one finder found twice, not two finders
    places: list[tuple[float, float, float, Centre, Centre]] = []
    for (cx, cy, _), other in ((pair[0], pair[1]), (pair[1], pair[0])):
        for sign in (1, -1):
            places.append((cx + sign * px, cy + sign * py, 14.0, (cx, cy, size), other))
    for sign in (1, -1):
        places.append(((ax + bx + sign * px) / 2, (ay + by + sign * py) / 2, 14 * math.sqrt(2),
                       pair[0], pair[1]))
    known = (_mean_around(gray, ax, ay, sa / 7), _mean_around(gray, bx, by, sb / 7))
    if None in known:
        return []
    finder_grey = sum(known) / 2  # type: ignore[arg-type]
    scored = []
    for x, y, modules, a, b in places:
        grey = _mean_around(gray, x, y, math.dist((ax, ay), (bx, by)) / modules)
        if grey is not None:
            scored.append((abs(grey - finder_grey), (x, y, size), a, b))
    scored.sort(key=lambda s: s[0])
    guesses = [corner_first([third, a, b]) for _, third, a, b in scored[:MAX_GUESSES]]
    return [g for g in guesses if g is not None]


def _mean_around(gray: np.ndarray, x: float, y: float, module: float) -> float | None:
    """The mean grey of the finder's dark core (3x3 modules) centred at (x, y), or None
    if that lies outside the frame."""
    r = max(1, int(1.5 * module))
    height, width = gray.shape[:2]
    x0, y0 = round(x) - r, round(y) - r
    if x0 < 0 or y0 < 0 or x0 + 2 * r >= width or y0 + 2 * r >= height:
        return None
    return float(gray[y0:y0 + 2 * r + 1, x0:x0 + 2 * r + 1].mean())
