"""`companion state --follow`: a read-only board that redraws when the game moves on."""

import json
import os
import subprocess
import sys
import time

from tests.cli.conftest import ROOT, companion


def _next_line(child: subprocess.Popen, deadline: float) -> dict:
    assert child.stdout is not None
    while time.monotonic() < deadline:
        line = child.stdout.readline()
        if line.strip():
            return json.loads(line)
    raise AssertionError("the board was not redrawn")


def test_the_board_follows_steps_saved_by_another_companion(db):
    companion("--db", str(db), "play", "--game", "ti4", "--new", "--script", "-",
              stdin="player Alice red\nplayer Bob blue\nsetup\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), "state", "--json", "--follow",
         "--interval", "0.05"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env, cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        first = _next_line(child, deadline)
        assert first["game_id"].startswith("ti4-")
        companion("--db", str(db), "play", "--game", "ti4", "--script", "-",
                  stdin="take Abyz for Alice\n")
        second = _next_line(child, deadline)
        assert second != first and "Abyz" in json.dumps(second)
    finally:
        child.kill()
        child.wait()


def test_the_board_says_what_changed_last_without_naming_hidden_cards(db):
    companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
              stdin="length 8\njoin Kourou Ana\njoin Baikonur Ben\nscan XP/P03\n")
    board = companion("--db", str(db), "state").stdout
    assert board.splitlines()[1].startswith("Last step (4): Kourou's primary mission recorded")
    view = json.loads(companion("--db", str(db), "state", "--json").stdout)
    assert view["last_step"]["step"] == 4 and "P03" not in json.dumps(view["last_step"])
