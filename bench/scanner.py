"""Scanner benchmark: hard frames (recall per condition and size band, wrong reads,
cost per frame, what each rescue step pays), decoders side by side on the
one-condition photos, the pixels-per-module floor, latency, the hold test.

Not a test: it measures time on whatever machine runs it. Renders seeded
photos with tests/scanner/hard_photos.py and photos.py into memory (and a temp
folder for the replay runs) and prints markdown; with --out docs/perf.md it
replaces that file's scanner section (between its bench/scanner.py markers).
Run it pinned to one core, like a Pi whose other cores serve the UI:

    .venv/bin/python bench/scanner.py --pin-core 0 [--hard-frames 400] [--out docs/perf.md]

(`--pin-core 0` renders the frames on every core, then measures on core 0 alone;
`taskset -c 0` in front does the same measuring, only with slower rendering.)
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "scanner")]

import photos  # noqa: E402
import scanner_bound  # noqa: E402
import scanner_hard  # noqa: E402

from companion.scanner.decoders import make_decoder  # noqa: E402
from companion.scanner.reader import FrameReader  # noqa: E402

Sample = tuple[str, np.ndarray, photos.Truth]


@dataclass
class Tally:
    tags: int = 0
    read: int = 0
    wrong: int = 0
    ms_tag: list[float] = field(default_factory=list)
    ms_empty: list[float] = field(default_factory=list)
    by_condition: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    ladder_frames: int = 0


def readers() -> dict[str, FrameReader]:
    zxing, zbar, opencv = make_decoder("zxing"), make_decoder("zbar"), make_decoder("opencv")
    return {
        "zxing + ladder (default)": FrameReader(zxing),
        "zxing cheap pass only": FrameReader(zxing, ladder=False),
        "zbar + ladder": FrameReader(zbar),
        "zbar only": FrameReader(zbar, ladder=False),
        "opencv only": FrameReader(opencv, ladder=False),
    }


def gray(image: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def condition_keys(truth: photos.Truth) -> list[str]:
    """The condition label plus size, blur, tilt and light bins, for the per-condition table."""
    p = truth.params
    ppm = p["ppm"]
    size = "ppm 3-4" if ppm < 4 else "ppm 4-5" if ppm < 5 else "ppm 5-7"
    blur = "blur sigma >= 0.9" if p["blur"] >= 0.9 else "motion >= 2 px" \
        if p["motion"] >= 2 else "sharp"
    tilt = "tilt >= 25 deg" if p["tilt"] >= 25 else "tilt < 25 deg"
    light = "light <= 0.3" if p["light"] <= 0.3 else "light > 0.3"
    return [f"condition {p['condition']}", size, blur, tilt, light]


def measure(reader: FrameReader, samples: list[tuple[np.ndarray, photos.Truth]]) -> Tally:
    tally = Tally()
    for image, truth in samples:
        started = time.process_time()
        result = reader.read(image)
        ms = (time.process_time() - started) * 1000
        texts = {c.text for c in result.codes}
        (tally.ms_tag if truth.tags else tally.ms_empty).append(ms)
        tally.ladder_frames += result.ladder_steps > 0
        tally.tags += len(truth.tags)
        tally.read += len(set(truth.tags) & texts)
        tally.wrong += len(texts - set(truth.tags) - set(truth.foreign))
        if truth.tags:
            for key in condition_keys(truth):
                tally.by_condition[key][0] += len(set(truth.tags) & texts)
                tally.by_condition[key][1] += len(truth.tags)
    return tally


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def decoder_table(results: dict[str, dict[str, Tally]]) -> list[str]:
    lines = ["| reader | frame | recall | wrong reads | CPU ms median (tag) | CPU ms p95 (tag) "
             "| CPU ms median (no tag) | CPU ms p95 (no tag) | frames that ran the ladder |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name, by_size in results.items():
        for size, t in by_size.items():
            lines.append(
                f"| {name} | {size} | {t.read}/{t.tags} = {100 * t.read / t.tags:.1f}% "
                f"| {t.wrong} | {statistics.median(t.ms_tag):.2f} | {pct(t.ms_tag, 95):.2f} "
                f"| {statistics.median(t.ms_empty):.2f} | {pct(t.ms_empty, 95):.2f} "
                f"| {t.ladder_frames} |")
    return lines


def condition_table(results: dict[str, dict[str, Tally]], size: str) -> list[str]:
    names = list(results)
    keys = sorted({k for by in results.values() for k in by[size].by_condition})
    lines = ["| condition | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for key in keys:
        cells = []
        for name in names:
            read, total = results[name][size].by_condition[key]
            cells.append(f"{100 * read / total:.1f}% ({read}/{total})")
        lines.append(f"| {key} | " + " | ".join(cells) + " |")
    return lines


def ppm_floor(reader: FrameReader, per_step: int) -> tuple[list[str], float | None]:
    """Recall at fixed pixels-per-module over the whole mix of conditions."""
    steps = [2.0, 2.25, 2.5, 2.75, 3.0, 3.25, 3.5, 4.0]
    recall = {}
    for ppm in steps:
        read = total = 0
        for i in range(per_step):
            condition = photos.TAG_CONDITIONS[i % len(photos.TAG_CONDITIONS)]
            if condition == "small":
                condition = "clean"  # "small" would override the fixed size
            image, truth = photos.make_photo(50_000 + i, condition, ppm=ppm)
            texts = {c.text for c in reader.read(gray(image)).codes}
            read += len(set(truth.tags) & texts)
            total += len(truth.tags)
        recall[ppm] = read / total
    floor = None
    for ppm in reversed(steps):
        if recall[ppm] < 0.98:
            break
        floor = ppm
    lines = ["| pixels per module | " + " | ".join(f"{p:g}" for p in steps) + " |",
             "|---" * (len(steps) + 1) + "|",
             "| recall | " + " | ".join(f"{100 * recall[p]:.1f}%" for p in steps) + " |"]
    return lines, floor


def replay_latency(reader: FrameReader, folder: Path, frames: list[np.ndarray],
                   first_frames: set[int], fps: float = 30.0) -> tuple[list[float], int, int, int]:
    """Run the threaded pipeline on a replay folder; latency from each card's first frame."""
    from companion.core.catalog import Catalog
    from companion.scanner.pipeline import Event, ScanEvent, ScanPipeline
    from companion.scanner.resolve import TagResolver
    from companion.scanner.sources import Frame, ReplaySource

    for stale in folder.glob("*.jpg"):
        stale.unlink()
    for i, image in enumerate(frames):
        cv2.imwrite(str(folder / f"{i:05d}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    arrivals: dict[int, float] = {}

    class Recording(ReplaySource):
        def read(self) -> Frame | None:
            frame = super().read()
            if frame is not None:
                arrivals[frame.index - 1] = frame.arrived
            return frame

    events: list[ScanEvent] = []

    def deliver(event: Event) -> None:
        if isinstance(event, ScanEvent):
            events.append(event)

    def no_catalog(game: str) -> Catalog:
        raise OSError("benchmark runs without catalogs")

    source = Recording(folder, fps=fps)

    def open_source() -> Recording:
        source.open()
        return source

    pipeline = ScanPipeline(open_source, reader, TagResolver(no_catalog), deliver)
    pipeline.start()
    pipeline.wait()
    pipeline.stop()
    latencies = []
    for event in events:
        shown = max(i for i in first_frames if i <= event.frame_index - 1)
        latencies.append((event.emitted - arrivals[shown]) * 1000)
    scans = sum(len(e.codes) for e in events)
    return latencies, scans, pipeline.stats.dropped, pipeline.stats.captured


def latency_frames(count: int) -> tuple[list[np.ndarray], set[int]]:
    """Cards shown for 10 frames each, with 2 s of empty table between them."""
    empty = photos.make_photo(1, "empty")[0]
    frames: list[np.ndarray] = []
    firsts: set[int] = set()
    for i in range(count):
        image, _ = photos.make_photo(70_000 + i, "clean")
        firsts.add(len(frames))
        frames += [image] * 10 + [empty] * 60
    return frames, firsts


def hold_frames(seconds: float, fps: float) -> list[np.ndarray]:
    """One card held still: the same view with fresh sensor noise in every frame.

    A hard frame (small, soft, in a grey sleeve under a dim lamp) that only the
    ladder reads, and not in every frame: the one scan must survive the misses.
    """
    import hard_photos

    image, _ = hard_photos.make_hard_photo(80_000, **hard_photos.HELD)
    rng = np.random.default_rng(0)
    frames = []
    for _ in range(int(seconds * fps)):
        noisy = image.astype(np.int16) + rng.normal(0, 3, image.shape).astype(np.int16)
        frames.append(np.clip(noisy, 0, 255).astype(np.uint8))
    return frames


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cores = sorted(os.sched_getaffinity(0))
    pinned = f"pinned to core {cores[0]} (`taskset -c {cores[0]}`)" if len(cores) == 1 \
        else f"on all {len(cores)} cores (not pinned)"
    return f"{os.cpu_count()}-core {platform.machine()} dev machine ({cpu}), shared, " \
           f"Python {platform.python_version()}, {pinned}"


def timed(label: str, action: Callable[[], object]) -> object:
    started = time.perf_counter()
    result = action()
    print(f"{label}: {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hard-frames", type=int, default=400)
    parser.add_argument("--pin-core", type=int, default=None,
                        help="measure pinned to this core (frames are rendered on all)")
    parser.add_argument("--per-condition", type=int, default=20)
    parser.add_argument("--floor-per-step", type=int, default=60)
    parser.add_argument("--latency-cards", type=int, default=20)
    parser.add_argument("--hold-seconds", type=float, default=10.0,
                        help="seconds of one card held still (the suite's smoke run: 0.5)")
    parser.add_argument("--out", type=Path, default=None,
                        help="also write the figures into this file's scanner section "
                             "(e.g. docs/perf.md)")
    args = parser.parse_args()

    hard = timed("render hard frames", lambda: scanner_hard.render(args.hard_frames))
    if args.pin_core is not None:
        # Rendering used every core; everything measured from here runs on one, like a Pi
        # whose other cores serve the UI (the same as starting under `taskset -c N`).
        os.sched_setaffinity(0, {args.pin_core})
    hard_built = {"zxing + ladder (default)": FrameReader(make_decoder("zxing")),
                  "zxing + ladder, no straightening": FrameReader(make_decoder("zxing"),
                                                                  straighten=False),
                  "zxing cheap pass only": FrameReader(make_decoder("zxing"), ladder=False)}
    hard_results = {name: scanner_hard.measure(r, hard)  # type: ignore[arg-type]
                    for name, r in hard_built.items()}
    bound = timed("upper bound", lambda: scanner_bound.measure_bound(
        hard_built["zxing + ladder (default)"], hard))  # type: ignore[arg-type]
    steps, order = timed("ladder steps", lambda: scanner_hard.step_lines(  # type: ignore[misc]
        hard_built["zxing + ladder (default)"], hard))  # type: ignore[arg-type]
    sets = {}
    for size in ((1280, 720), (640, 480)):
        label = f"{size[0]}x{size[1]}"
        made = timed(f"render {label}", lambda s=size: photos.photo_set(  # type: ignore[misc]
            seed=9, per_condition=args.per_condition, size=s))
        sets[label] = [(gray(img), truth) for _, img, truth in made]  # type: ignore[attr-defined]
    results: dict[str, dict[str, Tally]] = {}
    built = readers()
    for name, reader in built.items():
        results[name] = {label: measure(reader, samples) for label, samples in sets.items()}
        print(f"measured {name}", file=sys.stderr)
    default = built["zxing + ladder (default)"]
    floor_lines, floor = ppm_floor(default, args.floor_per_step)
    with tempfile.TemporaryDirectory() as tmp:
        frames, firsts = latency_frames(args.latency_cards)
        latencies, shown, dropped, captured = replay_latency(default, Path(tmp), frames, firsts)
        _, held_scans, held_dropped, held_captured = replay_latency(
            default, Path(tmp), hold_frames(args.hold_seconds, 30), {0})
    hard_lines = scanner_hard.report(
        args.hard_frames, args.per_condition, machine(), hard_results,
        hard_built["zxing + ladder (default)"], steps, order,
        scanner_bound.bound_lines(bound))  # type: ignore[arg-type]
    write_report(args, hard_lines, results, floor_lines, floor, latencies, shown, dropped,
                 captured, held_scans, held_captured, held_dropped)


def write_report(args: argparse.Namespace, hard_lines: list[str],
                 results: dict[str, dict[str, Tally]],
                 floor_lines: list[str], floor: float | None, latencies: list[float],
                 shown: int, dropped: int, captured: int, held_scans: int,
                 held_captured: int, held_dropped: int) -> None:
    n = args.per_condition
    lines = [
        *hard_lines,
        "### One condition at a time",
        "",
        f"Photos are rendered by `tests/scanner/photos.py` "
        f"(seeded; {n} per condition: {', '.join(photos.ALL_CONDITIONS)}; tags at 3-7 camera "
        "pixels per module, any rotation, up to 35 degrees tilt). Times are CPU time per "
        "frame, grayscale in.",
        "",
        "#### Decoders side by side",
        "",
        *decoder_table(results),
        "",
        "#### Recall per condition, 1280x720",
        "",
        *condition_table(results, "1280x720"),
        "",
        "#### Pixels-per-module floor (default reader, all conditions mixed)",
        "",
        *floor_lines,
        "",
        f"Smallest pixels per module with recall >= 98% (and at every larger size measured): "
        f"**{floor if floor is not None else 'none'}**.",
        "",
        "### Threaded pipeline, replay at 30 fps",
        "",
        f"- Frame arrival to scan event (wall clock) over {len(latencies)} cards "
        f"({shown} scans, {args.latency_cards} cards shown): median "
        f"{statistics.median(latencies):.1f} ms, 95th percentile {pct(latencies, 95):.1f} ms "
        f"(one frame period is 33.3 ms); {dropped} of {captured} frames dropped.",
        f"- Hold test: one card held in view for {args.hold_seconds:g} s ({held_captured} "
        f"frames, fresh sensor "
        f"noise each frame; a small, soft, dim tag only the ladder reads, not in every frame): "
        f"**{held_scans} scan(s)**; {held_dropped} frames dropped.",
        "",
    ]
    print("\n".join(lines))
    if args.out is not None:
        write_section(args.out, "\n".join(lines))


def write_section(path: Path, text: str) -> None:
    """Replace the measured part of docs/perf.md between its scanner markers."""
    begin, end = "<!-- bench/scanner.py:begin -->", "<!-- bench/scanner.py:end -->"
    document = path.read_text(encoding="utf-8") if path.exists() else f"{begin}\n{end}\n"
    if begin not in document or end not in document:
        raise SystemExit(f"{path} has no {begin} ... {end} markers to replace.")
    head, rest = document.split(begin, 1)
    _, tail = rest.split(end, 1)
    path.write_text(f"{head}{begin}\n{text}\n{end}{tail}", encoding="utf-8")


if __name__ == "__main__":
    main()
