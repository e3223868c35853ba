"""A whole golden game through the real `companion play`, ending on its scoreboard."""

import json
from pathlib import Path

from tests.cli.conftest import companion
from tests.exploration.test_playout_full_golden import EXPECTED, WINNERS

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def test_two_player_golden_game_plays_to_the_hand_worked_scoreboard(db):
    name = "xp_2p_8rounds.txt"
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--strict",
                    "--script", str(GOLDEN / name))
    assert run.returncode == 0, run.stdout[-2000:]
    view = json.loads(companion("--db", str(db), "state", "--json").stdout)
    assert view["phase"] == "end"
    for seat in view["seats"]:
        total, breakdown = EXPECTED[name][seat["seat"]]
        assert (seat["score"], seat["score_breakdown"]) == (total, breakdown)
    board = companion("--db", str(db), "state").stdout
    assert "FINAL SCOREBOARD" in board and WINNERS[name] in board


def test_public_state_never_names_a_hidden_mission_but_its_owner_sees_it(db):
    companion("--db", str(db), "play", "--game", "xp", "--new", "--script",
              str(Path(__file__).resolve().parents[1] / "exploration" / "demo_setup.txt"))
    public = companion("--db", str(db), "state", "--json").stdout
    own = json.loads(companion("--db", str(db), "state", "--json", "--as", "Kourou").stdout)
    mine = [m["id"] for m in own["my_missions"]]
    assert mine, "Kourou should hold missions after setup"
    for card_id in mine:
        assert f'"{card_id}"' not in public
    history = companion("--db", str(db), "history", "--json").stdout
    for card_id in mine:
        assert f"XP/{card_id}" not in history and f'"card": "{card_id}"' not in history
    names = {m["name"] for m in own["my_missions"]}
    others = {m["name"] for seat in ("Xichang", "Baikonur") for m in json.loads(
        companion("--db", str(db), "state", "--json", "--as", seat).stdout)["my_missions"]}
    for name in names - others:  # a name another seat also holds says nothing of Kourou
        assert name not in public and name not in history, name


def test_scripted_ti4_session_runs_through_companion_play(db):
    script = Path(__file__).resolve().parents[1] / "ti4" / "session.txt"
    run = companion("--db", str(db), "play", "--game", "ti4", "--new", "--strict", "--json",
                    "--script", str(script))
    assert run.returncode == 0, run.stdout[-2000:]
    results = [json.loads(line) for line in run.stdout.splitlines()]
    assert all(r["ok"] for r in results) and len(results) > 60
    view = json.loads(companion("--db", str(db), "state", "--json").stdout)
    assert view["game_id"].startswith("ti4-")
