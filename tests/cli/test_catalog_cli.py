"""`companion catalog`: one entry per physical card, and broken catalogs named precisely."""

import json

import pytest

from companion import catalogs, session
from companion.core.errors import CatalogError
from tests.cli.conftest import companion


def test_catalog_json_lists_one_entry_per_physical_card():
    rows = [json.loads(x) for x in companion("catalog", "--game", "xp", "--json")
            .stdout.splitlines()]
    assert len(rows) == 135
    assert len({r["tag"] for r in rows}) == 135
    assert set(rows[0]) >= {"tag", "deck", "design", "name", "copy", "kind"}
    ti4 = [json.loads(x) for x in companion("catalog", "--game", "ti4", "--json")
           .stdout.splitlines()]
    exploration = [r for r in ti4 if r["deck"] in ("cultural", "hazardous", "industrial",
                                                    "frontier") and r["option"] is None]
    assert len(exploration) == 74


def test_catalog_check_passes_both_shipped_catalogs():
    run = companion("catalog", "check")
    assert run.returncode == 0
    assert "exploration.toml: ok, 135 tagged items" in run.stdout
    assert "ti4.toml: ok" in run.stdout


def test_a_broken_catalog_names_the_file_and_the_key(tmp_path):
    text = catalogs.catalog_path("xp").read_text(encoding="utf-8")
    broken = tmp_path / "mine.toml"
    broken.write_text(text.replace('ids = ["H01"', 'ids = ["H-01"', 1), encoding="utf-8")
    run = companion("catalog", "check", "--file", str(broken))
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("mine.toml: cards[") and "'H-01' is not 1-7 characters" \
        in run.stderr
    broken.write_text("[catalog\n", encoding="utf-8")
    run = companion("catalog", "check", "--file", str(broken))
    assert run.returncode == 1 and "is not valid TOML" in run.stderr


def test_no_game_starts_on_a_broken_catalog(tmp_path, monkeypatch):
    broken = tmp_path / "exploration.toml"
    broken.write_text('[catalog]\ngame = "xp"\n', encoding="utf-8")
    monkeypatch.setattr(session, "load_catalog",
                        lambda game: catalogs.load_catalog_file(broken))
    with pytest.raises(CatalogError, match=r"exploration\.toml: catalog\.title: is missing"):
        session.open_session(tmp_path / "g.db", "xp", new=True)
    journal, _ = session.open_db(tmp_path / "g.db")
    assert journal.games() == []
