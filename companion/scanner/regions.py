"""Where codes and finder groups lie in a frame: boxes, and which group or blob a
code read already explains (helpers of reader.py, pure geometry)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.scanner.codes import Point, RawCode
from companion.scanner.finders import Blob, Box, Card, Centre

if TYPE_CHECKING:
    import numpy as np

#: A card is taken to be at least this many times its code's box: a blob whose read
#: codes fill it so leaves no room for another card (a tag of 2 x 2 cm on a card of
#: 6 x 9 cm is about 13 times).
CARD_PER_CODE = 8
#: Overlapping regions are joined only while the union stays under this side.
MAX_REGION_SIDE = 640


def moved(code: RawCode, scale: float, dx: int, dy: int) -> RawCode:
    corners: tuple[Point, ...] = tuple((x / scale + dx, y / scale + dy) for x, y in code.corners)
    return RawCode(code.payload, corners, code.decoder)


def mapped(code: RawCode, back: np.ndarray) -> RawCode:
    """A code read in a straightened picture, with its corners in frame pixels."""
    corners: tuple[Point, ...] = tuple(
        (float(back[0, 0] * x + back[0, 1] * y + back[0, 2]),
         float(back[1, 0] * x + back[1, 1] * y + back[1, 2])) for x, y in code.corners)
    return RawCode(code.payload, corners, code.decoder)


def explained(group: list[Centre], codes: list[RawCode]) -> bool:
    """True if the finders' middle lies in a code already read."""
    x = sum(c[0] for c in group) / len(group)
    y = sum(c[1] for c in group) / len(group)
    return any(covers(bbox(c.corners), (int(x), int(y), 0, 0)) for c in codes)


def same_finders(group: list[Centre], other: list[Centre]) -> bool:
    """True if every finder of `group` is one of `other`'s (centres within a third
    of a finder's size), as when a sharpened card shows the finders found before."""
    return len(group) <= len(other) and all(
        any(abs(x - ox) + abs(y - oy) < size / 3 for ox, oy, _ in other) for x, y, size in group)


def all_read(box: Box, outline: np.ndarray, codes: list[RawCode]) -> bool:
    """True if the codes read in a blob leave no room in it for another card: a card
    is taken to be at least CARD_PER_CODE times its code's area (a tag of 2 x 2 cm on
    a card of 6 x 9 cm is about 13 times)."""
    import cv2

    area = 16 * cv2.contourArea(outline)  # the outline is at quarter size
    inside = [c for c in codes if centre_in(bbox(c.corners), box)]
    held = sum(CARD_PER_CODE * bbox(c.corners)[2] * bbox(c.corners)[3] for c in inside)
    return bool(inside) and held >= area


def centre_in(box: Box, outer: Box) -> bool:
    """True if the centre of `box` lies in `outer`."""
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    return outer[0] <= cx <= outer[0] + outer[2] and outer[1] <= cy <= outer[1] + outer[3]


def unique(codes: list[RawCode]) -> list[RawCode]:
    """One entry per payload: the same symbol read twice is still one code."""
    seen: dict[bytes, RawCode] = {}
    for code in codes:
        seen.setdefault(code.payload, code)
    return list(seen.values())


def bbox(corners: tuple[Point, ...]) -> Box:
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    return (int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


def pad(box: Box, width: int, height: int) -> Box:
    """Grow a symbol's box by a third on each side so its quiet zone is included."""
    x, y, w, h = box
    m = max(w, h) // 3 + 4
    x0, y0 = max(0, x - m), max(0, y - m)
    return (x0, y0, min(width, x + w + m) - x0, min(height, y + h + m) - y0)


def covers(decoded: Box, region: Box) -> bool:
    """True if the centre of `region` lies inside a decoded code's box."""
    x, y, w, h = decoded
    cx, cy = region[0] + region[2] / 2, region[1] + region[3] / 2
    return x - w * 0.25 <= cx <= x + w * 1.25 and y - h * 0.25 <= cy <= y + h * 1.25


def merge(boxes: list[Box]) -> list[Box]:
    """Join overlapping boxes, so one symbol is climbed once and never cut in half
    (zxing's box of an unreadable symbol can be off by half its size)."""
    kept: list[Box] = []
    for box in boxes:
        for i, k in enumerate(kept):
            if (covers(k, box) or covers(box, k)) and \
                    max(union(k, box)[2:]) <= MAX_REGION_SIDE:
                kept[i] = union(k, box)
                break
        else:
            kept.append(box)
    return kept


def union(a: Box, b: Box) -> Box:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return (x0, y0, x1 - x0, y1 - y0)


def pending(boxes: list[Box], cards: list[Card], loose: list[Blob],
            codes: list[RawCode]) -> list[Box]:
    """Where something looked like a code and none was read: the regions, the cards and
    the light blobs of no card's shape that the rescues may try (each once)."""
    read = [bbox(c.corners) for c in codes]
    found = [b for b in boxes if not any(covers(r, b) for r in read)] + [
        box for box, _ in cards if not any(centre_in(r, box) for r in read)] + [
        box for box, outline in loose if not all_read(box, outline, codes)]
    return [b for i, b in enumerate(found) if b not in found[:i]]
