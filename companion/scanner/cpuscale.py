"""How many times slower than the dev machine this one reads frames: its CPU scale.

A short fixed workload (the reader's cheap pass on one seeded 1280x720 table
frame with cards and no code, the least CPU time of REPEATS runs) is timed here
and compared with the same workload's time on the dev machine the scanner's
figures were measured on, stored as data in `assets/scanner/cpu-reference.json`.
A Pi 4 comes out near 4, a Pi 5 near 2: the rescues' budget does a quarter
(a half) of the dev machine's work there, and `docs/perf.md` says what the
scanner reads at scale 4. `companion doctor` reports it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    import numpy as np

#: The workload runs this many times; the least time is kept (other work on the
#: machine only ever adds to it).
REPEATS = 9


@dataclass(frozen=True)
class Reference:
    """The workload's CPU time on the reference machine."""

    cpu_ms: float
    machine: str

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Reference:
        return cls(float(data["cpu_ms"]), str(data["machine"]))  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        return {"cpu_ms": self.cpu_ms, "machine": self.machine}


def reference_path() -> Path:
    from companion.catalogs import assets_dir

    return assets_dir() / "scanner" / "cpu-reference.json"


def load_reference(path: Path | None = None) -> Reference:
    return Reference.from_dict(json.loads((path or reference_path()).read_text("utf-8")))


def table_frame() -> np.ndarray:
    """A seeded grey table with three light cards and dark artwork, no code on them."""
    import cv2
    import numpy as np

    rng = np.random.default_rng(26)
    small = rng.uniform(40, 90, (45, 80)).astype(np.float32)
    grain = rng.normal(0, 6, (720, 1280)).astype(np.float32)
    frame = np.asarray(cv2.resize(small, (1280, 720), interpolation=cv2.INTER_CUBIC)) + grain
    for x, y in ((120, 100), (520, 260), (900, 120)):
        frame[y:y + 300, x:x + 220] = 210
        frame[y + 60:y + 140, x + 50:x + 130] = 30
    return np.clip(frame, 0, 255).astype(np.uint8)


def workload_ms() -> float:
    """The least CPU time (ms, this thread) of REPEATS cheap passes over `table_frame`."""
    from companion.scanner.decoders import make_decoder
    from companion.scanner.reader import FrameReader

    reader = FrameReader(make_decoder("zxing"), budget=0.0)
    frame = table_frame()
    times = []
    for _ in range(REPEATS):
        started = time.thread_time()
        reader.read(frame)
        times.append((time.thread_time() - started) * 1000)
    return min(times)


def measure(reference: Reference | None = None) -> float:
    """This machine's CPU scale: the workload's time here over the reference's."""
    reference = reference or load_reference()
    return workload_ms() / reference.cpu_ms
