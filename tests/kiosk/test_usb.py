"""USB export: every saved game and the latest backup reach the stick, then it is released."""

import errno
import json
from datetime import datetime
from pathlib import Path

import pytest

from companion.kiosk import usb
from companion.session import open_session

NOW = datetime(2026, 11, 23, 19, 30)


@pytest.fixture(autouse=True)
def _default_mechanism():
    usb.use(None)
    yield
    usb.use(None)


def _saved_games(tmp_path: Path, players: list[str]) -> Path:
    """One TI4 game per player name, each with one step, and one end-of-round backup."""
    db = tmp_path / "data" / "games.db"
    for name in players:
        session = open_session(db, "ti4", new=True, seed=5)
        assert session.run(f"player {name} red").ok
        session.close()
    return db


@pytest.fixture
def stand_in(tmp_path):
    sticks = usb.StandInSticks(tmp_path / "media")
    (tmp_path / "media" / "KINGSTON").mkdir(parents=True)
    usb.use(sticks)
    return sticks


def _export_files(report_folder: Path) -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text()) for p in report_folder.glob("*.json")}


def test_every_saved_game_and_the_latest_backup_reach_the_stick(tmp_path, stand_in):
    db = _saved_games(tmp_path, ["Alice", "Bob"])
    backups = db.parent / "backups"
    backups.mkdir(exist_ok=True)  # closing a session that saved steps backs up too
    for number, content in ((9, b"old"), (10, b"newest"), (2, b"older")):
        (backups / f"games-{number:06d}-20261123-190000.db").write_bytes(content)
    (backups / ".games-4242-writing.db").write_bytes(b"half a backup")  # being written
    [stick] = usb.sticks()
    report = usb.export_to(stick, db, now=lambda: NOW)
    folder = tmp_path / "media" / "KINGSTON" / report.folder
    assert report.folder == "exploration-companion/2026-11-23_1930"
    exported = _export_files(folder)
    assert len(exported) == 2 and set(report.games) == set(exported)
    assert sorted(step["command"] for data in exported.values() for step in data["steps"]) \
        == ["player Alice red", "player Bob red"]
    assert all(data["format"] == "exploration-companion-game" for data in exported.values())
    assert (folder / "games-000010-20261123-190000.db").read_bytes() == b"newest"
    assert sorted(p.suffix for p in folder.iterdir()) == [".db", ".json", ".json"]
    assert report.backup == "games-000010-20261123-190000.db"
    assert report.safe_to_remove and stand_in.released == [stick.device]
    assert report.message == ("Copied 2 saved games and the latest backup to KINGSTON, folder "
                              "exploration-companion/2026-11-23_1930. You can remove the "
                              "stick now.")


def test_an_exported_game_imports_back_as_the_same_game(tmp_path, stand_in):
    db = _saved_games(tmp_path, ["Alice"])
    report = usb.export_to(usb.sticks()[0], db, now=lambda: NOW)
    [path] = (tmp_path / "media" / "KINGSTON" / report.folder).glob("*.json")
    from companion.games.registry import game
    from companion.session import import_game
    from companion.store.opening import open_journal

    other, _ = open_journal(tmp_path / "other.db")
    data = json.loads(path.read_text())
    game_id = import_game(other, data, game(data["kind"]))
    assert other.export(game_id)["steps"] == data["steps"]
    other.close()


def test_a_second_export_never_overwrites_the_first(tmp_path, stand_in):
    db = _saved_games(tmp_path, ["Alice"])
    first = usb.export_to(usb.sticks()[0], db, now=lambda: NOW)
    second = usb.export_to(usb.sticks()[0], db, now=lambda: NOW)
    assert first.folder != second.folder
    assert second.folder.endswith("_2")


def test_no_saved_games_yet_still_says_the_stick_is_safe(tmp_path, stand_in):
    report = usb.export_to(usb.sticks()[0], tmp_path / "none" / "games.db", now=lambda: NOW)
    assert report.games == () and report.backup == ""
    assert report.message.startswith("Copied 0 saved games to KINGSTON")
    assert not (tmp_path / "none").exists()


def test_a_full_stick_says_so_and_releases_it(tmp_path, stand_in, monkeypatch):
    db = _saved_games(tmp_path, ["Alice"])

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(usb, "_write", full)
    with pytest.raises(usb.UsbError) as failed:
        usb.export_to(usb.sticks()[0], db, now=lambda: NOW)
    assert str(failed.value) == ("The copy did not finish: KINGSTON is full. It is safe to "
                                 "remove; the saved games on the kiosk are unchanged.")
    assert stand_in.released


def test_a_damaged_saved_games_file_copies_nothing(tmp_path, stand_in):
    db = tmp_path / "games.db"
    db.write_bytes(b"this is not a database" * 100)
    with pytest.raises(usb.UsbError, match="could not be read"):
        usb.export_to(usb.sticks()[0], db, now=lambda: NOW)
    assert not (tmp_path / "media" / "KINGSTON" / "exploration-companion").exists()
    assert db.read_bytes() == b"this is not a database" * 100


def test_a_stick_pulled_out_before_the_copy_is_a_sentence(tmp_path, stand_in):
    [stick] = usb.sticks()
    (tmp_path / "media" / "KINGSTON").rmdir()
    with pytest.raises(usb.UsbError, match="was removed before anything was copied"):
        usb.export_to(stick, tmp_path / "games.db", now=lambda: NOW)


def test_game_ids_become_file_names_every_stick_accepts():
    assert usb._safe_name("xp-20261123-1") == "xp-20261123-1"
    assert usb._safe_name("a:b/c*?") == "a_b_c__"
    assert usb._safe_name("..") == "game"


def test_sizes_read_like_the_label_on_the_stick():
    assert usb.Stick("/dev/sda1", "KINGSTON", 16_008_609_792).describe() == "KINGSTON (16 GB)"
    assert usb.Stick("/dev/sdb1", "", 7_700_000_000).describe() == "the USB stick sdb1 (7.7 GB)"
