"""Frame sources behind one small interface: Pi camera, USB webcam, replay.

`--camera auto|picamera2|opencv[:INDEX]|replay:PATH` picks one. A source
yields `Frame`s: the grayscale plane the decoder reads, and the colour
picture when the source has it anyway (a webcam or a replay decodes to BGR
first; the Pi camera reads its RGB stream only while `want_colour(True)`, that is
while a preview is on screen). `read()` returns None at the end of a replay
and raises CameraLostError when a live camera stops answering.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from companion.core.errors import CompanionError
from companion.scanner.options import MAX_FPS, camera_index

if TYPE_CHECKING:
    import numpy as np

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".webp")
MAIN_SIZE = (1280, 720)
LORES_SIZE = (1280, 720)
LENS_POSITION = 7.7  # dioptres: 1 / 0.13 m, the stand's fixed height


class CameraUnavailableError(CompanionError):
    """No camera could be opened; the message says which and why."""


class CameraLostError(CompanionError):
    """A camera that was working stopped delivering frames."""


class ReplayUnavailableError(CameraUnavailableError):
    """A replay that cannot be opened: unlike a camera, it will not appear later."""


@dataclass(frozen=True)
class Frame:
    """One captured picture; `arrived` is the monotonic time it was captured.

    `colour` (BGR, same size as `gray`) is only for a preview: the decoder never reads it.
    """

    gray: np.ndarray
    arrived: float
    index: int
    colour: np.ndarray | None = None


class FrameSource(Protocol):
    """What the pipeline reads frames from.

    A source that must do extra work to give colour (the Pi camera) may also
    have `want_colour(wanted: bool)`; the pipeline calls it when a preview
    starts or stops being asked for.
    """

    name: str

    def open(self) -> None: ...

    def read(self) -> Frame | None: ...

    def close(self) -> None: ...


Clock = Callable[[], float]


def full_view_mode(modes: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The smallest sensor mode that sees the whole field of view at 30 fps or more.

    Left to itself libcamera may pick a cropped mode for a 1280x720 stream (on
    Camera Module 3, 1536x864 is a centre crop of two thirds of the width), and
    the stand would then see only about 11 cm of table instead of 17.
    """
    def area(mode: dict[str, Any]) -> int:
        limits = mode.get("crop_limits") or (0, 0, *mode.get("size", (0, 0)))
        return int(limits[2]) * int(limits[3])

    usable = [m for m in modes if "size" in m and float(m.get("fps", 0)) >= 30] or \
        [m for m in modes if "size" in m]
    if not usable:
        return None
    widest = max(area(m) for m in usable)
    chosen = min((m for m in usable if area(m) == widest),
                 key=lambda m: m["size"][0] * m["size"][1])
    mode = {"output_size": tuple(chosen["size"])}
    if "bit_depth" in chosen:
        mode["bit_depth"] = chosen["bit_depth"]
    return mode


class Picamera2Source:
    """The Pi camera: the Y plane of a YUV420 lores stream is what the decoder reads.

    picamera2 needs a main stream, so an RGB one is configured; it is captured
    (with the lores stream, from one request) only while a preview wants colour.
    """

    name = "picamera2"

    def __init__(self, factory: Callable[[], Any] | None = None, clock: Clock = time.monotonic,
                 lores: tuple[int, int] = LORES_SIZE) -> None:
        self._factory = factory
        self._clock = clock
        self._lores = lores
        self._camera: Any = None
        self._count = 0
        self._colour = False

    def want_colour(self, wanted: bool) -> None:
        """Also capture the RGB main stream (for a preview) from the next frame on."""
        self._colour = wanted

    def open(self) -> None:
        factory = self._factory or _picamera2_factory()
        camera: Any = None
        try:
            camera = factory()
            extra = {}
            sensor = full_view_mode(getattr(camera, "sensor_modes", None) or [])
            if sensor is not None:
                extra["sensor"] = sensor
            config = camera.create_video_configuration(
                main={"size": MAIN_SIZE, "format": "RGB888"},
                lores={"size": self._lores, "format": "YUV420"},
                controls={"FrameRate": 30.0},
                **extra,
            )
            camera.configure(config)
            camera.start()
            # Manual focus at the stand height is the most repeatable; only Camera
            # Module 3 has a lens motor, and libcamera refuses controls it lacks.
            if "LensPosition" in getattr(camera, "camera_controls", {}):
                camera.set_controls({"AfMode": 0, "LensPosition": LENS_POSITION})
        except Exception as exc:  # libcamera raises RuntimeError, IndexError, ...
            if camera is not None:
                _release(camera)  # or the camera stays claimed and the next open fails
            if isinstance(exc, CompanionError):
                raise
            raise CameraUnavailableError(f"The Pi camera could not be started ({exc}).") from exc
        self._camera = camera

    def read(self) -> Frame | None:
        if self._camera is None:
            raise CameraLostError("The Pi camera is not open.")
        colour = None
        try:
            if self._colour:
                # Both streams of one request, so the preview shows the frame decoded.
                (colour, yuv), _ = self._camera.capture_arrays(["main", "lores"])
            else:
                yuv = self._camera.capture_array("lores")
        except Exception as exc:
            raise CameraLostError(f"The Pi camera stopped delivering frames ({exc}).") from exc
        # YUV420 is h rows of Y followed by the chroma planes: the Y rows are the grayscale.
        gray = yuv[: self._lores[1], : self._lores[0]]
        self._count += 1
        # RGB888 in picamera2 is stored B, G, R: already OpenCV's order.
        return Frame(gray, self._clock(), self._count, colour)

    def close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            _release(camera)


