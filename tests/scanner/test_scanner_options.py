"""`--fps`, `--forget-after` and webcam numbers: refused at the command line, in a sentence."""

from __future__ import annotations

import argparse
import math

import pytest

from companion.core.errors import CompanionError
from companion.scanner.dedup import ScanDeduper
from companion.scanner.options import camera_index, fps_type, seconds_type


def test_fps_accepts_a_finite_rate_up_to_240() -> None:
    assert fps_type("0.5") == 0.5
    assert fps_type("240") == 240.0
    assert fps_type("1e-300") == 1e-300  # slow but valid: a replay waits in slices
    assert fps_type("0") == 0.0  # every frame of a replay, none dropped


@pytest.mark.parametrize("text", ["-0.5", "-5", "nan", "inf", "-inf", "241", "thirty", ""])
def test_fps_refuses_what_cannot_pace_a_replay(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        fps_type(text)
    assert str(caught.value).endswith(".")


@pytest.mark.parametrize("text", ["0", "-1", "nan", "inf", "soon"])
def test_seconds_must_be_a_finite_number_above_zero(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        seconds_type(text)
    assert seconds_type("1.5") == 1.5


def test_an_argparse_error_names_the_option() -> None:
    parser = argparse.ArgumentParser(prog="companion scan", exit_on_error=False)
    parser.add_argument("--fps", type=fps_type)
    with pytest.raises(argparse.ArgumentError, match=r"--fps.*above 0 and at most 240"):
        parser.parse_args(["--fps", "-1"])


@pytest.mark.parametrize("value", [0.0, -1.0, math.nan, math.inf])
def test_the_deduper_names_the_option_not_the_identifier(value: float) -> None:
    with pytest.raises(CompanionError, match=r"\(--forget-after\)") as caught:
        ScanDeduper(value)
    assert "forget_after" not in str(caught.value)


def test_camera_index_takes_only_ascii_digits() -> None:
    assert camera_index("0") == 0 and camera_index("42") == 42
    for text in ("²", "\uff11", "9" * 5000, "", "1.0", "x"):
        with pytest.raises(ValueError, match="is not a webcam number"):
            camera_index(text)
