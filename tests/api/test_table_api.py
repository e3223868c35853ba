"""The rest of the table API: views, history rows, odds, change notices, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

from companion.api import TableAPI, history_rows
from companion.session import open_session
from tests.cli.conftest import companion, json_lines
from tests.exploration.helpers import new_match, run, started_match

ROOT = Path(__file__).resolve().parents[2]


def test_the_view_names_every_code_and_says_what_the_game_waits_for():
    match = started_match(("Xichang", "Baikonur"))
    view = match.rules.view(match.state, match.catalog, None)
    assert view["phase_name"] == "Preparation phase"
    assert view["waiting_for"].startswith("Xichang's preparation turn")
    ship = view["seats"][0]["ships"][0]
    assert ship["location"] == "hand" and ship["location_name"] == "not deployed"
    run(match, "tech credits")
    view = match.rules.view(match.state, match.catalog, None)
    played = view["seats"][0]["technology_actions"][0]
    assert played["effect_name"] == "Gain 6 credits"
    assert view["flying"] is None and view["owed_draws"] == []


def test_score_entries_carry_a_category_a_chart_can_group_by(finished_xp_match):
    match = finished_xp_match
    view = match.rules.view(match.state, match.catalog, None)
    categories = {e["category"] for s in view["seats"] for e in s["score_entries"]}
    assert {"area control", "missions", "drops"} <= categories
    assert "other" not in categories
    for seat in view["seats"]:
        assert sum(e["points"] for e in seat["score_entries"]) == seat["score"]


def test_odds_of_a_mission_deck_include_the_hidden_hands():
    match = new_match(2)
    run(match, "length 8", "join Kourou", "join Xichang")
    before = match.execute("odds primary").message
    run(match, "for Kourou", "scan XP/P01")
    after = match.execute("odds primary").message
    assert before.split(": ", 1)[1] == after.split(": ", 1)[1]
    data = match.odds("primary").to_dict()
    assert data["hidden_in_hands"] == 1 and data["unseen"] == data["left"] + 1
    assert abs(sum(c["probability"] for c in data["cards"]) - 1) < 1e-3


def test_history_rows_say_step_sentence_time_and_undone():
    match = started_match(("Xichang", "Baikonur"))
    run(match, "tech credits", "undo")
    rows = history_rows(match, {1: "2026-11-23T10:00:00"})
    assert rows[0]["time"] == "2026-11-23T10:00:00"
    assert rows[-2]["command"] == "tech credits" and rows[-2]["undone"]
    assert rows[-1]["kind"] == "undo" and not rows[-1]["undone"]
    assert all(set(r) >= {"step", "sentence", "time", "undone"} for r in rows)


def test_subscribers_hear_each_commit_and_another_process_is_noticed(tmp_path):
    db = tmp_path / "g.db"
    first = TableAPI(open_session(db, "ti4", new=True, seed=1))
    heard = []
    stop = first.subscribe(heard.append)
    first.run("player Alice")
    first.run("setup codex please")  # refused: nothing committed, nothing heard
    assert [r.message for r in heard] == ["Alice takes a seat."]
    stop()
    second = TableAPI(open_session(db, None, first.session.game_id))
    assert not second.changed()
    first.run("player Bob")
    assert second.changed() and not second.changed()
    second.reload()
    assert second.view()["seats"][1]["seat"] == "Bob"
    first.session.close()
    second.session.close()


def test_companion_prompt_works_for_both_games(db):
    companion("--db", str(db), "play", "--game", "ti4", "--new", "--script",
              str(ROOT / "assets" / "demo" / "ti4.txt"))
    shown = json.loads(companion("--db", str(db), "prompt", "--json").stdout)
    assert set(shown) >= {"seat", "waiting_for", "expects_scan", "actions"}
    groups = json.loads(companion("--db", str(db), "prompt", "--json", "--after", "take").stdout)
    first = groups["actions"][0]["partial"]
    take = json.loads(companion("--db", str(db), "prompt", "--json", "--after", first).stdout)
    assert take["actions"] and all(a["command"].startswith("take ") for a in take["actions"])
    companion("--db", str(db), "play", "--game", "xp", "--new", "--script",
              str(ROOT / "tests" / "exploration" / "demo_setup.txt"))
    text = companion("--db", str(db), "prompt").stdout
    assert text.startswith("Waiting for:") and "sees the choices)" in text


def test_play_answers_the_prompt_verb_and_carries_the_next_hint(db):
    run = companion("--db", str(db), "play", "--game", "xp", "--new", "--json",
                    stdin="length 8\nprompt\nprompt --as Nobody\n")
    first, shown, refused = json_lines(run.stdout)
    assert first["next"] == "Players taking spaceports (at least 2)."
    templates = [a["input"]["template"] for a in shown["prompt"]["actions"] if "input" in a]
    assert shown["ok"] and templates[0] == "join Xichang {}"
    assert not refused["ok"] and refused["prompt"] is None
