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
from companion.scanner.reader import FrameRead, FrameReader
from companion.scanner.resolve import TagResolver
from companion.scanner.sources import (
    CameraLostError,
    CameraUnavailableError,
    Frame,
    FrameSource,
    ReplaySource,
    ReplayUnavailableError,
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


def test_a_replay_at_fps_0_hands_every_frame_to_a_slow_decoder(
    tmp_path: Path, reader: FrameReader,
) -> None:
    """`--fps 0`: each card shown for one frame only is still read, however slow the
    decoder (here a reader that stalls on every frame), and nothing is dropped."""
    cards = [gray(seed, "clean") for seed in (6, 9, 10)]
    for i, image in enumerate([cards[0], cards[1], gray(6, "empty"), cards[2], cards[0]]):
        cv2.imwrite(str(tmp_path / f"{i:03d}.png"), image)

    class Stalling:
        def read(self, image: np.ndarray) -> FrameRead:
            time.sleep(0.05)  # far slower than a replay that is not paced
            return reader.read(image)

    collected, pipeline = run(lambda: _opened(ReplaySource(tmp_path, fps=0)),
                              Stalling(), ScanDeduper(forget_after=0.001))  # type: ignore[arg-type]
    tags = [photos.make_photo(seed, "clean")[1].tags for seed in (6, 9, 10, 6)]
    assert collected.scans() == tags
    assert pipeline.stats.captured == pipeline.stats.decoded == 5
    assert pipeline.stats.dropped == 0


def test_a_mailbox_told_to_wait_keeps_every_frame() -> None:
    box = LatestFrame()
    frames = [Frame(np.zeros((2, 2), np.uint8), i, i) for i in range(3)]
    taken: list[Frame] = []

    def take_slowly() -> None:
        for _ in frames:
            time.sleep(0.01)
            frame = box.take(30)
            assert frame is not None
            taken.append(frame)

    taker = threading.Thread(target=take_slowly)
    taker.start()
    for frame in frames:
        box.put(frame, wait=True)
    taker.join(30)
    assert taken == frames and box.dropped == 0


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


class BrokenSource(ListSource):
    """A source whose driver raises something no camera error covers."""

    def read(self) -> Frame | None:
        if self.position == 2:
            raise RuntimeError("driver bug")
        return super().read()


def test_a_source_that_raises_ends_the_scanner_with_one_failed_status(
    reader: FrameReader,
) -> None:
    source = BrokenSource([gray(11, "clean")] * 5)
    collected, pipeline = run(lambda: _opened(source), reader)
    assert collected.statuses() == ["starting", "running", "failed"]
    failed = collected.events[-1]
    assert isinstance(failed, StatusEvent)
    assert failed.message == ("The scanner stopped because the camera could not be read "
                              "(RuntimeError: driver bug).")
    assert pipeline.failure == failed.message
    pipeline.stop()  # a second stop adds nothing
    assert collected.statuses()[-1] == "failed"


def test_an_opener_that_raises_something_unexpected_fails_instead_of_hanging(
    reader: FrameReader,
) -> None:
    def open_source() -> FrameSource:
        raise OverflowError("timeout value is too large")

    collected, _ = run(open_source, reader)
    assert collected.statuses() == ["starting", "failed"]
    assert "OverflowError" in collected.events[-1].message  # type: ignore[union-attr]


def test_a_replay_that_cannot_open_is_final_not_retried(reader: FrameReader) -> None:
    attempts = []

    def open_source() -> FrameSource:
        attempts.append(1)
        raise ReplayUnavailableError("/nowhere does not exist.")

    collected, _ = run(open_source, reader)
    assert collected.statuses() == ["starting", "failed"]
    assert collected.events[-1].message == "/nowhere does not exist."  # type: ignore[union-attr]
    assert attempts == [1]


class FlakyReader:
    """Reads like `reader`, but raises on the frames whose top-left pixel is 7."""

    def __init__(self, reader: FrameReader) -> None:
        self.reader = reader

    def read(self, image: np.ndarray) -> FrameRead:
        if image[0, 0] == 7:
            raise ValueError("odd frame")
        return self.reader.read(image)


def test_a_frame_the_reader_fails_on_is_skipped_and_counted(reader: FrameReader) -> None:
    odd = np.full((720, 1280), 7, np.uint8)
    card = gray(12, "clean")
    source = ListSource([odd, card, card])

    def one_frame_at_a_time(position: int) -> None:
        # No frame is dropped, whatever the machine's load: each is skipped or decoded.
        deadline = time.monotonic() + 30
        while pipeline.stats.decoded + pipeline.stats.skipped < position and \
                time.monotonic() < deadline:
            time.sleep(0.001)

    source.before_read = one_frame_at_a_time
    collected = Collector()
    pipeline = ScanPipeline(lambda: _opened(source), FlakyReader(reader),  # type: ignore[arg-type]
                            TagResolver(load_test_catalog), collected)
    pipeline.start()
    assert pipeline.wait(60)
    pipeline.stop()
    assert collected.statuses() == ["starting", "running", "ended"]
    assert collected.scans() == [photos.make_photo(12, "clean")[1].tags]
    stats = pipeline.stats
    assert (stats.captured, stats.decoded, stats.skipped) == (3, 2, 1)
    assert stats.skip_reason == "ValueError: odd frame"


def test_an_app_callback_that_raises_fails_the_scanner_once(reader: FrameReader) -> None:
    collected = Collector()

    def deliver(event: Event) -> None:
        collected(event)
        if isinstance(event, ScanEvent):
            raise KeyError("widget gone")

    source = ListSource([gray(13, "clean")] * 4)
    pipeline = ScanPipeline(lambda: _opened(source), reader, TagResolver(load_test_catalog),
                            deliver)
    pipeline.start()
    assert pipeline.wait(60), "a failing callback must not leave the app waiting"
    pipeline.stop()
    assert collected.statuses()[-1] == "failed"
    assert collected.statuses().count("failed") == 1
    assert "KeyError" in (pipeline.failure or "")


def test_stop_wakes_a_replay_waiting_for_its_next_frame(
    tmp_path: Path, reader: FrameReader,
) -> None:
    for i in range(2):
        cv2.imwrite(str(tmp_path / f"{i}.png"), gray(14, "empty"))
    # At this rate the second frame is due in 1e300 s: a plain sleep would overflow,
    # or (at a merely slow rate) keep stop() waiting for its full timeout.
    source = ReplaySource(tmp_path, fps=1e-300)
    collected = Collector()
    pipeline = ScanPipeline(lambda: _opened(source), reader, TagResolver(load_test_catalog),
                            collected)
    pipeline.start()
    deadline = time.monotonic() + 60
    while pipeline.stats.captured < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pipeline.stats.captured == 1
    pipeline.stop(timeout=30)
    assert not any(t.is_alive() for t in pipeline._threads)
    assert collected.statuses() == ["starting", "running", "stopped"]


def test_a_stop_from_the_app_while_the_scanner_starts_never_fails(
    tmp_path: Path, reader: FrameReader, monkeypatch,
) -> None:
    # The app starts the scanner on a worker and may stop it from its own thread at the
    # same moment (closed at once): a stop between the threads' making and their start
    # used to fail ("cannot join thread before it is started") and leave them running.
    cv2.imwrite(str(tmp_path / "0.png"), gray(14, "empty"))
    source = ReplaySource(tmp_path, fps=1)
    pipeline = ScanPipeline(lambda: _opened(source), reader, TagResolver(load_test_catalog),
                            Collector())
    failures: list[BaseException] = []
    real_start = threading.Thread.start

    def stop_from_the_app() -> None:
        try:
            pipeline.stop(timeout=30)
        except BaseException as exc:  # what the app's thread would have met
            failures.append(exc)

    def start_late(thread: threading.Thread) -> None:
        if thread.name == "scanner-capture" and not failures:
            app = threading.Thread(target=stop_from_the_app)
            real_start(app)
            app.join(0.5)  # the app's stop comes while the scanner is starting
        real_start(thread)

    monkeypatch.setattr(threading.Thread, "start", start_late)
    pipeline.start()
    monkeypatch.undo()
    assert pipeline.wait(60)
    deadline = time.monotonic() + 60
    while [t for t in threading.enumerate() if t.name.startswith("scanner-")]:
        assert time.monotonic() < deadline, "the scanner's threads outlived its stop"
        time.sleep(0.01)
    assert not failures, failures


def test_a_closed_mailbox_takes_no_more_frames_and_drops_read_live() -> None:
    box = LatestFrame()
    pipeline_like = [Frame(np.zeros((2, 2), np.uint8), i, i) for i in range(3)]
    box.put(pipeline_like[0])
    box.put(pipeline_like[1])
    assert box.dropped == 1
    box.close()
    box.put(pipeline_like[2])
    assert box.take(0) is pipeline_like[1] and box.take(0) is None and box.dropped == 1


def test_stats_read_the_drop_count_live(reader: FrameReader) -> None:
    pipeline = ScanPipeline(lambda: ListSource([]), reader, TagResolver(load_test_catalog),
                            Collector())
    pipeline._mailbox.put(Frame(np.zeros((2, 2), np.uint8), 0, 0))
    pipeline._mailbox.put(Frame(np.zeros((2, 2), np.uint8), 1, 1))
    assert pipeline.stats.dropped == 1  # no thread has to copy it over first
