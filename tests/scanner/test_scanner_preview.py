"""The preview hook: the newest colour frame scaled for the screen, codes outlined on it."""

from __future__ import annotations

import threading
from pathlib import Path

import cv2
import numpy as np
import photos
import pytest
from scanner_catalogs import load_test_catalog
from test_scanner_pipeline import Collector, ListSource, _opened, gray
from test_scanner_sources import FakePicamera2

from companion.scanner import preview as preview_module
from companion.scanner.codes import ScanCode
from companion.scanner.pipeline import ScanPipeline
from companion.scanner.preview import PreviewSlot, fit_within
from companion.scanner.reader import FrameReader
from companion.scanner.resolve import TagResolver
from companion.scanner.sources import Frame, Picamera2Source, ReplaySource


def replayed(tmp_path: Path, reader: FrameReader, image: np.ndarray,
             copies: int = 4) -> ScanPipeline:
    """A finished pipeline that replayed `copies` of `image` from a folder."""
    for i in range(copies):
        cv2.imwrite(str(tmp_path / f"{i:03d}.png"), image)
    pipeline = ScanPipeline(lambda: _opened(ReplaySource(tmp_path, fps=30)), reader,
                            TagResolver(load_test_catalog), Collector())
    pipeline.start()
    assert pipeline.wait(60)
    pipeline.stop()
    return pipeline


def nearest(point: list[float], corners: tuple[tuple[float, float], ...]) -> float:
    return min(float(np.hypot(point[0] - x, point[1] - y)) for x, y in corners)


def test_replay_preview_is_the_colour_frame_scaled_with_corners_on_the_code(
    tmp_path: Path, reader: FrameReader,
) -> None:
    image, truth = photos.make_photo(21, "clean")
    pipeline = replayed(tmp_path, reader, image)
    shown = pipeline.preview(400, 300)
    assert shown is not None
    assert shown.size == (400, 225) and shown.image.shape == (225, 400, 3)
    assert shown.is_colour and shown.colour_format == "bgr"
    expected = cv2.resize(image, (400, 225), interpolation=cv2.INTER_AREA)
    difference = np.abs(shown.image.astype(int) - expected.astype(int))
    assert difference.mean() < 3  # the camera's picture in colour, not grey
    assert np.abs(shown.image[..., 0].astype(int) - shown.image[..., 2]).mean() > 5
    assert shown.frame_index == 4
    [code] = shown.codes
    assert (code.text, code.status) == (truth.tags[0], "ok")
    scale = 400 / 1280
    for x, y in truth.corners[0]:
        assert nearest([x * scale, y * scale], code.corners) < 3.0


def test_preview_is_none_before_the_first_frame_and_refuses_an_empty_box(
    reader: FrameReader,
) -> None:
    pipeline = ScanPipeline(lambda: ListSource([]), reader, TagResolver(load_test_catalog),
                            Collector())
    assert pipeline.preview(320, 240) is None
    with pytest.raises(ValueError, match="at least 1 x 1"):
        pipeline.preview(0, 240)


def test_preview_never_enlarges_and_shows_a_gray_only_source_in_grey() -> None:
    slot = PreviewSlot(lambda: 0.0)
    picture = np.arange(64 * 48, dtype=np.uint32).reshape(48, 64).astype(np.uint8)
    slot.offer_frame(Frame(picture, 0.0, 1))
    shown = slot.render(1280, 720)
    assert shown is not None and shown.size == (64, 48) and not shown.is_colour
    assert np.array_equal(shown.image[:, :, 0], picture)
    assert np.array_equal(shown.image[:, :, 2], picture)


def test_the_same_frame_at_the_same_size_is_made_once() -> None:
    slot = PreviewSlot(lambda: 0.0)
    slot.offer_frame(Frame(np.zeros((720, 1280), np.uint8), 0.0, 1))
    first = slot.render(320, 240)
    assert slot.render(320, 240) is first  # the UI may ask every vsync
    assert slot.render(640, 480) is not first
    slot.offer_codes([ScanCode("XP/SH01", "ok", ((0, 0), (1280, 0), (1280, 720), (0, 720)))],
                     (720, 1280))
    outlined = slot.render(640, 480)
    assert outlined is not None and outlined.codes[0].corners[2] == (640.0, 360.0)
    slot.offer_frame(Frame(np.zeros((720, 1280), np.uint8), 0.0, 2))
    newer = slot.render(640, 480)
    assert newer is not None and newer.frame_index == 2


def test_fit_within_keeps_the_aspect() -> None:
    assert fit_within(1280, 720, 800, 480) == (800, 450)
    assert fit_within(1280, 720, 200, 480) == (200, 112)


def test_scaling_runs_on_the_caller_s_thread_only_when_asked(
    tmp_path: Path, reader: FrameReader, monkeypatch: pytest.MonkeyPatch,
) -> None:
    threads: list[str] = []
    real = preview_module._render

    def recording(*args: object, **kwargs: object) -> object:
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(preview_module, "_render", recording)
    pipeline = replayed(tmp_path, reader, photos.make_photo(22, "clean")[0])
    assert threads == []  # nobody asked: nothing was scaled
    assert pipeline.preview(160, 90) is not None
    assert threads == [threading.current_thread().name]


class ColourCamera(FakePicamera2):
    """The fake Pi camera, also serving its RGB888 main stream."""

    def capture_arrays(self, names: list[str]) -> tuple[list[np.ndarray], dict[str, int]]:
        self.calls.append("capture:" + "+".join(names))
        main = np.dstack([self.y_plane] * 3)
        h, w = self.y_plane.shape
        lores = np.vstack([self.y_plane, np.full((h // 2, w), 128, np.uint8)])
        return [main, lores], {}


def test_the_pi_camera_reads_its_colour_stream_only_while_a_preview_is_wanted() -> None:
    fake = ColourCamera(gray(23, "clean"))
    source = Picamera2Source(factory=lambda: fake)
    source.open()
    plain = source.read()
    source.want_colour(True)
    coloured = source.read()
    source.want_colour(False)
    source.read()
    assert fake.calls.count("capture:main+lores") == 1
    assert fake.calls.count("capture:lores") == 2
    assert plain is not None and plain.colour is None
    assert coloured is not None and coloured.colour is not None
    assert np.array_equal(coloured.gray, fake.y_plane)


def test_the_pipeline_asks_for_colour_while_the_preview_is_polled(
    reader: FrameReader,
) -> None:
    now = [0.0]
    fake = ColourCamera(gray(24, "clean"))
    frames_left = [6]

    class FewFrames(Picamera2Source):
        def read(self) -> Frame | None:
            if frames_left[0] == 0:
                return None
            frames_left[0] -= 1
            if frames_left[0] == 3:
                now[0] = 5.0  # the preview went off screen a while ago
            return super().read()

    source = FewFrames(factory=lambda: fake)
    pipeline = ScanPipeline(lambda: _opened(source), reader, TagResolver(load_test_catalog),
                            Collector(), clock=lambda: now[0])
    assert pipeline.preview(320, 240) is None  # asked before the camera started
    pipeline.start()
    assert pipeline.wait(60)
    pipeline.stop()
    captures = [c for c in fake.calls if c.startswith("capture:")]
    assert captures == ["capture:main+lores"] * 3 + ["capture:lores"] * 3


def test_doctests() -> None:
    import doctest

    assert doctest.testmod(preview_module).failed == 0
