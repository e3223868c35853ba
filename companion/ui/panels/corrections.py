"""A correction by touch: pick the value, a stepper for the amount, a reason from a short
list (a typed reason is optional); it sends the CLI's own `adjust` line. Its Apply and
Cancel are a bar of their own (`bar`), which the panel keeps under its list."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.core.tableview import Track
from companion.ui.presenters.corrections import REASONS, adjust_line
from companion.ui.widgets import ToggleChoice


class EditorBar(BoxLayout):
    """The editor's Apply and Cancel, shown under the column's list (never scrolled)."""

    editor = ObjectProperty(None, allownone=True)


class CorrectionEditor(BoxLayout):
    """Corrects one of `tracks` of `target` (a ship or a seat) by the stepper's amount."""

    target = StringProperty("")
    title = StringProperty("")
    track = ObjectProperty(None, allownone=True)
    delta = NumericProperty(0)
    reason = StringProperty("")
    line = StringProperty("")
    preview = StringProperty("")

    def __init__(self, target: str, title: str, tracks: Sequence[Track],
                 send: Callable[[str], None], close: Callable[[], None],
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.target, self.title = target, title
        self._send, self._close = send, close
        self._tracks = tuple(tracks)
        self.bar = EditorBar(editor=self)
        for track in self._tracks:
            self.ids.tracks.add_widget(self._choice(f"{track.label} {track.value}", track,
                                                    self.pick_track))
        for reason in REASONS:
            self.ids.reasons.add_widget(self._choice(reason, reason, self.pick_reason))
        self.ids.typed.bind(text=lambda *_: self._update())
        self.ids.stepper.bind(value=self._on_step)
        if self._tracks:
            self.pick_track(self._tracks[0])

    @staticmethod
    def _choice(text: str, value: object, pick: Callable[[Any], None]) -> ToggleChoice:
        button = ToggleChoice(text=text, value=value)
        button.bind(on_release=lambda b: pick(b.value))
        return button

    def pick_track(self, track: Track) -> None:
        self.track = track
        stepper = self.ids.stepper
        stepper.minimum, stepper.maximum = -track.value, track.highest - track.value
        stepper.value = 0
        for button in self.ids.tracks.children:
            button.chosen = button.value == track
        self._update()

    def pick_reason(self, reason: str) -> None:
        self.reason = "" if self.reason == reason else reason
        for button in self.ids.reasons.children:
            button.chosen = button.value == self.reason
        self._update()

    def _on_step(self, _stepper: object, value: float) -> None:
        self.delta = int(value)
        self._update()

    def _update(self) -> None:
        track = self.track
        if track is None:
            return
        after = track.value + self.delta
        self.preview = f"{track.label}: {track.value} -> {after}" if self.delta \
            else f"{track.label}: {track.value} (choose a change with - and +)"
        self.line = adjust_line(self.target, track.key, self.delta,
                                (self.reason, self.ids.typed.text))

    def apply(self) -> None:
        if self.track is not None and self.delta:
            self._send(self.line)
            self._close()

    def cancel(self) -> None:
        self._close()


Builder.load_file(str(Path(__file__).with_name("corrections.kv")))
