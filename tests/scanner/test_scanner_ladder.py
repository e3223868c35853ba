"""The rescue ladder: each rung does what its name says, within the frame's budget."""

from __future__ import annotations

import cv2
import numpy as np
from hard_photos import MILD, make_hard_photo
from sequences import pi_reader, still_grays

from companion.scanner.decoders import make_decoder
from companion.scanner.ladder import DEFAULT_LADDER, MAX_UPSCALED_SIDE, STEPS
from companion.scanner.reader import FrameReader
from companion.scanner.still import SequenceReader


def soft_small_tag() -> tuple[np.ndarray, list[str]]:
    image, truth = make_hard_photo(1000, **{**MILD, "ppm": 3.0, "blur": 1.6})
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), truth.tags


def test_upscaling_is_only_tried_on_small_crops() -> None:
    small = np.zeros((MAX_UPSCALED_SIDE, 100), np.uint8)
    made = STEPS["upscaled 2x"].transform(small)
    assert made is not None and made[0].shape == (2 * MAX_UPSCALED_SIDE, 200) and made[1] == 2
    assert STEPS["upscaled 2x"].transform(np.zeros((MAX_UPSCALED_SIDE + 1, 10), np.uint8)) is None
    assert STEPS["sharpened + upscaled 2x"].transform(np.zeros((400, 400), np.uint8)) is None


def test_inverted_rung_swaps_black_and_white() -> None:
    crop = np.array([[0, 255], [30, 200]], np.uint8)
    image, scale = STEPS["inverted"].transform(crop)  # type: ignore[misc]
    assert image.tolist() == [[255, 0], [225, 55]] and scale == 1


def test_the_ladder_reads_what_the_cheap_pass_cannot() -> None:
    frames, truth = still_grays(1000, **{**MILD, "ppm": 3.0, "blur": 1.6})
    cheap = FrameReader(make_decoder("zxing"), ladder=False)
    assert all(cheap.read(frame).codes == [] for frame in frames)
    # On a Pi's clock (CPU scale 4), frame after frame while the card lies still.
    sequence = SequenceReader(pi_reader())
    results = [sequence.read(frame) for frame in frames * 3]
    assert {c.text for r in results for c in r.codes} == set(truth.tags)  # type: ignore[attr-defined]
    assert any(r.ladder_steps >= 1 for r in results)


def test_a_spent_budget_starts_no_rung() -> None:
    gray, _ = soft_small_tag()
    result = FrameReader(make_decoder("zxing"), budget=0.0).read(gray)
    assert result.ladder_steps == 0 and result.codes == []


def test_the_default_ladder_names_known_rungs_in_order() -> None:
    reader = FrameReader(make_decoder("zxing"))
    assert reader.rungs == [f"zxing: {name}" for name in DEFAULT_LADDER]
    assert set(DEFAULT_LADDER) <= set(STEPS)