def _release(camera: Any) -> None:
    for action in (camera.stop, camera.close):
        # A dead camera may refuse to stop; it is gone either way.
        with contextlib.suppress(Exception):
            action()


def _picamera2_factory() -> Callable[[], Any]:
    try:
        from picamera2 import Picamera2  # type: ignore[import-not-found]
    except Exception as exc:
        raise CameraUnavailableError(
            "picamera2 is not installed (on the Pi: sudo apt install python3-picamera2 "
            f"and a venv made with --system-site-packages) ({exc})."
        ) from exc
    return Picamera2  # type: ignore[no-any-return]


class OpenCVSource:
    """A USB webcam through OpenCV's VideoCapture."""

    def __init__(self, index: int = 0, clock: Clock = time.monotonic,
                 capture: Callable[[int], Any] | None = None) -> None:
        self.index = index
        self.name = f"opencv:{index}"
        self._clock = clock
        self._capture_factory = capture
        self._capture: Any = None
        self._count = 0

    def open(self) -> None:
        import cv2

        device = f"/dev/video{self.index}"
        if self._capture_factory is None and sys.platform == "linux" and \
                not os.path.exists(device):
            # Checked first because OpenCV prints warnings for a missing device.
            raise CameraUnavailableError(f"No webcam at {device}.")
        capture = (self._capture_factory or cv2.VideoCapture)(self.index)
        if not capture.isOpened():
            capture.release()
            raise CameraUnavailableError(f"No webcam answers at OpenCV index {self.index}.")
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, MAIN_SIZE[0])
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, MAIN_SIZE[1])
        capture.set(cv2.CAP_PROP_FPS, 30)
        # A one-frame driver buffer keeps the frame we decode the newest one.
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        self._capture = capture

    def read(self) -> Frame | None:
        if self._capture is None:
            raise CameraLostError(f"The webcam at index {self.index} is not open.")
        ok, image = self._capture.read()
        if not ok or image is None:
            raise CameraLostError(f"The webcam at index {self.index} stopped delivering frames.")
        self._count += 1
        return _frame(image, self._clock(), self._count)

    def close(self) -> None:
        capture, self._capture = self._capture, None
        if capture is not None:
            capture.release()


def _frame(image: np.ndarray, arrived: float, index: int) -> Frame:
    """A frame from an OpenCV picture: its grayscale, and the BGR picture kept for a preview."""
    import cv2

    if image.ndim == 3:
        return Frame(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), arrived, index, image)
    return Frame(image, arrived, index)


