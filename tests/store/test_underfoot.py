"""Files changed underfoot: companions starting together, a file replaced or deleted in play."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from companion.session import open_session
from companion.store.journal import file_identity
from tests.cli.conftest import ROOT
from tests.store.damage import commands_in, kept_copies, one_sentence, saved_game

COMPANIONS = 4


Finished = subprocess.CompletedProcess[str]


def _start_together(db: Path, scripts: list[str], *extra: str) -> list[Finished]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), "play", "--game", "xp",
         *extra, "--script", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT) for _ in scripts]
    runs = []
    for child, script in zip(children, scripts, strict=True):
        out, err = child.communicate(script, timeout=120)
        runs.append(subprocess.CompletedProcess(child.args, child.returncode, out, err))
    return runs


def _acknowledged(run: subprocess.CompletedProcess[str], script: str) -> list[str]:
    lines = script.splitlines()
    return [lines[int(x.split()[1]) - 1] for x in run.stdout.splitlines() if " ok:" in x]


def test_companions_starting_together_on_a_new_file_all_start(tmp_path):
    db = tmp_path / "games.db"
    scripts = [f"note first start {n}\n" for n in range(COMPANIONS)]
    runs = _start_together(db, scripts, "--new")
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert "Traceback" not in run.stderr
    assert sorted(commands_in(db)) == sorted(s.strip() for s in scripts)


def test_companions_starting_together_on_a_damaged_file_set_it_aside_once(tmp_path):
    db = tmp_path / "games.db"
    saved_game(db, notes=30)
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    damaged = db.read_bytes()
    scripts = ["".join(f"note companion {n} says {k}\n" for k in range(3))
               for n in range(COMPANIONS)]
    runs = _start_together(db, scripts, "--new")
    acknowledged = []
    for run, script in zip(runs, scripts, strict=True):
        assert run.returncode in (0, 1), run.stderr
        assert "Traceback" not in run.stderr and one_sentence(run.stderr), run.stderr
        acknowledged += _acknowledged(run, script)
    copies = kept_copies(db)
    assert len(copies) == 1 and copies[0].read_bytes() == damaged
    assert sorted(commands_in(db)) == sorted(acknowledged)
    assert len(acknowledged) == 3 * COMPANIONS


def test_a_file_replaced_during_a_session_is_noticed_before_writing(tmp_path):
    db = tmp_path / "games.db"
    saved_game(db, notes=3)
    session = open_session(db, "xp")
    assert session.run("note before the restore").ok
    backup = sorted((tmp_path / "backups").glob("*.db"))[-1]
    # A restore as a person does it: copy the backup beside the file, then move it over.
    shutil.copy(backup, tmp_path / "restored.db")
    os.replace(tmp_path / "restored.db", db)
    restored = db.read_bytes()
    result = session.run("note after the restore")
    assert not result.ok and "was replaced" in result.message and one_sentence(result.message)
    session.close()
    assert db.read_bytes() == restored
    assert "note after the restore" not in commands_in(db)


def test_a_file_deleted_during_a_session_is_noticed_before_writing(tmp_path):
    db = tmp_path / "games.db"
    saved_game(db, notes=3)
    session = open_session(db, "xp")
    db.unlink()
    result = session.run("note into the void")
    assert not result.ok and "was deleted" in result.message
    session.close()  # closing after the deletion never raises
    assert not db.exists() or "note into the void" not in commands_in(db)


def test_first_starts_in_the_same_instant_all_open_the_new_file(tmp_path):
    import threading

    from companion.store.opening import open_journal
    from tests.racegame import race_catalog

    catalog = race_catalog()  # built once: the threads race only to open the file
    for trial in range(5):
        db = tmp_path / f"same-instant-{trial}.db"
        barrier, errors, games = threading.Barrier(6), [], []

        def start(db=db, barrier=barrier, errors=errors, games=games) -> None:
            barrier.wait()
            try:
                journal, notice = open_journal(db)
                games.append(journal.create_game("race", 1, catalog))
                journal.close()
                assert notice is None
            except Exception as exc:
                errors.append(f"{type(exc).__name__}: {exc}")

        threads = [threading.Thread(target=start) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == [] and len(set(games)) == 6
        assert not kept_copies(db)


def test_a_file_set_aside_between_looking_and_opening_is_never_made_again_in_place(
        tmp_path, monkeypatch):
    """The window of a suspected double set-aside (issue 23): a companion identified the
    damaged file, and before it opened it another one set it aside. Opening the empty path
    let SQLite make a file in place, half-made for a moment: a third companion that saw it
    then (its hot journal) set that one aside too. Now the open re-checks, under the
    folder lock, that the path still holds the file it identified, and looks again."""
    from companion.store import journal as journal_module
    from companion.store import opening

    db = tmp_path / "games.db"
    saved_game(db, notes=5)
    identify, connect = opening._identify, journal_module.connect
    found_gone: list[bool] = []

    def identify_then_another_sets_it_aside(path):
        found = identify(path)
        if not found_gone:  # the other companion, in between
            assert opening.set_aside_once(path, found[1]) is not None
            found_gone.append(True)
        return found

    def connect_whole_only(path):
        assert path != db or db.exists(), "SQLite made the saved-games file in place"
        return connect(path)

    monkeypatch.setattr(opening, "_identify", identify_then_another_sets_it_aside)
    monkeypatch.setattr(journal_module, "connect", connect_whole_only)
    session = open_session(db, "xp")
    assert session.run("note after the other companion").ok
    session.close()
    assert found_gone and len(kept_copies(db)) == 1
    assert commands_in(db) == ["note after the other companion"]


@pytest.mark.parametrize("moment", ["after its first look", "before it reads the header"])
def test_a_file_set_aside_while_another_companion_looks_at_it_is_looked_at_again(
        tmp_path, monkeypatch, moment):
    """Companions starting together on a damaged file (the loop above, 1 round in 200):
    one had looked at the path, another set the file aside, and the first one's next look
    (its size, its header) found nothing there: it said the file "cannot be opened (No
    such file or directory)" and saved nothing. A file gone while looked at is looked at
    again, and the new game started in its place is opened."""
    from companion.store import opening

    db = tmp_path / "games.db"
    saved_game(db, notes=5)
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    damaged = db.read_bytes()
    other: list[Path | None] = []

    def another_sets_it_aside_first(real):
        def call(*args):
            if not other:
                other.append(None)  # once, even if setting aside passes here again
                other[0] = opening.set_aside_once(db, file_identity(db))
            return real(*args)
        return call

    if moment == "after its first look":  # between its lstat and its stat
        monkeypatch.setattr(opening.stat, "S_ISLNK", another_sets_it_aside_first(stat.S_ISLNK))
    else:
        monkeypatch.setattr(opening, "_odd_parts",
                            another_sets_it_aside_first(opening._odd_parts))
    session = open_session(db, "xp", new=True)
    assert session.run("note after the other companion").ok
    session.close()
    assert other and other[0] is not None
    assert [p.read_bytes() for p in kept_copies(db)] == [damaged]
    assert commands_in(db) == ["note after the other companion"]
