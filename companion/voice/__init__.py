"""The voice: the companion says what just happened, offline, with espeak-ng.

- `synth`: espeak-ng's command line (text on standard input, never as an argument),
  `synthesise()` to a WAV, `VoiceStyle` (voice, words per minute, volume).
- `queue`: `VoiceQueue.say()` queues and returns at once; one sentence at a time; a
  newer sentence of a kind replaces an unsaid one.
- `outputs`: `EspeakOutput` (the speaker) or `StandInOutput` (no sound device, tests).
- `lines`: which sentences a step gets: the game's own spoken form (from the
  step's public events only), undo and redo, bursts of steps summed up.

Why the command line and not a Python binding: espeak-ng's CLI is installed with
the package on Debian and Raspberry Pi OS, is stable across releases, needs no
compiled Python module (pyttsx3 drives libespeak through ctypes and its own event
loop), runs in its own process that can be stopped mid-sentence, and a crash in
it can never take the app down. See docs/voice.md.
"""
