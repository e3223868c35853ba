"""The scan strip: a small live preview with each code read outlined, the scanner's
status and the last scan, always on the dashboard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Line
from kivy.graphics.texture import Texture
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.presenters.scanner import scanner_sentence

#: Times a second the strip asks the scanner for a new frame while shown: twice the
#: camera's 30 fps, so clock jitter between the two never drops a camera frame (asking at
#: 30 fps showed about 25 of 30). Asking costs nothing when no new frame came: the
#: scanner keeps the last scaled picture, and the strip skips a frame it already shows.
PREVIEW_POLLS = 60
#: The preview's width in dp once a frame has come (scanstrip.kv uses the same).
PREVIEW_WIDTH_DP = 150
#: The status words a player reads beside the preview; without a camera, what it is for
#: and what happens instead, in one line ("How?" opens the whole sentence). While the
#: scanner looks for a camera and none is plugged in, the table is told the one plain
#: sentence at once; "Camera starting" only while a camera found is being opened (try 10:
#: a table with no camera read "Camera starting" and wondered who asked for one).
#: The same words whether no camera answers or none is switched on (after a restart the
#: strip read "No scanner" where it said this before: try 9, finding 34); "How?" tells
#: which of the two it is. It names the table's pick, which the fixed bar holds while a
#: card is owed (docs/ui.md): "the app draws cards" sent a table to the green bar
#: expecting a draw, and it opened a list (try 20, finding 8).
NO_CAMERA = "No camera: pick cards by touch"
#: The same line for a table that chose in Settings to let the app draw (issue 22): the
#: fixed bar then holds the app's draw, which these words send a player to.
NO_CAMERA_APP_DRAWS = "No camera: the app draws cards"
STATUS_WORDS = {"starting": NO_CAMERA, "opening": "Camera starting, to read cards",
                "running": "Scanner ready",
                "no-camera": NO_CAMERA,
                "camera-lost": "Camera lost, retrying",
                "ended": "Camera ended", "stopped": "Scanner stopped",
                "failed": "Scanner failed", "foreign": "Scanner ready", "off": NO_CAMERA}


class ScanStrip(BoxLayout):
    """Always on the dashboard. With no preview (no camera yet) it folds to one line and a
    "How?" button that opens the status's whole sentence as a sheet over its column (the
    panel above folds away meanwhile), so the seats keep their room and no row is cut."""

    status = StringProperty(NO_CAMERA)
    detail = StringProperty(scanner_sentence("off", ""))
    last_scan = StringProperty("")
    service = ObjectProperty(None, allownone=True)
    #: The status's sentence is open (the "How?" button) while there is no preview.
    explained = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._texture: Texture | None = None
        self._raw = "off"  # the scanner's last status
        self._shown: Any = None
        self._event: Any = None

    @property
    def shown_frame_index(self) -> int:
        """The camera frame the preview shows (its `frame_index`), 0 before the first."""
        return self._shown.frame_index if self._shown is not None else 0

    #: Who draws the cards (the Settings choice): the no-camera line names that way.
    drawer = StringProperty("table")

    def set_status(self, status: str, message: str) -> None:
        self._raw = status
        self.status = self._words(status)
        self.detail = scanner_sentence(status, message)

    def _words(self, status: str) -> str:
        words = STATUS_WORDS.get(status, status)
        return NO_CAMERA_APP_DRAWS if words == NO_CAMERA and self.drawer == "app" else words

    def on_drawer(self, *_args: Any) -> None:
        self.status = self._words(self._raw)

    def show_scan(self, text: str) -> None:
        self.last_scan = text

    def toggle_explained(self) -> None:
        self.explained = not self.explained

    def start_preview(self) -> None:
        if self._event is None:
            self._event = Clock.schedule_interval(self._update, 1 / PREVIEW_POLLS)

    def stop_preview(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def _update(self, _dt: float) -> None:
        image = self.ids.preview
        # Before the first frame the image is folded away (the status text has its room):
        # ask for the box it opens to.
        width = image.width if image.texture is not None else dp(PREVIEW_WIDTH_DP)
        if self.service is None or width < 2 or image.height < 2:
            return
        frame = self.service.preview(int(width), int(image.height))
        # The service hands back the same frame until a new picture, new codes or a new
        # box size: one drawn at the box's first, unsettled size is redrawn once it settles.
        if frame is None or frame is self._shown:
            return
        self._shown = frame
        # A new (small) texture per frame: under llvmpipe, writing into the texture on
        # screen waits for the frame drawing it (130-160 ms a frame on the loaded dev
        # machine, against about 2 ms for a fresh one).
        self._texture = Texture.create(size=frame.size, colorfmt="bgr")
        self._texture.flip_vertical()  # the camera's rows run top to bottom
        self._texture.blit_buffer(frame.image.tobytes(), colorfmt="bgr", bufferfmt="ubyte")
        image.texture = self._texture
        self.explained = False  # a preview shows the status itself: the sheet folds away
        self._outline(frame)

    def _outline(self, frame: Any) -> None:
        image = self.ids.preview
        image.canvas.after.clear()
        width, height = image.norm_image_size
        left = image.center_x - width / 2
        bottom = image.center_y - height / 2
        scale = width / frame.width
        with image.canvas.after:
            for code in frame.codes:
                Color(*(theme.GOOD if code.status == "ok" else theme.DANGER))
                points = []
                for x, y in code.corners:
                    points += [left + x * scale, bottom + height - y * scale]
                if points:
                    Line(points=points, close=True, width=1.5)


Builder.load_file(str(Path(__file__).with_name("scanstrip.kv")))
