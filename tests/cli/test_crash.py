"""Kill `companion play` at random points: every acknowledged command must survive.

At most the one command in flight may also be there. SIGKILL cannot lose a
committed SQLite transaction; power loss is covered by synchronous=FULL (see
docs/journal.md), which a process kill cannot test.
"""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.cli.conftest import ROOT, companion

TRIALS = 50


def _trial(db: Path, rng: random.Random) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), "play", "--game", "xp",
         "--new", "--script", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    assert child.stdin and child.stdout
    acknowledged, in_flight = [], None
    for n in range(rng.randrange(0, 12)):
        command = rng.choice([f"note trial step {n}", "roll maneuver", "undo", "redo"])
        child.stdin.write(command + "\n")
        child.stdin.flush()
        in_flight = command
        answer = child.stdout.readline()
        if answer:
            in_flight = None
            if " ok:" in answer:  # refusals (nothing to undo) leave no step
                acknowledged.append(command)
    if rng.random() < 0.7:  # kill while a command is on its way
        in_flight = f"note in flight {rng.random()}"
        child.stdin.write(in_flight + "\n")
        child.stdin.flush()
        time.sleep(rng.uniform(0, 0.004))
    child.send_signal(signal.SIGKILL)
    child.wait()
    _check(db, acknowledged, in_flight)


def _check(db: Path, acknowledged: list[str], in_flight: str | None) -> None:
    if not db.exists():
        assert not acknowledged
        return
    run = companion("--db", str(db), "history", "--json")
    if run.returncode != 0:  # killed before the game itself was created
        assert not acknowledged and "no saved game" in run.stderr, run.stderr
        return
    commands = [row["command"] for row in json.loads(run.stdout)]
    assert commands[: len(acknowledged)] == acknowledged
    extra = commands[len(acknowledged):]
    assert extra in ([], [in_flight]), (extra, in_flight)
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def test_sigkill_at_random_points_loses_no_acknowledged_command(tmp_path):
    rng = random.Random(20261122)
    for trial in range(TRIALS):
        _trial(tmp_path / f"trial{trial}.db", rng)
