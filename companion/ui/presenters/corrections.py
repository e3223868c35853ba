"""A correction's words: the reasons offered with one tap, and the line it sends (the
core's `adjust TARGET KEY ±N reason`, exactly as typed at the CLI)."""

from __future__ import annotations

import shlex
from collections.abc import Sequence

#: Reasons offered with one tap (a typed reason is optional); kept in the step's log.
REASONS = ("table mistake", "forgot an effect", "misread a card", "house rule")


def adjust_line(target: str, what: str, delta: int, reasons: Sequence[str]) -> str:
    """The command line a correction sends, exactly as typed at the CLI."""
    reason = "; ".join(r.strip() for r in reasons if r.strip())
    line = f"adjust {shlex.quote(target)} {what} {delta:+d}"
    return f"{line} {shlex.quote(reason)}" if reason else line
