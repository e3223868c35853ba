"""Work on an untrusted file done in a child process that cannot exceed a budget.

`decode` reads image files a player or a stranger hands it. The image libraries
under OpenCV (libjpeg-turbo, libpng) are sound on sound files, but a damaged one
can make them allocate far more than the image needs (issue 23: a 3 KB PNG with
one flipped byte peaked at 1,983 MB) or loop over the whole picture thousands of
times (a progressive JPEG of 20,000 empty scans took 34 s). Such costs cannot be
checked from outside the library before decoding, so the decoding runs in a
forked child with:

- an address-space limit (RLIMIT_AS) of the parent's size when forking plus
  `Budget.memory_mb`: an allocation past it fails inside the child;
- a wall-clock deadline of `Budget.seconds`, after which the parent kills it
  (SIGKILL), and a CPU-time limit (RLIMIT_CPU) one second later as a backstop;
- no core file (RLIMIT_CORE 0): a crash of a native decoder costs no disk.

The child sends back its result as one JSON document on a pipe and exits with
`os._exit` (nothing of the parent's at-exit work runs twice). Whatever goes
wrong in it becomes one `BoundedWorkError` sentence in the parent, never a
traceback. Forking a parent with OpenCV loaded costs about 7 ms (docs/perf.md).
Linux only for the memory limit (the Pi's system); elsewhere the deadline holds.
"""

from __future__ import annotations

import faulthandler
import json
import os
import resource
import select
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core.errors import CompanionError


@dataclass(frozen=True)
class Budget:
    """What one piece of untrusted work may cost: memory beyond the parent's size
    (MB) and wall-clock time (s)."""

    memory_mb: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {"memory_mb": self.memory_mb, "seconds": self.seconds}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Budget:
        return cls(int(data["memory_mb"]), float(data["seconds"]))


class BoundedWorkError(CompanionError):
    """The child ran out of its budget, crashed or refused the file; the message says which."""


@dataclass(frozen=True)
class Outcome:
    """What the child sent back, with its peak resident size (MB) and wall time (s)."""

    result: Any
    peak_mb: float
    seconds: float


def run_bounded(work: Callable[[], Any], budget: Budget, name: str) -> Outcome:
    """`work()` run in a child within `budget`; its JSON-able result, or one sentence
    naming `name` (the file) and what stopped it."""
    reading, writing = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(reading)
        _child(work, budget, writing)
    os.close(writing)
    data: bytes | None = None
    try:
        data = _read_until(reading, started + budget.seconds)
    finally:
        os.close(reading)
        if data is None:
            os.kill(pid, signal.SIGKILL)
        _, status, usage = os.wait4(pid, 0)
    elapsed = time.monotonic() - started
    if data is None:
        raise BoundedWorkError(f"{name}: took more than {budget.seconds:g} s to decode and "
                               "was given up (a damaged or hostile file is not read).")
    return Outcome(_answer(data, status, budget, name), usage.ru_maxrss / 1024, elapsed)


def _read_until(fd: int, deadline: float) -> bytes | None:
    """All the child writes before it closes the pipe, or None past the deadline."""
    chunks: list[bytes] = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return None
        chunk = os.read(fd, 65536)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _answer(data: bytes, status: int, budget: Budget, name: str) -> Any:
    """The child's result, or the sentence for how it failed."""
    try:
        kind, value = json.loads(data) if data else ("died", None)
    except ValueError:
        kind, value = "died", None
    if kind == "ok":
        return value
    if kind == "refused":
        raise BoundedWorkError(str(value))
    if kind == "memory":
        raise BoundedWorkError(f"{name}: needs more than {budget.memory_mb} MB to decode and "
                               "was given up (a damaged or hostile file is not read).")
    if kind == "failed":
        raise BoundedWorkError(f"{name}: is not an image we can read.")
    how = (signal.Signals(os.WTERMSIG(status)).name if os.WIFSIGNALED(status)
           else f"exit status {os.waitstatus_to_exitcode(status)}")
    raise BoundedWorkError(f"{name}: stopped the image decoder ({how}) and was not read.")


def _child(work: Callable[[], Any], budget: Budget, fd: int) -> None:
    """Set the limits, do the work, send [kind, value] and exit: never returns."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends the child at once
        _silence()
        apply_limits(budget)
        answer: list[Any] = ["ok", work()]
    except CompanionError as exc:
        answer = ["refused", str(exc)]
    except MemoryError:
        answer = ["memory", None]
    except Exception as exc:  # an untrusted file: whatever the library raises is a refusal
        answer = ["memory" if _is_memory(exc) else "failed", None]
    try:
        payload = json.dumps(answer).encode()
        while payload:
            payload = payload[os.write(fd, payload):]
    except BaseException:  # the parent gave up on us; nothing is left to tell
        code = 1
    finally:
        os._exit(code)


def _silence() -> None:
    """Nothing the child or its native libraries print reaches the player: no warnings,
    and no faulthandler dump of a crash (its one sentence comes from the parent)."""
    faulthandler.disable()
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)


def _is_memory(exc: Exception) -> bool:
    """OpenCV reports a failed allocation as cv2.error ('Insufficient memory', 'Failed to
    allocate')."""
    text = str(exc)
    return "Insufficient memory" in text or "Failed to allocate" in text


def apply_limits(budget: Budget) -> None:
    """Limit this process: its address space, its CPU time and its core files."""
    _lower(resource.RLIMIT_CORE, 0)
    _lower(resource.RLIMIT_CPU, int(budget.seconds) + 2)
    size = _address_space()
    if size is not None:
        _lower(resource.RLIMIT_AS, size + budget.memory_mb * 2**20)


def _lower(which: int, value: int) -> None:
    """Set a limit to `value`, or keep the one already set if it is lower."""
    _, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(which, (value, value))


def _address_space() -> int | None:
    """This process's virtual size in bytes (Linux), or None where it cannot be read."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None
