"""The live scanner: a capture thread, a decode thread, events to the app.

Capture puts each frame in a one-slot mailbox, replacing any frame the
decoder has not taken yet (so the decoder never works through a backlog;
replaced frames are counted as dropped). The decoder reads the latest frame,
resolves codes against the catalog, keeps one scan per card, and hands
`ScanEvent`s and `StatusEvent`s to the `deliver` callback the app supplies;
the Kivy UI passes a callback that schedules onto its Clock, so widgets are
only touched from the main thread. A missing or lost camera is retried with
backoff and reported as a status event, never as a crash. A frame the reader
fails on is skipped and counted; anything else that goes wrong on either
thread ends the scanner with one "failed" status saying why. Every run ends
with exactly one of the END_STATUSES.

`preview()` serves the touchscreen a downscaled colour frame with the codes
last read outlined (see preview.py): the threads only keep references, and
the caller's thread does the scaling, so the decode budget never pays for it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from companion.scanner.codes import ScanCode
from companion.scanner.dedup import ScanDeduper
from companion.scanner.preview import PreviewFrame, PreviewSlot
from companion.scanner.reader import FrameReader
from companion.scanner.resolve import TagResolver
from companion.scanner.sources import (
    CameraLostError,
    CameraUnavailableError,
    Frame,
    FrameSource,
    ReplayUnavailableError,
)
from companion.scanner.still import SequenceReader

StatusName = Literal["starting", "running", "no-camera", "camera-lost", "ended", "stopped",
                     "failed"]
#: The statuses after which the scanner sends nothing more.
END_STATUSES: frozenset[str] = frozenset({"ended", "stopped", "failed"})


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

    def put(self, frame: Frame, wait: bool = False) -> None:
        """Offer a frame; once the mailbox is closed nobody will take it, so it is not kept.
        With `wait`, first wait until the frame before it was taken (nothing is dropped)."""
        with self._cond:
            if wait:
                self._cond.wait_for(lambda: self._frame is None or self._closed)
            if self._closed:
                return
            if self._frame is not None:
                self.dropped += 1
            self._frame = frame
            self._cond.notify_all()

    def take(self, timeout: float | None = None) -> Frame | None:
        """The latest frame; None once closed and empty, or on timeout."""
        with self._cond:
            self._cond.wait_for(lambda: self._frame is not None or self._closed, timeout)
            frame, self._frame = self._frame, None
            self._cond.notify_all()  # a capture waiting to hand over every frame goes on
            return frame

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    @property
    def closed(self) -> bool:
        with self._cond:
            return self._closed and self._frame is None


@dataclass(frozen=True)
class PipelineStats:
    """Frame counts so far; `skipped` frames made the reader fail (`skip_reason`: the last)."""

    captured: int
    decoded: int
    dropped: int
    skipped: int = 0
    skip_reason: str | None = None


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _skipped_note(source: FrameSource) -> str:
    """What a replay skipped, if it counts that (a folder of images does)."""
    skipped = getattr(source, "skipped", 0)
    if not skipped:
        return ""
    return f" ({skipped} unreadable image{'s' if skipped > 1 else ''} skipped)"


def _why(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


class ScanPipeline:
    """Runs capture and decoding on their own threads; never blocks the caller's thread."""

    def __init__(
        self, open_source: Callable[[], FrameSource], reader: FrameReader | SequenceReader,
        resolver: TagResolver, deliver: Callable[[Event], None],
        deduper: ScanDeduper | None = None, clock: Callable[[], float] = time.monotonic,
        backoff: tuple[float, float] = (0.5, 8.0),
    ) -> None:
        self._open_source = open_source
        # Frames are read in order: the rescues go on across the frames of a still view,
        # whose frames are averaged where something is left unread (still.py).
        self._reader = SequenceReader(reader) if isinstance(reader, FrameReader) else reader
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
        self._finished = False
        self._stopped_by_caller = False
        self._end_note = ""
        self._failure: str | None = None
        self._source: FrameSource | None = None
        self._rescan: list[list[str] | None] = []
        self._threads: list[threading.Thread] = []
        self._threads_lock = threading.Lock()  # start and stop may run on two threads
        self._captured = self._decoded = self._skipped = 0
        self._skip_reason: str | None = None
        self._preview = PreviewSlot(clock)

    @property
    def stats(self) -> PipelineStats:
        return PipelineStats(self._captured, self._decoded, self._mailbox.dropped,
                             self._skipped, self._skip_reason)

    @property
    def failure(self) -> str | None:
        """The sentence of the "failed" status, if the scanner failed."""
        return self._failure

    def start(self) -> None:
        self._status("starting", "Looking for a camera.")
        with self._threads_lock:
            if self._stopped_by_caller:
                return  # stopped before it started (the app closed while it opened)
            self._threads = [
                threading.Thread(target=self._capture_loop, name="scanner-capture",
                                 daemon=True),
                threading.Thread(target=self._decode_loop, name="scanner-decode", daemon=True),
            ]
            for thread in self._threads:
                thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop both threads and close the camera; safe to call twice."""
        with self._threads_lock:  # never between a thread's making and its start
            self._stopped_by_caller = True
            threads = list(self._threads)
        self._halt()
        for thread in threads:
            thread.join(timeout)
        self._finish("stopped", "The scanner was stopped.")

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the scanner has ended, failed or been stopped; True if it has."""
        return self._done.wait(timeout)

    def preview(self, max_width: int, max_height: int) -> PreviewFrame | None:
        """The newest frame fitted into the box, with the codes last read; None before one.

        Runs on the caller's thread (the UI's, ~30 times a second is fine): the
        scaling happens here, never on the decode thread, and only when asked.
        """
        return self._preview.render(max_width, max_height)

    def scan_again(self, texts: list[str] | None = None) -> None:
        """Let cards still in view (default: all of them) scan once more."""
        with self._lock:
            self._rescan.append(texts)

    def _halt(self) -> None:
        self._stop.set()
        # A replay may be waiting for its next frame's time: wake it now.
        interrupt = getattr(self._source, "interrupt", None)
        if interrupt is not None:
            interrupt()
        self._mailbox.close()

    def _fail(self, sentence: str) -> None:
        """Remember why the scanner cannot go on and stop both threads."""
        with self._lock:
            if self._failure is None:
                self._failure = sentence
        self._halt()

    def _finish(self, status: StatusName, message: str) -> None:
        """Send the one end status (the first caller wins), then release `wait`."""
        with self._lock:
            if self._finished:
                return
            self._finished = True
        try:
            self._status(status, message, final=True)
        finally:
            self._done.set()

    # --- capture thread ---------------------------------------------------------------

    def _capture_loop(self) -> None:
        try:
            self._capture()
        except Exception as exc:
            self._fail(f"The scanner stopped because the camera could not be read ({_why(exc)}).")
        finally:
            self._mailbox.close()

    def _capture(self) -> None:
        delay = self._backoff[0]
        while not self._stop.is_set():
            source = self._connect(delay)
            if source is None:
                delay = min(delay * 2, self._backoff[1])
                continue
            delay = self._backoff[0]
            self._source = source
            try:
                ended = self._pump(source)
            finally:
                self._source = None
                source.close()
            if ended:
                return

    def _connect(self, delay: float) -> FrameSource | None:
        try:
            source = self._open_source()
        except ReplayUnavailableError as exc:
            self._fail(str(exc))  # a missing replay will not appear: waiting cannot help
            return None
        except CameraUnavailableError as exc:
            self._status("no-camera", f"{exc} Retrying until a camera answers.")
            self._stop.wait(delay)
            return None
        self._status("running", f"Scanning with camera {source.name}.")
        return source

    def _pump(self, source: FrameSource) -> bool:
        """Move frames into the mailbox; True at the end of a replay."""
        want_colour = getattr(source, "want_colour", None)
        every_frame = bool(getattr(source, "every_frame", False))
        colour_on = False
        while not self._stop.is_set():
            if want_colour is not None and colour_on != self._preview.is_wanted():
                colour_on = not colour_on
                want_colour(colour_on)
            try:
                frame = source.read()
            except CameraLostError as exc:
                self._status("camera-lost", f"{exc} Reconnecting.")
                self._stop.wait(self._backoff[0])
                return False
            if frame is None:
                self._end_note = _skipped_note(source)
                return True
            self._captured += 1
            self._preview.offer_frame(frame)
            self._mailbox.put(frame, wait=every_frame)
        return False

    # --- decode thread ----------------------------------------------------------------

    def _decode_loop(self) -> None:
        try:
            while True:
                frame = self._mailbox.take(timeout=0.5)
                if frame is not None:
                    self._decode(frame)
                elif self._mailbox.closed:
                    break
        except Exception as exc:
            self._fail(f"The scanner stopped because a frame could not be handled ({_why(exc)}).")
        finally:
            self._halt()
            if self._failure is not None:
                self._finish("failed", self._failure)
            elif not self._stopped_by_caller:
                self._finish("ended", f"The replay has ended{self._end_note}.")

    def _decode(self, frame: Frame) -> None:
        with self._lock:
            requests, self._rescan = self._rescan, []
        for texts in requests:
            self._deduper.scan_again(texts)
        try:
            read = self._reader.read(frame.gray)
            codes = [self._resolver.resolve(raw) for raw in read.codes]
        except Exception as exc:
            # One strange frame (an odd size, a decoder bug) must not end the scanner.
            self._skipped += 1
            self._skip_reason = _why(exc)
            return
        self._decoded += 1
        self._preview.offer_codes(codes, frame.gray.shape)
        fresh = self._deduper.observe(frame.arrived, codes)
        if fresh:
            self._deliver(ScanEvent(tuple(fresh), frame.index, frame.arrived, self._clock(),
                                    _now_iso()))

    def _status(self, status: StatusName, message: str, final: bool = False) -> None:
        with self._lock:
            # Nothing follows the end status (a camera thread slow to notice the stop).
            if self._last_status == (status, message) or (self._finished and not final):
                return
            self._last_status = (status, message)
        self._deliver(StatusEvent(status, message, _now_iso()))
