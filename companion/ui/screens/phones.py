"""Phones at the table: the codes phones scan to follow the game or open a seat's page."""

from __future__ import annotations

import io
from typing import Any

from kivy.app import App
from kivy.core.image import Image as CoreImage
from kivy.uix.screenmanager import Screen

from companion.phones.addresses import qr_png
from companion.ui.presenters.phones import SEAT, PhonesView, seat_url
from companion.ui.screens import load_layout
from companion.ui.widgets import BigButton

load_layout(__file__)


class PhonesScreen(Screen):
    def show_phones(self, view: PhonesView) -> None:
        self.view = view
        self.ids.sentence.text = view.sentence
        self.ids.address.text = view.watch_url or ""
        self._code(view.watch_url)
        box = self.ids.buttons
        box.clear_widgets()
        app: Any = App.get_running_app()
        if not view.on:
            box.add_widget(BigButton(text="Turn on phones at the table",
                                     on_release=lambda _b: app.change_setting("phones", "on")))
            return
        if view.watch_url is None:
            return
        for seat in view.seats:
            box.add_widget(BigButton(
                text=f"Show {seat}'s own code", kind="quiet",
                on_release=lambda _b, seat=seat: self.show_seat(seat)))
        box.add_widget(BigButton(text="Turn off phones at the table", kind="quiet",
                                 on_release=lambda _b: app.change_setting("phones", "off")))

    def show_seat(self, seat: str, new_link: bool = False) -> None:
        """One seat's code, for its player only, with a way to replace its link."""
        app: Any = App.get_running_app()
        token = app.phone_token(seat, new_link)
        if token is None or self.view.watch_url is None:
            return
        url = seat_url(self.view.watch_url.rstrip("/"), token)
        self.ids.sentence.text = SEAT.format(seat=seat)
        self.ids.address.text = f"{seat}'s link is ready{' (new)' if new_link else ''}."
        self._code(url)
        box = self.ids.buttons
        box.clear_widgets()
        box.add_widget(BigButton(text=f"Done: hide {seat}'s code",
                                 on_release=lambda _b: self.show_phones(self.view)))
        box.add_widget(BigButton(text=f"New link for {seat}", kind="quiet",
                                 on_release=lambda _b: self.show_seat(seat, True)))

    def leave(self) -> None:
        self.ids.code.texture = None
        App.get_running_app().leave("phones")

    def _code(self, url: str | None) -> None:
        if url is None:
            self.ids.code.texture = None
            return
        png = io.BytesIO(qr_png(url, scale=8))
        self.ids.code.texture = CoreImage(png, ext="png").texture
        self.ids.code.texture.mag_filter = "nearest"
