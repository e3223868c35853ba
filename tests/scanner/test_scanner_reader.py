"""Recall and correctness on seeded camera-like photos, and bad input."""

from __future__ import annotations

import importlib

import cv2
import numpy as np
import photos
import pytest
import segno

from companion.scanner import decoders
from companion.scanner.commands import build_reader
from companion.scanner.reader import FrameReader
from companion.scanner.resolve import TagResolver

# Small enough for well under a minute, wide enough to cover every condition.
SUBSET = photos.photo_set(seed=3, per_condition=4)


def gray(image: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def test_recall_and_zero_wrong_reads_on_seeded_photos(reader: FrameReader) -> None:
    expected = found = 0
    wrong: list[str] = []
    for name, image, truth in SUBSET:
        texts = {c.text for c in reader.read(gray(image)).codes}
        expected += len(truth.tags)
        found += len(set(truth.tags) & texts)
        wrong += [f"{name}: {t}" for t in texts - set(truth.tags) - set(truth.foreign)]
    assert expected >= 40
    assert found / expected >= 0.98, f"read {found} of {expected} tags"
    assert wrong == []


def test_smallest_supported_tag_reads_at_three_pixels_per_module(reader: FrameReader) -> None:
    for seed in range(3):
        image, truth = photos.make_photo(seed, "clean", ppm=3.0)
        assert {c.text for c in reader.read(gray(image)).codes} == set(truth.tags)


def test_foreign_code_is_read_and_empty_table_gives_nothing(
    reader: FrameReader, resolver: TagResolver,
) -> None:
    image, truth = photos.make_photo(1, "foreign")
    codes = [resolver.resolve(r) for r in reader.read(gray(image)).codes]
    assert [(c.text, c.status) for c in codes] == [(truth.foreign[0], "foreign")]
    empty, _ = photos.make_photo(1, "empty")
    assert reader.read(gray(empty)).codes == []


def test_two_cards_in_one_frame_are_both_read_with_their_places(reader: FrameReader) -> None:
    image, truth = photos.make_photo(2, "two-cards")
    codes = reader.read(gray(image)).codes
    assert {c.text for c in codes} == set(truth.tags)
    for code in codes:
        centre = np.mean(code.corners, axis=0)
        true = np.mean(truth.corners[truth.tags.index(code.text or "")], axis=0)
        assert np.linalg.norm(centre - true) < 10


def rendered(matrix: np.ndarray, ppm: int = 4, invert: bool = False) -> np.ndarray:
    """A printed code on a grey table, `ppm` pixels per module."""
    code = np.pad(np.where(matrix, 0, 255).astype(np.uint8), 4, constant_values=255)
    if invert:
        code = np.subtract(255, code, dtype=np.uint8)
    big = cv2.resize(code, None, fx=ppm, fy=ppm, interpolation=cv2.INTER_NEAREST)
    frame = np.full((720, 1280), 110, np.uint8)
    frame[200:200 + big.shape[0], 400:400 + big.shape[1]] = big
    return cv2.GaussianBlur(frame, (0, 0), 0.6)


def qr(data: str | bytes, **kwargs: object) -> np.ndarray:
    symbol = segno.make_qr(data, **kwargs)  # type: ignore[arg-type]
    return np.array([list(row) for row in symbol.matrix], dtype=bool)


def test_light_on_dark_tag_is_read(reader: FrameReader) -> None:
    frame = rendered(qr("XP/SH01", error="h", version=1), ppm=5, invert=True)
    assert reader.primary.read(frame).codes == []  # the global pass reads dark-on-light only
    assert [c.text for c in reader.read(frame).codes] == ["XP/SH01"]


@pytest.mark.parametrize("payload", [
    "X" * 2000,  # thousands of bytes
    bytes(range(256)) * 4,  # binary garbage
    "café à la table".encode("latin-1"),  # not UTF-8
])
def test_bad_payloads_are_foreign_and_never_crash(
    reader: FrameReader, resolver: TagResolver, payload: str | bytes,
) -> None:
    frame = rendered(qr(payload, error="l"), ppm=3 if len(payload) > 500 else 5)
    codes = [resolver.resolve(r) for r in reader.read(frame).codes]
    assert [c.status for c in codes] == ["foreign"]
    assert codes[0].card is None and len(codes[0].text) <= 203


def test_missing_decoder_library_falls_back_to_the_other(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    real_import = importlib.import_module

    def no_zxing(name: str, *args: object) -> object:
        if name == "zxingcpp":
            raise ImportError("No module named 'zxingcpp'")
        return real_import(name)

    monkeypatch.setattr(decoders.importlib, "import_module", no_zxing)
    import sys

    built = build_reader(None, sys.stderr)
    assert built.primary.name == "zbar" and built.fallback is None
    assert "install zxing-cpp" in capsys.readouterr().err
    assert "zxing-cpp" in decoders.available()["zxing"]
    image, truth = photos.make_photo(4, "clean", ppm=5)
    assert {c.text for c in built.read(gray(image)).codes} == set(truth.tags)


def test_unknown_decoder_name_is_refused_with_the_choices() -> None:
    with pytest.raises(decoders.DecoderUnavailableError, match="choose one of zxing"):
        decoders.make_decoder("quagga")


@pytest.mark.parametrize("shape", [(1, 1), (1, 500), (500, 1), (2, 2), (20, 20), (21, 40)])
def test_images_too_small_for_a_code_read_nothing_without_crashing(
    reader: FrameReader, shape: tuple[int, int],
) -> None:
    from companion.scanner.finders import finder_regions

    image = np.zeros(shape, np.uint8)
    assert finder_regions(image) == []
    assert reader.read(image).codes == []
