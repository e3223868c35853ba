"""Text on its way to a terminal: what came from a player or a file is made safe.

A note, a player's name or an imported step may hold terminal control codes
(clear the screen, blink, move the cursor, change the window title) or
invisible direction marks. `SafeText` wraps standard output and error for the
whole run of a command, so every line printed shows such characters as their
escapes (`\\x1b[2J`) instead of obeying them; line breaks and tabs stay.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator
from typing import Any, BinaryIO, TextIO

KEPT = frozenset("\n\t")


def terminal_safe(text: str) -> str:
    r"""`text` with every non-printable character but newline and tab shown as its escape.

    >>> terminal_safe("Noted: hi\x1b[2J\x07\n")
    'Noted: hi\\x1b[2J\\x07\n'
    >>> terminal_safe("Kourou \u202eevil")
    'Kourou \\u202eevil'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in KEPT
                   else c.encode("unicode_escape").decode("ascii") for c in text)


class SafeText:
    """A text stream that writes `terminal_safe` text to the stream it wraps.

    A plain object, not an `io` class: it must never close the stream it wraps
    when it is thrown away.
    """

    def __init__(self, stream: TextIO):
        self.stream = stream

    def write(self, text: str) -> int:
        safe = terminal_safe(text)
        try:
            self.stream.write(safe)
        except UnicodeEncodeError:  # PYTHONIOENCODING=ascii or latin-1: escapes, never a crash
            encoding = getattr(self.stream, "encoding", None) or "ascii"
            self.stream.write(safe.encode(encoding, "backslashreplace").decode(encoding))
        return len(text)

    def write_control(self, code: str) -> None:
        """A control sequence the companion itself sends (clearing the screen)."""
        self.stream.write(code)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, fileno, encoding, close...
        return getattr(self.stream, name)


def clear_screen(stream: TextIO) -> None:
    """Clear a terminal: the one control sequence the companion itself prints."""
    if isinstance(stream, SafeText):
        stream.write_control("\033[2J\033[H")
    else:
        stream.write("\033[2J\033[H")


# ---- reading command lines -------------------------------------------------------------
def command_lines(stream: BinaryIO | TextIO, limit: int) -> Iterator[str]:
    """Lines of a script or standard input, whatever bytes they hold.

    Bytes are decoded as UTF-8 with `surrogateescape`, so a line that is not
    UTF-8 reaches the session, which refuses that line alone. A line longer
    than `limit` characters is cut beyond it (the session refuses it by its
    length) and the rest of it is skipped without being kept in memory.
    """
    while True:
        raw = stream.readline(4 * (limit + 2))  # a character is at most 4 UTF-8 bytes
        if not raw:
            return
        text = raw.decode("utf-8", "surrogateescape") if isinstance(raw, bytes) else raw
        if len(raw) == 4 * (limit + 2) and not text.endswith("\n"):
            text = LongLine(text, len(text) + _skip_rest_of_line(stream))
        yield text


class LongLine(str):
    """The start of a line cut beyond the limit, knowing how long the whole line was."""

    real_length: int

    def __new__(cls, text: str, real_length: int) -> LongLine:
        line = super().__new__(cls, text)
        line.real_length = real_length
        return line


def _skip_rest_of_line(stream: BinaryIO | TextIO) -> int:
    """Skip to the end of the line; how many characters were skipped (the newline not)."""
    skipped = 0
    while True:
        chunk = stream.readline(65536)
        if isinstance(chunk, bytes):  # UTF-8: count every byte that starts a character
            skipped += sum(1 for b in chunk if b & 0xC0 != 0x80)
        else:
            skipped += len(chunk)
        if not chunk or chunk[-1:] in (b"\n", "\n"):
            return skipped - (1 if chunk[-1:] in (b"\n", "\n") else 0)


def binary_stdin() -> BinaryIO | TextIO | None:
    """Standard input as bytes when it has them (a real stream), else as it is."""
    if sys.stdin is None or sys.stdin.closed:
        return None
    return getattr(sys.stdin, "buffer", sys.stdin)


# ---- options -----------------------------------------------------------------------------
MAX_SEED = 2**63 - 1  # SQLite keeps integers in 64 signed bits


def seed_type(text: str) -> int:
    """argparse type for `--seed`: a whole number from 0 to 2^63-1.

    >>> seed_type("42")
    42
    """
    if not text.isascii() or not text.isdigit() or len(text) > 19 or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a seed: give a whole number "
                                         f"from 0 to {MAX_SEED}.")
    return int(text)


def interval_type(text: str) -> float:
    """argparse type for `--interval`: seconds, at least 0.05 and at most an hour.

    >>> interval_type("0.5")
    0.5
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0.05 <= value <= 3600):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not an interval: give seconds "
                                         "from 0.05 to 3600.")
    return value
