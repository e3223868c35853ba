"""The live scanner: a capture thread, a decode thread, events to the app.

Capture puts each frame in a one-slot mailbox, replacing any frame the
decoder has not taken yet (so the decoder never works through a backlog;
replaced frames are counted as dropped). The decoder reads the latest frame,
resolves codes against the catalog, keeps one scan per card, and hands
`ScanEvent`s and `StatusEvent`s to the `deliver` callback the app supplies;
the Kivy UI passes a callback that schedules onto its Clock, so widgets are
only touched from the main thread. A missing or lost camera is retried with
backoff and reported as a status event, never as a crash.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from companion.scanner.codes import ScanCode
from companion.scanner.dedup import ScanDeduper
from companion.scanner.reader import FrameReader
from companion.scanner.resolve import TagResolver
from companion.scanner.sources import (
    CameraLostError,
    CameraUnavailableError,
    Frame,
    FrameSource,
)

StatusName = Literal["starting", "running", "no-camera", "camera-lost", "ended", "stopped"]


@dataclass(frozen=True)
class ScanEvent:
    """New scans from one frame, in reading order."""

    codes: tuple[ScanCode, ...]
    frame_index: int
    frame_arrived: float  # monotonic seconds, when the camera delivered the frame
    emitted: float  # monotonic seconds, when the event was handed to the app
    timestamp: str  # wall-clock ISO 8601, for people and logs

    def to_dict(self) -> dict[str, Any]:
        return {"event": "scan", "time": self.timestamp, "frame": self.frame_index,
                "codes": [c.to_dict() for c in self.codes]}


@dataclass(frozen=True)
class StatusEvent:
    """The scanner's state changed; `message` is a sentence for the player."""

    status: StatusName
    message: str
    timestamp: str

    def to_dict(self) -> dict[str, Any]:
        return {"event": "status", "time": self.timestamp, "status": self.status,
                "message": self.message}


Event = ScanEvent | StatusEvent


class LatestFrame:
    """A one-slot mailbox: `put` replaces an untaken frame and counts it as dropped."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._frame: Frame | None = None
        self._closed = False
        self.dropped = 0

    def put(self, frame: Frame) -> None:
        with self._cond:
            if self._frame is not None:
                self.dropped += 1
            self._frame = frame
            self._cond.notify()

    def take(self, timeout: float | None = None) -> Frame | None:
        """The latest frame; None once closed and empty, or on timeout."""
        with self._cond:
            self._cond.wait_for(lambda: self._frame is not None or self._closed, timeout)
            frame, self._frame = self._frame, None
            return frame

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    @property
    def closed(self) -> bool:
        with self._cond:
            return self._closed and self._frame is None


@dataclass
class PipelineStats:
    captured: int = 0
    decoded: int = 0
    dropped: int = 0
    ladder_frames: int = 0
    decode_seconds: list[float] = field(default_factory=list)


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class ScanPipeline:
    """Runs capture and decoding on their own threads; never blocks the caller's thread."""

    def __init__(
        self, open_source: Callable[[], FrameSource], reader: FrameReader,
        resolver: TagResolver, deliver: Callable[[Event], None],
        deduper: ScanDeduper | None = None, clock: Callable[[], float] = time.monotonic,
        backoff: tuple[float, float] = (0.5, 8.0),
    ) -> None:
        self._open_source = open_source
        self._reader = reader
        self._resolver = resolver
        self._deliver = deliver
        self._deduper = deduper or ScanDeduper()
        self._clock = clock
        self._backoff = backoff
        self._mailbox = LatestFrame()
        self._stop = threading.Event()
        self._done = threading.Event()
        self._lock = threading.Lock()
        self._last_status: tuple[str, str] | None = None
        self._rescan: list[list[str] | None] = []
        self._threads: list[threading.Thread] = []
        self.stats = PipelineStats()

    def start(self) -> None:
        self._status("starting", "Looking for a camera.")
        self._threads = [
            threading.Thread(target=self._capture_loop, name="scanner-capture", daemon=True),
            threading.Thread(target=self._decode_loop, name="scanner-decode", daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop both threads and close the camera; safe to call twice."""
        self._stop.set()
        self._mailbox.close()
        for thread in self._threads:
            thread.join(timeout)
        if not self._done.is_set():
            self._done.set()
            self._status("stopped", "The scanner was stopped.")

    def wait(self, timeout: float | None = None) -> bool:
        """Block until a replay ends or `stop` is called; True if it did."""
        return self._done.wait(timeout)

    def scan_again(self, texts: list[str] | None = None) -> None:
        """Let cards still in view (default: all of them) scan once more."""
        with self._lock:
            self._rescan.append(texts)

    # --- capture thread ---------------------------------------------------------------

    def _capture_loop(self) -> None:
        delay = self._backoff[0]
        while not self._stop.is_set():
            source = self._connect(delay)
            if source is None:
                delay = min(delay * 2, self._backoff[1])
                continue
            delay = self._backoff[0]
            try:
                ended = self._pump(source)
            finally:
                source.close()
            if ended:
                self._mailbox.close()
                return

    def _connect(self, delay: float) -> FrameSource | None:
        try:
            source = self._open_source()
        except CameraUnavailableError as exc:
            self._status("no-camera", f"{exc} Retrying until a camera answers.")
            self._stop.wait(delay)
            return None
        self._status("running", f"Scanning with camera {source.name}.")
        return source

    def _pump(self, source: FrameSource) -> bool:
        """Move frames into the mailbox; True at the end of a replay."""
        while not self._stop.is_set():
            try:
                frame = source.read()
            except CameraLostError as exc:
                self._status("camera-lost", f"{exc} Reconnecting.")
                self._stop.wait(self._backoff[0])
                return False
            if frame is None:
                return True
            self.stats.captured += 1
            self._mailbox.put(frame)
        return False

    # --- decode thread ----------------------------------------------------------------

    def _decode_loop(self) -> None:
        while True:
            frame = self._mailbox.take(timeout=0.5)
            if frame is None:
                if self._mailbox.closed:
                    break
                continue
            self._decode(frame)
        self.stats.dropped = self._mailbox.dropped
        if not self._stop.is_set():
            self._done.set()
            self._status("ended", "The replay has ended.")

    def _decode(self, frame: Frame) -> None:
        with self._lock:
            requests, self._rescan = self._rescan, []
        for texts in requests:
            self._deduper.scan_again(texts)
        started = time.perf_counter()
        read = self._reader.read(frame.gray)
        self.stats.decode_seconds.append(time.perf_counter() - started)
        self.stats.decoded += 1
        self.stats.ladder_frames += read.ladder_steps > 0
        codes = [self._resolver.resolve(raw) for raw in read.codes]
        fresh = self._deduper.observe(frame.arrived, codes)
        if fresh:
            self._deliver(ScanEvent(tuple(fresh), frame.index, frame.arrived, self._clock(),
                                    _now_iso()))

    def _status(self, status: StatusName, message: str) -> None:
        with self._lock:
            if self._last_status == (status, message):
                return
            self._last_status = (status, message)
        self._deliver(StatusEvent(status, message, _now_iso()))
