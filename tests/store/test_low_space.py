"""Starting a game with under 70 KB free says so in its own true sentence, changes
nothing, and the game starts once space is freed.

The small disk is a real file system: a tmpfs (root with CAP_SYS_ADMIN), else a
loop-mounted ext2 image; a filler file leaves under 64 KB free. Without the right
to mount, the test is skipped and says why.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import companion

SMALL = 512 * 1024
LEFT_FREE = 48 * 1024


def _free(folder: Path) -> int:
    info = os.statvfs(folder)
    return info.f_bavail * info.f_frsize


def _mount(kind: str, folder: Path, image: Path) -> bool:
    if kind == "tmpfs":
        argv = ["mount", "-t", "tmpfs", "-o", f"size={SMALL}", "tmpfs", str(folder)]
    else:
        if not shutil.which("mke2fs"):
            return False
        with image.open("wb") as handle:
            handle.truncate(SMALL)
        made = subprocess.run(["mke2fs", "-q", "-F", "-t", "ext2", "-m", "0", str(image)],
                              capture_output=True)
        if made.returncode:
            return False
        argv = ["mount", "-o", "loop", str(image), str(folder)]
    try:
        return subprocess.run(argv, capture_output=True).returncode == 0
    except FileNotFoundError:  # no mount command at all
        return False


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "small"
    folder.mkdir()
    if not any(_mount(kind, folder, tmp_path / "disk.img") for kind in ("tmpfs", "loop")):
        pytest.skip("needs a small file system: mounting a tmpfs or a loop image was not "
                    "allowed here (run as root with CAP_SYS_ADMIN)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True)


def _fill(folder: Path) -> Path:
    """A filler file that leaves under 64 KB free."""
    filler = folder / "filler"
    with filler.open("wb") as handle:
        handle.write(b"\0" * max(0, _free(folder) - LEFT_FREE))
        handle.flush()
        os.fsync(handle.fileno())
    assert _free(folder) < 64 * 1024
    return filler


def test_a_start_with_under_70_kb_free_gets_its_own_sentence_and_starts_once_freed(
        small_disk: Path, tmp_path: Path) -> None:
    filler = _fill(small_disk)
    db = small_disk / "games.db"
    run = companion("--db", str(db), "play", "--game", "xp", "--new", stdin="note hello\n",
                    data_dir=tmp_path / "data")
    assert run.returncode == 1, run.stderr
    assert run.stderr.strip() == (f"There is not enough free space to open the saved-games "
                                  f"file {db}; free some space and try again."), run.stderr
    assert run.stdout == ""  # no line was played
    assert not list(small_disk.glob("games.db.*"))  # nothing was set aside as damaged

    filler.unlink()
    again = companion("--db", str(db), "play", "--game", "xp", "--new", stdin="note hello\n",
                      data_dir=tmp_path / "data")
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == "line 1 ok: Noted: hello"
    assert "set aside" not in again.stderr and again.stderr.startswith("Started ")


def _full(code: int) -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError("disk I/O error")
    exc.sqlite_errorcode = code  # as SQLite sets it
    return exc


def test_a_shm_that_cannot_grow_is_the_full_disk_sentence():
    from companion.store.errors import translate

    assert str(translate(_full(4874))).startswith("The disk is full")  # SQLITE_IOERR_SHMSIZE


def test_a_new_game_that_cannot_start_never_speaks_of_a_last_command(tmp_path, monkeypatch):
    from companion.session import open_session
    from companion.store import journal as journal_module

    def full(*_args: object) -> None:
        raise _full(sqlite3.SQLITE_FULL)

    monkeypatch.setattr(journal_module, "_insert_game", full)
    for new in (True, False):
        with pytest.raises(Exception) as caught:
            open_session(tmp_path / "g.db", "xp", new=new)
        assert "not enough free space to start a new game" in str(caught.value)
        assert "last command" not in str(caught.value)
