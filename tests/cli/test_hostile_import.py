"""Crafted import files: every field bounded and checked before anything is written."""

from __future__ import annotations

import copy
import json
import os
import threading

import pytest

from tests.cli.conftest import companion

SCRIPT = "player Alice red\nplayer Bob blue\nsetup\ntake Abyz for Alice\n"


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("export")
    db = folder / "source.db"
    companion("--db", str(db), "play", "--game", "ti4", "--new", "--seed", "5", "--script", "-",
              stdin=SCRIPT)
    return json.loads(companion("--db", str(db), "export").stdout)


def _crafted(exported, change):
    data = copy.deepcopy(exported)
    change(data)
    return data


def _card_seven(data):
    event = next(e for s in data["steps"] for e in s["events"] if "card" in e)
    event["card"] = "7"


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


CRAFTED = {
    "step number 2^63-1": _set(("steps", 3, "step"), 2**63 - 1),
    "seed 2^70": _set(("seed",), 2**70),
    "seed 1e300": _set(("seed",), 1e300),
    "card 7 in an event": _card_seven,
    "undo of a later step": _set(("steps", 1, "target"), 9),
    "command not text": _set(("steps", 0, "command"), {"a": 1}),
    "events not a list": _set(("steps", 0, "events"), "x"),
}


@pytest.mark.parametrize("case", CRAFTED)
def test_a_crafted_game_is_refused_whole(exported, tmp_path, case):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_crafted(exported, CRAFTED[case])))
    _refused(tmp_path, bad)


RAW = {
    "Infinity": lambda text: text.replace('"seed": 5', '"seed": Infinity'),
    "NaN": lambda text: text.replace('"seed": 5', '"seed": NaN'),
    "5,000 digits": lambda text: text.replace('"seed": 5', '"seed": ' + "9" * 5000),
    "100,000 levels": lambda text: "[" * 100_000 + "]" * 100_000,
}


@pytest.mark.parametrize("case", RAW)
def test_json_no_export_could_hold_is_refused(exported, tmp_path, case):
    bad = tmp_path / "bad.json"
    text = json.dumps(exported)
    assert '"seed": 5' in text
    bad.write_text(RAW[case](text))
    _refused(tmp_path, bad)


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16"])
def test_text_that_is_not_utf8_is_refused(exported, tmp_path, encoding):
    bad = tmp_path / "bad.json"
    data = _crafted(exported, _set(("steps", 0, "command"), "player Zoë red"))
    bad.write_bytes(json.dumps(data, ensure_ascii=False).encode(encoding))
    _refused(tmp_path, bad)


def test_only_regular_files_are_read(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    writer = threading.Timer(20, lambda: open(fifo, "w").close())  # unblock a blocked reader
    writer.start()
    try:
        _refused(tmp_path, fifo)
        _refused(tmp_path, "/dev/zero")
    finally:
        writer.cancel()


def _refused(tmp_path, path):
    db = tmp_path / "target.db"
    run = companion("--db", str(db), "import", str(path), timeout=60)
    assert run.returncode == 1, (run.returncode, run.stderr[-500:])
    assert "Traceback" not in run.stderr and len(run.stderr.splitlines()) == 1
    assert len(run.stderr) < 400
    listed = companion("--db", str(db), "games", "--json")
    assert not db.exists() or json.loads(listed.stdout) == []


def test_the_untouched_export_still_imports_and_plays(exported, tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(exported))
    db = tmp_path / "target.db"
    run = companion("--db", str(db), "import", str(good))
    assert run.returncode == 0, run.stderr
    game_id = run.stdout.split()[-1].rstrip(".")
    more = companion("--db", str(db), "--game-id", game_id, "play", "--script", "-",
                     stdin="undo\n")
    assert more.returncode == 0, more.stdout + more.stderr
