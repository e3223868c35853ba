"""`companion play --camera SRC`: the camera's scans and typed commands, one game.

Scans arrive on the scanner's decode thread and typed lines on a reader
thread; both only put items in one queue. The main thread alone runs them
through the session, in arrival order, so the game never sees two commands
at once. A scan reaches the game as the card the scanner resolved (see
`Session.scan`): only a card of this game's catalog can change it.
"""

from __future__ import annotations

import argparse
import json
import queue
import sys
import threading
from collections.abc import Callable
from typing import IO, Any

from companion.api import next_hint
from companion.core.engine import Result
from companion.session import Session

Item = tuple[str, Any]


def _read_lines(inbox: queue.Queue[Item]) -> None:
    for number, line in enumerate(sys.stdin, start=1):
        inbox.put(("line", (number, line)))
    inbox.put(("eof", None))


def check_camera(args: argparse.Namespace) -> None:
    """Refuse a --camera, --fps or --forget-after that cannot work, with one sentence.

    Cheap enough to call before a game is opened: a replay that cannot open
    (missing, empty, not a video) is refused here instead of being retried.
    """
    from companion.scanner.commands import source_opener
    from companion.scanner.dedup import ScanDeduper

    ScanDeduper(args.forget_after)
    opener = source_opener(args.camera, args.fps, sys.stderr)
    if _is_replay(args.camera):
        opener().close()


def _is_replay(camera: str) -> bool:
    return camera.startswith("replay:")


def _start_scanner(args: argparse.Namespace, session: Session,
                   inbox: queue.Queue[Item]) -> Any:
    """Everything is checked before the scanner starts; a refusal raises CompanionError."""
    from companion.scanner.commands import build_reader, build_resolver, source_opener
    from companion.scanner.dedup import ScanDeduper
    from companion.scanner.pipeline import ScanPipeline

    deduper = ScanDeduper(args.forget_after)
    reader = build_reader(args.decoder, sys.stderr)
    opener = source_opener(args.camera, args.fps, sys.stderr)
    # The game's own catalog: a saved game may be pinned to an older one than the packaged.
    resolver = build_resolver(session.kind, session.match.catalog)
    pipeline = ScanPipeline(opener, reader, resolver,
                            lambda event: inbox.put(("scanner", event)), deduper)
    pipeline.start()
    return pipeline


def _show(result: Result, label: str, as_json: bool, out: IO[str],
          hint: str | None = None) -> None:
    if as_json:
        out.write(json.dumps({**result.to_dict(0), "line": None, "source": label,
                              "next": hint}) + "\n")
    else:
        kind = {"step": "ok", "info": "ok"}.get(result.kind, result.kind)
        out.write(f"{label} {kind}: {result.message}\n")
    out.flush()


def _scanned(session: Session, event: Any, as_json: bool, out: IO[str]) -> bool:
    """Run every code of a scan event; True if one was refused."""
    refused = False
    for code in event.codes:
        result = session.scan(code)
        refused |= not result.ok
        _show(result, "camera", as_json, out, next_hint(session.match))
    return refused


def play_live(args: argparse.Namespace, session: Session,
              run_line: Callable[[int, str], bool], interactive: bool) -> bool:
    """Serve typed lines and camera scans until both are done; True if any was refused."""
    from companion.scanner.pipeline import END_STATUSES, ScanEvent

    inbox: queue.Queue[Item] = queue.Queue()
    pipeline = _start_scanner(args, session, inbox)
    threading.Thread(target=_read_lines, args=(inbox,), daemon=True).start()
    typing, camera, refused = True, True, False
    try:
        # A table typing at a terminal leaves with Ctrl-D; a script on standard
        # input keeps the scanner running until its camera (a replay) ends.
        while camera and (typing or not interactive):
            kind, value = inbox.get()
            if kind == "line" and value[1].lower().split() == ["scan", "again"]:
                pipeline.scan_again()
                print("The cards in view will scan again.", flush=True)
            elif kind == "line":
                refused |= run_line(*value)
            elif kind == "eof":
                typing = False
            elif isinstance(value, ScanEvent):
                refused |= _scanned(session, value, args.json, sys.stdout)
            else:
                print(f"camera {value.status}: {value.message}", file=sys.stderr, flush=True)
                camera = value.status not in END_STATUSES
                refused |= value.status == "failed"
    finally:
        pipeline.stop()
    return refused
