"""The test game plays through every command, registered only in this process.

Comet Race lives in tests/racegame with its own catalog and demo; nothing outside
its package names it. If one of these fails after a change elsewhere, that change
made a game's skeleton depend on something only the shipped games have.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from companion.core.engine import Match
from companion.games.registry import games
from companion.scanner.codes import RawCode
from companion.scanner.resolve import TagResolver, default_loader
from companion.session import open_session
from tests.cli.conftest import companion, json_lines
from tests.racegame import GAME

SETUP = "join Ann\njoin Bo\nstart\n"


def test_the_test_game_is_registered_beside_the_shipped_ones():
    assert "race" in games() and games().by_prefix("RC") is GAME
    assert {"xp", "ti4"} <= set(games().ids)


def test_play_state_history_and_undo_through_the_cli(tmp_path):
    db = str(tmp_path / "games.db")
    run = companion("--db", db, "play", "--game", "race", "--new", "--seed", "4", "--json",
                    "--script", "-", stdin=SETUP + "roll d6 5\nscan RC/T1\nundo\ndraw comet\n")
    results = json_lines(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Ann's comet moves to space 5 of 12 (rolled 5)" in results[3]["message"]
    assert "Bo's comet moves to space 2 of 12 (Tailwind, T1)" in results[4]["message"]
    assert results[5]["message"].startswith("Undid step 5 (scan RC/T1)")
    assert results[6]["message"].startswith("The app drew ")
    state = json.loads(companion("--db", db, "state", "--json").stdout)
    assert [s["seat"] for s in state["seats"]] == ["Ann", "Bo"]
    assert state["seats"][0]["position"] == 5 and state["active"] == "Ann"
    history = json.loads(companion("--db", db, "history", "--json").stdout)
    assert [h["undone"] for h in history].count(True) == 1


def test_refusals_are_one_sentence_and_change_nothing(tmp_path):
    db = str(tmp_path / "games.db")
    run = companion("--db", db, "play", "--game", "race", "--new", "--json", "--script", "-",
                    stdin="start\njoin Ann\njoin Bo\njoin Cy\njoin Di\njoin Ed\nstart\n"
                          "scan XP/H01\nscan RC/ZZ9\nadjust Ann score ٣\nroll d6 7\n")
    results = json_lines(run.stdout)
    refused = [r["message"] for r in results if not r["ok"]]
    assert refused[0] == "Comet Race needs at least 2 seats."
    assert refused[1] == "Comet Race seats at most 4."
    assert refused[2] == "XP/H01 is an Exploration card, not part of this Comet Race game."
    assert refused[3] == "RC/ZZ9 is not a card in the Comet Race catalog."
    assert "is not a whole number" in refused[4] and len(refused[4]) < 120
    assert "is not a face of the d6 die" in refused[5]
    assert len(refused) == 6 and "Traceback" not in run.stderr
    state = json.loads(companion("--db", db, "state", "--json").stdout)
    assert [s["position"] for s in state["seats"]] == [0, 0, 0, 0]


def test_the_demo_plays_to_a_winner():
    run = companion("demo", "--game", "race", "--quiet")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Ann: space 12 of 12 (winner)" in run.stdout


def test_catalog_lists_and_checks_the_test_game():
    listed = json_lines(companion("catalog", "--game", "race", "--json").stdout)
    assert len(listed) == 12 and listed[0]["tag"] == "RC/T1"
    checked = companion("catalog", "check")
    assert "race.toml: ok, 12 tagged items (comet 12)" in checked.stdout
    assert "exploration.toml: ok" in checked.stdout  # adding a game took nothing away


def test_a_catalog_missing_a_rule_number_is_refused_by_catalog_check(tmp_path):
    broken = tmp_path / "race.toml"
    text = Path(GAME.catalog_file).read_text(encoding="utf-8")
    broken.write_text(text.replace("track_length = 12\n", ""), encoding="utf-8")
    run = companion("catalog", "check", "--file", str(broken))
    assert run.returncode == 1 and "rules.track_length" in run.stderr
    assert "Traceback" not in run.stderr


def test_printed_tags_decode_back_to_the_test_games_cards(tmp_path):
    import pypdfium2 as pdfium

    pdf = tmp_path / "comets.pdf"
    made = companion("tags", "--game", "race", "--out", str(pdf))
    assert made.returncode == 0 and "12 stickers" in made.stdout, made.stdout + made.stderr
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=300 / 72, grayscale=True).to_numpy()
    png = tmp_path / "page.png"
    cv2.imwrite(str(png), image if image.ndim == 2 else image[:, :, 0])
    decoded = json.loads(companion("decode", "--game", "race", "--json", str(png)).stdout)
    cards = {c["text"]: c["card"]["name"] for c in decoded["codes"] if c["status"] == "ok"}
    assert len(cards) == 12 and cards["RC/W2"] == "Wormhole"


def _resolved(text: str) -> object:
    resolver = TagResolver(default_loader, "race")
    return resolver.resolve(RawCode(text.encode(), (), "test"))


def test_a_camera_scan_reaches_the_game_typed_and_only_a_card_of_it_changes_it(tmp_path):
    session = open_session(tmp_path / "games.db", "race", new=True, seed=1)
    try:
        for line in SETUP.splitlines():
            assert session.run(line).ok
        played = session.scan(_resolved("RC/W1"))  # type: ignore[arg-type]
        assert played.ok and "Ann's comet moves to space 4 of 12" in played.message
        assert session.match.history()[-1].command == "scan RC/W1"
        before = session.match.state
        for text, status in (("TI/C01", "other-game"), ("RC/ZZ9", "unknown"),
                             ("hello", "foreign")):
            code = _resolved(text)
            assert code.status == status  # type: ignore[attr-defined]
            result = session.scan(code)  # type: ignore[arg-type]
            assert result.kind in ("refused", "foreign") and result.message
        assert session.match.state == before
    finally:
        session.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playouts_replay_to_the_same_state_and_every_card_is_in_one_place(seed):
    catalog = GAME.catalog_from_data(
        __import__("tomllib").loads(Path(GAME.catalog_file).read_text()), "race.toml")
    match = Match(GAME.rules, catalog, seed)
    for line in SETUP.splitlines():
        assert match.execute(line).ok
    for turn in range(60):
        line = "draw comet" if turn % 3 else "roll d6"
        if not match.execute(line).ok:
            assert match.state.table.phase == "finished"
            break
    assert match.state.table.phase == "finished"
    assert match.replay_from_start() == match.state
    assert sorted(match.state.table.locations) == sorted(catalog.cards)
