"""The app's voice: the sentences of each reply, said when Voice is on in Settings.

The sentences are made on the worker's thread with the reply (companion/voice/lines.py);
here they are only handed to the voice's queue, which returns at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.speech import Said
from companion.ui.settings import AppSettings
from companion.voice.outputs import StandInOutput, best_output, why_silent
from companion.voice.queue import Output, VoiceQueue

TEST_SENTENCE = ("This is the companion's voice. Player one, it is your turn. "
                 "The card drawn is shown on the screen.")


class TableVoice:
    """The voice queue, following the app's settings."""

    def __init__(self, settings: AppSettings, output: Output | None = None) -> None:
        self.queue = VoiceQueue(output or StandInOutput(), settings.voice_style)
        self.on = settings.voice

    @classmethod
    def for_this_machine(cls, settings: AppSettings) -> TableVoice:
        """espeak-ng on the speaker, or the stand-in when either is missing."""
        return cls(settings, best_output())

    @property
    def silent_because(self) -> str | None:
        """Why nobody will hear the voice here (shown in Settings), or None."""
        if isinstance(self.queue.output, StandInOutput):
            return why_silent() or "the voice is a stand-in here"
        return None

    def heard(self, sentences: Sequence[Said]) -> None:
        if self.on and sentences:
            self.queue.say(sentences)

    def follow(self, settings: AppSettings) -> None:
        self.queue.style = settings.voice_style
        if self.on and not settings.voice:
            self.queue.clear()
        self.on = settings.voice

    def test(self) -> None:
        """Settings' Test button: says a sample, even while Voice is off."""
        self.queue.say(Said("test", TEST_SENTENCE))

    def close(self) -> None:
        self.queue.close()
