"""The companion never follows a link it did not make in its own data folder."""

from __future__ import annotations

import contextlib
import io

from companion.cli.main import _unexpected
from tests.store.damage import saved_game


def test_a_planted_crash_log_link_is_never_written_through(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    target = tmp_path / "someone-elses.txt"
    target.write_text("theirs\n")
    (tmp_path / "crash.log").symlink_to(target)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert _unexpected(RuntimeError("boom")) == 3
    assert target.read_text() == "theirs\n"
    assert "went wrong inside" in err.getvalue() and "Details were written" not in err.getvalue()


def test_a_backups_link_never_lets_pruning_delete_what_it_points_to(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    unrelated = [elsewhere / f"g-00000{n}-20261126-101500.db" for n in range(1, 7)]
    for path in unrelated:
        path.write_text("not a backup of ours")
    db = tmp_path / "play" / "g.db"
    db.parent.mkdir()
    (db.parent / "backups").symlink_to(elsewhere)
    saved_game(db, notes=3)  # its close backs up: refused, the game itself saved
    assert all(p.read_text() == "not a backup of ours" for p in unrelated)
    assert sorted(p.name for p in elsewhere.iterdir()) == sorted(p.name for p in unrelated)
