"""Read every QR code in a frame: a cheap pass always, a ladder only when needed.

The cheap pass, on every frame, is three looks that cost about 2 ms
together at 1280x720 on one core (figures in docs/perf.md):

1. zxing on the whole frame with its global binarizer (about 0.5 ms);
2. zxing at half resolution with its local binarizer, both polarities: it reads
   dim, glared and light-on-dark codes the global threshold missed, and
   reports symbols it saw but could not read;
3. a finder-pattern search (finders.py): at half resolution over the frame, and
   at full resolution inside small card-like blobs (codes under ~4.5 px/module).

A region that looks like a symbol (2 or 3) but holds no decoded code is
cropped and climbed through the rescue steps of `ladder.py` until one reads
it, within a per-frame CPU budget. Then each card-like blob still holding no
code is sharpened and searched for finders again (a defocus of 2-3 px hides
them from the threshold); three finders are straightened into an upright
symbol (straighten.py) and read, two get the ladder. Frames whose cards all
read at once never pay for any of it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.scanner.codes import Point, RawCode
from companion.scanner.decoders import Decoder, Reading, ZxingDecoder
from companion.scanner.finders import (
    MIN_SYMBOL_PIXELS,
    Blob,
    Box,
    Card,
    Centre,
    box_around,
    card_boxes,
    finder_groups,
    halved,
    sharpened_finders,
)
from companion.scanner.ladder import DEFAULT_LADDER, STEPS, Rescue
from companion.scanner.straighten import (
    completed,
    corner_first,
    sharpened,
    straightened,
    stretched,
)

if TYPE_CHECKING:
    import numpy as np

#: At most this many regions are climbed per frame (the decoder's suspects first).
MAX_REGIONS = 4
#: The ladder starts no new step once a frame has spent this much CPU time on it
#: (CPU, not wall-clock, so a busy machine does not change what is read); a card
#: still unread is tried again on the next frame.
LADDER_BUDGET_S = 0.008
#: At most this many unread cards are searched again, sharpened, per frame, and
#: at most this many finder groups climbed in each.
MAX_CARDS = 3
MAX_GROUPS = 2
#: At most this many light blobs of no card's shape are searched per frame, and
#: none whose read codes leave no room for another card, each card taken to be
#: at least this many times its code's area.
MAX_BLOBS = 2
CARD_PER_CODE = 8
#: A tag's symbol (version 1 at up to 8 px/module, tilted) is well under this side;
#: a suspect larger than that is no one symbol.
MAX_SYMBOL_SIDE = 400
#: Overlapping regions are joined only while the union stays under this side.
MAX_REGION_SIDE = 640


@dataclass(frozen=True)
class FrameRead:
    """All codes read in one frame, and how many ladder steps it took."""

    codes: list[RawCode]
    ladder_steps: int = 0


class FrameReader:
    """The cheap pass with `primary`, then the rescue ladder on suspicious regions.

    With zxing as the primary, the half-resolution look and the rescue steps
    use zxing's local binarizer; with another decoder (zxing not installed) the
    ladder uses that decoder and there is no second look. `straighten=False` leaves
    out the straightened reads from three finders and the sharpened second search
    of unread cards (for the benchmark's comparison). `fallback`, if given,
    adds one last rung: that decoder on the sharpened, upscaled crop. The
    default reader has none: the benchmark found zbar there rescues almost
    nothing for 20-30 ms.
    """

    def __init__(self, primary: Decoder, fallback: Decoder | None = None,
                 ladder: bool = True, steps: tuple[str, ...] = DEFAULT_LADDER,
                 budget: float = LADDER_BUDGET_S, straighten: bool = True) -> None:
        self.primary = primary
        self.fallback = fallback
        self.ladder = ladder
        self.budget = budget
        zxing = isinstance(primary, ZxingDecoder)
        rescuer: Decoder = ZxingDecoder("local") if zxing else primary
        self._second_look = rescuer if zxing else None
        self._rescuer = rescuer
        self._stretched: Decoder | None = ZxingDecoder("global") if zxing else None
        self.straighten = straighten
        self._steps: list[tuple[Decoder, Rescue]] = [(rescuer, STEPS[n]) for n in steps]
        if fallback is not None:
            self._steps.append((fallback, STEPS["sharpened + upscaled 2x"]))

    @property
    def name(self) -> str:
        return self.primary.name

    @property
    def rungs(self) -> list[str]:
        """The ladder's steps in order, as `decoder: step` (for docs and the benchmark)."""
        return [f"{d.name}: {s.name}" for d, s in self._steps]

    def read(self, gray: np.ndarray) -> FrameRead:
        first = self.primary.read(gray)
        codes = _unique(first.codes)
        if not self.ladder:
            return FrameRead(codes)
        half = halved(gray) if min(gray.shape[:2]) >= 2 * MIN_SYMBOL_PIXELS else None
        look = self._look(half)
        codes = _unique(codes + look.codes)
        deadline = time.thread_time() + self.budget
        steps = 0
        suspects = first.suspects + look.suspects
        decoded = [_bbox(c.corners) for c in codes]
        loose: list[Blob] = []
        cards = card_boxes(half, decoded, loose) if half is not None else []
        groups = finder_groups(gray, decoded, half, cards)
        # Finders straighten their symbol: cheaper than the ladder, and it reads more.
        # Then unread cards are searched again, sharpened (a defocus of 2-3 px hides
        # their finders from the threshold), and their finders straightened too.
        # Only then, what is left is climbed, while the budget lasts.
        found, used = self._from_all_finders(gray, [(g, False) for g in groups], codes,
                                             deadline)
        steps += used
        codes = _unique(codes + found)
        more: list[tuple[list[Centre], bool]] = []
        if self.straighten and half is not None:
            # A finder group the cheap search found already was tried already.
            more = [(g, dark) for g, dark in self._sharpened_cards(half, cards, codes, deadline)
                    if not any(_same_finders(g, h) for h in groups)]
            found, used = self._from_all_finders(gray, more, codes, deadline)
            steps += used
            codes = _unique(codes + found)
            # Cards touching, or cut by the frame's edge: searched the same way, last.
            seen = groups + [g for g, _ in more]
            extra = [(g, False) for g in self._sharpened_blobs(half, loose, codes, deadline)
                     if not any(_same_finders(g, h) for h in seen)]
            found, used = self._from_all_finders(gray, extra, codes, deadline)
            steps += used
            codes = _unique(codes + found)
            more += extra
        height, width = gray.shape[:2]
        boxes = self.regions(gray, suspects, codes, half, cards, groups)[:MAX_REGIONS] + [
            box_around(g, width, height) for g, _ in more if not _explained(g, codes)]
        for box in boxes:
            if time.thread_time() > deadline:
                break
            if any(_covers(_bbox(c.corners), box) for c in codes):
                continue
            found, used = self._climb(gray, box, deadline)
            steps += used
            codes = _unique(codes + found)
        return FrameRead(codes, steps)

    def regions(self, gray: np.ndarray, suspects: list[tuple[Point, ...]],
                codes: list[RawCode], half: np.ndarray | None = None,
                cards: list[Card] | None = None,
                groups: list[list[Centre]] | None = None) -> list[Box]:
        """Regions that look like a QR symbol but hold no decoded code, suspects first.

        The finder search runs on every frame, also when a code was read: up to
        three cards lie under the camera, and one read says nothing of the others.
        """
        height, width = gray.shape[:2]
        decoded = [_bbox(c.corners) for c in codes]
        # A "symbol" zxing pieced together from finders of different codes can span
        # the table; a crop that size costs much and reads nothing.
        boxes = [_pad(b, width, height) for b in map(_bbox, suspects)
                 if max(b[2], b[3]) <= MAX_SYMBOL_SIDE]
        if groups is None:
            groups = finder_groups(gray, decoded, half, cards)
        boxes += [box_around(g, width, height) for g in groups]
        # Drop what a decoded code explains before merging, or a read card's finders
        # could swallow an unread neighbour's region into one box that is then dropped.
        return _merge([b for b in boxes if not any(_covers(d, b) for d in decoded)])

    def flagged(self, gray: np.ndarray) -> list[Box]:
        """Every region the ladder would climb in this frame (for the benchmark):
        the cheap pass's regions, then the finder groups of sharpened unread cards."""
        first = self.primary.read(gray)
        half = halved(gray)
        look = self._look(half)
        codes = _unique(first.codes + look.codes)
        cards = card_boxes(half, [_bbox(c.corners) for c in codes])
        height, width = gray.shape[:2]
        return self.regions(gray, first.suspects + look.suspects, codes, half, cards) + [
            box_around(group, width, height) for card in cards[:MAX_CARDS]
            for group in sharpened_finders(half, card)[:MAX_GROUPS]]

    def _from_finders(self, gray: np.ndarray, group: list[Centre], dark_stock: bool,
                      deadline: float) -> tuple[list[RawCode], int]:
        """Three finders straightened and read; two completed by guesses of the third
        (straighten.completed), each straightened and read until one reads."""
        corner = corner_first(group)
        tries = [corner] if corner is not None else completed(gray, group)
        used = 0
        for triple in tries:
            if time.thread_time() > deadline:
                break
            found, steps = self._straightened(gray, triple, dark_stock, deadline)
            used += steps
            if found:
                return found, used
        return [], used

    def _straightened(self, gray: np.ndarray, corner: tuple[Centre, Centre, Centre],
                      dark_stock: bool, deadline: float) -> tuple[list[RawCode], int]:
        """The symbol straightened from its finders and sharpened, read with zxing's
        local binarizer, then (dim, low contrast) stretched and read with its global one."""
        image, back = straightened(gray, corner)
        image = sharpened(image)
        used = 0
        for decoder, picture in ((self._rescuer, image), (self._stretched, None)):
            if decoder is None or time.thread_time() > deadline:
                break
            used += 1
            reading = decoder.read(stretched(image) if picture is None else picture,
                                   thorough=dark_stock)
            if reading.codes:
                return [_mapped(c, back) for c in reading.codes], used
        return [], used

    def _sharpened_cards(self, half: np.ndarray, cards: list[Card], codes: list[RawCode],
                         deadline: float) -> list[tuple[list[Centre], bool]]:
        """Finder groups in cards still holding no code, searched again after an unsharp
        mask, each with True if its card is dark stock (a light-on-dark code)."""
        groups: list[tuple[list[Centre], bool]] = []
        for card in cards[:MAX_CARDS]:
            if time.thread_time() > deadline or \
                    any(_centre_in(_bbox(c.corners), card[0]) for c in codes):
                continue
            groups += [(g, not card[1]) for g in sharpened_finders(half, card)[:MAX_GROUPS]]
        return groups

    def _sharpened_blobs(self, half: np.ndarray, loose: list[Blob], codes: list[RawCode],
                         deadline: float) -> list[list[Centre]]:
        """Finder groups no code explains in light blobs of no card's shape (cards
        touching, cut by the frame's edge), searched after an unsharp mask."""
        groups: list[list[Centre]] = []
        for box, outline in loose[:MAX_BLOBS]:
            if time.thread_time() > deadline or _all_read(box, outline, codes):
                continue
            groups += [g for g in sharpened_finders(half, (box, True), outline)
                       if not _explained(g, codes)][:MAX_GROUPS]
        return groups

    def _from_all_finders(self, gray: np.ndarray, groups: list[tuple[list[Centre], bool]],
                          codes: list[RawCode], deadline: float) -> tuple[list[RawCode], int]:
        """Every group no code explains read from its finders: three-finder groups first
        (one try each), then pairs (a guessed third finder, up to two tries)."""
        found: list[RawCode] = []
        used = 0
        if not self.straighten:
            return found, used
        for three in (True, False):
            for group, dark_stock in groups:
                if time.thread_time() > deadline:
                    return found, used
                if (len(group) == 3) != three or _explained(group, codes + found):
                    continue
                more, steps = self._from_finders(gray, group, dark_stock, deadline)
                used += steps
                found = _unique(found + more)
        return found, used

    def _look(self, half: np.ndarray | None) -> Reading:
        """The second look: zxing's local binarizer on the half-size frame, both polarities."""
        if self._second_look is None or half is None:
            return Reading()
        seen = self._second_look.read(half, thorough=True)
        return Reading([_moved(c, 0.5, 0, 0) for c in seen.codes],
                       [tuple((x * 2, y * 2) for x, y in s) for s in seen.suspects])

    def _climb(self, gray: np.ndarray, box: Box, deadline: float) -> tuple[list[RawCode], int]:
        """Try the ladder's steps on one region until one of them reads a code."""
        x, y, w, h = box
        crop = gray[y:y + h, x:x + w]
        used = 0
        for decoder, step in self._steps:
            if time.thread_time() > deadline:
                break
            made = step.transform(crop)
            if made is None:
                continue
            image, scale = made
            used += 1
            reading = decoder.read(image, thorough=step.invert)
            if reading.codes:
                return [_moved(c, scale, x, y) for c in reading.codes], used
        return [], used


def _moved(code: RawCode, scale: float, dx: int, dy: int) -> RawCode:
    corners: tuple[Point, ...] = tuple((x / scale + dx, y / scale + dy) for x, y in code.corners)
    return RawCode(code.payload, corners, code.decoder)


def _mapped(code: RawCode, back: np.ndarray) -> RawCode:
    """A code read in a straightened picture, with its corners in frame pixels."""
    corners: tuple[Point, ...] = tuple(
        (float(back[0, 0] * x + back[0, 1] * y + back[0, 2]),
         float(back[1, 0] * x + back[1, 1] * y + back[1, 2])) for x, y in code.corners)
    return RawCode(code.payload, corners, code.decoder)


def _explained(group: list[Centre], codes: list[RawCode]) -> bool:
    """True if the finders' middle lies in a code already read."""
    x = sum(c[0] for c in group) / len(group)
    y = sum(c[1] for c in group) / len(group)
    return any(_covers(_bbox(c.corners), (int(x), int(y), 0, 0)) for c in codes)


def _same_finders(group: list[Centre], other: list[Centre]) -> bool:
    """True if every finder of `group` is one of `other`'s (centres within a third
    of a finder's size), as when a sharpened card shows the finders found before."""
    return len(group) <= len(other) and all(
        any(abs(x - ox) + abs(y - oy) < size / 3 for ox, oy, _ in other) for x, y, size in group)


def _all_read(box: Box, outline: np.ndarray, codes: list[RawCode]) -> bool:
    """True if the codes read in a blob leave no room in it for another card: a card
    is taken to be at least CARD_PER_CODE times its code's area (a tag of 2 x 2 cm on
    a card of 6 x 9 cm is about 13 times)."""
    import cv2

    area = 16 * cv2.contourArea(outline)  # the outline is at quarter size
    inside = [c for c in codes if _centre_in(_bbox(c.corners), box)]
    held = sum(CARD_PER_CODE * _bbox(c.corners)[2] * _bbox(c.corners)[3] for c in inside)
    return bool(inside) and held >= area


def _centre_in(box: Box, outer: Box) -> bool:
    """True if the centre of `box` lies in `outer`."""
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    return outer[0] <= cx <= outer[0] + outer[2] and outer[1] <= cy <= outer[1] + outer[3]


def _unique(codes: list[RawCode]) -> list[RawCode]:
    """One entry per payload: the same symbol read twice is still one code."""
    seen: dict[bytes, RawCode] = {}
    for code in codes:
        seen.setdefault(code.payload, code)
    return list(seen.values())


def _bbox(corners: tuple[Point, ...]) -> Box:
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    return (int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


def _pad(box: Box, width: int, height: int) -> Box:
    """Grow a symbol's box by a third on each side so its quiet zone is included."""
    x, y, w, h = box
    m = max(w, h) // 3 + 4
    x0, y0 = max(0, x - m), max(0, y - m)
    return (x0, y0, min(width, x + w + m) - x0, min(height, y + h + m) - y0)


def _covers(decoded: Box, region: Box) -> bool:
    """True if the centre of `region` lies inside a decoded code's box."""
    x, y, w, h = decoded
    cx, cy = region[0] + region[2] / 2, region[1] + region[3] / 2
    return x - w * 0.25 <= cx <= x + w * 1.25 and y - h * 0.25 <= cy <= y + h * 1.25


def _merge(boxes: list[Box]) -> list[Box]:
    """Join overlapping boxes, so one symbol is climbed once and never cut in half
    (zxing's box of an unreadable symbol can be off by half its size)."""
    kept: list[Box] = []
    for box in boxes:
        for i, k in enumerate(kept):
            if (_covers(k, box) or _covers(box, k)) and \
                    max(_union(k, box)[2:]) <= MAX_REGION_SIDE:
                kept[i] = _union(k, box)
                break
        else:
            kept.append(box)
    return kept


def _union(a: Box, b: Box) -> Box:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return (x0, y0, x1 - x0, y1 - y0)
