"""The voice's queue: one sentence at a time, the latest of a kind, never a wait for the
caller. Threads run for real; every wait is on a condition with a generous deadline."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from companion.core.speech import Said
from companion.voice.queue import VoiceQueue
from companion.voice.synth import VoiceError, VoiceStyle

PATIENCE = 30.0


@dataclass
class HeldOutput:
    """Says each sentence only when the test lets it; records when each began and ended."""

    said: list[str] = field(default_factory=list)
    spans: list[tuple[float, float]] = field(default_factory=list)
    gate: threading.Event = field(default_factory=threading.Event)
    started: threading.Event = field(default_factory=threading.Event)
    fail_on: str = ""

    def speak(self, text: str, style: VoiceStyle) -> None:
        began = time.monotonic()
        self.started.set()
        assert self.gate.wait(PATIENCE)
        if text == self.fail_on:
            raise VoiceError("espeak-ng could not speak (the test's broken speaker).")
        self.said.append(text)
        self.spans.append((began, time.monotonic()))

    def stop(self) -> None:
        self.gate.set()


def _returns(call, *args) -> bool:
    """True when `call(*args)` returned while the voice was busy (it never waits)."""
    worker = threading.Thread(target=call, args=args)
    worker.start()
    worker.join(PATIENCE)
    return not worker.is_alive()


def test_sentences_are_said_in_turn_and_never_overlap() -> None:
    output = HeldOutput()
    output.gate.set()
    voice = VoiceQueue(output)
    voice.say([Said("turn", "Xichang, your turn."), Said("card", "Xichang draws Funding."),
               Said("check", "Passed.")])
    assert voice.wait_quiet(PATIENCE)
    assert output.said == ["Xichang, your turn.", "Xichang draws Funding.", "Passed."]
    assert all(end <= start for (_, end), (start, _) in zip(output.spans, output.spans[1:],
                                                             strict=False))
    voice.close()


def test_a_newer_sentence_of_a_kind_replaces_one_not_yet_said() -> None:
    output = HeldOutput()
    voice = VoiceQueue(output)
    voice.say(Said("turn", "Xichang, your preparation turn."))
    assert output.started.wait(PATIENCE)  # being said: it is not replaced
    # Said while the voice is busy: say() returns at once every time.
    assert _returns(voice.say, Said("turn", "Baikonur, your preparation turn."))
    assert _returns(voice.say, Said("card", "Baikonur draws a card."))
    assert _returns(voice.say, Said("turn", "Xichang, your flight turn."))
    assert [s.text for s in voice.waiting] == ["Baikonur draws a card.",
                                               "Xichang, your flight turn."]
    output.gate.set()
    assert voice.wait_quiet(PATIENCE)
    assert output.said == ["Xichang, your preparation turn.", "Baikonur draws a card.",
                           "Xichang, your flight turn."]
    voice.close()


def test_a_backlog_keeps_only_the_newest_few() -> None:
    output = HeldOutput()
    voice = VoiceQueue(output, max_waiting=2)
    voice.say(Said("turn", "first"))
    assert output.started.wait(PATIENCE)
    voice.say([Said("card", "a"), Said("check", "b"), Said("trap", "c")])
    assert [s.text for s in voice.waiting] == ["b", "c"]
    output.gate.set()
    assert voice.wait_quiet(PATIENCE) and output.said == ["first", "b", "c"]
    voice.close()


def test_turning_the_voice_off_forgets_what_waits() -> None:
    output = HeldOutput()
    voice = VoiceQueue(output)
    voice.say([Said("turn", "one"), Said("card", "two")])
    assert output.started.wait(PATIENCE)
    voice.clear()  # the output's stop() ends the sentence being said
    assert voice.wait_quiet(PATIENCE)
    assert output.said == ["one"] and voice.waiting == []
    voice.close()


def test_a_sentence_that_cannot_be_said_is_remembered_and_the_next_is_said() -> None:
    output = HeldOutput(fail_on="broken")
    output.gate.set()
    voice = VoiceQueue(output)
    voice.say([Said("turn", "broken"), Said("card", "fine")])
    assert voice.wait_quiet(PATIENCE)
    assert output.said == ["fine"] and voice.last_error is None
    voice.say(Said("turn", "broken"))
    assert voice.wait_quiet(PATIENCE)
    assert voice.last_error == "espeak-ng could not speak (the test's broken speaker)."
    voice.close()
