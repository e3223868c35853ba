"""Files this process has open through SQLite: never opened and closed beside it.

POSIX drops every lock a process holds on a file as soon as the process closes
any descriptor of that file. SQLite keeps its own descriptors open for this
reason, but a plain open and close elsewhere in the process (reading the
header, probing the -shm) dropped the locks of a game open here: another
companion closing the file then took it for unused, checkpointed it and deleted
its `-wal` and `-shm` under the open game, whose next steps went into a deleted
log. So a file is counted as held from before its connection is made, and the
plain reads of the saved-games file and its `-shm` are skipped while it is.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

Identity = tuple[int, int]
T = TypeVar("T")

_lock = threading.Lock()
_held: Counter[Identity] = Counter()


def hold(identity: Identity | None) -> None:
    """Count the file as held by a connection of this process (before it is made)."""
    if identity is not None:
        with _lock:
            _held[identity] += 1


def release(identity: Identity | None) -> None:
    """The connection counted by `hold` is closed."""
    if identity is not None:
        with _lock:
            _held[identity] -= 1
            if _held[identity] <= 0:
                del _held[identity]


def unless_held(identity: Identity | None, read: Callable[[], T], if_held: T) -> T:
    """`read()` (a plain open and close of the file or its parts), or `if_held` when a
    connection of this process has the file open; no connection is made meanwhile."""
    with _lock:
        if identity is not None and _held[identity] > 0:
            return if_held
        return read()
