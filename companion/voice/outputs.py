"""Where the voice's sentences go: the speaker through espeak-ng, or a stand-in.

`EspeakOutput` lets espeak-ng play each sentence itself (its audio library
writes to ALSA's default device as it synthesises, so the first words sound
while the rest is still being made). `StandInOutput` is the voice when no
sound device is present, and in tests: it records each sentence and when it
was said, and plays nothing.
"""

from __future__ import annotations

import subprocess
import threading
import time
from dataclasses import dataclass, field

from companion.kiosk.sounddevices import has_sound_device
from companion.voice.synth import TIMEOUT, VoiceError, VoiceStyle, clean, espeak_argv, find_espeak


class EspeakOutput:
    """Says each sentence through espeak-ng on the default sound device."""

    def __init__(self, program: str) -> None:
        self.program = program
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def speak(self, text: str, style: VoiceStyle) -> None:
        try:
            with self._lock:
                self._process = subprocess.Popen(
                    espeak_argv(style, self.program), stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            _, err = self._process.communicate(clean(text).encode("utf-8"), timeout=TIMEOUT)
        except (OSError, subprocess.SubprocessError) as exc:
            self.stop()
            raise VoiceError(f"espeak-ng could not speak ({exc}).") from exc
        finally:
            with self._lock:
                process, self._process = self._process, None
        if process is not None and process.returncode not in (0, -15):
            why = err.decode("utf-8", "replace").strip()[:200]
            raise VoiceError(f"espeak-ng could not speak ({why or process.returncode}).")

    def stop(self) -> None:
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                self._process.terminate()


@dataclass
class StandInOutput:
    """No sound device: remembers every sentence, in order, with the time it was said."""

    said: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    seconds: float = 0.0  # how long each sentence takes (a test holds the voice busy)

    def speak(self, text: str, style: VoiceStyle) -> None:
        self.times.append(time.monotonic())
        self.said.append(clean(text))
        if self.seconds:
            time.sleep(self.seconds)

    def stop(self) -> None:
        """Nothing is playing."""


def why_silent() -> str | None:
    """Why the voice cannot be heard on this machine, or None when it can."""
    if find_espeak() is None:
        return "espeak-ng is not installed"
    if not has_sound_device():
        return "there is no sound output"
    return None


def best_output() -> EspeakOutput | StandInOutput:
    """espeak-ng on the speaker when both are there, else the stand-in."""
    program = find_espeak()
    if program is None or not has_sound_device():
        return StandInOutput()
    return EspeakOutput(program)