class ReplaySource:
    """A folder of images (sorted by name) or a video file, paced at `fps`.

    `fps=0` (`--fps 0`) is not paced: the pipeline then hands every frame to
    the decoder in turn, waiting while it is busy (`every_frame`), so nothing
    is dropped however slow the machine: what a test of a recording wants.
    """

    def __init__(self, path: Path, fps: float = 30.0, clock: Clock = time.monotonic,
                 sleep: Callable[[float], None] | None = None) -> None:
        if not (math.isfinite(fps) and 0 <= fps <= MAX_FPS):
            raise CameraUnavailableError(
                f"A replay speed of {fps} frames per second is out of range; give a number "
                f"above 0 and at most {MAX_FPS:g}.")
        self.path = Path(path)
        self.name = f"replay:{path}"
        self.fps = fps
        self.skipped = 0
        self._clock = clock
        self._interrupted = threading.Event()
        self._sleep = sleep or self._wait
        self._files: list[Path] = []
        self._video: Any = None
        self._count = 0
        self._next_due: float | None = None

    @property
    def every_frame(self) -> bool:
        """True when the pipeline must wait for the decoder instead of dropping a frame."""
        return self.fps == 0

    def open(self) -> None:
        """Raises ReplayUnavailableError: a replay that cannot open now never will."""
        import cv2

        if self.path.is_dir():
            self._files = sorted(p for p in self.path.iterdir()
                                 if p.suffix.lower() in IMAGE_SUFFIXES)
            if not self._files:
                raise ReplayUnavailableError(f"{self.path} holds no images to replay.")
        elif self.path.is_file():
            self._video = cv2.VideoCapture(str(self.path))
            if not self._video.isOpened():
                self._video.release()
                self._video = None
                raise ReplayUnavailableError(f"{self.path} is not a video OpenCV can read.")
        else:
            raise ReplayUnavailableError(f"{self.path} does not exist.")
        self._count = 0
        self._next_due = None
        self._interrupted.clear()

    def read(self) -> Frame | None:
        image = self._next_image()
        if image is None or not self._pace():
            return None
        self._count += 1
        return _frame(image, self._clock(), self._count)

    def interrupt(self) -> None:
        """End a wait between frames now (from any thread); the replay then ends."""
        self._interrupted.set()

    def _wait(self, seconds: float) -> None:
        # In slices: Event.wait overflows on a huge timeout (a very slow --fps).
        deadline = time.monotonic() + seconds
        while not self._interrupted.is_set():
            left = deadline - time.monotonic()
            if left <= 0:
                return
            self._interrupted.wait(min(left, 1.0))

    def _next_image(self) -> np.ndarray | None:
        import cv2

        if self._video is not None:
            ok, image = self._video.read()
            return image if ok else None
        while self._count < len(self._files):
            try:
                image = cv2.imread(str(self._files[self._count]), cv2.IMREAD_COLOR)
            except cv2.error:  # e.g. a header claiming more pixels than OpenCV allows
                image = None
            if image is not None:
                return image
            self._files.pop(self._count)  # an unreadable file is skipped, not fatal
            self.skipped += 1
        return None

    def _pace(self) -> bool:
        """Deliver frames at `fps` like a camera would, without drifting; False if interrupted."""
        if self.fps <= 0:
            return not self._interrupted.is_set()
        now = self._clock()
        if self._next_due is None:
            self._next_due = now
        if self._next_due > now:
            self._sleep(self._next_due - now)
        period = 1.0 / self.fps
        # A camera's frames keep to its own clock: a frame read a little late (a sleep that
        # overslept, a busy core) does not push the next ones later. Only a reader more than
        # a frame behind starts again from now, as a camera's missed frames are gone.
        self._next_due = self._next_due + period if self._next_due > now - period else now + period
        return not self._interrupted.is_set()

    def close(self) -> None:
        if self._video is not None:
            self._video.release()
            self._video = None


def parse_camera(spec: str, fps: float = 30.0) -> FrameSource | None:
    """The source named by `--camera`; None means auto (see `open_auto`)."""
    if spec == "auto":
        return None
    if spec == "picamera2":
        return Picamera2Source()
    if spec == "opencv" or spec.startswith("opencv:"):
        try:
            return OpenCVSource(camera_index(spec.partition(":")[2] or "0"))
        except ValueError as exc:
            raise CameraUnavailableError(
                f"{spec!r}: the webcam index must be a number from 0 to 999.") from exc
    if spec.startswith("replay:") and len(spec) > len("replay:"):
        return ReplaySource(Path(spec.partition(":")[2]), fps=fps)
    raise CameraUnavailableError(
        f"{spec!r} is not a camera; use auto, picamera2, opencv[:INDEX] or replay:PATH.")


def camera_present(spec: str) -> bool:
    """Whether a camera `spec` (the `--camera` choice) would open is plugged in, by a cheap
    look that opens none: a Pi camera libcamera lists, a webcam's device file (on Linux;
    elsewhere only opening tells, so a webcam counts as there), a replay's file."""
    if spec.startswith("replay:"):
        return Path(spec.partition(":")[2]).exists()
    if spec == "picamera2":
        return _pi_camera_listed()
    if spec == "opencv" or spec.startswith("opencv:"):
        index = spec.partition(":")[2] or "0"
        return not index.isdigit() or _webcam_present(int(index))
    if spec == "auto":
        return _pi_camera_listed() or _webcam_present(0)
    return False


def _webcam_present(index: int) -> bool:
    return sys.platform != "linux" or os.path.exists(f"/dev/video{index}")


def _pi_camera_listed() -> bool:
    try:
        from picamera2 import Picamera2  # type: ignore[import-not-found]
        return bool(Picamera2.global_camera_info())
    except Exception:  # not installed, or libcamera refuses: no Pi camera to open
        return False


def open_auto(candidates: list[FrameSource] | None = None) -> tuple[FrameSource, list[str]]:
    """Open the first camera that works: picamera2, then OpenCV index 0.

    Returns the open source and one sentence per camera tried, for the status line.
    """
    tried: list[str] = []
    for source in candidates or [Picamera2Source(), OpenCVSource(0)]:
        try:
            source.open()
        except CameraUnavailableError as exc:
            tried.append(str(exc))
            continue
        tried.append(f"Using camera {source.name}.")
        return source, tried
    raise CameraUnavailableError("No camera found. " + " ".join(tried))
