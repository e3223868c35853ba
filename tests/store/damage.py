"""Helpers of the damage suite: a saved game to damage, and the companion run in-process."""

from __future__ import annotations

import contextlib
import io
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

from companion import cli
from companion.session import open_session

PAGE = 4096


@dataclass
class Run:
    code: int
    out: str
    err: str


def companion(*args: str, stdin: str = "") -> Run:
    """`companion ARGS` in this process (fast), exactly as the command line runs it."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(list(args))
    finally:
        sys.stdin = saved
    return Run(code, out.getvalue(), err.getvalue())


def saved_game(db: Path, notes: int = 60, close: bool = True) -> list[str]:
    """A game of `notes` acknowledged commands; returns them in order."""
    session = open_session(db, "xp", new=True, seed=3)
    commands = []
    for n in range(notes):
        command = f"note table note number {n:03d}"
        assert session.run(command).ok
        commands.append(command)
    if close:
        session.close()
    return commands


def commands_in(db: Path) -> list[str]:
    """Every command saved in a file, read directly (no companion code involved)."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return [row[0] for row in conn.execute("SELECT command FROM steps ORDER BY game_id, step")]
    finally:
        conn.close()


def one_sentence(text: str) -> bool:
    """Each line the player sees is a sentence, never a traceback or an internal error."""
    lines = [x for x in text.splitlines() if x.strip()]
    return bool(lines) and "Traceback" not in text and "went wrong inside" not in text and \
        all(x.rstrip().endswith((".", ")", ":")) for x in lines)


def flip(db: Path, offset: int, mask: int = 0xFF) -> None:
    data = bytearray(db.read_bytes())
    data[offset] ^= mask
    db.write_bytes(bytes(data))


def zero_page(db: Path, page: int) -> None:
    data = bytearray(db.read_bytes())
    data[(page - 1) * PAGE: page * PAGE] = bytes(PAGE)
    db.write_bytes(bytes(data))


def kept_copies(db: Path) -> list[Path]:
    return sorted(p for p in db.parent.glob(f"{db.name}.corrupt-*")
                  if not p.name.endswith(("-wal", "-shm", "-journal")))
