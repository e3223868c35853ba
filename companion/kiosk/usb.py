"""Copy every saved game to a USB stick, then say when it is safe to remove.

Raspberry Pi OS Lite has no desktop automounter, so the real mechanism
(`companion.kiosk.udisks.UdisksSticks`) finds sticks in /sys and mounts them with
`udisksctl`, which the kiosk's polkit rule allows for the kiosk user. The
`StandInSticks` mechanism uses folders as sticks, for tests and demos.

The app polls `sticks()` (it reads a few small files in /sys) every second or
two while a screen that offers the export is up, and calls `export_to()` on its
worker thread: it writes to the stick and waits for it to flush.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from companion.kiosk.sticks import Stick, UsbError

EXPORT_FOLDER = "exploration-companion"


@dataclass(frozen=True)
class ExportReport:
    """What was copied where, and the sentence to show."""

    stick: Stick
    folder: str
    games: tuple[str, ...]
    backup: str
    safe_to_remove: bool
    message: str


class Sticks(Protocol):
    """A way to find, mount and release sticks."""

    def sticks(self) -> list[Stick]: ...

    def mount(self, stick: Stick) -> Path: ...

    def release(self, stick: Stick) -> None:
        """Unmount (and power down if possible); afterwards the stick may be pulled out."""


@dataclass
class StandInSticks:
    """Folders standing in for sticks: each folder under `root` is one plugged stick."""

    root: Path
    released: list[str] = field(default_factory=list)

    def sticks(self) -> list[Stick]:
        if not self.root.is_dir():
            return []
        return [Stick(device=str(p), label=p.name) for p in sorted(self.root.iterdir())
                if p.is_dir()]

    def mount(self, stick: Stick) -> Path:
        path = Path(stick.device)
        if not path.is_dir():
            raise UsbError(f"{stick.describe()} was removed before anything was copied.")
        return path

    def release(self, stick: Stick) -> None:
        self.released.append(stick.device)


_chosen: Sticks | None = None


def use(mechanism: Sticks | None) -> None:
    """Make sticks()/export_to() use `mechanism` (None: back to udisks)."""
    global _chosen
    _chosen = mechanism


def mechanism() -> Sticks:
    if _chosen is not None:
        return _chosen
    from companion.kiosk.udisks import UdisksSticks

    return UdisksSticks()


def sticks() -> list[Stick]:
    """The sticks plugged in now (never the Pi's own SD card or boot disk)."""
    return mechanism().sticks()


def export_to(stick: Stick, db_path: Path,
              now: Callable[[], datetime] = datetime.now) -> ExportReport:
    """Copy every saved game (JSON, as `companion export` writes it) and the latest backup."""
    games = _exports(db_path)
    backup = latest_backup(db_path)
    chosen = mechanism()
    root = chosen.mount(stick)
    try:
        folder = _new_folder(root / EXPORT_FOLDER, now())
        written = _write_all(folder, games, backup, stick)
        _flush(folder)
    except OSError as exc:
        raise UsbError(_failure(stick, exc, _release_quietly(chosen, stick))) from exc
    chosen.release(stick)
    relative = folder.relative_to(root).as_posix()
    backup_words = " and the latest backup" if backup else ""
    message = (f"Copied {_count(len(written), 'saved game')}{backup_words} to "
               f"{stick.describe()}, folder {relative}. You can remove the stick now.")
    return ExportReport(stick, relative, tuple(written), backup.name if backup else "",
                        True, message)


def _exports(db_path: Path) -> dict[str, dict[str, Any]]:
    """Every saved game's export, read before the stick is touched."""
    if not db_path.is_file():
        return {}
    import sqlite3

    from companion.core.errors import CompanionError
    from companion.store.journal import Journal, StoreError

    try:
        journal = Journal(db_path)
    except (StoreError, CompanionError, sqlite3.Error, OSError) as exc:
        raise UsbError(f"The saved games could not be read ({exc}); nothing was copied.") \
            from exc
    try:
        return {info.game_id: journal.export(info.game_id) for info in journal.games()}
    except (StoreError, sqlite3.Error, ValueError, OSError) as exc:
        raise UsbError(f"The saved games could not be read ({exc}); nothing was copied.") \
            from exc
    finally:
        journal.close()


def latest_backup(db_path: Path) -> Path | None:
    """The newest end-of-round backup of `db_path` (by its number, not the clock)."""
    from companion.store.backups import backups_of

    found = [path for path in backups_of(db_path) if path.is_file()]
    return found[-1] if found else None


def _new_folder(base: Path, when: datetime) -> Path:
    """A fresh folder per export, so an earlier export on the stick is never overwritten."""
    stamp = when.strftime("%Y-%m-%d_%H%M")
    folder, n = base / stamp, 1
    while folder.exists():
        n += 1
        folder = base / f"{stamp}_{n}"
    folder.mkdir(parents=True)
    return folder


def _write_all(folder: Path, games: dict[str, dict[str, Any]], backup: Path | None,
               stick: Stick) -> list[str]:
    written = []
    for game_id, data in games.items():
        # Compact: `companion import` reads it, and indent would turn off the C encoder.
        _write(folder / f"{_safe_name(game_id)}.json", json.dumps(data).encode("utf-8"))
        written.append(game_id)
    if backup is not None:
        target = folder / backup.name
        shutil.copyfile(backup, target)
        _fsync(target)
    return written


def _write(path: Path, data: bytes) -> None:
    with path.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _flush(folder: Path) -> None:
    """File data is synced as written; the folders' entries here (unmounting does the rest)."""
    for directory in (folder, folder.parent, folder.parent.parent):
        _fsync(directory)


def _release_quietly(chosen: Sticks, stick: Stick) -> bool:
    try:
        chosen.release(stick)
    except (UsbError, OSError):
        return False
    return True


def _failure(stick: Stick, exc: OSError, released: bool) -> str:
    import errno

    if exc.errno == errno.ENOSPC:
        what = f"{stick.describe()} is full"
    elif exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        what = f"{stick.describe()} cannot be written to (it may be write-protected)"
    else:
        what = f"copying to {stick.describe()} failed ({exc.strerror or exc})"
    after = (" It is safe to remove; the saved games on the kiosk are unchanged." if released
             else " Wait a few seconds before removing it; the saved games on the kiosk "
                  "are unchanged.")
    return f"The copy did not finish: {what}.{after}"


def _safe_name(game_id: str) -> str:
    """A file name every stick's file system accepts (FAT forbids : * ? and others)."""
    cleaned = re.sub(r"[^A-Za-z0-9._-]", "_", game_id).strip(".") or "game"
    return cleaned[:100]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
