"""Sound cues: a few short tones we generate ourselves, behind a small interface.

Audio is optional (a Pi 5 has no jack, the official display no speaker): the
app talks to a `Speaker`; `KivySpeaker` plays through Kivy's audio, and
`SilentSpeaker` is the stand-in used when there is no sound device, and in
tests, where it records what would have been played.
"""

from __future__ import annotations

import io
import math
import struct
import wave
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

# Which devices can play is a fact of the machine, asked by doctor too (kiosk/probes.py);
# the app reaches it here, beside its speakers.
from companion.kiosk.sounddevices import (  # noqa: F401
    PCM_LIST,
    has_sound_device,
    playback_devices,
)

RATE = 22050

#: Each cue: (frequency Hz, duration s) notes, played in order.
CUES: dict[str, tuple[tuple[float, float], ...]] = {
    "card": ((660.0, 0.08), (880.0, 0.08), (1320.0, 0.14)),       # rising: something new
    "turn": ((523.3, 0.12), (784.0, 0.18)),                         # a friendly fifth
    "failed": ((392.0, 0.16), (311.1, 0.26)),                       # falling: it did not work
    "explosion": ((110.0, 0.05), (90.0, 0.08), (70.0, 0.35)),       # low rumble
}


def tone_wav(notes: Sequence[tuple[float, float]], volume: float = 0.6) -> bytes:
    """A mono 16-bit WAV of the notes, each with a short fade so nothing clicks."""
    frames = bytearray()
    for frequency, seconds in notes:
        count = int(RATE * seconds)
        fade = max(1, int(RATE * 0.01))
        for i in range(count):
            envelope = min(1.0, i / fade, (count - i) / fade)
            sample = volume * envelope * math.sin(2 * math.pi * frequency * i / RATE)
            frames += struct.pack("<h", int(sample * 32000))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    return buffer.getvalue()


class Speaker(Protocol):
    def play(self, cue: str) -> None: ...

    def set_volume(self, volume: float) -> None: ...


@dataclass
class SilentSpeaker:
    """No sound device: remembers the cues it was asked to play."""

    played: list[str] = field(default_factory=list)
    volume: float = 1.0

    def play(self, cue: str) -> None:
        if cue not in CUES:
            raise KeyError(f"no sound cue {cue!r}")
        self.played.append(cue)

    def set_volume(self, volume: float) -> None:
        self.volume = volume


def write_cues(folder: Path) -> dict[str, Path]:
    """Write every cue as a WAV file into `folder` (once) and return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, notes in CUES.items():
        path = folder / f"{name}.wav"
        if not path.exists():
            path.write_bytes(tone_wav(notes))
        paths[name] = path
    return paths


class KivySpeaker:
    """Plays the cues through Kivy's SoundLoader (falls silent if a file will not load)."""

    def __init__(self, folder: Path, volume: float = 0.7):
        from kivy.core.audio import SoundLoader

        self._sounds = {name: SoundLoader.load(str(path))
                        for name, path in write_cues(folder).items()}
        self.set_volume(volume)

    def play(self, cue: str) -> None:
        sound = self._sounds.get(cue)
        if sound is not None:
            sound.stop()
            sound.play()

    def set_volume(self, volume: float) -> None:
        for sound in self._sounds.values():
            if sound is not None:
                sound.volume = volume
