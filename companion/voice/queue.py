"""The voice's queue: sentences said one at a time, on the voice's own thread.

`say()` only puts a sentence in the queue and returns: a tap, the app's worker
and the camera never wait for speech. A newer sentence of a kind replaces one
of that kind not yet said (the table wants the latest turn, not a backlog), and
at most `max_waiting` wait; the oldest goes first when more arrive.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from typing import Protocol

from companion.core.speech import Said
from companion.voice.synth import VoiceError, VoiceStyle

LOGGER = "companion.voice"


class Output(Protocol):
    """Where sentences are said: `speak` returns when the sentence has been said."""

    def speak(self, text: str, style: VoiceStyle) -> None: ...

    def stop(self) -> None: ...


class VoiceQueue:
    """Says each sentence in turn through `output`; never two at once."""

    def __init__(self, output: Output, style: VoiceStyle | None = None,
                 max_waiting: int = 4) -> None:
        self.output = output
        self.style = style or VoiceStyle()
        self.max_waiting = max_waiting
        self._waiting: list[Said] = []
        self._speaking: Said | None = None
        self._cond = threading.Condition()
        self._closed = False
        self.last_error: str | None = None  # why the last sentence could not be said
        self._thread = threading.Thread(target=self._loop, name="voice", daemon=True)
        self._thread.start()

    def say(self, sentences: Said | Iterable[Said]) -> None:
        """Queue sentences and return at once."""
        batch = [sentences] if isinstance(sentences, Said) else list(sentences)
        with self._cond:
            for said in batch:
                self._waiting = [w for w in self._waiting if w.kind != said.kind]
                self._waiting.append(said)
            del self._waiting[:-self.max_waiting]
            self._cond.notify_all()

    def clear(self) -> None:
        """Forget what waits and cut the sentence being said (the voice was turned off)."""
        with self._cond:
            self._waiting.clear()
        self.output.stop()

    @property
    def waiting(self) -> list[Said]:
        with self._cond:
            return list(self._waiting)

    def wait_quiet(self, timeout: float = 30.0) -> bool:
        """Block until nothing waits and nothing is being said; True if so in time."""
        deadline = time.monotonic() + timeout
        with self._cond:
            return self._cond.wait_for(lambda: not self._waiting and self._speaking is None,
                                       max(0.0, deadline - time.monotonic()))

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._waiting.clear()
            self._cond.notify_all()
        self.output.stop()
        self._thread.join(5.0)

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._waiting or self._closed)
                if self._closed:
                    return
                said = self._speaking = self._waiting.pop(0)
                style = self.style
            try:
                self.output.speak(said.text, style)
                self.last_error = None
            except VoiceError as exc:  # a voice that fails never stops the game: it is kept
                self.last_error = str(exc)
                logging.getLogger(LOGGER).warning("The voice could not speak: %s", exc)
            finally:
                with self._cond:
                    self._speaking = None
                    self._cond.notify_all()
