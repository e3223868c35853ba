"""espeak-ng, offline speech, through its command line.

The text always goes to espeak-ng on standard input, never on its command line,
and without `-m`: markup in a player's name is read as words, and nothing in a
sentence can become an option or a second command. Control characters are
replaced by spaces first (a terminal escape or a bell is not a word).

>>> clean("Ann\\x1b[31m\\nthe\\tbold\\x07 ")
'Ann [31m the bold'
>>> espeak_argv(VoiceStyle("en-us", 200, 0.5))[1:]
['-b', '1', '-v', 'en-us', '-s', '200', '-a', '100']
"""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from companion.core.errors import CompanionError

PROGRAM = "espeak-ng"
#: The English voices offered in Settings (espeak-ng's names) and what a player reads.
VOICES = {"en-gb": "British", "en-us": "American", "en-gb-scotland": "Scottish"}
#: A sentence longer than this is cut: the voice says what happened, not the rulebook.
MAX_CHARS = 400
TIMEOUT = 60.0


class VoiceError(CompanionError):
    """The voice could not speak, said in one sentence."""


@dataclass(frozen=True)
class VoiceStyle:
    """How the voice sounds: an espeak-ng voice, words per minute and volume 0-1."""

    voice: str = "en-gb"
    rate: int = 160
    volume: float = 0.7

    @property
    def amplitude(self) -> int:
        """espeak-ng's amplitude: 0-200, 100 its normal loudness (linear in the samples)."""
        return round(200 * min(1.0, max(0.0, self.volume)))


def clean(text: str) -> str:
    """The sentence as espeak-ng should read it: no control characters, one line."""
    kept = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c
                   for c in text)
    return " ".join(kept.split())[:MAX_CHARS]


def espeak_argv(style: VoiceStyle, program: str = PROGRAM) -> list[str]:
    """The command: UTF-8 text from standard input, the style's voice, rate and volume."""
    voice = style.voice if style.voice in VOICES else "en-gb"
    rate = min(450, max(80, int(style.rate)))
    return [program, "-b", "1", "-v", voice, "-s", str(rate), "-a", str(style.amplitude)]


def find_espeak() -> str | None:
    """The path of espeak-ng, or None when it is not installed."""
    return shutil.which(PROGRAM)


def synthesise(text: str, style: VoiceStyle, out: Path | None = None) -> bytes:
    """The sentence as a WAV file's bytes (also written to `out` when given)."""
    program = find_espeak()
    if program is None:
        raise VoiceError("espeak-ng is not installed (sudo apt install espeak-ng).")
    try:
        done = subprocess.run([*espeak_argv(style, program), "--stdout"],
                              input=clean(text).encode("utf-8"), capture_output=True,
                              timeout=TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        raise VoiceError(f"espeak-ng could not run ({exc}).") from exc
    if done.returncode != 0 or len(done.stdout) <= 44:
        why = done.stderr.decode("utf-8", "replace").strip()[:200] or "no sound came out"
        raise VoiceError(f"espeak-ng could not say that ({why}).")
    wav = fixed_header(done.stdout)
    if out is not None:
        out.write_bytes(wav)
    return wav


def fixed_header(wav: bytes) -> bytes:
    """espeak-ng streams to standard output with "unknown" sizes in the WAV header;
    write the real ones so every WAV reader gets the right duration."""
    if wav[:4] != b"RIFF" or wav[36:40] != b"data":
        return wav
    size = len(wav) - 44
    return (wav[:4] + (size + 36).to_bytes(4, "little") + wav[8:40]
            + size.to_bytes(4, "little") + wav[44:])
