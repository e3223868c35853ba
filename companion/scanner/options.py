"""Checks for the scanner's command-line numbers, shared by `scan` and `play --camera`.

Standard library only: cli modules import this for their argument
definitions, and `companion state` must not pay for OpenCV.

>>> fps_type("30")
30.0
>>> camera_index("2")
2
"""

from __future__ import annotations

import argparse
import math
import re

#: Faster than any camera we support; a higher replay rate only drops frames.
MAX_FPS = 240.0
#: Slower than any machine the scanner is meant for (a Pi 4 is about 4).
MAX_CPU_SCALE = 16.0


def _number(text: str, unit: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of {unit}.")
    return value


def fps_type(text: str) -> float:
    """argparse type for `--fps`: frames per second, above 0 and at most 240; or 0, which
    hands a replay's every frame to the decoder in turn (none dropped, as fast as it goes)."""
    value = _number(text, "frames per second")
    if not 0 <= value <= MAX_FPS:
        raise argparse.ArgumentTypeError(
            f"{text} frames per second is out of range; give a number above 0 and at most "
            f"{MAX_FPS:g}, or 0 for every frame of a replay.")
    return value


def seconds_type(text: str) -> float:
    """argparse type for a duration such as `--forget-after`: seconds, above 0."""
    value = _number(text, "seconds")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} seconds is not a duration; give a number "
                                         "of seconds above 0.")
    return value


def cpu_scale_type(text: str) -> float:
    """argparse type for `--cpu-scale`: how many times slower than the dev machine, 1-16.

    >>> cpu_scale_type("4")
    4.0
    """
    value = _number(text, "times slower")
    if not 1 <= value <= MAX_CPU_SCALE:
        raise argparse.ArgumentTypeError(
            f"A CPU scale of {text} is out of range; give a number from 1 to {MAX_CPU_SCALE:g} "
            "(a Pi 4 is about 4, a Pi 5 about 2).")
    return value


def camera_index(text: str) -> int:
    """The webcam number in `opencv:N` (0-999); ValueError for anything else.

    Only ASCII digits: `str.isdigit` would also take "²" or full-width digits.
    """
    if not re.fullmatch(r"[0-9]{1,3}", text):
        raise ValueError(f"{text!r} is not a webcam number (0 to 999).")
    return int(text)
