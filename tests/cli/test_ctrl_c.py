"""Ctrl-C while the `companion` command starts ends the run quietly (exit 130).

The package's first lines set the quiet handler (companion/__init__.py), so
from the companion's first instruction on no traceback is shown. Before that
instant only the interpreter runs (its own start, `import re` in the console
script pip writes): a signal there either kills the process before Python
handles signals or makes Python report its own unfinished start, and such a
report never holds a frame of the companion. Each start here is a child
process that waits for input, stopped at delays from 0 to 250 ms.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.conftest import ROOT

#: What pip writes for `[project.scripts] companion = "companion.cli:main"`.
CONSOLE_SCRIPT = """\
import re
import sys
from companion.cli import main
if __name__ == "__main__":
    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
    sys.exit(main())
"""
FIRST_COMPANION_LINE = 3  # the import: a frame there and none inside means not started yet
DELAYS = [i * 0.25 / 9 for i in range(10)]  # the first quarter second
LATE = 1.5  # surely past the interpreter's start, even on a loaded machine


@pytest.fixture
def console_script(tmp_path: Path) -> Path:
    script = tmp_path / "bin" / "companion"
    script.parent.mkdir()
    script.write_text(CONSOLE_SCRIPT)
    return script


def _as_from_a_terminal() -> None:
    """In the child: Ctrl-C as a terminal delivers it. A suite started in the background
    (CI, `cmd &`) inherits SIGINT ignored, and the companion rightly keeps it ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(entry: list[str], db: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, *entry, "--db", str(db), "play", "--game", "xp",
                             "--new"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)},
                            preexec_fn=_as_from_a_terminal)


def _interrupted(entry: list[str], db: Path, delay: float) -> tuple[int, str]:
    child = _start(entry, db)
    time.sleep(delay)
    child.send_signal(signal.SIGINT)
    code = child.wait(timeout=60)
    _, err = child.communicate(timeout=60)
    return code, err


def _frames(err: str) -> list[tuple[str, int]]:
    return [(f, int(n)) for f, n in re.findall(r'File "([^"]+)", line (\d+)', err)]


def _only_the_interpreter_started(err: str, script: str) -> bool:
    """A traceback of Python's own start: no frame of the companion's code ran."""
    companion = str(ROOT / "companion")
    return all(not f.startswith(companion) and not (f == script and n > FIRST_COMPANION_LINE)
               for f, n in _frames(err))


def _assert_quiet(code: int, err: str, script: str) -> bool:
    """True when the companion answered the signal itself (exit 130, no traceback)."""
    if code == 130:
        assert "Traceback" not in err and "went wrong inside" not in err, err
        return True
    # Python's own start was stopped: killed before it handles signals (nothing
    # printed), or Python reports the start it could not finish (exit -2 or 1).
    assert code in (-signal.SIGINT, 1), (code, err)
    assert _only_the_interpreter_started(err, script), err
    assert "went wrong inside" not in err and (err == "" or "KeyboardInterrupt" in err), err
    return False


@pytest.mark.parametrize("how", ["python -m companion", "console script"])
def test_ctrl_c_in_the_first_quarter_second_ends_the_start_quietly(how, tmp_path,
                                                                   console_script):
    entry = ["-m", "companion"] if how == "python -m companion" else [str(console_script)]
    for delay in DELAYS:
        _assert_quiet(*_interrupted(entry, tmp_path / "games.db", delay), str(console_script))
    # Once the interpreter has started, the companion itself always answers.
    assert _assert_quiet(*_interrupted(entry, tmp_path / "games.db", LATE), str(console_script))


def test_ctrl_c_once_play_runs_says_stopped(tmp_path, console_script):
    child = _start([str(console_script)], tmp_path / "games.db")
    assert child.stderr is not None
    assert child.stderr.readline().startswith("Started ")
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130 and err.strip() == "Stopped.", err


def _state(db: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "companion", "--db", str(db), "state"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            preexec_fn=_as_from_a_terminal)


def test_ctrl_c_at_any_moment_of_state_is_never_a_death_by_the_signal(tmp_path):
    """Issue 23: `state` interrupted once the companion ran ended killed by SIGINT (exit
    -2): after saying "Stopped." (CPython re-raised a caught interrupt at exit) or after
    printing the whole answer (the signal's default action, put back at exit). Each delay
    is a fraction of an uninterrupted run, so a slow machine is covered the same way."""
    db = tmp_path / "games.db"
    companion_run = subprocess.run([sys.executable, "-m", "companion", "--db", str(db), "play",
                                    "--game", "xp", "--new", "--script", "-"],
                                   input="note hello\n", capture_output=True, text=True,
                                   cwd=ROOT, timeout=60)
    assert companion_run.returncode == 0, companion_run.stderr
    started = time.monotonic()
    whole = _state(db)
    answer, _ = whole.communicate(timeout=60)
    duration = time.monotonic() - started
    assert whole.returncode == 0 and answer
    answered = 0
    for n in range(40):
        child = _state(db)
        time.sleep(duration * n / 32)  # from the first instant to past the end
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
        assert "Traceback" not in err or _only_the_interpreter_started(err, ""), err
        if out or "Stopped." in err:  # the companion ran: it answers, never the signal
            assert child.returncode in (0, 130), (child.returncode, out[-200:], err)
            assert child.returncode == 0 or err.strip().endswith("Stopped."), err
            assert child.returncode == 130 or out == answer
            answered += 1
        else:  # stopped inside the interpreter's own start, before any line of ours
            assert child.returncode in (-signal.SIGINT, 1), (child.returncode, err)
    assert answered >= 10, answered  # most delays fall after the interpreter started


def test_a_ctrl_c_python_cannot_raise_in_a_callback_prints_no_traceback(capfd):
    """Once in 40 Ctrl-Cs of `state` the signal came while Python dropped an import lock's
    weak reference, a callback no exception leaves: Python printed "Exception ignored in
    ..." with a traceback. Now it is dropped quietly (the command finishes, its answer
    whole), and noted as a Ctrl-C that came."""
    import gc
    import importlib
    import weakref

    main = importlib.import_module("companion.cli.main")
    before = signal.signal(signal.SIGINT, main._interrupt), sys.unraisablehook, main._interrupted
    sys.unraisablehook = main._interrupt_again  # (pytest sets its own as a test starts)

    class Lock:
        pass

    lock = Lock()
    dropped = weakref.ref(lock, lambda _ref: signal.raise_signal(signal.SIGINT))
    try:
        del lock  # the callback runs, and the Ctrl-C in it cannot leave it
        gc.collect()
        noted = main._interrupted
    finally:
        signal.signal(signal.SIGINT, before[0])
        sys.unraisablehook = before[1]
        main._interrupted = before[2]
    assert dropped() is None and noted
    assert "Traceback" not in capfd.readouterr().err
