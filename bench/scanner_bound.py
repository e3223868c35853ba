"""What any decoder could read on the hard frames: an upper bound, and why tags are missed.

For every tag the default reader misses, zxing-cpp is given every chance it
has: the tag's true position (from the generator's truth), every option
(both binarizers, inversion, rotation, downscaled tries) on the crop as it is,
upscaled 2x and 3x, unsharp-masked at four strengths (alone and upscaled),
contrast-normalised (CLAHE), and straightened from its true corners onto an
upright grid of 4 or 8 px per module, alone and sharpened. A tag none of these
reads is beyond any decoder we have; the others are misses of our reader,
split into "the cheap pass flagged no region there" and "a region was flagged
but the ladder did not read it".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
import zxingcpp

from companion.scanner.reader import FrameReader

Sample = tuple[np.ndarray, Any]
BINARIZERS = (zxingcpp.Binarizer.LocalAverage, zxingcpp.Binarizer.GlobalHistogram)
#: (lowest sigma, highest sigma) of the defocus columns, as in the recall table.
BLUR_STEPS = ((0.0, 1.0), (1.0, 1.5), (1.5, 2.0), (2.0, 2.5), (2.5, 3.0), (3.0, 4.1))


@dataclass
class Bound:
    """Per (band, blur step): tags, tags our reader read, tags any variant reads."""

    tags: Counter[tuple[str, int]] = field(default_factory=Counter)
    read: Counter[tuple[str, int]] = field(default_factory=Counter)
    reachable: Counter[tuple[str, int]] = field(default_factory=Counter)
    why: Counter[tuple[str, str]] = field(default_factory=Counter)
    by_variant: Counter[str] = field(default_factory=Counter)
    frames_beyond: int = 0
    frames_with_tags: int = 0


def band_of(ppm: float) -> str:
    return "3-4" if ppm < 4 else "4-5" if ppm < 5 else "5+"


def blur_step(sigma: float) -> int:
    return next(i for i, (lo, hi) in enumerate(BLUR_STEPS) if lo <= sigma < hi)


def any_read(image: np.ndarray) -> set[str]:
    texts: set[str] = set()
    for binarizer in BINARIZERS:
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode,  # type: ignore[arg-type]
                                       binarizer=binarizer, try_rotate=True,
                                       try_invert=True, try_downscale=True)
        texts |= {f.text for f in found if f.valid}
    return texts


def _unsharp(image: np.ndarray, sigma: float, amount: float) -> np.ndarray:
    soft = cv2.GaussianBlur(image, (0, 0), sigma)
    return cv2.addWeighted(image, 1 + amount, soft, -amount, 0)


def _up(image: np.ndarray, factor: int) -> np.ndarray:
    return cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)


def _straightened(gray: np.ndarray, corners: list[list[float]], px: int) -> np.ndarray:
    """The symbol from its true corners onto an upright grid of `px` per module."""
    quiet = 4
    inner = np.array([[quiet, quiet], [quiet + 21, quiet], [quiet + 21, quiet + 21],
                      [quiet, quiet + 21]], np.float32) * px
    matrix = cv2.getPerspectiveTransform(np.array(corners, np.float32), inner)
    side = (21 + 2 * quiet) * px
    return cv2.warpPerspective(gray, matrix, (side, side), flags=cv2.INTER_CUBIC,
                               borderMode=cv2.BORDER_REPLICATE)


def variants(gray: np.ndarray, corners: list[list[float]]) -> dict[str, np.ndarray]:
    """Every picture of one tag the bound tries, by name."""
    points = np.array(corners)
    module = float(np.linalg.norm(points[1] - points[0])) / 21
    (x0, y0), (x1, y1) = (points.min(0) - 5 * module), (points.max(0) + 5 * module)
    crop = gray[max(0, int(y0)):int(y1), max(0, int(x0)):int(x1)]
    made = {"crop": crop, "upscaled 2x": _up(crop, 2), "upscaled 3x": _up(crop, 3),
            "CLAHE": cv2.createCLAHE(2.0, (4, 4)).apply(crop)}
    for sigma, amount in ((1.5, 1.5), (2.0, 2.5), (3.0, 4.0), (4.0, 6.0)):
        sharp = _unsharp(crop, sigma, amount)
        made[f"unsharp {sigma:g}/{amount:g}"] = sharp
        made[f"unsharp {sigma:g}/{amount:g} + upscaled 2x"] = _up(sharp, 2)
    for px in (4, 8):
        straight = _straightened(gray, corners, px)
        made[f"straightened {px} px/module"] = straight
        for sigma, amount in ((0.5, 1.5), (1.0, 2.5), (1.5, 4.0)):
            made[f"straightened {px} px/module + unsharp {sigma:g} module"] = \
                _unsharp(straight, sigma * px, amount)
    return made


def measure_bound(reader: FrameReader, samples: list[Sample]) -> Bound:
    bound = Bound()
    for gray, truth in samples:
        if not truth.tags:
            continue
        bound.frames_with_tags += 1
        texts = {c.text for c in reader.read(gray).codes}
        flagged = reader.flagged(gray)
        beyond = False
        for card, corners in zip(truth.tag_draws(), truth.corners, strict=True):
            key = (band_of(card["ppm"]), blur_step(truth.frame["blur"]))
            bound.tags[key] += 1
            if card["text"] in texts:
                bound.read[key] += 1
                bound.reachable[key] += 1
                continue
            hits = [name for name, image in variants(gray, corners).items()
                    if card["text"] in any_read(image)]
            bound.by_variant.update(hits)
            if not hits:
                beyond = True
                bound.why[(key[0], "beyond any decoder")] += 1
                continue
            bound.reachable[key] += 1
            centre = np.mean(np.array(corners), 0)
            seen = any(x <= centre[0] <= x + w and y <= centre[1] <= y + h
                       for x, y, w, h in flagged)
            bound.why[(key[0], "flagged, ladder did not read" if seen
                       else "no region flagged")] += 1
        bound.frames_beyond += beyond
    return bound


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "-"


def bound_lines(bound: Bound) -> list[str]:
    """The upper-bound tables for docs/perf.md."""
    head = " | ".join(f"sigma {lo:g}-{min(hi, 4):g}" for lo, hi in BLUR_STEPS)
    lines = [f"| px/module | {head} |", "|---" * (len(BLUR_STEPS) + 1) + "|"]
    for band in ("3-4", "4-5", "5+"):
        cells = [_share(bound.reachable[(band, i)], bound.tags[(band, i)])
                 for i in range(len(BLUR_STEPS))]
        lines.append(f"| {band} | " + " | ".join(cells) + " |")
    tags = sum(bound.tags.values())
    beyond = tags - sum(bound.reachable.values())
    lines += [
        "",
        f"- Tags beyond any decoder (none of the variants reads them even at their true "
        f"position): **{_share(beyond, tags)}** of all tags; frames holding at least one: "
        f"{_share(bound.frames_beyond, bound.frames_with_tags)} of the frames with tags.",
        "",
        "| tags | read by our reader | within any decoder's reach | our reader's recall of "
        "what is within reach |", "|---|---|---|---|"]
    for band, label, low, high in (("4-5", "any blur", 0, 6), ("5+", "any blur", 0, 6),
                                   ("3-4", "blur sigma <= 2", 0, 3),
                                   ("3-4", "blur sigma 2-4", 3, 6)):
        keys = [(band, i) for i in range(low, high)]
        total = sum(bound.tags[k] for k in keys)
        read = sum(bound.read[k] for k in keys)
        reach = sum(bound.reachable[k] for k in keys)
        lines.append(f"| {band} px/module, {label} | {_share(read, total)} "
                     f"| {_share(reach, total)} | {_share(read, reach)} |")
    lines += ["", "Why our reader missed a tag that something could read, per size band:", "",
              "| px/module | beyond any decoder | no region flagged | flagged, ladder did "
              "not read |", "|---|---|---|---|"]
    for band in ("3-4", "4-5", "5+"):
        cells = [str(bound.why[(band, w)]) for w in (
            "beyond any decoder", "no region flagged", "flagged, ladder did not read")]
        lines.append(f"| {band} | " + " | ".join(cells) + " |")
    top = ", ".join(f"{name} ({count})" for name, count in bound.by_variant.most_common(6))
    lines += ["", f"Variants that read the most missed tags: {top}."]
    return lines
