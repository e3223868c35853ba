"""The installed `companion` command holds Ctrl-C through Python's own start (issue 23).

deploy/common.sh writes `.venv/bin/companion` with `env --block-signal=INT` in its
first line: a Ctrl-C pressed while Python starts stays pending until the companion's
first lines let it in, and then says "Stopped." (exit 130). With pip's own script the
same Ctrl-C printed Python's traceback of its unfinished start, or killed the command
by the signal with no word (25 of 100 runs here answered; 100 of 100 with the
launcher).

Each run's delay counts from the moment the launcher holds the signal (env's first
instructions: /proc/PID/status shows SIGINT blocked) or, for a command that never
holds it, from its exec. Before that only the kernel and the dynamic loader run
(under a millisecond), where Ctrl-C ends any program by the signal; docs/journal.md.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNS = 100
FIRST = 0.1  # the window: Python's start is ~60 ms here, longer on a loaded machine


def _env_blocks_signals() -> bool:
    return subprocess.run(["/usr/bin/env", "--block-signal=INT", "true"],
                          capture_output=True).returncode == 0


pytestmark = pytest.mark.skipif(not _env_blocks_signals(),
                                reason="this env has no --block-signal (coreutils < 8.31)")


def write_launcher(python: str, target: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", '. deploy/common.sh; write_launcher "$1" "$2"', "_",
                           python, str(target)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


@pytest.fixture
def launcher(tmp_path: Path) -> Path:
    target = tmp_path / "bin" / "companion"
    target.parent.mkdir()
    target.write_text("pip's script\n")
    written = write_launcher(sys.executable, target)
    assert written.returncode == 0, written.stderr
    return target


def _as_from_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a suite run in the background ignores it


def _state(launcher: Path, data: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([str(launcher), "state"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_as_from_a_terminal,
                            env={**os.environ, "PYTHONPATH": str(ROOT),
                                 "COMPANION_DATA_DIR": str(data)})


def _holds_or_runs_python(pid: int) -> bool:
    """True once the launcher blocked SIGINT, or the process is no longer env."""
    try:
        if not os.readlink(f"/proc/{pid}/exe").endswith("/env"):
            return True
        with open(f"/proc/{pid}/status") as status:
            blocked = next(line for line in status if line.startswith("SigBlk:"))
    except (OSError, StopIteration):
        return True  # already gone
    return bool(int(blocked.split()[1], 16) & (1 << (signal.SIGINT - 1)))


def _interrupted(launcher: Path, data: Path, delay: float) -> tuple[int, str, str]:
    child = _state(launcher, data)
    deadline = time.monotonic() + 30
    while not _holds_or_runs_python(child.pid) and time.monotonic() < deadline:
        pass
    time.sleep(delay)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    return child.returncode, out, err


def test_ctrl_c_anywhere_in_the_first_tenth_of_a_second_says_stopped_or_answers(launcher,
                                                                               tmp_path):
    data = tmp_path / "data"
    started = subprocess.run([sys.executable, "-m", "companion", "play", "--game", "xp",
                              "--new", "--script", "-"], input="note hello\n", cwd=ROOT,
                             capture_output=True, text=True, timeout=60,
                             env={**os.environ, "PYTHONPATH": str(ROOT),
                                  "COMPANION_DATA_DIR": str(data)})
    assert started.returncode == 0, started.stderr
    whole = _state(launcher, data)
    answer, _ = whole.communicate(timeout=60)
    assert whole.returncode == 0 and answer
    seed = random.randrange(10**6)
    delays = random.Random(seed).choices([i * FIRST / 1000 for i in range(1000)], k=RUNS)
    outcomes: dict[str, int] = {}
    for delay in delays:
        code, out, err = _interrupted(launcher, data, delay)
        stopped = code == 130 and err.strip() == "Stopped." and answer.startswith(out)
        assert stopped or (code == 0 and out == answer and err == ""), (seed, delay, code, err)
        key = "stopped" if code == 130 else "answered"
        outcomes[key] = outcomes.get(key, 0) + 1
    assert outcomes.get("stopped", 0) >= RUNS // 2, outcomes  # most fall in the start


def test_a_path_with_quotes_spaces_and_dollars_is_started_as_is(tmp_path):
    folder = tmp_path / "it's a $HOME \\ place"
    (folder / "bin").mkdir(parents=True)
    python = folder / "bin" / "python"
    python.symlink_to(sys.executable)
    target = folder / "bin" / "companion"
    assert write_launcher(str(python), target).returncode == 0
    run = subprocess.run([str(target), "--help"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0 and run.stdout.startswith("usage: companion"), run.stderr
    assert target.read_text().startswith("#!/usr/bin/env -S --block-signal=INT '")


def test_a_path_too_long_for_the_kernel_keeps_pips_script_and_says_why(tmp_path):
    target = tmp_path / "companion"
    target.write_text("pip's script\n")
    written = write_launcher("/" + "a" * 240 + "/python", target)
    assert written.returncode == 0
    assert target.read_text() == "pip's script\n"
    assert "kept pip's own 'companion' command" in written.stderr
