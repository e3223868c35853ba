"""Every benchmark in bench/ still runs: each is started as its docs say, with tiny sizes,
and must finish and print its figures. (The figures themselves are not checked: a
benchmark is not a test; this only keeps one from rotting unseen.)

bench/scanner_bound.py, scanner_hard.py, scanner_seq.py, ui_flows.py, ui_session.py and
ui_start.py are parts of scanner.py and ui.py, run by those.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Each benchmark with the smallest arguments that still go through all of its code.
RUNS = {
    "commands": ["--repeat", "1"],
    "journal": ["--events", "50", "--repeat", "1"],
    "kiosk": ["--games", "2", "--events", "50", "--repeat", "1"],
    "scoreboard": ["--events", "50", "--repeat", "1"],
    "table_api": ["--events", "50", "--repeat", "2", "--reloads", "10"],
    "table_api playouts": ["--playouts", "1"],
    "scanner": ["--hard-frames", "4", "--per-condition", "1", "--floor-per-step", "1",
                "--latency-cards", "1", "--hold-seconds", "0.5", "--sequences", "2",
                "--sequence-frames", "2"],
    "ui": ["--events", "50", "--starts", "1", "--taps", "2", "--preview-seconds", "0.5"],
    "ui night": ["--only", "night", "--night-taps", "5", "--nights", "1"],
    "ui budget": ["--only", "budget", "--quick-flows", "--events", "50", "--starts", "1"],
    "phones": ["--phones", "2", "--steps", "4", "--every", "0.01"],
    "journal_heads": ["--steps", "5", "--rounds", "1"],
    "decode_bound": ["--rounds", "1", "--flips", "2"],
    "import_replay": ["--steps", "50", "--rounds", "1"],
    "voice": ["--steps", "2", "--seconds", "0.5"],
    "ui_resize": ["--resizes", "1"],
    "ui_newgame": ["--runs", "1"],
}
#: Only a benchmark that hangs waits this long.
PATIENCE = 600


def _run(script: str, args: list[str], tmp_path: Path) -> str:
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1",
           "COMPANION_CONFIG_DIR": str(tmp_path / "config"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / f"{script}.py"), *args],
                          capture_output=True, text=True, timeout=PATIENCE, cwd=ROOT, env=env)
    assert done.returncode == 0, f"bench/{script}.py {' '.join(args)} failed:\n{done.stderr}"
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RUNS))
def test_the_benchmark_runs_and_prints_its_figures(name: str, tmp_path: Path) -> None:
    out = _run(name.split()[0], RUNS[name], tmp_path)
    if name == "table_api playouts":
        assert "reached final scores" in out
    elif name == "journal_heads":
        assert "ms per step" in out, out
    elif name == "scanner":
        assert "| reader |" in out and "Hold test" in out
    else:
        assert "|---" in out, out  # its markdown table


@pytest.mark.slow
def test_the_journal_open_benchmark_opens_a_filled_game(tmp_path: Path) -> None:
    from bench.journal import fill

    db = tmp_path / "bench.db"
    game_id, _rate, _commands = fill(db, "xp", 50)
    out = _run("journal_open", [str(db), game_id, "xp", "2"], tmp_path)
    assert out.startswith("wall ") and " ms, cpu " in out
