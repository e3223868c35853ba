"""What bounding `decode` costs on a normal photo, and what a hostile file costs now.

Not a test: run it by hand and copy its lines into docs/perf.md.

    .venv/bin/python bench/decode_bound.py [--rounds 15]

Normal photos (a 12 MP phone photo of a tagged card, JPEG quality 90, and a 1280x720
camera frame): decoded and read in this process with no bound, and through
photofile.read_codes (the checks, then a forked child with its limits), interleaved;
the median wall time of each and the child's peak resident size. Hostile files
(tests/scanner/hostile_images.py): what each costs before it is refused, with and
without the early checks (the child's own limits alone).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "scanner")]

import hostile_images  # noqa: E402

from companion.core.errors import CompanionError  # noqa: E402
from companion.scanner import bounded, photofile  # noqa: E402
from companion.scanner.commands import build_reader  # noqa: E402
from companion.scanner.reader import FrameReader  # noqa: E402


def unbounded(path: str, reader: FrameReader) -> None:
    reader.read(photofile.load_gray(path))


def timed(call: Callable[[], object]) -> tuple[float, str]:
    started = time.perf_counter()
    try:
        call()
        said = "read"
    except CompanionError as exc:
        said = str(exc).split(": ", 1)[1]
    return (time.perf_counter() - started) * 1000, said


def normal(folder: Path, reader: FrameReader, rounds: int) -> None:
    photos = {"12 MP phone photo": hostile_images.camera_photo(folder / "phone.jpg"),
              "1280x720 frame": hostile_images.camera_photo(folder / "frame.jpg",
                                                            size=(1280, 720))}
    for name, photo in photos.items():
        path = str(photo)
        times: dict[str, list[float]] = {"no bound": [], "bounded": []}
        for _ in range(rounds):
            times["no bound"].append(timed(partial(unbounded, path, reader))[0])
            times["bounded"].append(timed(partial(photofile.read_codes, path, reader))[0])
        outcome = bounded.run_bounded(partial(photofile._load_and_read, path, reader),
                                      photofile.DECODE_BUDGET, path)
        plain, held = (statistics.median(v) for v in times.values())
        print(f"| {name} | {plain:.0f} ms | {held:.0f} ms | +{held - plain:.0f} ms | "
              f"{outcome.peak_mb:.0f} MB |")


def hostile(folder: Path, reader: FrameReader) -> None:
    files = {
        "progressive JPEG, 5,000 empty scans": hostile_images.hostile_jpeg(folder / "h.jpg"),
        "PNG declaring 60000x60000": hostile_images.blank_png(folder / "p.png", 8, 8),
        "PNG of 39.9 MP, 51 KB": hostile_images.blank_png(folder / "b.png", 7000, 5700),
    }
    _claim_size(files["PNG declaring 60000x60000"], 60000, 60000)
    tight = bounded.Budget(memory_mb=32, seconds=2.0)
    for name, file in files.items():
        path = str(file)
        ms, said = timed(partial(photofile.read_codes, path, reader))
        with _no_early_checks():
            alone, alone_said = timed(partial(photofile.read_codes, path, reader, tight))
        print(f"| {name} | {ms:.0f} ms: {said} | {alone:.0f} ms: {alone_said} |")


@contextlib.contextmanager
def _no_early_checks() -> Iterator[None]:
    """The scan count and both pixel limits (ours and Pillow's) lifted: the child's alone."""
    from PIL import Image

    saved = photofile.MAX_JPEG_SCANS, photofile.MAX_DECODE_PIXELS, Image.MAX_IMAGE_PIXELS
    photofile.MAX_JPEG_SCANS = photofile.MAX_DECODE_PIXELS = 10**12
    Image.MAX_IMAGE_PIXELS = None
    try:
        yield
    finally:
        photofile.MAX_JPEG_SCANS, photofile.MAX_DECODE_PIXELS, Image.MAX_IMAGE_PIXELS = saved


def flipped(folder: Path, reader: FrameReader, count: int) -> None:
    """Small sound photos with one byte flipped at random (issue 23's 3 KB PNG): the worst
    time and child's peak of `count` of each, and how each ended."""
    import random
    from collections import Counter

    import cv2

    frame, _ = hostile_images.photos.make_photo(20, "clean")
    small = cv2.resize(frame, (64, 48))
    sources = {"PNG": cv2.imencode(".png", small)[1].tobytes(),
               "JPEG": hostile_images.progressive_jpeg(640, 480)}
    rng = random.Random(23)
    for kind, data in sources.items():
        ends: Counter[str] = Counter()
        worst_ms, worst_mb = 0.0, 0.0
        for n in range(count):
            damaged = bytearray(data)
            damaged[rng.randrange(8, len(damaged))] ^= 1 << rng.randrange(8)
            path = folder / f"flip{n}.{kind.lower()}"
            path.write_bytes(bytes(damaged))
            started = time.perf_counter()
            try:
                outcome = bounded.run_bounded(
                    partial(photofile._load_and_read, str(path), reader),
                    photofile.DECODE_BUDGET, str(path))
                ends["read"] += 1
                worst_mb = max(worst_mb, outcome.peak_mb)
            except CompanionError as exc:
                ends[str(exc).split(": ", 1)[1][:40]] += 1
            worst_ms = max(worst_ms, (time.perf_counter() - started) * 1000)
        said = "; ".join(f"{v} {k}" for k, v in ends.most_common())
        print(f"| {kind}, {len(data):,} bytes, {count} one-bit flips | {worst_ms:.0f} ms | "
              f"{worst_mb:.0f} MB | {said} |")


def _claim_size(path: Path, width: int, height: int) -> None:
    import struct
    import zlib

    data = bytearray(path.read_bytes())
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    path.write_bytes(bytes(data))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--flips", type=int, default=100)
    args = parser.parse_args()
    reader = build_reader(None, sys.stderr)
    photofile.prepare()
    budget = photofile.DECODE_BUDGET
    print(f"Budget: {budget.memory_mb} MB of address space beyond the parent, "
          f"{budget.seconds:g} s; at most {photofile.MAX_JPEG_SCANS} JPEG scans.\n")
    print("| photo | no bound | bounded | cost | child's peak RSS |\n|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        normal(Path(folder), reader, args.rounds)
        print("\n| hostile file | refused (every check) | child's limits alone "
              "(32 MB, 2 s) |\n|---|---|---|")
        hostile(Path(folder), reader)
        print("\n| flipped files | worst time | worst child's peak RSS (read ones) | "
              "how they ended |\n|---|---|---|---|")
        flipped(Path(folder), reader, args.flips)


if __name__ == "__main__":
    main()
