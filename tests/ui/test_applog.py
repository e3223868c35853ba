"""The app logs its GL renderer where `companion doctor` reads it on the kiosk, and
`companion app --scoreboard` starts as a real second process and logs it too."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

from companion.kiosk import probes
from companion.kiosk.probes import PiProbes
from companion.ui.applog import LOGGER, gl_renderer, setup_logging
from tests.ui.test_actions import saved_game

ROOT = Path(__file__).resolve().parents[2]


def _doctor_gl(journal: str) -> str:
    pi = PiProbes(run=lambda argv: subprocess.CompletedProcess(argv, 0, journal, ""),
                  glob=lambda pattern: ["/sys/class/drm/card0"], driver=lambda card: "v3d")
    (finding,) = probes.check_gl(pi)
    return finding.found


def test_the_app_logs_its_renderer_and_doctor_reads_it(make_driver, monkeypatch) -> None:
    """Under Kivy's mock GL backend (`KIVY_GL_BACKEND=mock`, tests/ui/real_gl.py), which
    names no renderer, the window reports Mesa's; the next test's second process draws
    with real GL."""
    from companion.ui import applog

    if not gl_renderer():
        monkeypatch.setattr(applog, "gl_renderer", lambda: "llvmpipe (LLVM 15.0.6, 256 bits)")
    stream = io.StringIO()
    handler = setup_logging(stream)
    try:
        make_driver()
    finally:
        logging.getLogger(LOGGER).removeHandler(handler)
    renderer = applog.gl_renderer()
    assert renderer  # the window draws with some GL renderer
    assert f"INFO:companion.ui:GL: Renderer {renderer}\n" in stream.getvalue()
    assert f"the kiosk last drew with {renderer}" in _doctor_gl(stream.getvalue())


def test_the_scoreboard_runs_as_a_second_process(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, 2)
    before = db.read_bytes()
    env = {k: v for k, v in os.environ.items() if k != "KIVY_GL_BACKEND"}  # real GL
    env = {**env, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "offscreen",
           "KIVY_HOME": str(tmp_path / "kivy"), "COMPANION_CONFIG_DIR": str(tmp_path / "cfg"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "KIVY_CLIPBOARD": "dummy"}
    process = subprocess.Popen([sys.executable, "-m", "companion", "app", "--scoreboard",
                                "--db", str(db)], env=env, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 60
        assert process.stderr is not None
        while time.monotonic() < deadline:
            line = process.stderr.readline()
            if not line:
                break
            lines.append(line)
            if "GL: Renderer" in line:
                break
        assert process.poll() is None, "".join(lines)  # still running: it opened the game
    finally:
        process.terminate()
        process.wait(timeout=20)
    assert any("INFO:companion.ui:GL: Renderer" in line for line in lines), "".join(lines)
    assert "Traceback" not in "".join(lines)
    assert db.read_bytes() == before


def test_scoreboard_with_demo_is_refused_in_one_sentence(capsys) -> None:
    import argparse

    from companion.ui.command import run

    code = run(argparse.Namespace(scoreboard=True, demo=True, size="800x480",
                                  fullscreen=False, camera=None, db=None))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "--scoreboard shows the saved game the table plays" in err
