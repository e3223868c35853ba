"""A cheap look for QR finder patterns, to decide whether a frame deserves more work.

A QR finder pattern is a dark ring around a light ring around a dark
square (1:1:3:1:1). After a threshold at half resolution that is a
contour with a child and a grandchild whose areas are in a 7x7 : 3x3 ratio.
Two or three such patterns close together mean a QR symbol is probably in
view even if no decoder could read it yet.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from companion.scanner.unsharp import unsharp

if TYPE_CHECKING:
    import numpy as np

Box = tuple[int, int, int, int]  # x, y, width, height in full-frame pixels
Card = tuple[Box, bool]  # its box, and True for a light card (dark finders)
Centre = tuple[float, float, float]  # x, y, size of one finder, in frame pixels
Blob = tuple[Box, "np.ndarray"]  # a light blob's box, and its outline at quarter size
#: A version-1 symbol is 21 modules wide; an image narrower than that holds none.
MIN_SYMBOL_PIXELS = 21


def halved(gray: np.ndarray) -> np.ndarray:
    """The frame at half size, by averaging (OpenCV's fast path: about 0.1 ms at 720p)."""
    import cv2

    return cv2.resize(gray, (gray.shape[1] // 2, gray.shape[0] // 2),
                      interpolation=cv2.INTER_AREA)


def finder_regions(gray: np.ndarray, read: list[Box] | None = None,
                   half: np.ndarray | None = None, cards: list[Card] | None = None
                   ) -> list[Box]:
    """Boxes around clusters of two or more finder-like patterns (`finder_groups`)."""
    height, width = gray.shape[:2]
    return [_box_around(group, width, height)
            for group in finder_groups(gray, read, half, cards)]


def finder_groups(gray: np.ndarray, read: list[Box] | None = None,
                  half: np.ndarray | None = None, cards: list[Card] | None = None
                  ) -> list[list[Centre]]:
    """Clusters of two or more finder-like patterns that could make one symbol.

    At half resolution only dark finders are looked for (light ones doubled the
    cost for a rescue or two: the reader's second look reads most light-on-dark
    codes); inside small cards, light finders on dark stock are looked for too.
    Small cards holding a code already `read` are not searched again. `half` is
    `halved(gray)` if the caller has it already, `cards` is `card_boxes(half, read)`.
    """
    if min(gray.shape[:2]) < MIN_SYMBOL_PIXELS:
        return []  # too small to hold a QR code (and too small to halve)
    import cv2

    small = halved(gray) if half is None else half
    # A global (Otsu) threshold, not an adaptive one: on a grainy table an
    # adaptive threshold makes thousands of contours and costs 10-50 ms; Otsu
    # keeps the grain in a few large blobs and the whole check near a millisecond.
    _, dark = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    if _is_busy(dark):
        return []
    found = card_boxes(small, read or []) if cards is None else cards
    return _groups(_finder_centres(dark, 2.0)) + small_card_groups(gray, found)


#: Card-like blobs with a side between these (full-frame pixels) are searched
#: at full resolution: their codes have modules too small (under about 4.5 px)
#: for the half-resolution search, and larger cards need no second look.
SMALL_CARD_SIDES = (56, 320)
#: At most this many small cards are searched per frame.
MAX_SMALL_CARDS = 4


#: Cards up to this side (full-frame pixels; a card at 7 px/module is about 525)
#: are searched again, sharpened, when nothing in them was read.
MAX_CARD_SIDE = 640



#: Light blobs that are no card's shape (two cards touching, a card cut by the
#: frame's edge) are searched too when their side is at most this (full-frame
#: pixels) and they fill at least LOOSE_FILL of their box.
MAX_LOOSE_SIDE, LOOSE_FILL = 1280, 0.35


def card_boxes(half: np.ndarray, read: list[Box], loose: list[Blob] | None = None
               ) -> list[Card]:
    """Card-like blobs with no code `read` in them: light cards, then dark stock,
    small ones first. Light blobs of another shape (cards touching, cut by the
    frame's edge) are added to `loose` if given, with their outline at quarter size.

    A quarter-resolution threshold outlines light cards (and dark stock, whose
    codes are light-on-dark); about 0.1 ms at 720p.
    """
    import cv2

    quarter = halved(half)
    _, bright = cv2.threshold(quarter, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    low, high = SMALL_CARD_SIDES[0] // 4, MAX_CARD_SIDE // 4
    cards: list[Card] = []
    blobs: list[Blob] = []
    for binary, is_light in ((bright, True), (cv2.bitwise_not(bright), False)):
        outlines, _ = cv2.findContours(binary, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for outline in outlines:
            x, y, w, h = cv2.boundingRect(outline)
            card = (4 * x, 4 * y, 4 * w, 4 * h)
            if max(w, h) < low or min(w, h) < low * 0.7:
                continue
            if max(w, h) <= high and _is_card_shaped(outline):
                cards.append((card, is_light))
            elif is_light and max(w, h) <= MAX_LOOSE_SIDE // 4 and \
                    cv2.contourArea(outline) >= LOOSE_FILL * w * h:
                blobs.append((card, outline))
    # A dark blob inside a larger light card is its artwork (or its code), not a card,
    # also when that card's code was read. (A light blob of no card's shape may be the
    # table around a dark card: it does not count.)
    light = [box for box, is_light in cards if is_light]
    cards = [(box, is_light) for box, is_light in cards if is_light or not any(
        _inside(box, outer) and outer[2] * outer[3] > box[2] * box[3] for outer in light)]
    if loose is not None:
        loose += blobs
    return sorted([c for c in cards if not any(_inside(r, c[0]) for r in read)],
                  key=lambda c: (not c[1], max(c[0][2], c[0][3])))


def small_card_groups(gray: np.ndarray, cards: list[Card]) -> list[list[Centre]]:
    """Finder clusters found at full resolution inside small card-like blobs.

    Only inside cards (`card_boxes`), never over the whole table, does the
    full-resolution search run, so a textured cloth costs nothing extra.
    """
    import cv2

    small = [(box, is_light) for box, is_light in cards
             if max(box[2], box[3]) <= SMALL_CARD_SIDES[1]]
    groups = []
    for (x, y, w, h), is_light in small[:MAX_SMALL_CARDS]:
        x0, y0 = max(0, x - 8), max(0, y - 8)
        crop = gray[y0:y + h + 8, x0:x + w + 8]
        # A light card carries dark finders; dark stock carries a light-on-dark code.
        mode = cv2.THRESH_BINARY_INV if is_light else cv2.THRESH_BINARY
        _, binary = cv2.threshold(crop, 0, 255, mode | cv2.THRESH_OTSU)
        groups += _groups([(cx + x0, cy + y0, size)
                           for cx, cy, size in _finder_centres(binary, 1.0)])
    return groups


#: The unsharp mask applied to a card (at half resolution) before its second
#: finder search: sigma in half-size pixels, and strength. A defocus of 2-3 px
#: leaves finders too soft for a threshold; this brings most of them back.
SHARPEN_SIGMA, SHARPEN_AMOUNT = 1.5, 4.0


def sharpened_finders(half: np.ndarray, card: Card, outline: np.ndarray | None = None
                      ) -> list[list[Centre]]:
    """Groups of finder patterns in an unread card, searched after an unsharp mask.

    Searched at half resolution: about 0.2-0.4 ms for a card. With the `outline` of
    a loose blob (quarter size), what lies outside it (the table) is left out.
    """
    import cv2
    import numpy as np

    (x, y, w, h), is_light = card
    x0, y0 = x // 2, y // 2
    crop = half[y0:(y + h) // 2, x0:(x + w) // 2]
    if min(crop.shape[:2]) < MIN_SYMBOL_PIXELS:
        return []
    sharp = unsharp(crop, SHARPEN_SIGMA, SHARPEN_AMOUNT)
    if outline is not None:
        inside = np.zeros(crop.shape[:2], np.uint8)
        cv2.fillPoly(inside, [(outline * 2 - (x0, y0)).astype(np.int32)], (255,))
        # The card's own mean grey, so the threshold still parts finders from card.
        sharp[inside == 0] = int(cv2.mean(sharp, inside)[0])
    mode = cv2.THRESH_BINARY_INV if is_light else cv2.THRESH_BINARY
    _, binary = cv2.threshold(sharp, 0, 255, mode | cv2.THRESH_OTSU)
    if outline is not None and _is_busy(binary):
        return []  # a patch of woven cloth taken for a card: thousands of contours
    centres = [(2 * (cx / 2 + x0), 2 * (cy / 2 + y0), size)
               for cx, cy, size in _finder_centres(binary, 2.0)]
    return _groups(centres)


#: Above this share of pixels where the threshold flips between neighbours, the
#: table's texture (a woven cloth) makes thousands of contours and the search
#: would cost 20-70 ms; it is skipped and the decoder's own look is relied on.
MAX_BUSY = 0.04


def _is_busy(binary: np.ndarray) -> bool:
    import cv2

    flips = cv2.countNonZero(cv2.absdiff(binary[:, 1:], binary[:, :-1]))
    return bool(flips > MAX_BUSY * binary.size)


def _finder_centres(binary: np.ndarray, scale: float) -> list[Centre]:
    """Finder-like contours in a binary image `scale` times smaller than the frame,
    as (x, y, size) in frame pixels."""
    import cv2
    import numpy as np

    contours, hierarchy = cv2.findContours(binary, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    tree = hierarchy[0]
    # Only contours with a child and a grandchild can be finder patterns.
    outer = np.nonzero(tree[:, 2] >= 0)[0]
    inner = tree[tree[outer, 2], 2]
    found = []
    for index, core in zip(outer[inner >= 0], inner[inner >= 0], strict=True):
        area = cv2.contourArea(contours[index])
        if area < 12:
            continue
        ratio = area / max(cv2.contourArea(contours[core]), 1.0)
        x, y, w, h = cv2.boundingRect(contours[index])
        if 2.5 <= ratio <= 14 and 0.4 <= w / h <= 2.5:
            found.append((scale * (x + w / 2), scale * (y + h / 2), scale * max(w, h)))
    return found


def _groups(centres: list[Centre]) -> list[list[Centre]]:
    """Group finder candidates that could belong to one symbol (within ~4 finder sizes);
    only groups of two or more."""
    groups: list[list[Centre]] = []
    used: set[int] = set()
    for i, (x, y, size) in enumerate(centres):
        if i in used:
            continue
        group = [(x, y, size)]
        for j in range(i + 1, len(centres)):
            xj, yj, sj = centres[j]
            if j not in used and math.dist((x, y), (xj, yj)) <= 4.2 * max(size, sj) and \
                    0.5 <= size / sj <= 2:
                group.append(centres[j])
                used.add(j)
        if len(group) >= 2:
            groups.append(group)
    return groups


def box_around(group: list[Centre], width: int, height: int) -> Box:
    """The region a symbol with these finders can occupy (public for the reader)."""
    return _box_around(group, width, height)


def _is_card_shaped(outline: np.ndarray) -> bool:
    """A filled rectangle (a card, a sticker) at any rotation, not a patch of table."""
    import cv2

    (_, _), (w, h), _ = cv2.minAreaRect(outline)
    if min(w, h) < 1:
        return False
    return bool(cv2.contourArea(outline) >= 0.8 * w * h and max(w, h) <= 1.6 * min(w, h))


def _inside(box: Box, outer: Box) -> bool:
    """True if the centre of `box` lies in `outer`."""
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    return outer[0] <= cx <= outer[0] + outer[2] and outer[1] <= cy <= outer[1] + outer[3]


def _box_around(group: list[Centre], width: int, height: int) -> Box:
    """The region a symbol with these finders can occupy, quiet zone included.

    Three finders pin the symbol down (its corners lie half a finder beyond
    their centres); with two, the third corner may be a whole symbol away.
    """
    size = max(s for _, _, s in group)
    margin = 1.8 * size if len(group) >= 3 else 3 * size
    x0 = max(0, int(min(x for x, _, _ in group) - margin))
    y0 = max(0, int(min(y for _, y, _ in group) - margin))
    x1 = min(width, int(max(x for x, _, _ in group) + margin))
    y1 = min(height, int(max(y for _, y, _ in group) + margin))
    return (x0, y0, x1 - x0, y1 - y0)
