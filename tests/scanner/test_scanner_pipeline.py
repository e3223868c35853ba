"""The threaded pipeline: latest-frame mailbox, events, missing and lost cameras.

Threads run for real but every assertion is about what happened, never how
fast: each test waits on an event with a generous timeout.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import photos
from scanner_catalogs import load_test_catalog

from companion.scanner.dedup import ScanDeduper
from companion.scanner.pipeline import Event, LatestFrame, ScanEvent, ScanPipeline, StatusEvent
from companion.scanner.reader import FrameReader
from companion.scanner.resolve import TagResolver
from companion.scanner.sources import (
    CameraLostError,
    CameraUnavailableError,
    Frame,
    FrameSource,
    ReplaySource,
)


def gray(seed: int, condition: str) -> np.ndarray:
    return cv2.cvtColor(photos.make_photo(seed, condition)[0], cv2.COLOR_BGR2GRAY)


class ListSource:
    """Frames from a list, on a fake 30 fps clock; can fail like a real camera."""

    name = "list"

    def __init__(self, frames: list[np.ndarray], lose_at: int | None = None,
                 before_read: Callable[[int], None] | None = None) -> None:
        self.frames = frames
        self.before_read = before_read
        self.lose_at = lose_at
        self.position = 0
        self.opened = 0

    def open(self) -> None:
        self.opened += 1

    def read(self) -> Frame | None:
        if self.position == self.lose_at:
            self.lose_at = None
            raise CameraLostError("The test camera stopped delivering frames.")
        if self.position >= len(self.frames):
            return None
        if self.before_read is not None:
            self.before_read(self.position)
        self.position += 1
        # A fake capture clock: frame n arrives at n/30 s, whatever the real time.
        return Frame(self.frames[self.position - 1], self.position / 30, self.position)

    def close(self) -> None:
        pass


class Collector:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self.threads: set[str] = set()

    def __call__(self, event: Event) -> None:
        self.threads.add(threading.current_thread().name)
        self.events.append(event)

    def scans(self) -> list[list[str]]:
        return [[c.text for c in e.codes] for e in self.events if isinstance(e, ScanEvent)]

    def statuses(self) -> list[str]:
        return [e.status for e in self.events if isinstance(e, StatusEvent)]


def run(open_source: object, reader: FrameReader, deduper: ScanDeduper | None = None
        ) -> tuple[Collector, ScanPipeline]:
    collected = Collector()
    pipeline = ScanPipeline(open_source, reader, TagResolver(load_test_catalog),  # type: ignore[arg-type]
                            collected, deduper, backoff=(0.001, 0.004))
    pipeline.start()
    assert pipeline.wait(60), "the pipeline did not finish"
    pipeline.stop()
    return collected, pipeline


def test_mailbox_keeps_only_the_latest_frame_and_counts_drops() -> None:
    box = LatestFrame()
    frames = [Frame(np.zeros((2, 2), np.uint8), i, i) for i in range(3)]
    for frame in frames:
        box.put(frame)
    assert box.take(0) is frames[2]
    assert box.dropped == 2
    assert box.take(0) is None  # empty, not closed: times out
    box.close()
    assert box.take() is None and box.closed


def test_replay_yields_one_scan_per_card_in_order_then_ends(
    tmp_path: Path, reader: FrameReader,
) -> None:
    one, two, empty = gray(6, "clean"), gray(6, "two-cards"), gray(6, "empty")
    for i, image in enumerate([one] * 4 + [empty] * 2 + [two] * 4):
        cv2.imwrite(str(tmp_path / f"{i:03d}.png"), image)
    collected, pipeline = run(lambda: _opened(ReplaySource(tmp_path, fps=30)), reader,
                              ScanDeduper(forget_after=10))
    truth_one = photos.make_photo(6, "clean")[1].tags
    truth_two = photos.make_photo(6, "two-cards")[1]
    expected_two = [t for _, t in sorted(zip(truth_two.corners, truth_two.tags, strict=True),
                                         key=lambda ct: min(y for _, y in ct[0]))]
    assert collected.scans() == [truth_one, expected_two]
    assert collected.statuses() == ["starting", "running", "ended"]
    scan_threads = {e for e in collected.threads if e != "MainThread"}
    assert scan_threads == {"scanner-capture", "scanner-decode"}  # UI thread never decodes
    assert pipeline.stats.captured == 10


def _opened(source: FrameSource) -> FrameSource:
    source.open()
    return source


def test_card_held_for_ten_seconds_of_frames_scans_once(reader: FrameReader) -> None:
    card = gray(7, "clean")
    source = ListSource([card] * 300)  # 10 s at 30 fps on the fake clock
    collected, _ = run(lambda: _opened(source), reader)
    assert collected.scans() == [photos.make_photo(7, "clean")[1].tags]


def test_missing_camera_is_retried_until_it_appears(reader: FrameReader) -> None:
    attempts = []
    source = ListSource([gray(8, "clean")] * 3)

    def open_source() -> FrameSource:
        attempts.append(1)
        if len(attempts) < 3:
            raise CameraUnavailableError("No webcam at /dev/video0.")
        return _opened(source)

    collected, _ = run(open_source, reader)
    assert collected.statuses() == ["starting", "no-camera", "running", "ended"]
    no_camera = [e for e in collected.events if isinstance(e, StatusEvent)][1]
    assert no_camera.message.startswith("No webcam at /dev/video0.")
    assert len(collected.scans()) == 1


def test_lost_camera_reconnects_without_scanning_the_card_twice(reader: FrameReader) -> None:
    source = ListSource([gray(9, "clean")] * 6, lose_at=3)
    collected, _ = run(lambda: _opened(source), reader)
    assert source.opened == 2
    assert collected.statuses() == ["starting", "running", "camera-lost", "running", "ended"]
    assert collected.scans() == [photos.make_photo(9, "clean")[1].tags]


def test_scan_again_request_rescans_the_card_still_in_view(reader: FrameReader) -> None:
    collected = Collector()
    pipeline: ScanPipeline

    def one_frame_at_a_time(position: int) -> None:
        # Like a camera slower than the decoder: no frame is dropped, so the
        # frame after the request is decoded whatever the machine's load.
        deadline = time.monotonic() + 30
        while pipeline.stats.decoded < position and time.monotonic() < deadline:
            time.sleep(0.001)

    source = ListSource([gray(10, "clean")] * 5, before_read=one_frame_at_a_time)

    def deliver(event: Event) -> None:
        collected(event)
        if isinstance(event, ScanEvent) and len(collected.scans()) == 1:
            pipeline.scan_again()  # the player taps "scan again" after the first scan

    pipeline = ScanPipeline(lambda: _opened(source), reader, TagResolver(load_test_catalog),
                            deliver)
    pipeline.start()
    assert pipeline.wait(60)
    pipeline.stop()
    tags = photos.make_photo(10, "clean")[1].tags
    assert collected.scans() == [tags, tags]
