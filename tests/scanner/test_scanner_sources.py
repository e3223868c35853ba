"""Frame sources: the Pi camera against a stand-in, webcams, replay, and `--camera`."""

from __future__ import annotations

import math
import struct
import threading
import zlib
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import photos
import pytest

from companion.scanner.sources import (
    CameraLostError,
    CameraUnavailableError,
    OpenCVSource,
    Picamera2Source,
    ReplaySource,
    ReplayUnavailableError,
    open_auto,
    parse_camera,
)


class FakePicamera2:
    """Same interface as picamera2.Picamera2, serving a YUV420 lores frame."""

    def __init__(self, y_plane: np.ndarray, fail_after: int | None = None) -> None:
        self.y_plane = y_plane
        self.fail_after = fail_after
        self.calls: list[str] = []
        self.config: dict[str, Any] = {}
        self.camera_controls = {"LensPosition": (0.0, 15.0, 1.0), "AfMode": (0, 2, 0)}
        self.controls: dict[str, Any] = {}
        # Camera Module 3 (imx708) modes as picamera2 lists them.
        self.sensor_modes = [
            {"size": (1536, 864), "fps": 120.13, "bit_depth": 10,
             "crop_limits": (768, 432, 3072, 1728)},
            {"size": (2304, 1296), "fps": 56.03, "bit_depth": 10,
             "crop_limits": (0, 0, 4608, 2592)},
            {"size": (4608, 2592), "fps": 14.35, "bit_depth": 10,
             "crop_limits": (0, 0, 4608, 2592)},
        ]

    def create_video_configuration(self, **kwargs: Any) -> dict[str, Any]:
        return {"kind": "video", **kwargs}

    def configure(self, config: dict[str, Any]) -> None:
        self.config = config
        self.calls.append("configure")

    def set_controls(self, controls: dict[str, Any]) -> None:
        self.controls.update(controls)

    def start(self) -> None:
        self.calls.append("start")

    def capture_array(self, name: str = "main") -> np.ndarray:
        self.calls.append(f"capture:{name}")
        if self.fail_after is not None and self.calls.count("capture:lores") > self.fail_after:
            raise RuntimeError("Camera frontend has timed out!")
        h, w = self.y_plane.shape
        chroma = np.full((h // 2, w), 128, np.uint8)  # U and V planes follow the Y rows
        return np.vstack([self.y_plane, chroma])

    def stop(self) -> None:
        self.calls.append("stop")

    def close(self) -> None:
        self.calls.append("close")


def card_gray() -> np.ndarray:
    image, _ = photos.make_photo(5, "clean")
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def test_picamera2_decodes_the_y_plane_of_a_yuv420_lores_stream() -> None:
    y_plane = card_gray()
    fake = FakePicamera2(y_plane)
    source = Picamera2Source(factory=lambda: fake, clock=lambda: 12.5)
    source.open()
    frame = source.read()
    assert frame is not None and frame.arrived == 12.5
    assert frame.gray.shape == (720, 1280) and np.array_equal(frame.gray, y_plane)
    assert fake.config["kind"] == "video" and fake.config["lores"]["format"] == "YUV420"
    assert fake.config["controls"]["FrameRate"] == 30.0
    assert fake.controls == {"AfMode": 0, "LensPosition": 7.7}
    # the full field of view at 30 fps, not the faster centre crop
    assert fake.config["sensor"] == {"output_size": (2304, 1296), "bit_depth": 10}
    source.close()
    assert fake.calls[-2:] == ["stop", "close"]


def test_picamera2_failing_mid_run_is_reported_as_lost() -> None:
    fake = FakePicamera2(card_gray(), fail_after=1)
    source = Picamera2Source(factory=lambda: fake)
    source.open()
    assert source.read() is not None
    with pytest.raises(CameraLostError, match="stopped delivering frames"):
        source.read()


def test_picamera2_that_will_not_start_is_unavailable() -> None:
    def broken() -> Any:
        raise IndexError("list index out of range")  # what Picamera2() does with no camera

    with pytest.raises(CameraUnavailableError, match="could not be started"):
        Picamera2Source(factory=broken).open()


def write_frames(folder: Path, count: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        cv2.imwrite(str(folder / f"f{i:03d}.png"), np.full((48, 64, 3), i * 10, np.uint8))


def test_replay_folder_is_paced_at_the_given_rate_and_ends(tmp_path: Path) -> None:
    write_frames(tmp_path, 4)
    (tmp_path / "notes.txt").write_text("not an image")
    (tmp_path / "f001b.png").write_text("broken image")  # skipped, not fatal
    now = [100.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    source = ReplaySource(tmp_path, fps=10, clock=lambda: now[0], sleep=sleep)
    source.open()
    frames = [source.read() for _ in range(5)]
    assert [f.index for f in frames if f is not None] == [1, 2, 3, 4]
    assert frames[4] is None
    assert [f.arrived for f in frames if f is not None] == pytest.approx(
        [100.0, 100.1, 100.2, 100.3])
    assert slept == pytest.approx([0.1, 0.1, 0.1])


def test_a_replay_read_a_little_late_keeps_its_rate_and_one_far_behind_starts_again(
        tmp_path: Path) -> None:
    """Like a camera's clock: a late read (an oversleep) does not slow the replay down,
    so the app sees 30 frames a second from a 30 fps replay; far behind, it drops."""
    write_frames(tmp_path, 8)
    now = [100.0]

    def oversleep(seconds: float) -> None:
        now[0] += seconds + 0.02  # every sleep ends 20 ms late (a busy core)

    source = ReplaySource(tmp_path, fps=10, clock=lambda: now[0], sleep=oversleep)
    source.open()
    arrived = [source.read().arrived for _ in range(5)]
    assert arrived == pytest.approx([100.0, 100.12, 100.22, 100.32, 100.42])
    now[0] += 1.0  # the reader stalls for ten frames' time
    late = source.read().arrived
    assert late == pytest.approx(101.42)  # read at once, no burst to catch up
    assert source.read().arrived == pytest.approx(101.54)  # then 0.1 s on from there


def test_replay_video_file(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 30, (64, 48))
    for i in range(6):
        writer.write(np.full((48, 64, 3), i * 20, np.uint8))
    writer.release()
    source = ReplaySource(path, fps=0)
    source.open()
    count = 0
    while source.read() is not None:
        count += 1
    assert count == 6


def test_replay_of_a_missing_path_says_so(tmp_path: Path) -> None:
    with pytest.raises(CameraUnavailableError, match="does not exist"):
        ReplaySource(tmp_path / "nothing").open()


def test_camera_option_is_parsed() -> None:
    webcam = parse_camera("opencv:2")
    assert isinstance(webcam, OpenCVSource) and webcam.index == 2
    assert isinstance(parse_camera("picamera2"), Picamera2Source)
    assert isinstance(parse_camera("replay:/tmp/x", fps=12), ReplaySource)
    assert parse_camera("auto") is None
    with pytest.raises(CameraUnavailableError, match="auto, picamera2, opencv"):
        parse_camera("webcam")
    with pytest.raises(CameraUnavailableError, match="must be a number"):
        parse_camera("opencv:front")


class FakeCapture:
    def __init__(self, opened: bool, frames: int = 2) -> None:
        self.opened = opened
        self.frames = frames
        self.released = False

    def isOpened(self) -> bool:
        return self.opened

    def set(self, prop: int, value: float) -> bool:
        return True

    def read(self) -> tuple[bool, np.ndarray | None]:
        self.frames -= 1
        return (True, np.zeros((48, 64, 3), np.uint8)) if self.frames >= 0 else (False, None)

    def release(self) -> None:
        self.released = True


def test_webcam_unplugged_mid_run_is_reported_as_lost() -> None:
    source = OpenCVSource(0, capture=lambda i: FakeCapture(True, frames=1))
    source.open()
    frame = source.read()
    assert frame is not None and frame.gray.ndim == 2
    with pytest.raises(CameraLostError, match="stopped delivering frames"):
        source.read()


def test_auto_tries_picamera2_then_opencv_and_says_which_it_chose() -> None:
    def no_pi() -> Any:
        raise RuntimeError("no cameras available")

    pi = Picamera2Source(factory=no_pi)
    webcam = OpenCVSource(0, capture=lambda i: FakeCapture(True))
    chosen, sentences = open_auto([pi, webcam])
    assert chosen is webcam
    assert "Pi camera could not be started" in sentences[0]
    assert sentences[-1] == "Using camera opencv:0."
    closed = OpenCVSource(1, capture=lambda i: FakeCapture(False))
    with pytest.raises(CameraUnavailableError, match="No camera found"):
        open_auto([Picamera2Source(factory=no_pi), closed])


def test_a_camera_listing_no_sensor_modes_gets_libcamera_s_choice() -> None:
    from companion.scanner.sources import full_view_mode
    assert full_view_mode([]) is None
    only_slow = [{"size": (4056, 3040), "fps": 10.0, "crop_limits": (0, 0, 4056, 3040)}]
    assert full_view_mode(only_slow) == {"output_size": (4056, 3040)}


class FakePicamera2ThatWillNotConfigure(FakePicamera2):
    def configure(self, config: dict[str, Any]) -> None:
        raise RuntimeError("Failed to configure camera")


def test_picamera2_failing_after_it_was_created_is_released() -> None:
    fake = FakePicamera2ThatWillNotConfigure(card_gray())
    with pytest.raises(CameraUnavailableError, match="Failed to configure camera"):
        Picamera2Source(factory=lambda: fake).open()
    assert fake.calls[-2:] == ["stop", "close"]  # or the next open finds the camera busy


def oversized_png(path: Path, width: int = 60000, height: int = 60000) -> Path:
    """A valid small PNG whose header claims `width` x `height` (CRC fixed up)."""
    cv2.imwrite(str(path), np.zeros((8, 8), np.uint8))
    data = bytearray(path.read_bytes())
    data[16:24] = struct.pack(">II", width, height)  # IHDR: after signature, length, type
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    path.write_bytes(bytes(data))
    return path


def test_replay_skips_an_image_opencv_refuses_to_load(tmp_path: Path) -> None:
    oversized_png(tmp_path / "a-huge.png")
    cv2.imwrite(str(tmp_path / "b-tiny.png"), np.zeros((1, 1), np.uint8))
    source = ReplaySource(tmp_path, fps=0)
    source.open()
    frame = source.read()
    assert frame is not None and frame.gray.shape == (1, 1)
    assert source.read() is None and source.skipped == 1


@pytest.mark.parametrize("make", ["missing", "empty folder", "zero-byte video"])
def test_a_replay_that_cannot_open_is_final(tmp_path: Path, make: str) -> None:
    path = tmp_path / "clip.avi"
    if make == "empty folder":
        path = tmp_path
    elif make == "zero-byte video":
        path.write_bytes(b"")
    with pytest.raises(ReplayUnavailableError):
        ReplaySource(path).open()


@pytest.mark.parametrize("fps", [-5.0, math.nan, math.inf, 241.0])
def test_a_replay_speed_out_of_range_is_refused(tmp_path: Path, fps: float) -> None:
    with pytest.raises(CameraUnavailableError, match="frames per second is out of range"):
        ReplaySource(tmp_path, fps=fps)


def test_interrupt_ends_a_replay_s_wait_for_its_next_frame(tmp_path: Path) -> None:
    write_frames(tmp_path, 2)
    source = ReplaySource(tmp_path, fps=0.001)  # the second frame is due in 1000 s
    source.open()
    assert source.read() is not None
    result: list[object] = []
    reading = threading.Thread(target=lambda: result.append(source.read()))
    reading.start()
    source.interrupt()
    reading.join(60)  # bounds a hang only: without interrupt() this waits 1000 s
    assert not reading.is_alive() and result == [None]


@pytest.mark.parametrize("spec", ["opencv:²", "opencv:\uff11", "opencv:" + "9" * 5000,
                                  "opencv:1000", "opencv:-1", "opencv:2 "])
def test_a_webcam_index_must_be_a_plain_small_number(spec: str) -> None:
    with pytest.raises(CameraUnavailableError, match="must be a number from 0 to 999"):
        parse_camera(spec)


def test_frames_carry_no_preview() -> None:
    fake = FakePicamera2(card_gray())
    source = Picamera2Source(factory=lambda: fake)
    source.open()
    source.read()
    assert fake.calls.count("capture:main") == 0 and fake.calls.count("capture:lores") == 1
