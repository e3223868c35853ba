"""Hard frames for bench/scanner.py: recall per condition and size band, wrong reads,
CPU cost per frame, and what each rescue step pays.

Frames come from tests/scanner/hard_photos.py (every condition drawn jointly).
Costs are CPU time of the process per frame (`time.process_time`, the median of
REPEATS reads of the frame), so other work on a shared machine inflates them
far less than wall-clock time, whose medians are shown beside them.
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import cv2
import hard_photos
import numpy as np

from companion.scanner.decoders import Decoder, ZxingDecoder, make_decoder
from companion.scanner.ladder import STEPS, Rescue
from companion.scanner.reader import FrameReader
from companion.scanner.resolve import strict_tag

Sample = tuple[np.ndarray, hard_photos.HardTruth]
BANDS = ("3-4", "4-5", "5+")
#: Each frame is read this many times and its median cost kept: on a machine shared
#: with other work, one run can be slowed by what else shares the core's caches.
REPEATS = 3
#: (band, label of the blur range, lowest sigma, highest sigma, target recall)
TARGETS = (
    ("4-5", "any blur", 0.0, 99.0, 0.99), ("5+", "any blur", 0.0, 99.0, 0.99),
    ("3-4", "blur sigma <= 2", 0.0, 2.0, 0.95), ("3-4", "blur sigma 2-4", 2.0, 99.0, 0.85),
)


def band_of(ppm: float) -> str:
    return "3-4" if ppm < 4 else "4-5" if ppm < 5 else "5+"


def labels(card: dict[str, Any], frame: dict[str, Any]) -> list[str]:
    """The conditions one tag was seen under, for the per-condition table."""
    blur = frame["blur"]
    found = ["all tags",
             "defocus sigma < 1.2" if blur < 1.2 else "defocus sigma 1.2-2" if blur <= 2
             else "defocus sigma 2-4",
             f"background {frame['background']}", f"{frame['cards']} card(s) in frame"]
    found += [name for name, hit in (
        ("motion blur >= 2 px", card["motion"] >= 2), ("tilt >= 25 deg", card["tilt"] >= 25),
        ("glare patch", card["glare"] > 0), ("low contrast (grey sleeve)", card["contrast"] < 0.7),
        ("dim light (<= 0.5)", frame["light"] <= 0.5),
        ("sensor noise >= 0.02", frame["noise"] >= 0.02),
        ("JPEG quality 50", frame["jpeg"] == 50), ("light-on-dark (inverted)", card["inverted"]),
    ) if hit]
    return found


@dataclass
class HardTally:
    cells: dict[tuple[str, str], list[int]] = field(
        default_factory=lambda: defaultdict(lambda: [0, 0]))
    blur_cells: list[tuple[str, float, bool]] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    look_alikes: int = 0
    look_alikes_as_cards: int = 0
    cpu_tag: list[float] = field(default_factory=list)
    cpu_empty: list[float] = field(default_factory=list)
    wall_tag: list[float] = field(default_factory=list)
    wall_empty: list[float] = field(default_factory=list)
    ladder_frames: int = 0


def _render_one(args: tuple[int, bool]) -> Sample:
    seed, empty = args
    image, truth = hard_photos.make_hard_photo(seed, empty=empty)
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), truth


def render(count: int, seed: int = 11) -> list[Sample]:
    """The same frames as `hard_photos.hard_set(seed, count)`, rendered on every core."""
    from multiprocessing import Pool

    every = round(1 / 0.15)
    jobs = [(seed * 100_000 + i, i % every == every - 1) for i in range(count)]
    with Pool() as pool:
        return pool.map(_render_one, jobs, chunksize=8)


def measure(reader: FrameReader, samples: list[Sample]) -> HardTally:
    tally = HardTally()
    for gray, truth in samples:
        cpus, walls = [], []
        for _ in range(REPEATS):
            wall, cpu = time.perf_counter(), time.process_time()
            result = reader.read(gray)
            cpus.append((time.process_time() - cpu) * 1000)
            walls.append((time.perf_counter() - wall) * 1000)
        cpu_ms, wall_ms = statistics.median(cpus), statistics.median(walls)
        (tally.cpu_tag if truth.tags else tally.cpu_empty).append(cpu_ms)
        (tally.wall_tag if truth.tags else tally.wall_empty).append(wall_ms)
        tally.ladder_frames += result.ladder_steps > 0
        texts = {c.text for c in result.codes if c.text is not None}
        cards = {t for t in texts if strict_tag(t) is not None}
        tally.wrong += sorted(cards - set(truth.tags))
        looks = [c for c in truth.cards if c["kind"] == "look-alike"]
        tally.look_alikes += len(looks)
        tally.look_alikes_as_cards += sum(strict_tag(c["text"]) is not None for c in looks)
        for card in truth.tag_draws():
            read = card["text"] in texts
            band = band_of(card["ppm"])
            tally.blur_cells.append((band, truth.frame["blur"], read))
            for label in labels(card, truth.frame):
                tally.cells[(label, band)][0] += read
                tally.cells[(label, band)][1] += 1
    return tally


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def median(values: list[float]) -> float:
    """The median, or nan for no value (a small run may hold no frame of a kind)."""
    return statistics.median(values) if values else float("nan")


def _share(read: int, total: int) -> str:
    return f"{100 * read / total:.1f}% ({read}/{total})" if total else "-"


def target_lines(tally: HardTally) -> list[str]:
    lines = ["| tags | blur | recall | target | met |", "|---|---|---|---|---|"]
    for band, label, low, high, target in TARGETS:
        hits = [read for b, blur, read in tally.blur_cells if b == band and low <= blur < high]
        recall = sum(hits) / len(hits) if hits else float("nan")
        lines.append(f"| {band} px/module | {label} | {_share(sum(hits), len(hits))} "
                     f"| {100 * target:.0f}% | {'yes' if recall >= target else '**no**'} |")
    return lines


def reader_lines(results: dict[str, HardTally]) -> list[str]:
    """The four target cells for every reader side by side."""
    head = " | ".join(f"{band} px/module, {label}" for band, label, _, _, _ in TARGETS)
    lines = [f"| reader | {head} |", "|---" * (len(TARGETS) + 1) + "|"]
    for name, tally in results.items():
        cells = []
        for band, _, low, high, _ in TARGETS:
            hits = [r for b, blur, r in tally.blur_cells if b == band and low <= blur < high]
            cells.append(_share(sum(hits), len(hits)))
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def blur_lines(tally: HardTally) -> list[str]:
    """Recall by size band and defocus sigma, in half-pixel steps: where the limit lies."""
    steps = [(0.0, 1.0), (1.0, 1.5), (1.5, 2.0), (2.0, 2.5), (2.5, 3.0), (3.0, 4.1)]
    head = " | ".join(f"sigma {lo:g}-{min(hi, 4):g}" for lo, hi in steps)
    lines = [f"| px/module | {head} |", "|---" * (len(steps) + 1) + "|"]
    for band in BANDS:
        cells = []
        for lo, hi in steps:
            hits = [r for b, blur, r in tally.blur_cells if b == band and lo <= blur < hi]
            cells.append(_share(sum(hits), len(hits)))
        lines.append(f"| {band} | " + " | ".join(cells) + " |")
    return lines


def condition_lines(tally: HardTally) -> list[str]:
    order = sorted({label for label, _ in tally.cells}, key=lambda s: (s != "all tags", s))
    lines = ["| condition (drawn jointly) | 3-4 px/module | 4-5 px/module | 5+ px/module |",
             "|---|---|---|---|"]
    for label in order:
        cells = [_share(*tally.cells[(label, band)]) if (label, band) in tally.cells else "-"
                 for band in BANDS]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def cost_lines(results: dict[str, HardTally]) -> list[str]:
    lines = ["| reader | CPU ms median (tag) | CPU ms p95 (tag) | CPU ms median (no tag) "
             "| CPU ms p95 (no tag) | wall ms median (tag / no tag) | frames that ran the ladder "
             "| wrong reads |", "|---|---|---|---|---|---|---|---|"]
    for name, t in results.items():
        lines.append(
            f"| {name} | {median(t.cpu_tag):.2f} | {pct(t.cpu_tag, 95):.2f} "
            f"| {median(t.cpu_empty):.2f} | {pct(t.cpu_empty, 95):.2f} "
            f"| {median(t.wall_tag):.2f} / {median(t.wall_empty):.2f} "
            f"| {t.ladder_frames}/{len(t.cpu_tag) + len(t.cpu_empty)} | {len(t.wrong)} |")
    return lines


def report(frames: int, per_condition: int, machine: str, results: dict[str, HardTally],
           default: FrameReader, steps: list[str], order: list[str],
           bound: list[str]) -> list[str]:
    """The hard-frame part of the scanner section of docs/perf.md (under its header)."""
    tally = results["zxing + ladder (default)"]
    return [
        f"Measured {date.today().isoformat()} on a {machine} with `bench/scanner.py "
        f"--hard-frames {frames} --per-condition {per_condition}`.",
        "",
        "### Hard frames: every condition drawn jointly",
        "",
        f"{frames} frames from `tests/scanner/hard_photos.py` (seeded): 1280x720, one "
        "to three cards, 3-7 px/module, tilt up to 35 degrees, any rotation, defocus sigma "
        "0.6-4 px, motion blur of moving cards, glare, grey sleeves, dim light, sensor noise, "
        "JPEG 50-95, wood, felt and cloth; light-on-dark tags, foreign codes and lower-case "
        "look-alikes; every 7th frame shows cards with no code. Cost is CPU time per frame "
        "(`time.process_time`), grayscale in.",
        "",
        "#### Targets",
        "",
        *target_lines(tally),
        "",
        f"- Wrong reads (a card reported that is not in the frame): **{len(tally.wrong)}**"
        f"{' (' + ', '.join(tally.wrong[:5]) + ')' if tally.wrong else ''}; lower-case "
        f"look-alikes in view: {tally.look_alikes}, reported as cards: "
        f"**{tally.look_alikes_as_cards}**.",
        "",
        "#### Recall by reader",
        "",
        *reader_lines(results),
        "",
        "#### Cost per 1280x720 frame",
        "",
        *cost_lines(results),
        "",
        "#### Recall by size and defocus (default reader)",
        "",
        *blur_lines(tally),
        "",
        "#### Recall per condition (default reader; a tag counts under every condition it met)",
        "",
        *condition_lines(tally),
        "",
        "#### What any decoder could read: the upper bound, and why tags are missed",
        "",
        "Every tag the default reader missed was given to zxing-cpp at its true position "
        "(from the generator's truth) with every option and every rescue "
        "(`bench/scanner_bound.py`): recall of that bound by size and defocus:",
        "",
        *bound,
        "",
        "#### What each rescue step pays",
        "",
        *steps,
        "",
        "Greedy order by new rescues per CPU millisecond on what the earlier rungs left:",
        "",
        *order,
        "",
        f"The default ladder: {', '.join(default.rungs)}.",
        "",
        "#### Preview for the touchscreen (`pipeline.preview`, on the caller's thread)",
        "",
        *preview_lines(),
        "",
        "The decode thread never pays for it: it keeps a reference to the newest frame.",
        "",
    ]


# --- what each rescue step pays -------------------------------------------------------


def flagged_regions(reader: FrameReader, samples: list[Sample]
                    ) -> list[tuple[np.ndarray, set[str]]]:
    """Every region the ladder may climb (the cheap pass's, and finder groups found in
    sharpened unread cards), with the tags of its frame."""
    regions = []
    for gray, truth in samples:
        for x, y, w, h in reader.flagged(gray):
            regions.append((gray[y:y + h, x:x + w], set(truth.tags)))
    return regions


def step_lines(reader: FrameReader, samples: list[Sample]) -> tuple[list[str], list[str]]:
    """Each step alone on every flagged region, then the greedy order by rescues per ms."""
    regions = flagged_regions(reader, samples)
    local, zbar = ZxingDecoder("local"), make_decoder("zbar")
    candidates: list[tuple[str, Decoder, Rescue]] = [
        (f"zxing: {name}", local, step) for name, step in STEPS.items()]
    candidates.append(("zbar: sharpened + upscaled 2x", zbar, STEPS["sharpened + upscaled 2x"]))
    outcome: dict[str, list[tuple[bool, float]]] = {}
    for name, decoder, step in candidates:
        rows = []
        for crop, tags in regions:
            started = time.process_time()
            made = step.transform(crop)
            texts = set()
            if made is not None:
                texts = {c.text for c in decoder.read(made[0], thorough=step.invert).codes}
            rows.append((bool(texts & tags), (time.process_time() - started) * 1000))
        outcome[name] = rows
    lines = [f"{len(regions)} regions the ladder may climb, with nothing read in them by the "
             "cheap pass (some hold a tag no step can read, some none at all).", "",
             "| step (alone) | tags rescued | CPU ms mean | rescued per 10 ms |",
             "|---|---|---|---|"]
    for name, rows in outcome.items():
        rescued, ms = sum(r for r, _ in rows), sum(m for _, m in rows)
        lines.append(f"| {name} | {rescued} | {ms / max(len(rows), 1):.2f} "
                     f"| {10 * rescued / ms if ms else 0:.2f} |")
    return lines, greedy_order(outcome, len(regions))


def greedy_order(outcome: dict[str, list[tuple[bool, float]]], count: int) -> list[str]:
    """Pick, again and again, the step with the most new rescues per ms on what is left."""
    left, used, lines = set(range(count)), set(), []
    lines += ["| rung | step | new rescues | CPU ms mean on what is left |", "|---|---|---|---|"]
    while left:
        best = None
        for name, rows in outcome.items():
            if name in used:
                continue
            gain = sum(rows[i][0] for i in left)
            cost = sum(rows[i][1] for i in left) or 1e-9
            if gain and (best is None or gain / cost > best[1]):
                best = (name, gain / cost, gain, cost / len(left))
        if best is None:
            break
        used.add(best[0])
        left = {i for i in left if not outcome[best[0]][i][0]}
        lines.append(f"| {len(used)} | {best[0]} | {best[2]} | {best[3]:.2f} |")
    return lines


# --- the preview hook -------------------------------------------------------------------


def preview_lines(calls: int = 200) -> list[str]:
    """What `pipeline.preview()` costs the caller's (UI) thread per new frame."""
    from companion.scanner.codes import ScanCode
    from companion.scanner.preview import PreviewSlot
    from companion.scanner.sources import Frame

    image, truth = hard_photos.make_hard_photo(90_000, **hard_photos.MILD)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    slot = PreviewSlot(time.monotonic)
    slot.offer_codes([ScanCode(t, "ok", tuple(map(tuple, c)))  # type: ignore[arg-type]
                      for t, c in zip(truth.tags, truth.corners, strict=True)], gray.shape)
    lines = ["| preview size | CPU ms median | CPU ms p95 |", "|---|---|---|"]
    for size in ((320, 180), (640, 360), (800, 480)):
        costs = []
        for index in range(calls):
            slot.offer_frame(Frame(gray, 0.0, index, image))  # a new frame each call
            started = time.process_time()
            slot.render(*size)
            costs.append((time.process_time() - started) * 1000)
        lines.append(f"| {size[0]}x{size[1]} (from 1280x720 BGR) "
                     f"| {statistics.median(costs):.2f} | {pct(costs, 95):.2f} |")
    return lines
