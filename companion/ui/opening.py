"""What the first frame says: the heading of the game a start will resume, kept from the
last time the app showed it, readable before Kivy or any game is imported.

The app keeps the open game's heading (`presenters.history.game_heading`: the words the
Saved games list and the menu's Resume show) in a small file beside the saved games
whenever it changes (a new round, a new game, another game resumed), never per tap. At the
next start, a power cut's included, the splash reads it back in a millisecond, where the
game's own summary needs its rules imported and its state replayed (the slow part of a
start). A file missing, torn or kept for another saved-games file gives "Starting...".
"""

from __future__ import annotations

import json
import os
from pathlib import Path

#: The splash's words when no heading is known (a first start, a new saved-games file).
STARTING = "Starting..."


def opening_file(db: Path) -> Path:
    """The file beside the saved-games file `db` that keeps the heading of its game open
    last (one a file: the demo's file and the saved games' each have theirs)."""
    return db.with_name(f"{db.name}.opening.json")


def opening_words(heading: str | None) -> str:
    """The splash's sentence: the game being opened, or that the app is starting."""
    return f"Opening your game:\n{heading}..." if heading else STARTING


def remembered_heading(path: Path, db: Path) -> str | None:
    """The heading kept in `path` for the saved-games file `db`, or None."""
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or kept.get("db") != str(db):
        return None
    heading = kept.get("heading")
    return heading if isinstance(heading, str) and heading else None


def remember_heading(path: Path, db: Path, heading: str) -> None:
    """Keep `heading` for the next start: written whole, then put in place, so a power cut
    leaves the old file or the new one, never half of one (OSError if it cannot be)."""
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps({"db": str(db), "heading": heading}), encoding="utf-8")
    os.replace(part, path)
