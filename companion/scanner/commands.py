"""`companion decode`, `companion scan` and `companion doctor`.

Only the standard library is imported at module level: cli.py imports this
module for its argument definitions, and `companion state` must not pay for
OpenCV. The heavy modules are imported inside each command's `run`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from companion.core.errors import CompanionError
from companion.core.words import counted
from companion.scanner.codes import printable
from companion.scanner.options import cpu_scale_type, fps_type, seconds_type
from companion.subcommand import Subcommand

if TYPE_CHECKING:
    from companion.core.catalog import Catalog
    from companion.scanner.pipeline import Event
    from companion.scanner.reader import FrameReader
    from companion.scanner.resolve import TagResolver
    from companion.scanner.sources import FrameSource


def _game_ids() -> tuple[str, ...]:
    from companion.games.registry import games

    return games().ids


def build_reader(name: str | None, err: TextIO, cpu_scale: float = 1.0) -> FrameReader:
    """The chosen decoder with the ladder; a missing library is replaced by another.
    `cpu_scale` divides the rescues' budget (reader.LADDER_BUDGET_S)."""
    from companion.scanner.decoders import (
        DECODER_NAMES,
        DecoderUnavailableError,
        make_decoder,
    )
    from companion.scanner.reader import FrameReader

    wanted = [name] if name else []
    order = wanted + [n for n in DECODER_NAMES if n not in wanted and n != "opencv"]
    built = []
    for candidate in order:
        try:
            built.append(make_decoder(candidate))
        except DecoderUnavailableError as exc:
            print(f"note: {exc}", file=err)
    if not built:
        raise DecoderUnavailableError(
            "No QR decoder is installed; install zxing-cpp (pip install zxing-cpp).")
    if name and built[0].name != name:
        print(f"note: using the {built[0].name} decoder instead of {name}.", file=err)
    # The other decoder is not a rung of the ladder: the benchmark found it
    # rescues almost nothing for 20-30 ms a try (docs/scanner.md).
    return FrameReader(built[0], cpu_scale=cpu_scale)


def build_resolver(game: str | None, catalog: Catalog | None = None) -> TagResolver:
    """A resolver for `game`, its catalog loaded now (or the one given), not at the first scan."""
    from companion.scanner.resolve import TagResolver, default_loader

    resolver = TagResolver(default_loader, game, catalog)
    if game is not None:
        resolver.preload()
    return resolver


# --- decode -------------------------------------------------------------------------


def _add_decode_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="image files to read")
    parser.add_argument("--json", action="store_true", help="one JSON line per image")
    parser.add_argument("--decoder", choices=("zxing", "zbar", "opencv"), default=None,
                        help="QR decoder (default: zxing, the fastest measured)")
    parser.add_argument("--game", choices=_game_ids(), default=None,
                        help="resolve tags as in a game of this kind")


def run_decode(args: argparse.Namespace, out: TextIO | None = None,
               err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    try:
        reader = build_reader(args.decoder, err)
        resolver = build_resolver(getattr(args, "game", None))
    except CompanionError as exc:
        print(exc, file=err)
        return 2
    from companion.scanner.photofile import prepare

    prepare()
    failed = False
    for path in args.images:
        try:
            record = decode_file(path, reader, resolver)
        except CompanionError as exc:
            print(exc, file=err)
            failed = True
            continue
        print(json.dumps(record) if args.json else _decode_text(record), file=out)
    _report_catalog_problems(resolver, err)
    return 1 if failed else 0


def decode_file(path: str, reader: FrameReader, resolver: TagResolver) -> dict[str, Any]:
    """Every QR code in one image file, resolved, with the decode time in ms. The file
    is checked and decoded in a child process within a memory and time budget
    (photofile.py); a refusal is an UnreadableImageError."""
    from companion.scanner.codes import reading_order
    from companion.scanner.photofile import read_codes

    raws, ms = read_codes(path, reader)
    codes = [resolver.resolve(raw) for raw in raws]
    return {"file": path, "codes": [c.to_dict() for c in reading_order(codes)],
            "ms": round(ms, 2)}


def _decode_text(record: dict[str, Any]) -> str:
    lines = [f"{record['file']}: {counted(len(record['codes']), 'code')} in {record['ms']:.1f} ms"]
    for code in record["codes"]:
        card = code["card"]
        what = card["name"] if card else code["message"]
        lines.append(printable(f"  {code['text']}  [{code['status']}]  {what}"))
    return "\n".join(lines)


def _report_catalog_problems(resolver: TagResolver, err: TextIO) -> None:
    for problem in resolver.catalog_problems().values():
        print(f"warning: {problem[0].upper()}{problem[1:]}", file=err)


decode_command = Subcommand(
    name="decode", help="read the QR codes in image files",
    add_arguments=_add_decode_arguments, run=lambda args: run_decode(args),
)


# --- scan ---------------------------------------------------------------------------


def _add_scan_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--camera", default="auto",
                        help="auto, picamera2, opencv[:INDEX] or replay:PATH (default auto)")
    parser.add_argument("--game", choices=_game_ids(), default=None,
                        help="refuse tags of every other game")
    parser.add_argument("--json", action="store_true", help="one JSON line per event")
    parser.add_argument("--decoder", choices=("zxing", "zbar", "opencv"), default=None)
    parser.add_argument("--fps", type=fps_type, default=30.0,
                        help="replay speed in frames per second, up to 240 (default 30)")
    parser.add_argument("--forget-after", type=seconds_type, default=1.5,
                        help="seconds out of view before a card can scan again (default 1.5)")
    parser.add_argument("--cpu-scale", type=cpu_scale_type, default=1.0,
                        help="act as a machine this many times slower: the rescues' budget per "
                             "frame is divided by it (a Pi 4 is about 4; `doctor` measures it)")


