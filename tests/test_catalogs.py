"""The packaged catalogs as the table reads them: read once a process, again when changed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from companion import catalogs
from companion.catalogs import load_catalog


def test_a_new_game_takes_the_catalog_already_read_and_a_changed_file_is_read_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = catalogs._asset("catalogs", "x")  # the packaged folder
    folder = tmp_path / "catalogs"
    shutil.copytree(real.parent, folder)
    monkeypatch.setattr(catalogs, "_asset", lambda _kind, name: folder / name)
    first = load_catalog("xp")
    # "Start the game" reads the catalog the new-game form read a moment before: parsing
    # its TOML again was 60 ms of that tap on one core (docs/perf.md).
    assert load_catalog("xp") is first
    path = folder / Path(catalogs.catalog_path("xp")).name
    text = path.read_text(encoding="utf-8")
    assert f'title = "{first.title}"' in text
    path.write_text(text.replace(f'title = "{first.title}"', 'title = "Exploration (new)"', 1),
                    encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    assert load_catalog("xp").title == "Exploration (new)"  # an updated catalog is used
