"""Games saved by the companion at d08fab6 open, show the same state and play on.

The journal was written before the core builder, the phase tables and event
validation (see README.md): it is what a player's saved-games file holds.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.core.catalog import Catalog
from companion.core.engine import Match
from companion.core.errors import DamageError
from companion.games.exploration.state import LEGACY_DRAFT_PACKS
from companion.games.registry import game
from companion.session import import_game, load_match
from companion.store.journal import Journal
from tests.cli.conftest import companion


def journal_catalog(journal: Journal, game_id: str, kind: str) -> Catalog:
    return game(kind).catalog_from_data(journal.catalog_data(game_id), "saved")


HERE = Path(__file__).resolve().parent
GAMES = {"xp": "xp-20261123-1", "ti4": "ti4-20261123-1"}


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A copy of the old saved-games file (the original is never written)."""
    copy = tmp_path / "games.db"
    shutil.copy(HERE / "journal_d08fab6.db", copy)
    return copy


def _script(kind: str) -> list[str]:
    lines = (HERE / f"{kind}_d08fab6.txt").read_text().splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def _contains(old: Any, new: Any, where: str = "state") -> None:
    """Every key and value the old output had is in the new one (new keys are allowed)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), where
        for key, value in old.items():
            assert key in new, f"{where}.{key} was dropped"
            _contains(value, new[key], f"{where}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), where
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            _contains(a, b, f"{where}[{i}]")
    else:
        assert old == new, f"{where}: {old!r} became {new!r}"


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_an_old_game_replays_to_the_state_today_s_code_gives_its_script(saved, kind):
    journal = Journal(saved)
    loaded = load_match(journal, GAMES[kind], game(kind))
    fresh: Match[Any] = Match(game(kind).rules,
                                journal_catalog(journal, GAMES[kind], kind), seed=7)
    for line in _script(kind):
        assert fresh.execute(line).ok, line
    assert loaded.state == fresh.state == loaded.replay_from_start()
    journal.close()


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_an_old_game_shows_every_key_it_showed_and_plays_on(saved, kind):
    shown = companion("--db", str(saved), "--game-id", GAMES[kind], "state", "--json")
    assert shown.returncode == 0, shown.stderr
    old = json.loads((HERE / f"{kind}_state_d08fab6.json").read_text())
    _contains(old, json.loads(shown.stdout))
    more = "redo\ndone\ntech credits\n" if kind == "xp" else "take Mehar Xull for Carol\nundo\n"
    played = companion("--db", str(saved), "--game-id", GAMES[kind], "play", "--strict",
                       "--json", "--script", "-", stdin=more)
    assert played.returncode == 0, played.stdout + played.stderr
    assert all(json.loads(line)["ok"] for line in played.stdout.splitlines())


def test_an_event_type_no_game_knows_is_damage_not_skipped(saved):
    with sqlite3.connect(saved) as conn:
        conn.execute("UPDATE events SET type='warp_jumped' WHERE game_id=? AND step=5 "
                     "AND idx=0", (GAMES["xp"],))
    journal = Journal(saved)
    with pytest.raises(DamageError, match=r"Step 5 .*'warp_jumped'.* damaged") as caught:
        load_match(journal, GAMES["xp"], game("xp"))
    assert caught.value.step == 5
    journal.close()
    shown = companion("--db", str(saved), "--game-id", GAMES["xp"], "state")
    assert shown.returncode != 0 and "damaged" in shown.stderr
    assert "Traceback" not in shown.stderr + shown.stdout


def test_a_draft_stored_without_its_pack_count_is_migrated_on_read(saved):
    with sqlite3.connect(saved) as conn:
        changed = conn.execute(
            "UPDATE events SET data=json_remove(data, '$.pack_count') "
            "WHERE game_id=? AND type='draft_started'", (GAMES["xp"],)).rowcount
    assert changed == 1
    journal = Journal(saved)
    match = load_match(journal, GAMES["xp"], game("xp"))
    started = next(e for s in match.history() for e in s.events if e.type == "draft_started")
    assert started["pack_count"] == LEGACY_DRAFT_PACKS
    assert match.state.draft.pack_count == LEGACY_DRAFT_PACKS
    assert match.execute("redo").ok
    journal.close()


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_an_old_export_imports_and_one_with_an_unknown_event_is_refused(saved, tmp_path, kind):
    source = Journal(saved)
    data = source.export(GAMES[kind])
    source.close()
    target = Journal(tmp_path / "other.db")
    copied = import_game(target, data, game(kind))
    assert [g.game_id for g in target.games()] == [copied]
    data["steps"][2]["events"][0]["type"] = "teleported"
    with pytest.raises(DamageError, match="'teleported'"):
        import_game(target, data, game(kind))
    assert [g.game_id for g in target.games()] == [copied]  # the refused one added nothing
    target.close()


def test_the_cli_refuses_an_import_with_an_unknown_event_in_one_sentence(saved, tmp_path):
    source = Journal(saved)
    data = source.export(GAMES["ti4"])
    source.close()
    data["steps"][2]["events"][0]["type"] = "teleported"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    refused = companion("--db", str(tmp_path / "other.db"), "import", str(bad))
    assert refused.returncode != 0 and "'teleported'" in refused.stderr
    assert "Traceback" not in refused.stderr + refused.stdout
