"""`companion play` and friends, driven exactly as a script or a player drives them."""

import json
import sqlite3

from tests.cli.conftest import companion, json_lines

SCRIPT = """# a comment line is not a command
note "Cape Canaveral" is one word here
roll maneuver
fly to mars
undo
"""


def test_one_json_result_per_command_and_exit_code_one_on_refusal(db):
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
                    "--json", stdin=SCRIPT)
    results = json_lines(run.stdout)
    assert [r["line"] for r in results] == [2, 3, 4, 5]
    assert [r["ok"] for r in results] == [True, True, False, True]
    assert results[0]["message"] == 'Noted: Cape Canaveral is one word here'
    assert results[1]["events"][0]["type"] == "die_rolled"
    assert "fly" in results[2]["message"] and results[2]["events"] == []
    assert run.returncode == 1
    assert "Traceback" not in run.stderr


def test_strict_stops_at_the_first_refusal_with_exit_two(db):
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
                    "--strict", stdin="note a\nbogus verb\nnote never run\n")
    assert run.returncode == 2
    assert run.stdout.splitlines() == ["line 1 ok: Noted: a",
                                       run.stdout.splitlines()[1]]
    assert run.stdout.splitlines()[1].startswith("line 2 refused:")


def test_play_resumes_the_last_game_and_history_lists_every_step(db):
    companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
              stdin="note first\n")
    companion("--db", str(db), "play", "--game", "xp", "--script", "-",
              stdin="note second\nundo\n")
    history = json.loads(companion("--db", str(db), "history", "--json").stdout)
    assert [h["command"] for h in history] == ["note first", "note second", "undo"]
    assert [h["undone"] for h in history] == [False, True, False]
    assert companion("--db", str(db), "games").stdout.count("xp-") == 1
    text = companion("--db", str(db), "history").stdout
    assert "(undone)" in text.splitlines()[1]


def test_foreign_scan_is_reported_not_refused(db):
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
                    stdin="scan https://example.org/menu\n")
    assert run.returncode == 0
    assert run.stdout.startswith("line 1 foreign:")


def test_tag_of_the_other_game_and_unknown_tag_are_one_sentence(db):
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
                    "--json", stdin="scan TI/C01\nscan XP/ZZ99\n")
    messages = [r["message"] for r in json_lines(run.stdout)]
    assert messages == ["TI/C01 is a TI4 Exploration card, not part of this Exploration game.",
                        "XP/ZZ99 is not a card in the Exploration catalog."]


def test_unknown_saved_game_is_one_sentence(db):
    run = companion("--db", str(db), "--game-id", "xp-19990101-1", "state")
    assert run.returncode == 1
    assert run.stderr.strip() == ("There is no saved game called 'xp-19990101-1'; "
                                  "`companion games` lists them.")


def test_state_without_any_game_says_how_to_start(db):
    run = companion("--db", str(db), "state")
    assert run.returncode == 1 and "companion play --game GAME" in run.stderr
    assert "xp, ti4" in run.stderr  # every registered game is offered


def test_corrupt_saved_games_file_is_kept_aside_and_play_goes_on(db):
    db.write_bytes(b"garbage" * 1000)
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
                    stdin="note after the damage\n")
    assert run.returncode == 0
    assert "was damaged; it was kept as games.db.corrupt-" in run.stderr
    assert list(db.parent.glob("games.db.corrupt-*"))


def test_export_import_round_trip(db, tmp_path):
    companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
              stdin="note one\nroll maneuver\n")
    exported = companion("--db", str(db), "export").stdout
    (tmp_path / "game.json").write_text(exported)
    other = tmp_path / "other.db"
    run = companion("--db", str(other), "import", str(tmp_path / "game.json"))
    assert run.returncode == 0 and run.stdout.startswith("Imported as xp-")
    assert companion("--db", str(other), "history").stdout.count("\n") == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    failed = companion("--db", str(other), "import", str(bad))
    assert failed.returncode == 1 and "is not a game exported by the companion" in failed.stderr


def test_saved_games_default_to_the_users_data_directory(tmp_path):
    run = companion("play", "--game", "xp", "--new", "--script", "-", stdin="note x\n",
                    data_dir=tmp_path / "data")
    assert run.returncode == 0
    conn = sqlite3.connect(tmp_path / "data" / "games.db")
    assert conn.execute("SELECT COUNT(*) FROM steps").fetchone()[0] == 1


def test_crafted_import_files_are_refused_with_a_sentence(db, tmp_path):
    companion("--db", str(db), "play", "--game", "xp", "--new", "--script", "-",
              stdin="note one\nnote two\n")
    good = json.loads(companion("--db", str(db), "export").stdout)
    crafted = {
        "events": lambda g: g["steps"][0].update(events=["oops"]),
        "catalog": lambda g: g.update(catalog=[1]),
        "undo of nothing": lambda g: g["steps"].insert(0, {**g["steps"][0], "step": 0,
                                                            "kind": "undo", "events": []}),
        "repeated step": lambda g: g["steps"].append(g["steps"][0]),
        "unknown kind": lambda g: g["steps"][0].update(kind="maybe"),
    }
    for name, spoil in crafted.items():
        data = json.loads(json.dumps(good))
        spoil(data)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data))
        run = companion("--db", str(db), "import", str(path))
        assert run.returncode == 1, name
        assert "could not be imported" in run.stderr and "Something went wrong" not in \
            run.stderr, (name, run.stderr)
    assert companion("--db", str(db), "games").stdout.count("xp-") == 1
