"""The voice, listened to: real sentences synthesised by espeak-ng into WAV files, read
back with the wave module (non-silent, as long as their words, at the rate and volume
asked), and names a player typed that cannot break the synthesiser's command."""

from __future__ import annotations

import array
import io
import math
import shutil
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from companion.voice.synth import VoiceStyle, clean, espeak_argv, synthesise

ROOT = Path(__file__).resolve().parents[2]

if shutil.which("espeak-ng") is None:
    pytest.fail("espeak-ng is not installed; `bash deploy/setup.sh test` installs it.",
                pytrace=False)

SENTENCES = ("Yes.", "Baikonur, your preparation turn.",
             "Maneuver check against L1: the die shows one, three against two, passed.",
             "The game is over. Xichang wins with forty-three points. Baikonur has nineteen "
             "points and Kourou has twelve.")


def _listen(wav: bytes) -> tuple[float, float]:
    """(seconds, loudness as the RMS of the 16-bit samples) of a mono WAV file."""
    with wave.open(io.BytesIO(wav)) as reader:
        assert (reader.getnchannels(), reader.getsampwidth()) == (1, 2)
        frames = reader.readframes(reader.getnframes())
        seconds = reader.getnframes() / reader.getframerate()
    samples = array.array("h", frames)
    assert len(samples) * 2 == len(frames)  # the header says what the file holds
    return seconds, math.sqrt(sum(s * s for s in samples) / max(1, len(samples)))


@pytest.mark.parametrize("text", SENTENCES)
def test_each_sentence_is_heard_and_lasts_as_long_as_its_words(text: str) -> None:
    style = VoiceStyle("en-gb", 160, 0.7)
    seconds, loudness = _listen(synthesise(text, style))
    assert loudness > 500  # not silence (a silent file is 0; speech here is 2,000-5,000)
    spoken = len(text.split()) * 60 / style.rate  # the words at the rate asked
    assert 0.8 * spoken < seconds < 2.5 * spoken + 0.5, (seconds, spoken)


def test_a_faster_rate_says_the_same_sentence_in_less_time() -> None:
    text = SENTENCES[2]
    slow, _ = _listen(synthesise(text, VoiceStyle("en-gb", 130, 0.7)))
    fast, _ = _listen(synthesise(text, VoiceStyle("en-gb", 200, 0.7)))
    assert 1.3 < slow / fast < 1.8  # 200 / 130 = 1.54 words per minute


def test_the_volume_scales_the_samples() -> None:
    text = SENTENCES[1]
    _, half = _listen(synthesise(text, VoiceStyle("en-gb", 160, 0.5)))
    _, full = _listen(synthesise(text, VoiceStyle("en-gb", 160, 1.0)))
    _, none = _listen(synthesise(text, VoiceStyle("en-gb", 160, 0.0)))
    assert 1.6 < full / half < 2.4 and none < 50


@pytest.mark.parametrize("name", [
    '<speak><prosody rate="x-slow">Ann</prosody></speak>',
    "Ann\x1b[31m\x07\r\nBob",
    "--stdout -w /tmp/owned.wav",
    '"; rm -rf ~; $(reboot) `id` & |',
])
def test_a_name_made_of_markup_or_control_characters_is_spoken_as_text(name: str,
                                                                        tmp_path: Path
                                                                        ) -> None:
    sentence = f"{name}, your preparation turn."
    argv = espeak_argv(VoiceStyle())
    assert not any(name in word or "Ann" in word for word in argv)  # never an argument
    seconds, loudness = _listen(synthesise(sentence, VoiceStyle(), tmp_path / "x.wav"))
    alone, _ = _listen(synthesise("your preparation turn.", VoiceStyle()))
    assert loudness > 500 and seconds > alone  # the name's characters were read out too
    assert (tmp_path / "x.wav").stat().st_size > 44
    assert not Path("/tmp/owned.wav").exists()
    assert "\x1b" not in clean(sentence) and "\n" not in clean(sentence)


def test_companion_say_writes_a_wav_file(tmp_path: Path) -> None:
    out = tmp_path / "turn.wav"
    done = subprocess.run([sys.executable, "-m", "companion", "say", "Xichang, your turn.",
                           "--out", str(out), "--rate", "200", "--volume", "0.5"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT),
                               "COMPANION_CONFIG_DIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Wrote {out}.\n"
    seconds, loudness = _listen(out.read_bytes())
    assert 0.5 < seconds < 4 and loudness > 300


def test_companion_say_refuses_an_empty_sentence_and_a_folder_it_cannot_write(
        tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT),
           "COMPANION_CONFIG_DIR": str(tmp_path)}
    empty = subprocess.run([sys.executable, "-m", "companion", "say", " \n "], cwd=ROOT,
                           capture_output=True, text=True, timeout=120, env=env)
    assert empty.returncode == 2 and empty.stderr.startswith("Give a sentence to say")
    missing = tmp_path / "no" / "x.wav"
    unwritable = subprocess.run([sys.executable, "-m", "companion", "say", "Hello",
                                 "--out", str(missing)], cwd=ROOT, capture_output=True,
                                text=True, timeout=120, env=env)
    assert unwritable.returncode == 1
    assert unwritable.stderr == f"{missing} could not be written (No such file or directory).\n"
