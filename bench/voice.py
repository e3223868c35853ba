"""Voice benchmark: from a committed step to the first sample of its sentence, and the
CPU the voice takes while the scanner runs.

Not a test: it measures time on whatever machine runs it, and prints markdown.

- Latency: the golden Exploration script is played through a real session (SQLite,
  full sync). For each step that has something to say, the clock starts when
  `session.run` returns (the step is committed), then the table snapshot and the
  sentences are made as the app's worker makes them, the voice's queue is handed
  them, and espeak-ng (`--stdout`, the same command the speaker gets) is started;
  the clock stops at the first audio sample it writes. The UI thread's hop between
  the worker and the queue (one Kivy frame, at most 17 ms at 60 frames a second) is
  not in it.
- CPU: the scanner pipeline runs on a replay of camera photos at 30 frames a second,
  first alone, then while the voice says one sentence after another through espeak-ng
  (the worst case: a table never hears silence), each taking as long as its audio
  lasts, as on a speaker. espeak-ng's CPU is its processes' own time
  (RUSAGE_CHILDREN); the scanner's frames decoded are counted both ways.

Run it pinned to one core, like a Pi whose other cores serve the UI:

    .venv/bin/python bench/voice.py --pin-core 0 [--steps 40] [--seconds 20]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "scanner")]

from companion.api import TableAPI  # noqa: E402
from companion.catalogs import assets_dir  # noqa: E402
from companion.session import open_session  # noqa: E402
from companion.ui.table import table_data  # noqa: E402
from companion.voice.lines import before_step, session_sentences  # noqa: E402
from companion.voice.queue import VoiceQueue  # noqa: E402
from companion.voice.synth import VoiceStyle, clean, espeak_argv, find_espeak  # noqa: E402

WAV_HEADER = 44


class FirstSample:
    """Runs espeak-ng as the speaker would, to standard output; notes when the first
    audio sample arrives after `started`, and drains the rest."""

    def __init__(self, program: str, paced: bool = False) -> None:
        self.program = program
        self.paced = paced  # take as long as the sentence lasts, as a speaker would
        self.started = 0.0
        self.first: list[float] = []
        self.sentences = 0

    def speak(self, text: str, style: VoiceStyle) -> None:
        began = time.perf_counter()
        process = subprocess.Popen([*espeak_argv(style, self.program), "--stdout"],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(clean(text).encode("utf-8"))
        process.stdin.close()
        got = b""
        while len(got) <= WAV_HEADER:
            chunk = process.stdout.read1(4096)
            if not chunk:
                break
            got += chunk
        if self.started:
            self.first.append(time.perf_counter() - self.started)
            self.started = 0.0
        self.sentences += 1
        got += process.stdout.read()
        process.wait()
        if self.paced:  # 16-bit mono at espeak-ng's 22,050 samples a second
            lasts = (len(got) - WAV_HEADER) / 2 / 22050
            time.sleep(max(0.0, lasts - (time.perf_counter() - began)))

    def stop(self) -> None:
        """The benchmark never cuts a sentence."""


def latency(program: str, steps: int, folder: Path) -> tuple[list[float], int]:
    folder.mkdir(exist_ok=True)
    session = TableAPI(open_session(folder / "voice.db", "xp", new=True, seed=7))
    output = FirstSample(program)
    voice = VoiceQueue(output, VoiceStyle())
    lines = [raw.strip() for raw in (assets_dir() / "demo" / "xp.txt").read_text(
        encoding="utf-8").splitlines() if shlex.split(raw, comments=True)]
    for line in lines:
        if len(output.first) >= steps:
            break
        before = before_step(session)
        result = session.act(line)
        committed = time.perf_counter()
        table_data(session)  # the worker makes the table's snapshot for the screens too
        said = session_sentences(session, result.step, before)
        if not said:
            continue
        output.started = committed
        voice.say(said)
        assert voice.wait_quiet(60)
    voice.close()
    session.close()
    return output.first, output.sentences


def replay_folder(folder: Path, frames: int) -> Path:
    """`frames` camera photos (six different ones, hard-linked round) for a replay."""
    import cv2
    import photos

    shots = folder / "frames"
    shots.mkdir()
    first = []
    for seed in range(6):
        path = folder / f"photo-{seed}.jpg"
        cv2.imwrite(str(path), photos.make_photo(900 + seed, "clean")[0],
                    [cv2.IMWRITE_JPEG_QUALITY, 92])
        first.append(path)
    for i in range(frames):
        os.link(first[i % 6], shots / f"{i:05d}.jpg")
    return shots


def scanner(shots: Path) -> object:
    """A scanner pipeline on the replay (not started)."""
    from companion.scanner.decoders import make_decoder
    from companion.scanner.pipeline import ScanPipeline
    from companion.scanner.reader import FrameReader
    from companion.scanner.resolve import TagResolver
    from companion.scanner.sources import ReplaySource

    def no_catalog(game: str) -> object:
        raise OSError("benchmark runs without catalogs")

    def open_source() -> ReplaySource:
        source = ReplaySource(shots, fps=30.0)
        source.open()
        return source

    return ScanPipeline(open_source, FrameReader(make_decoder("zxing")),
                        TagResolver(no_catalog), lambda event: None)  # type: ignore[arg-type]


def scanner_run(shots: Path, voice_on: bool, program: str
                ) -> tuple[float, float, int, int, int]:
    """(wall s, espeak-ng CPU s, frames decoded, captured, sentences said), one replay."""

    output = FirstSample(program, paced=True)
    voice = VoiceQueue(output, VoiceStyle())
    stop = threading.Event()

    def keep_talking() -> None:
        turn = 0
        while not stop.is_set():
            if not voice.waiting:
                turn += 1
                voice.say([_SAID(turn)])
            stop.wait(0.05)

    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    pipeline: Any = scanner(shots)
    talker = threading.Thread(target=keep_talking, daemon=True)
    start = time.perf_counter()
    pipeline.start()
    if voice_on:
        talker.start()
    pipeline.wait()
    wall = time.perf_counter() - start
    stop.set()
    pipeline.stop()
    voice.close()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (children.ru_utime - children_before.ru_utime) + \
        (children.ru_stime - children_before.ru_stime)
    return wall, cpu, pipeline.stats.decoded, pipeline.stats.captured, output.sentences


def _SAID(turn: int) -> object:
    from companion.core.speech import Said

    seats = ("Xichang", "Baikonur", "Kourou")
    return Said("turn", f"{seats[turn % 3]}, your flight turn. Trap two counts down to one.")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=40, help="steps timed for the latency")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="length of each scanner run (frames at 30 per second)")
    parser.add_argument("--pin-core", type=int, default=None, help="measure on this core")
    args = parser.parse_args()
    program = find_espeak()
    if program is None:
        print("espeak-ng is not installed (sudo apt install espeak-ng).", file=sys.stderr)
        return 1
    if args.pin_core is not None:
        os.sched_setaffinity(0, {args.pin_core})
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        first, said = latency(program, args.steps, folder)
        shots = replay_folder(folder, max(6, int(args.seconds * 30)))
        busy: Any = scanner(shots)
        busy.start()  # the same steps again while the scanner decodes 30 frames a second
        loaded, _ = latency(program, args.steps, folder / "loaded")
        busy.stop()
        alone = scanner_run(shots, False, program)
        talking = scanner_run(shots, True, program)
    cores = "one core" if args.pin_core is not None else f"{os.cpu_count()} cores"
    print(f"Measured on {platform.machine()}, {cores}, espeak-ng "
          f"{_espeak_version(program)}, {len(first)} steps ({said} sentences).\n")
    print("| what | median | 90th percentile | worst |")
    print("|---|---|---|---|")
    for name, times in (("", first), (", scanner decoding meanwhile", loaded)):
        ms = sorted(1000 * t for t in times)
        p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
        print(f"| step committed -> first sample of its sentence{name} | "
              f"{statistics.median(ms):.0f} ms | {p90:.0f} ms | {ms[-1]:.0f} ms |")
    print()
    print("| scanner replay at 30 fps | wall | frames decoded of captured | espeak-ng CPU "
          "| sentences said |")
    print("|---|---|---|---|---|")
    for name, (wall, cpu, decoded, captured, count) in (("alone", alone),
                                                        ("voice talking", talking)):
        print(f"| {name} | {wall:.1f} s | {decoded} of {captured} | "
              f"{cpu:.2f} s ({100 * cpu / wall:.1f}% of a core) | {count} |")
    return 0


def _espeak_version(program: str) -> str:
    words = subprocess.run([program, "--version"], capture_output=True, text=True,
                           check=False).stdout.split()
    return words[words.index("text-to-speech:") + 1] if "text-to-speech:" in words else "?"


if __name__ == "__main__":
    raise SystemExit(main())
