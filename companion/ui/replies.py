"""The runner's replies handed to the main thread, and the frame that waits a moment for
the reply to a tap (issue 22: a tap's result on one core).

A reply comes back through Kivy's Clock: at the next frame's tick, after the frame the tap
itself asked for (its button lit) had been drawn. Under software GL on one core that
frame costs 20 to 30 ms and the runner had to wait for it, so a tap whose reply took 10 ms
drew two frames, the lit button then the result. Here, once a screen asks the runner for
something (`expect`), the next frame first waits up to `WAIT` seconds for the replies
still out, and draws the result at once when they come in time; a slower reply finds the
frame drawn as before (the lit button says the tap was taken), only `WAIT` later.

The runner is never waited for otherwise, and its replies keep their order: they are run
in the order it handed them over, whether the Clock or a waiting frame runs them.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from kivy.clock import Clock

#: Seconds a frame waits for the reply to a tap before it is drawn without it (a human
#: sees no gap under about 50 ms; a runner's command takes 5 to 15 ms on this core).
WAIT = 0.05


class Replies:
    """Jobs from the runner's thread run on the main thread, in the order handed over.
    `pending` says how many replies the runner still owes (its own count: replies
    handed over but not yet run included)."""

    def __init__(self, pending: Callable[[], int], wait: float = WAIT) -> None:
        self._pending = pending
        self.wait = wait
        self._ready: deque[Callable[[], None]] = deque()
        self._handed = threading.Condition()
        self._expecting = False

    def deliver(self, job: Callable[[], None]) -> None:
        """The runner's way back (any thread): `job` runs at the Clock's next tick, or
        sooner in a frame that waits for it."""
        with self._handed:
            self._ready.append(job)
            self._handed.notify_all()
        Clock.schedule_once(self.run_ready, 0)

    def run_ready(self, *_args: Any) -> None:
        """Run every reply handed over so far, in order (main thread)."""
        while True:
            with self._handed:
                if not self._ready:
                    return
                job = self._ready.popleft()
            job()

    def expect(self) -> None:
        """A tap asked the runner for something: the next frame waits for its reply."""
        if not self._expecting:
            self._expecting = True
            Clock.schedule_once(self._before_frame, -1)

    def _before_frame(self, *_args: Any) -> None:
        self._expecting = False
        deadline = time.monotonic() + self.wait
        with self._handed:
            while self._pending() > len(self._ready):
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._handed.wait(left)  # the runner's thread has the core meanwhile
        self.run_ready()