def run_scan(args: argparse.Namespace, out: TextIO | None = None,
             err: TextIO | None = None) -> int:
    """Run the live pipeline until a replay ends or Ctrl-C; one line per event.

    Exit status 2 if it cannot start, 1 if the scanner failed, else 0 (also
    when the reader of the output, e.g. `| head`, stops reading).
    """
    from companion.scanner.dedup import ScanDeduper
    from companion.scanner.pipeline import ScanPipeline

    out, err = out or sys.stdout, err or sys.stderr
    try:
        reader = build_reader(args.decoder, err, args.cpu_scale)
        resolver = build_resolver(args.game)
        resolver.preload()  # with no --game, both catalogs: no scan waits for one
        deduper = ScanDeduper(args.forget_after)
        open_source = source_opener(args.camera, args.fps, err)
    except CompanionError as exc:
        print(exc, file=err)
        return 2
    closed = threading.Event()
    pipeline = ScanPipeline(open_source, reader, resolver,
                            _printer(out, args.json, closed), deduper)
    try:
        pipeline.start()
        while not pipeline.wait(0.2) and not closed.is_set():
            pass
    except KeyboardInterrupt:
        pass  # Ctrl-C is how a live scan is meant to end
    finally:
        pipeline.stop()
    if closed.is_set():
        _silence(out)
    stats = pipeline.stats
    skipped = f", {stats.skipped} skipped ({stats.skip_reason})" if stats.skipped else ""
    print(f"frames: {stats.captured} captured, {stats.decoded} decoded, "
          f"{stats.dropped} dropped{skipped}", file=err)
    return 1 if pipeline.failure else 0


def _printer(out: TextIO, as_json: bool, closed: threading.Event) -> Callable[[Event], None]:
    """The scan's `deliver`: one line per event; sets `closed` once nobody reads `out`."""
    def deliver(event: Event) -> None:
        if closed.is_set():
            return
        try:
            print(json.dumps(event.to_dict()) if as_json else _event_text(event),
                  file=out, flush=True)
        except BrokenPipeError:
            closed.set()  # `companion scan | head -3`: the reader has all it wanted
    return deliver


def _silence(out: TextIO) -> None:
    """Point a closed pipe at /dev/null, so the flush at exit does not complain."""
    # Not a real file (a test's StringIO) has no descriptor, and nothing flushes it at exit.
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())


def source_opener(camera: str, fps: float, err: TextIO) -> Callable[[], FrameSource]:
    """What the pipeline calls to open the camera; checks the choice now, not in a thread.

    A replay is opened here: one that cannot open never will, so it is refused
    at once (ReplayUnavailableError) rather than retried.
    """
    from companion.scanner.sources import ReplaySource, open_auto, parse_camera

    source = parse_camera(camera, fps)
    if source is not None:
        ready = [source] if isinstance(source, ReplaySource) else []
        for replay in ready:
            replay.open()

        def open_given() -> FrameSource:
            if ready:
                return ready.pop()
            source.open()
            return source
        return open_given

    def open_any() -> FrameSource:
        chosen, tried = open_auto()
        for sentence in tried:
            print(f"note: {sentence}", file=err)
        return chosen
    return open_any


def _event_text(event: Event) -> str:
    from companion.scanner.pipeline import ScanEvent

    if isinstance(event, ScanEvent):
        return "\n".join(f"{event.timestamp}  scan  {c.describe()}" for c in event.codes)
    return f"{event.timestamp}  {event.status}  {event.message}"


scan_command = Subcommand(
    name="scan", help="run the card scanner without the table screen",
    add_arguments=_add_scan_arguments, run=lambda args: run_scan(args),
)
