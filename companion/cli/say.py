"""`companion say "TEXT" [--out FILE.wav]`: speak a sentence, to check a speaker at set-up.

With `--out`, the sentence is written to a WAV file instead and nothing is played.
Voice, speed and volume are Settings' own unless given.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.subcommand import Subcommand
from companion.voice.synth import VOICES, VoiceError, VoiceStyle, clean, find_espeak, synthesise


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", metavar="TEXT", help="the sentence to say")
    parser.add_argument("--out", type=Path, help="write it to this WAV file instead")
    parser.add_argument("--voice", choices=sorted(VOICES), help="default: Settings' voice")
    parser.add_argument("--rate", type=int, help="words per minute, 100-260 "
                                                 "(default: Settings' speed)")
    parser.add_argument("--volume", type=float, help="0 to 1 (default: Settings' volume)")


def _style(args: argparse.Namespace) -> VoiceStyle:
    from companion.ui.settings import load_settings

    style = load_settings().voice_style
    return VoiceStyle(args.voice or style.voice,
                      style.rate if args.rate is None else min(260, max(100, args.rate)),
                      style.volume if args.volume is None else min(1.0, max(0.0, args.volume)))


def run(args: argparse.Namespace) -> int:
    if not clean(args.text):
        print("Give a sentence to say, for example: companion say \"Xichang, your turn.\"",
              file=sys.stderr)
        return 2
    style = _style(args)
    try:
        if args.out is not None:
            synthesise(args.text, style, args.out)
            print(f"Wrote {args.out}.")
            return 0
        return _speak(args.text, style)
    except (VoiceError, OSError) as exc:
        print(str(exc) if isinstance(exc, VoiceError) else
              f"{args.out} could not be written ({exc.strerror}).", file=sys.stderr)
        return 1


def _speak(text: str, style: VoiceStyle) -> int:
    from companion.voice.outputs import EspeakOutput, why_silent

    silent = why_silent()
    program = find_espeak()
    if silent or program is None:
        print(f"Nothing was said: {silent}. `companion say TEXT --out FILE.wav` writes it "
              "to a file instead.", file=sys.stderr)
        return 1
    EspeakOutput(program).speak(text, style)
    return 0


say_command = Subcommand("say", "speak a sentence with the companion's voice (--out: a WAV)",
                         _arguments, run)
