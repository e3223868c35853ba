"""The camera side of the app: the scanner pipeline, started off the main thread.

Importing OpenCV and the decoders takes most of a second, so `ScannerService`
builds everything on its own thread after the dashboard is drawn. Scans and
status changes come back through `deliver` (Kivy's Clock in the app); the
preview is pulled by the scan strip with `preview()`, on the UI thread, only
while it is shown (the scanner's own threads never scale a frame for us).
No Kivy here.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from typing import Any

from companion.core.catalog import Catalog
from companion.core.errors import CompanionError
from companion.scanner.codes import ScanCode

Deliver = Callable[[Callable[[], None]], None]


class ScannerService:
    """One scanner for one game; `on_scan(code)` receives each code it read, as the
    resolver typed it (for `TableAPI.scan`: never turned back into a `scan TAG` line)."""

    def __init__(self, camera: str, decoder: str, deliver: Deliver,
                 on_scan: Callable[[ScanCode], None], on_status: Callable[[str, str], None],
                 source: Any = None):
        self.camera, self.decoder, self.source = camera, decoder, source
        self._deliver, self._on_scan, self._on_status = deliver, on_scan, on_status
        self._pipeline: Any = None
        #: A camera is plugged in (looked at before the pipeline starts): while the
        #: pipeline looks for it, it is being opened ("opening"), not merely looked for.
        self._present = False
        self._lock = threading.Lock()
        self._stopped = False

    def start(self, game: str, catalog: Catalog) -> None:
        """Warm up in the background: imports, camera check, then the pipeline's threads."""
        threading.Thread(target=self._build, args=(game, catalog), name="scanner-warmup",
                         daemon=True).start()

    def _build(self, game: str, catalog: Catalog) -> None:
        try:
            from companion.scanner.commands import build_reader, build_resolver, source_opener
            from companion.scanner.pipeline import ScanPipeline
            from companion.scanner.sources import camera_present

            notes = io.StringIO()
            reader = build_reader(None if self.decoder == "auto" else self.decoder, notes)
            given = self.source
            opener = (lambda: given) if given is not None else \
                source_opener(self.camera, 30.0, notes)
            resolver = build_resolver(game, catalog)
            pipeline = ScanPipeline(opener, reader, resolver, self._event)
            self._present = given is not None or camera_present(self.camera)
        except (CompanionError, OSError, ValueError) as exc:
            self._status("no-camera", str(exc))
            return
        with self._lock:
            if self._stopped:
                return
            self._pipeline = pipeline
        pipeline.start()

    def _event(self, event: Any) -> None:
        """On a scanner thread: hand scans and statuses to the main thread."""
        codes = getattr(event, "codes", None)
        if codes is None:
            found = event.status == "starting" and self._present
            self._status("opening" if found else event.status, event.message)
            return
        for code in codes:
            if code.status == "foreign":
                # The resolver's sentence, as `decode` and `play --camera` say it (it
                # suggests the upper-case tag for a look-alike in lower case).
                self._status("foreign", code.message or "A QR code that is not a card tag "
                                                        "was ignored.")
            else:
                self._deliver(self._scanning(code))

    def _scanning(self, code: ScanCode) -> Callable[[], None]:
        return lambda: self._on_scan(code)

    def _status(self, status: str, message: str) -> None:
        self._deliver(lambda: self._on_status(status, message))

    def preview(self, max_width: int, max_height: int) -> Any:
        """The newest frame fitted to the box (a scanner PreviewFrame), or None."""
        pipeline = self._pipeline
        return pipeline.preview(max_width, max_height) if pipeline is not None else None

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            pipeline, self._pipeline = self._pipeline, None
        if pipeline is not None:
            pipeline.stop()
