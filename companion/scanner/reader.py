"""Read every QR code in a frame: a cheap pass always, a ladder only when needed.

The cheap pass, on every frame, is three looks that cost about 2 ms
together at 1280x720 on one core (figures in docs/perf.md):

1. zxing on the whole frame with its global binarizer (about 0.5 ms);
2. zxing at half resolution with its local binarizer, both polarities: it reads
   dim, glared and light-on-dark codes the global threshold missed, and
   reports symbols it saw but could not read;
3. a finder-pattern search (finders.py): at half resolution over the frame, and
   at full resolution inside small card-like blobs (codes under ~4.5 px/module).

Then, only for what is still unread and within a per-frame CPU budget, the
rescues, cheapest and most rewarding first: the ladder's first rung (the crop
as it is) on each region that looks like a symbol (2 or 3) but holds no
decoded code; each finder group straightened into an upright symbol and read
(straighten.py; two finders are completed by a guessed third); cards holding
no code, then light blobs of no card's shape (cards touching, cut by the
frame's edge), sharpened and searched for finders again (a defocus of 2-3 px
hides them from the threshold), their groups straightened too; last the rest
of `ladder.py` on what is left. Frames whose codes all read at once never pay
for any of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from companion.scanner.codes import Point, RawCode
from companion.scanner.decoders import Decoder, Reading, ZxingDecoder
from companion.scanner.effort import Budget, Level, TryLog
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
from companion.scanner.regions import (
    all_read,
    bbox,
    centre_in,
    covers,
    explained,
    mapped,
    merge,
    moved,
    pad,
    pending,
    same_finders,
    unique,
)
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
#: (CPU, not wall-clock, so a busy machine does not change what is read); on the next
#: frame of the same view the rescues go on where they stopped (still.py). A reader
#: given a `cpu_scale` (a machine that many times slower, as a Pi 4 is about 4) gets
#: this budget divided by it, as that machine's 10 ms do that much of this one's work.
LADDER_BUDGET_S = 0.010
#: At most this many unread cards are searched again, sharpened, per frame, and
#: at most this many finder groups climbed in each.
MAX_CARDS = 3
MAX_GROUPS = 2
#: A light blob no larger than this (a code at 7 px/module with its quiet zone) and
#: in no dark card may be a light-on-dark code itself, its dark card stock lost in a
#: dark table: it is climbed last.
MAX_CODE_BLOB = 200
#: At most this many light blobs of no card's shape are searched per frame (and none
#: whose read codes leave no room for another card: `regions.all_read`).
MAX_BLOBS = 2
#: A tag's symbol (version 1 at up to 8 px/module, tilted) is well under this side;
#: a suspect larger than that is no one symbol.
MAX_SYMBOL_SIDE = 400


@dataclass(frozen=True)
class FrameRead:
    """All codes read in one frame, and how many ladder steps it took.

    `pending`: the places where the rescues found something to try and read nothing
    (regions, unread cards, blobs); `stopped`: the budget ran out before every try was
    made (the next frame of the same view goes on, still.py).
    """

    codes: list[RawCode]
    ladder_steps: int = 0
    pending: list[Box] = field(default_factory=list)
    stopped: bool = False


class FrameReader:
    """The cheap pass with `primary`, then the rescue ladder on suspicious regions.

    With zxing as the primary, the half-resolution look and the rescue steps
    use zxing's local binarizer; with another decoder (zxing not installed) the
    ladder uses that decoder and there is no second look. `straighten=False` leaves
    out the straightened reads from three finders and the sharpened second search
    of unread cards (for the benchmark's comparison). `fallback`, if given,
    adds one last rung: that decoder on the sharpened, upscaled crop. The
    default reader has none: the benchmark found zbar there rescues almost
    nothing for 20-30 ms. `cpu_scale` divides the rescues' budget (LADDER_BUDGET_S);
    `search_in_budget=True` counts the cheap pass's finder search in it too, as the
    reader did before issue 26 (kept for the benchmark's side-by-side): on a Pi that
    search took half the budget, and each frame too little was left to make progress.
    """

    def __init__(self, primary: Decoder, fallback: Decoder | None = None,
                 ladder: bool = True, steps: tuple[str, ...] = DEFAULT_LADDER,
                 budget: float = LADDER_BUDGET_S, straighten: bool = True,
                 cpu_scale: float = 1.0, search_in_budget: bool = False) -> None:
        if not cpu_scale > 0:
            raise ValueError(f"A CPU scale is a number above 0, not {cpu_scale:g}.")
        self.primary = primary
        self.fallback = fallback
        self.ladder = ladder
        self.budget = budget
        self.cpu_scale = cpu_scale
        self.search_in_budget = search_in_budget
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

    def read(self, gray: np.ndarray, log: TryLog | None = None,
             level: Level | None = None) -> FrameRead:
        """Every code in the frame. `log` holds what earlier frames of the same view tried
        (skipped here) and gets this frame's tries; `level(box)` is how many frames were
        averaged into the picture there (still.py)."""
        first = self.primary.read(gray)
        codes = unique(first.codes)
        if not self.ladder:
            return FrameRead(codes)
        half = halved(gray) if min(gray.shape[:2]) >= 2 * MIN_SYMBOL_PIXELS else None
        look = self._look(half)
        codes = unique(codes + look.codes)
        budget = Budget(self.budget / self.cpu_scale, log, *([level] if level else []))
        codes = unique(codes + budget.kept())  # read by rescues of earlier frames of the view
        steps = 0
        suspects = first.suspects + look.suspects
        decoded = [bbox(c.corners) for c in codes]
        loose: list[Blob] = []
        cards = card_boxes(half, decoded, loose) if half is not None else []
        groups = finder_groups(gray, decoded, half, cards)
        if not self.search_in_budget:
            budget.restart()  # the finder search is the cheap pass's: the budget is the rescues'
        # The ladder's first rung, the cheapest read of all, on every region first;
        # then finders straighten their symbol (it reads more than the other rungs).
        # Then unread cards are searched again, sharpened (a defocus of 2-3 px hides
        # their finders from the threshold), and their finders straightened too.
        # Only then, what is left climbs the rest of the ladder, while the budget lasts.
        height, width = gray.shape[:2]
        firsts = self.regions(gray, suspects, codes, half, cards, groups)[:MAX_REGIONS]
        found, used = self._climb_all(gray, firsts, codes, budget, self._steps[:1])
        steps += used
        codes = unique(codes + found)
        found, used = self._from_all_finders(gray, [(g, False) for g in groups], codes,
                                             budget)
        steps += used
        codes = unique(codes + found)
        more, found, used = self._unread_cards(gray, half, cards, loose, groups, codes,
                                               budget)
        steps += used
        codes = unique(codes + found)
        boxes = self.regions(gray, suspects, codes, half, cards, groups)[:MAX_REGIONS] + [
            box_around(g, width, height) for g, _ in more if not explained(g, codes)] + [
            pad(b, width, height) for b in _code_blobs(cards, loose)]
        found, used = self._climb_all(gray, [b for b in boxes if b not in firsts], codes,
                                      budget, self._steps[:1])
        steps += used
        codes = unique(codes + found)
        found, used = self._climb_all(gray, boxes, codes, budget, self._steps[1:])
        codes = unique(codes + found)
        left = pending(firsts + boxes, cards[:MAX_CARDS], loose[:MAX_BLOBS], codes)
        return FrameRead(codes, steps + used, left, budget.stopped)

    def _unread_cards(self, gray: np.ndarray, half: np.ndarray | None, cards: list[Card],
                      loose: list[Blob], groups: list[list[Centre]], codes: list[RawCode],
                      budget: Budget
                      ) -> tuple[list[tuple[list[Centre], bool]], list[RawCode], int]:
        """Unread cards, then light blobs of no card's shape (cards touching, cut by the
        frame's edge), searched again sharpened and their new finder groups straightened:
        the groups (each with True for light finders), the codes read, the tries."""
        if not self.straighten or half is None:
            return [], [], 0
        # A finder group the cheap search found already was tried already.
        more = [(g, dark) for g, dark in self._sharpened_cards(half, cards, codes, budget)
                if not any(same_finders(g, h) for h in groups)]
        found, used = self._from_all_finders(gray, more, codes, budget)
        seen = groups + [g for g, _ in more]
        extra = [(g, False) for g in self._sharpened_blobs(half, loose, codes + found, budget)
                 if not any(same_finders(g, h) for h in seen)]
        late, steps = self._from_all_finders(gray, extra, unique(codes + found), budget)
        return more + extra, unique(found + late), used + steps

    def _climb_all(self, gray: np.ndarray, boxes: list[Box], codes: list[RawCode],
                   budget: Budget, rungs: list[tuple[Decoder, Rescue]]
                   ) -> tuple[list[RawCode], int]:
        """Each region no code read so far covers climbed through `rungs`."""
        found: list[RawCode] = []
        used = 0
        for box in boxes:
            if budget.out():
                break
            if any(covers(bbox(c.corners), box) for c in codes + found):
                continue
            more, steps = self._climb(gray, box, budget, rungs)
            used += steps
            found = unique(found + more)
        return found, used

    def regions(self, gray: np.ndarray, suspects: list[tuple[Point, ...]],
                codes: list[RawCode], half: np.ndarray | None = None,
                cards: list[Card] | None = None,
                groups: list[list[Centre]] | None = None) -> list[Box]:
        """Regions that look like a QR symbol but hold no decoded code, suspects first.

        The finder search runs on every frame, also when a code was read: up to
        three cards lie under the camera, and one read says nothing of the others.
        """
        height, width = gray.shape[:2]
        decoded = [bbox(c.corners) for c in codes]
        # A "symbol" zxing pieced together from finders of different codes can span
        # the table; a crop that size costs much and reads nothing.
        boxes = [pad(b, width, height) for b in map(bbox, suspects)
                 if max(b[2], b[3]) <= MAX_SYMBOL_SIDE]
        if groups is None:
            groups = finder_groups(gray, decoded, half, cards)
        boxes += [box_around(g, width, height) for g in groups]
        # Drop what a decoded code explains before merging, or a read card's finders
        # could swallow an unread neighbour's region into one box that is then dropped.
        return merge([b for b in boxes if not any(covers(d, b) for d in decoded)])

    def flagged(self, gray: np.ndarray) -> list[Box]:
        """Every region the ladder would climb in this frame (for the benchmark):
        the cheap pass's regions, then the finder groups of sharpened unread cards and
        of light blobs of no card's shape."""
        first = self.primary.read(gray)
        half = halved(gray)
        look = self._look(half)
        codes = unique(first.codes + look.codes)
        loose: list[Blob] = []
        cards = card_boxes(half, [bbox(c.corners) for c in codes], loose)
        height, width = gray.shape[:2]
        blobs = self._sharpened_blobs(half, loose, codes, Budget(float("inf")))
        return self.regions(gray, first.suspects + look.suspects, codes, half, cards) + [
            box_around(group, width, height) for card in cards[:MAX_CARDS]
            for group in sharpened_finders(half, card)[:MAX_GROUPS]] + [
            box_around(group, width, height) for group in blobs]

    def _from_finders(self, gray: np.ndarray, group: list[Centre], dark_stock: bool,
                      budget: Budget) -> tuple[list[RawCode], int]:
        """Three finders straightened and read; two completed by guesses of the third
        (straighten.completed), each straightened and read until one reads."""
        corner = corner_first(group)
        tries = [corner] if corner is not None else completed(gray, group)
        used = 0
        for triple in tries:
            place = bbox(tuple((x, y) for x, y, _ in triple))
            if budget.out():
                break
            if budget.skip("straightened", place):
                if budget.remembered("straightened", place):
                    return budget.remembered("straightened", place), used
                continue
            found, steps = self._straightened(gray, triple, dark_stock, budget)
            used += steps
            if found:
                budget.read("straightened", place, found)
                return found, used
            if budget.stopped:  # its second read was cut: the next frame makes it whole
                break
            budget.failed("straightened", place)
        return [], used

    def _straightened(self, gray: np.ndarray, corner: tuple[Centre, Centre, Centre],
                      dark_stock: bool, budget: Budget) -> tuple[list[RawCode], int]:
        """The symbol straightened from its finders and sharpened, read with zxing's
        local binarizer, then (dim, low contrast) stretched and read with its global one."""
        image, back = straightened(gray, corner)
        image = sharpened(image)
        used = 0
        for decoder, picture in ((self._rescuer, image), (self._stretched, None)):
            if decoder is None or budget.out():
                break
            used += 1
            reading = decoder.read(stretched(image) if picture is None else picture,
                                   thorough=dark_stock)
            if reading.codes:
                return [mapped(c, back) for c in reading.codes], used
        return [], used

    def _sharpened_cards(self, half: np.ndarray, cards: list[Card], codes: list[RawCode],
                         budget: Budget) -> list[tuple[list[Centre], bool]]:
        """Finder groups in cards still holding no code, searched again after an unsharp
        mask, each with True if its card is dark stock (a light-on-dark code)."""
        groups: list[tuple[list[Centre], bool]] = []
        for card in cards[:MAX_CARDS]:
            if any(centre_in(bbox(c.corners), card[0]) for c in codes) or \
                    (not budget.skip("card", card[0]) and budget.out()):
                continue
            found = budget.searched("card", card[0], partial(sharpened_finders, half, card))
            groups += [(g, not card[1]) for g in found[:MAX_GROUPS]]
        return groups

    def _sharpened_blobs(self, half: np.ndarray, loose: list[Blob], codes: list[RawCode],
                         budget: Budget) -> list[list[Centre]]:
        """Finder groups no code explains in light blobs of no card's shape (cards
        touching, cut by the frame's edge), searched after an unsharp mask."""
        groups: list[list[Centre]] = []
        for box, outline in loose[:MAX_BLOBS]:
            if all_read(box, outline, codes) or \
                    (not budget.skip("blob", box) and budget.out()):
                continue
            found = budget.searched("blob", box,
                                    partial(sharpened_finders, half, (box, True), outline))
            groups += [g for g in found if not explained(g, codes)][:MAX_GROUPS]
        return groups

    def _from_all_finders(self, gray: np.ndarray, groups: list[tuple[list[Centre], bool]],
                          codes: list[RawCode], budget: Budget) -> tuple[list[RawCode], int]:
        """Every group no code explains read from its finders: three-finder groups first
        (one try each), then pairs (a guessed third finder, up to two tries)."""
        found: list[RawCode] = []
        used = 0
        if not self.straighten:
            return found, used
        tried: list[list[Centre]] = []
        for three in (True, False):
            for group, dark_stock in groups:
                if budget.out():
                    return found, used
                # The half-size and the full-size search can find the same finders.
                if (len(group) == 3) != three or explained(group, codes + found) or \
                        any(same_finders(group, t) for t in tried):
                    continue
                tried.append(group)
                more, steps = self._from_finders(gray, group, dark_stock, budget)
                used += steps
                found = unique(found + more)
        return found, used

    def _look(self, half: np.ndarray | None) -> Reading:
        """The second look: zxing's local binarizer on the half-size frame, both polarities."""
        if self._second_look is None or half is None:
            return Reading()
        seen = self._second_look.read(half, thorough=True)
        return Reading([moved(c, 0.5, 0, 0) for c in seen.codes],
                       [tuple((x * 2, y * 2) for x, y in s) for s in seen.suspects])

    def _climb(self, gray: np.ndarray, box: Box, budget: Budget,
               rungs: list[tuple[Decoder, Rescue]] | None = None) -> tuple[list[RawCode], int]:
        """Try the ladder's steps (or `rungs`) on one region until one of them reads a code."""
        x, y, w, h = box
        crop = gray[y:y + h, x:x + w]
        used = 0
        for decoder, step in self._steps if rungs is None else rungs:
            kind = f"{decoder.name}: {step.name}"
            if budget.out():
                break
            if budget.skip(kind, box):
                if budget.remembered(kind, box):
                    return budget.remembered(kind, box), used
                continue
            made = step.transform(crop)
            if made is None:
                continue
            image, scale = made
            used += 1
            reading = decoder.read(image, thorough=step.invert)
            if reading.codes:
                found = [moved(c, scale, x, y) for c in reading.codes]
                budget.read(kind, box, found)
                return found, used
            budget.failed(kind, box)
        return [], used


def _code_blobs(cards: list[Card], loose: list[Blob]) -> list[Box]:
    """Light blobs the size of a code in no dark card (see MAX_CODE_BLOB)."""
    dark = [box for box, light in cards if not light]
    return [b for b in [box for box, light in cards if light] + [box for box, _ in loose]
            if max(b[2:]) <= MAX_CODE_BLOB and not any(centre_in(b, d) for d in dark)]
