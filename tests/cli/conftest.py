import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def companion(*args: str, stdin: str | None = None, data_dir: Path | None = None,
              timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run the real `companion` command as a player would, in a child process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if data_dir is not None:
        env["COMPANION_DATA_DIR"] = str(data_dir)
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=timeout, cwd=ROOT)


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"
