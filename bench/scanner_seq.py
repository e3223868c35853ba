"""Hard frames as short sequences of still cards, on this machine's clock and a Pi's.

For bench/scanner.py: each hard frame of the benchmark's seed is also rendered as
a sequence of `frames` frames of the same cards lying still (the same draws, a
card drawn as moving lies still and is not smeared, fresh sensor noise and so
its own JPEG steps in every frame: `hard_photos.still_sequence`). Side by side,
in one run, on the same frames:

- today's reader (a `FrameReader`, this machine's budget) on the frame as drawn
  (moving cards smeared): the figures the targets quote;
- a `FrameReader` on the still scene's first frame, at CPU scale 1 and N (the
  rescues' budget divided by N, as on a Pi N times slower);
- a `SequenceReader` (the pipeline's: rescues go on across frames, still areas
  averaged) over the whole sequence, at scale 1 and N; a tag counts as read if
  any frame reads it, and the frame that first read it gives the time to scan.
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

import cv2
import hard_photos
import numpy as np
from scanner_hard import TARGETS, band_of, median, pct

from companion.scanner.decoders import make_decoder
from companion.scanner.reader import FrameReader
from companion.scanner.resolve import strict_tag
from companion.scanner.still import SequenceReader

FRAME_MS = 1000 / 30
#: (label, lowest px/module, highest sigma as a share of a module): the focused stand's band.
HALF_MODULE = ("3+ px/module, blur up to half a module", 3.0, 0.5)

Sequence = tuple[np.ndarray, list[np.ndarray], hard_photos.HardTruth]


@dataclass
class SeqTally:
    """Per tag: (band, sigma, ppm, first frame that read it or 0); wrong reads; CPU ms."""

    tags: list[tuple[str, float, float, int]] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    cpu_tag: list[float] = field(default_factory=list)
    cpu_empty: list[float] = field(default_factory=list)


def _gray(image: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def _render(job: tuple[int, bool, int]) -> Sequence:
    seed, empty, frames = job
    drawn, _ = hard_photos.make_hard_photo(seed, empty=empty)
    still, truth = hard_photos.still_sequence(seed, frames, empty=empty)
    return _gray(drawn), [_gray(f) for f in still], truth


def sequences(pool: object, count: int, frames: int, seed: int = 11) -> Iterator[Sequence]:
    """The benchmark's hard frames (`scanner_hard.render`'s seeds) as still sequences,
    rendered by `pool` (a multiprocessing Pool) while the caller measures."""
    every = round(1 / 0.15)
    jobs = [(seed * 100_000 + i, i % every == every - 1, frames) for i in range(count)]
    return pool.imap(_render, jobs, chunksize=2)  # type: ignore[attr-defined,no-any-return]


def configs(scale: float) -> dict[str, tuple[str, float, bool]]:
    """Name -> (what is read: "drawn", "first" or "sequence", CPU scale, today's reader:
    the finder search counted in the rescues' budget, as before issue 26)."""
    return {
        "today's reader, scale 1, one frame as drawn (moving cards smeared)": ("drawn", 1, True),
        "today's reader, scale 1, one frame (still)": ("first", 1, True),
        f"today's reader, scale {scale:g}, one frame (still)": ("first", scale, True),
        "scale 1, one frame (still)": ("first", 1, False),
        f"scale {scale:g}, one frame (still)": ("first", scale, False),
        "scale 1, sequence (still)": ("sequence", 1, False),
        f"scale {scale:g}, sequence (still)": ("sequence", scale, False),
    }


def measure(stream: Iterator[Sequence], scale: float) -> dict[str, SeqTally]:
    zxing = make_decoder("zxing")
    plan = configs(scale)
    readers = {(float(s), t): FrameReader(zxing, cpu_scale=s, search_in_budget=t)
               for _, s, t in plan.values()}
    tallies = {name: SeqTally() for name in plan}
    for drawn, still, truth in stream:
        for name, (what, s, today) in plan.items():
            frames = [drawn] if what == "drawn" else still[:1] if what == "first" else still
            reader = readers[(float(s), today)]
            read = SequenceReader(reader).read if what == "sequence" else reader.read
            _tally(tallies[name], read, frames, truth)
    return tallies


def _tally(tally: SeqTally, read: object, frames: list[np.ndarray],
           truth: hard_photos.HardTruth) -> None:
    first: dict[str, int] = {}
    for number, frame in enumerate(frames, 1):
        started = time.thread_time()
        codes = read(frame).codes  # type: ignore[operator]
        (tally.cpu_tag if truth.tags else tally.cpu_empty).append(
            (time.thread_time() - started) * 1000)
        for code in codes:
            if code.text is not None and strict_tag(code.text) is not None:
                first.setdefault(code.text, number)
    tally.wrong += sorted(set(first) - set(truth.tags))
    for card in truth.tag_draws():
        blur = truth.frame["blur"]
        tally.tags.append((band_of(card["ppm"]), blur, card["ppm"], first.get(card["text"], 0)))


def _share(hits: list[int]) -> str:
    read = sum(1 for h in hits if h)
    return f"{100 * read / len(hits):.1f}% ({read}/{len(hits)})" if hits else "-"


def band_lines(tallies: dict[str, SeqTally]) -> list[str]:
    cells = [(f"{band} px/module, {label}", band, low, high) for band, label, low, high, _
             in TARGETS]
    head = " | ".join(c[0] for c in cells) + f" | {HALF_MODULE[0]}"
    lines = [f"| reader | {head} | wrong reads |", "|---" * (len(cells) + 3) + "|"]
    for name, t in tallies.items():
        row = [_share([f for b, s, _, f in t.tags if b == band and low <= s < high])
               for _, band, low, high in cells]
        row.append(_share([f for _, s, ppm, f in t.tags
                           if ppm >= HALF_MODULE[1] and s <= HALF_MODULE[2] * ppm]))
        lines.append(f"| {name} | " + " | ".join(row) + f" | {len(t.wrong)} |")
    return lines


def cost_lines(tallies: dict[str, SeqTally], scale: float) -> list[str]:
    lines = ["| reader | CPU ms median (tag) | CPU ms p95 (tag) | CPU ms median (no tag) "
             "| CPU ms p95 (no tag) |", "|---|---|---|---|---|"]
    for name, t in tallies.items():
        # A small run (the suite's smoke run) may hold no frame of a kind: nan, not a failure.
        lines.append(f"| {name} | {median(t.cpu_tag):.2f} "
                     f"| {pct(t.cpu_tag, 95):.2f} | {median(t.cpu_empty):.2f} "
                     f"| {pct(t.cpu_empty, 95):.2f} |")
    return lines


def latency_lines(tallies: dict[str, SeqTally]) -> list[str]:
    """Frames from the card laid down to its scan, for tags the sequence read."""
    lines = ["| reader | tags read | in frame 1 | frames to scan: median / p95 / max "
             "| ms at 30 fps: median / p95 / max |", "|---|---|---|---|---|"]
    for name, t in tallies.items():
        if "sequence" not in name:
            continue
        firsts = [f for *_, f in t.tags if f]
        if not firsts:
            continue
        p95 = float(np.percentile(firsts, 95))
        ms = [(f - 1) * FRAME_MS for f in (statistics.median(firsts), p95, max(firsts))]
        lines.append(f"| {name} | {len(firsts)} | {sum(f == 1 for f in firsts)} "
                     f"| {statistics.median(firsts):g} / {p95:g} / {max(firsts)} "
                     f"| {ms[0]:.0f} / {ms[1]:.0f} / {ms[2]:.0f} |")
    return lines


def by_frame_lines(tallies: dict[str, SeqTally], frames: int) -> list[str]:
    """How recall grows with the frames seen, per band (what waiting buys)."""
    lines = ["| reader | frames seen | " + " | ".join(f"{b} px/module" for b in
                                                    ("3-4", "4-5", "5+")) + " |",
             "|---|---|---|---|---|"]
    for name, t in tallies.items():
        if "sequence" not in name:
            continue
        for seen in sorted({1, 2, 3, 5, frames}):
            cells = []
            for band in ("3-4", "4-5", "5+"):
                hits = [f for b, _, _, f in t.tags if b == band]
                cells.append(_share([1 if 0 < f <= seen else 0 for f in hits]))
            lines.append(f"| {name} | {seen} | " + " | ".join(cells) + " |")
    return lines


def report(tallies: dict[str, SeqTally], count: int, frames: int, scale: float,
           machine: str) -> list[str]:
    today = next(iter(tallies.values()))
    per_band: dict[str, int] = defaultdict(int)
    for band, *_ in today.tags:
        per_band[band] += 1
    return [
        f"Measured {time.strftime('%Y-%m-%d')} on a {machine} with `bench/scanner.py --only "
        f"sequences --sequences {count} --sequence-frames {frames} --scale {scale:g}`.",
        "",
        f"The {count} hard frames of the benchmark's seed (the same draws as the hard-frame "
        f"tables above), each also as {frames} frames of its cards lying still: a card drawn "
        "as moving lies still and is not smeared, and every frame has fresh sensor noise "
        "(so its own JPEG steps). Scale N: the rescues' budget divided by N, as on a "
        f"machine N times slower (a Pi 4 is about 4). {len(today.tags)} tags "
        f"({per_band['3-4']} at 3-4 px/module, {per_band['4-5']} at 4-5, "
        f"{per_band['5+']} at 5+). A tag counts as read by a sequence if any of its frames "
        "read it.",
        "",
        "#### Recall per band, single frame against sequence",
        "",
        *band_lines(tallies),
        "",
        "#### Time from a card laid down to its scan (sequences)",
        "",
        *latency_lines(tallies),
        "",
        "Frame 1 is the first frame the card lies in; the time is counted from that "
        "frame's arrival to the arrival of the frame that read it (add that frame's "
        "decode, the CPU below times the scale on a slower machine).",
        "",
        "#### Recall by frames seen",
        "",
        *by_frame_lines(tallies, frames),
        "",
        "#### CPU per 1280x720 frame, on this machine",
        "",
        *cost_lines(tallies, scale),
        "",
    ]
