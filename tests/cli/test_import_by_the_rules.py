"""An import is played through the rules as a played game is (issue 23): a history the
rules would not have produced is refused naming the first step that breaks, every
count is checked before it is folded, and games exported by older companions import."""

from __future__ import annotations

import copy
import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import game
from companion.session import load_match
from companion.store.journal import Journal
from companion.transfer import ImportRefusedError, import_game
from tests.cli.conftest import companion

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
OLD_SAMPLES = [ROOT / "tests" / "compat" / "journal_d08fab6.db",
               ROOT / "tests" / "store" / "fixtures" / "saved-at-d08fab6.db"]


@pytest.fixture(scope="module")
def golden(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The export of a whole golden game of Exploration, played by `companion play`."""
    db = tmp_path_factory.mktemp("golden") / "games.db"
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--strict",
                    "--script", str(GOLDEN / "xp_2p_8rounds.txt"), timeout=180)
    assert run.returncode == 0, run.stdout[-2000:]
    return json.loads(companion("--db", str(db), "export").stdout)


def _first(data: dict[str, Any], kind: str) -> tuple[int, dict[str, Any]]:
    """The number of the first step holding an event of `kind`, and that event."""
    for step in data["steps"]:
        for event in step["events"]:
            if event["type"] == kind:
                return step["step"], event
    raise AssertionError(f"no {kind} event")


def _import(tmp_path: Path, data: dict[str, Any]) -> str:
    journal = Journal(tmp_path / "target.db")
    try:
        return import_game(journal, data, game(data["kind"]))
    finally:
        journal.close()


def test_a_whole_game_imports_and_shows_what_was_played(golden, tmp_path):
    game_id = _import(tmp_path, golden)
    shown = json.loads(companion("--db", str(tmp_path / "target.db"), "--game-id", game_id,
                                 "state", "--json").stdout)
    assert shown["phase"] == "end"
    assert len(golden["steps"]) > 100


def test_a_forged_score_of_4001_digits_is_refused_naming_its_step(golden, tmp_path):
    forged = copy.deepcopy(golden)
    number, scored = _first(forged, "scored")
    scored["points"] = 10**4000
    bad = tmp_path / "forged.json"
    bad.write_text(json.dumps(forged))
    run = companion("--db", str(tmp_path / "target.db"), "import", str(bad))
    assert run.returncode == 1 and "Traceback" not in run.stderr
    [sentence] = run.stderr.splitlines()
    assert sentence.startswith(f"{bad} could not be imported: Step {number} (")
    assert "has points 10000000000000000000... (4,001 characters) where the rules give" \
        in sentence
    assert len(sentence) < 400
    listed = companion("--db", str(tmp_path / "target.db"), "games", "--json")
    assert json.loads(listed.stdout or "[]") == []


def test_a_billion_draws_requested_is_refused_at_once(golden, tmp_path):
    forged = copy.deepcopy(golden)
    number, requested = _first(forged, "draws_requested")
    requested["count"] = 10**9
    started = time.monotonic()
    with pytest.raises(ImportRefusedError, match=rf"^Step {number} \(.*has count 1000000000 "
                                                 r"where the rules give \d+\.$"):
        _import(tmp_path, forged)
    assert time.monotonic() - started < 30  # it ran past 60 s and 3.9 GB before


@pytest.mark.parametrize("change", ["command", "event", "dropped event", "undo target",
                                    "seat"])
def test_a_history_the_rules_would_not_produce_is_refused_naming_the_first_step(
        golden, tmp_path, change):
    forged = copy.deepcopy(golden)
    steps = forged["steps"]
    if change == "command":  # the die the table rolled, told otherwise in the command
        step = next(s for s in steps if s["command"].endswith(" die three"))
        step["command"] = step["command"].replace(" die three", " die blank")
        expected = rf"^Step {step['step']} \('.* die blank'\) holds \d+ events where the rules"
    elif change == "event":  # a card drawn from another deck than the rules draw from
        step = next(s for s in steps if any(e["type"] == "card_moved" for e in s["events"]))
        moved = next(e for e in step["events"] if e["type"] == "card_moved")
        moved["from"] = "box"
        expected = rf"^Step {step['step']} .*has from \"box\" where the rules give"
    elif change == "dropped event":
        step = next(s for s in steps[10:] if len(s["events"]) > 1)
        step["events"].pop()
        expected = rf"^Step {step['step']} .*holds {len(step['events'])} events where the " \
                   rf"rules make {len(step['events']) + 1}\.$"
    elif change == "seat":  # a move said to be another seat's than the one who made it
        step = next(s for s in steps if s["seat"] == "Xichang")
        step["seat"] = "Baikonur"
        expected = rf"^Step {step['step']} .* is said to be Baikonur's, but by the rules it " \
                   r"is Xichang's\.$"
    else:  # an undo claims to take back another step than the one on top
        step = {"step": len(steps) + 1, "kind": "undo", "command": "undo", "message": "Undid",
                "target": 3, "seat": None, "events": []}
        steps.append(step)
        expected = rf"^Step {step['step']} \('undo'\) undoes step 3, but by the rules it " \
                   rf"undoes step {len(steps) - 1}\.$"
    with pytest.raises(ImportRefusedError, match=expected):
        _import(tmp_path, forged)


@pytest.mark.parametrize("sample", OLD_SAMPLES, ids=lambda p: p.name)
def test_every_game_saved_by_an_older_companion_exports_and_imports_the_same(
        sample, tmp_path):
    source_path = tmp_path / "old.db"
    shutil.copy(sample, source_path)
    source = Journal(source_path)
    target = Journal(tmp_path / "target.db")
    try:
        for record in source.games():
            kind = source.kind_of(record.game_id)
            data = json.loads(json.dumps(source.export(record.game_id)))
            copied = import_game(target, data, game(kind))
            before = load_match(source, record.game_id, game(kind)).state
            assert load_match(target, copied, game(kind)).state == before
    finally:
        source.close()
        target.close()
