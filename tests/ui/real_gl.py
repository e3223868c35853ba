"""Run one UI test again in a second process that draws with real GL.

`KIVY_GL_BACKEND=mock pytest tests/ui` draws with Kivy's mock GL backend, which computes
no pixel (a UI test's CPU less than half, docs/perf.md "Test suite"): a test that reads
pixels then runs itself again with `KIVY_GL_BACKEND=gl`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def drawing_for_real() -> bool:
    """This process draws with a real GL backend (pixels can be read)."""
    return os.environ.get("KIVY_GL_BACKEND", "") != "mock"


def run_with_real_gl(nodeid: str) -> None:
    """Run the test `nodeid` (path::name) in a child pytest drawing with real GL; fail with
    its output if it fails."""
    env = {**os.environ, "KIVY_GL_BACKEND": "gl"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           nodeid], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "1 passed" in done.stdout, done.stdout[-2000:]
