"""Names for what is set aside: never reused, never replacing anything."""

from __future__ import annotations

import errno
import os
import time
from contextlib import suppress
from pathlib import Path

#: The parts of a saved-games file that go with it when it is set aside.
PARTS = ("-wal", "-shm", "-journal", "")


def free_name(path: Path, label: str) -> Path:
    """`games.db.corrupt-STAMP`, or with -2, -3... : a name no part of a kept copy uses."""
    base = f"{path.name}.{label}-{time.strftime('%Y%m%d-%H%M%S')}"
    number = 1
    while True:
        name = base if number == 1 else f"{base}-{number}"
        candidate = path.with_name(name)
        if not any(Path(f"{candidate}{s}").exists() or Path(f"{candidate}{s}").is_symlink()
                   for s in PARTS):
            return candidate
        number += 1


def move_no_replace(source: Path, target: Path) -> None:
    """Rename that fails rather than replace: a hard link, then the old name removed."""
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV) or target.exists():
            raise
        os.rename(source, target)  # a file system without hard links; checked free above
        return
    with suppress(FileNotFoundError):
        os.unlink(source)
