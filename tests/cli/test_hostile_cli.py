"""Hostile or unusual input at the command line: one sentence each, never exit 3."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from tests.cli.conftest import ROOT, companion


def test_a_script_line_that_is_not_utf8_is_refused_alone(db, tmp_path):
    script = tmp_path / "s.txt"
    script.write_bytes(b"note first\nnote caf\xe9\nnote last\n")
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--script", str(script))
    assert run.returncode == 1, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "line 1 ok: Noted: first" and lines[2] == "line 3 ok: Noted: last"
    assert lines[1] == "line 2 refused: That line is not UTF-8 text, so it was not read; " \
                       "retype it."


def test_a_megabyte_line_with_an_open_quote_is_refused_at_once(db, tmp_path):
    script = tmp_path / "s.txt"
    script.write_text('note "' + "x" * 1_000_000 + "\nnote after\n")
    started = time.perf_counter()
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--script", str(script))
    assert time.perf_counter() - started < 20  # 31 s before, most of it shlex
    assert "line 1 refused: That line is" in run.stdout and "at most 4,096" in run.stdout
    assert "line 2 ok: Noted: after" in run.stdout


def test_control_codes_from_players_never_reach_the_terminal(db):
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
                    stdin="note \x1b[2J\x1b[5mblink\x07 \u202eevil\n")
    assert run.returncode == 0, run.stderr
    for shown in (run.stdout, companion("--db", str(db), "history").stdout):
        assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown
        assert "\\x1b[2J" in shown
    as_json = companion("--db", str(db), "history", "--json").stdout
    assert json.loads(as_json)[0]["command"].startswith("note \x1b[2J")  # the data is kept


@pytest.mark.parametrize("seed", [str(2**70), "-1", "1e3", "٣"])
def test_a_seed_beyond_64_bits_is_one_sentence(db, seed):
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--seed", seed,
                    "--script", "-", stdin="note x\n")
    assert run.returncode == 2 and "is not a seed" in run.stderr
    assert "Traceback" not in run.stderr and not db.exists()


@pytest.mark.parametrize("interval", ["-1", "nan", "inf", "0"])
def test_follow_refuses_an_interval_it_cannot_wait(db, interval):
    companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-", stdin="note\n")
    run = companion("--db", str(db), "state", "--follow", "--interval", interval, timeout=30)
    assert run.returncode == 2 and "is not an interval" in run.stderr


def test_play_with_standard_input_closed_is_one_sentence(db):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "companion", "--db", str(db), "play", "--game",
                          "xp", "--new"], stdin=subprocess.DEVNULL, capture_output=True,
                         text=True, env=env, cwd=ROOT, timeout=60,
                         preexec_fn=lambda: os.close(0))
    assert run.returncode == 1, run.stderr
    assert "Standard input is closed" in run.stderr and "Traceback" not in run.stderr


def test_an_over_long_line_says_its_real_length(tmp_path):
    from tests.store.damage import companion

    db = tmp_path / "g.db"
    for chars in (5_000, 20_000, 100_000):
        run = companion("--db", str(db), "play", "--game", "xp", "--script", "-",
                        stdin="note " + "é" * chars + "\nnote ok\n")
        assert f"That line is {chars + 5:,} characters long" in run.out, run.out[:300]
        assert "line 2 ok" in run.out


def _cli(tmp_path, env_extra, *args, stdin=""):
    import os
    import subprocess
    import sys

    from tests.cli.conftest import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT), **env_extra}
    return subprocess.run([sys.executable, "-m", "companion", "--db", str(tmp_path / "g.db"),
                           *args], input=stdin, capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120, encoding="utf-8", errors="replace")


def test_a_game_path_that_is_not_a_module_is_one_sentence_never_exit_3(tmp_path):
    run = _cli(tmp_path, {"COMPANION_GAMES": "../../etc"}, "state")
    assert run.returncode == 1 and "cannot be imported" in run.stderr, run.stderr
    assert "went wrong inside" not in run.stderr


def test_a_terminal_that_cannot_show_a_note_still_gets_every_answer(tmp_path):
    played = _cli(tmp_path, {"PYTHONIOENCODING": "ascii"}, "play", "--game", "xp",
                  "--script", "-", stdin="note caf\u00e9 \U0001f680\n")
    assert played.returncode == 0 and "line 1 ok" in played.stdout, played.stderr
    history = _cli(tmp_path, {"PYTHONIOENCODING": "latin-1"}, "history")
    assert history.returncode == 0 and "Noted" in history.stdout, history.stderr
