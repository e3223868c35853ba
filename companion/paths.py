"""Where saved games live: the user's data directory unless --db says otherwise."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "exploration-companion"


def data_dir() -> Path:
    """The per-user data directory (XDG on Linux), overridable for tests and kiosks."""
    override = os.environ.get("COMPANION_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def default_db() -> Path:
    return data_dir() / "games.db"
