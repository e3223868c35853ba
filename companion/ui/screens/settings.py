"""Settings: sound and volume, text size, rotation, camera source and decoder."""

from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen

from companion.ui.screens import load_layout
from companion.ui.settings import DECODERS, TEXT_SIZES, AppSettings

load_layout(__file__)


class SettingsScreen(Screen):
    decoders = DECODERS
    text_sizes = TEXT_SIZES

    def show_settings(self, settings: AppSettings) -> None:
        self.ids.camera.text = settings.camera
        self.ids.decoder.text = settings.decoder
        self.ids.volume.value = settings.volume

    def change(self, name: str, value: object) -> None:
        App.get_running_app().change_setting(name, str(value))
