"""The very first start on a machine: nothing of ours exists in the user's folders yet."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FIRST_START = """
from companion.ui.command import configure_kivy
configure_kivy((800, 480), False)
from kivy.app import App  # Kivy makes its home folder when it is imported
print("kivy imported")
"""


def test_the_first_start_makes_the_folders_kivy_needs(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIVY_")}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT),
               SDL_VIDEODRIVER="offscreen")
    done = subprocess.run([sys.executable, "-c", FIRST_START], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "kivy imported" in done.stdout
    assert (tmp_path / "config" / "exploration-companion" / "kivy").is_dir()
