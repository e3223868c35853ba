"""Saved games: every game in the saved-games file, newest first; tap one to resume it.

Each row has its Delete at its left end (away from Back), which asks first in one
sentence naming the game; a deleted game is set aside whole in the file
(store/deleting.py) and waits under Deleted games at the foot of the list, where Bring
back restores it; right after a delete, Undo does too. The game being played is never
deleted: its Delete says why instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from kivy.app import App
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.tables import SavedGame
from companion.ui import theme
from companion.ui.presenters.history import (
    brought_back_sentence,
    delete_lines,
    deleted_lines,
    deleted_sentence,
    games_lines,
)
from companion.ui.runner import Reply
from companion.ui.screens import load_layout
from companion.ui.widgets import BigButton, Text

load_layout(__file__)


class SavedGamesScreen(Screen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._games: tuple[SavedGame, ...] = ()
        self._asking: str | None = None  # the game whose Delete waits for a yes
        self._said = ("", False)  # the last sentence (deleted, brought back, refused)
        self._undo: SavedGame | None = None  # the game just deleted: Undo brings it back
        self._show_deleted = False
        self._working = False  # a delete or bring back is being done: no other tap

    def show_games(self, games: Sequence[SavedGame]) -> None:
        """The list as the runner now reads it (a fresh visit forgets the last sentence)."""
        self._games = tuple(games)
        self._asking, self._said, self._undo = None, ("", False), None
        self._draw()

    # ---- intents ----------------------------------------------------------------------------
    def ask_delete(self, game_id: str) -> None:
        self._asking = game_id
        self._draw()

    def keep(self) -> None:
        self._asking = None
        self._draw()

    def delete(self, saved: SavedGame) -> None:
        self._send(lambda done: _runner().delete_game(saved.game_id, done),
                   deleted_sentence(saved), saved)

    def bring_back(self, saved: SavedGame) -> None:
        self._send(lambda done: _runner().bring_back(saved.game_id, done),
                   brought_back_sentence(saved), None)

    def toggle_deleted(self) -> None:
        self._show_deleted = not self._show_deleted
        self._draw()

    def _send(self, job: Callable[[Callable[[Reply], None]], None], said: str,
              undo: SavedGame | None) -> None:
        if self._working:
            return
        self._working = True
        job(lambda reply: self._done(reply, said, undo))

    def _done(self, reply: Reply, said: str, undo: SavedGame | None) -> None:
        """The file answered: the list as it now is, or one sentence and nothing changed."""
        self._working, self._asking = False, None
        if reply.ok:
            self._games = tuple(reply.value or ())
            self._said, self._undo = (said, False), undo
        else:
            self._said, self._undo = (reply.message, True), None
        self._draw()

    # ---- drawing ------------------------------------------------------------------------------
    def _draw(self) -> None:
        box = self.ids.games
        box.clear_widgets()
        for widget in self._said_widgets():
            box.add_widget(widget)
        kept = [g for g in self._games if not g.deleted]
        if not kept:
            box.add_widget(Text(text="There are no saved games yet.", muted=True))
        for (game_id, text), saved in zip(games_lines(kept), kept, strict=True):
            if game_id == self._asking:
                box.add_widget(self._question(saved))
            else:
                box.add_widget(_row(_resume_button(game_id, text), "Delete",
                                    partial(self.ask_delete, game_id)))
        self._draw_deleted(box, [g for g in self._games if g.deleted])

    def _said_widgets(self) -> list[Any]:
        text, wrong = self._said
        if not text:
            return []
        widgets: list[Any] = [_coloured(Text(text=text), theme.WARN if wrong else theme.GOOD)]
        undo = self._undo
        if undo is not None:
            widgets.append(BigButton(text="Undo: bring it back", kind="quiet",
                                     on_release=lambda _b: self.bring_back(undo)))
        return widgets

    def _question(self, saved: SavedGame) -> BoxLayout:
        """The row's Delete asks in the row's own place and size: the game's button turns
        into "Delete it" (its first line still naming the game), its Delete into Keep it;
        the game being played says why it is not deleted, and OK. Nothing else moves."""
        if saved.playing:
            main = BigButton(text=delete_lines(saved), kind="quiet", disabled=True)
            return _row(main, "OK", self.keep)
        main = BigButton(text=delete_lines(saved), kind="danger",
                         on_release=lambda _b: self.delete(saved))
        return _row(main, "Keep it", self.keep)

    def _draw_deleted(self, box: BoxLayout, deleted: list[SavedGame]) -> None:
        """Deleted games, folded under one button at the foot of the list."""
        if not deleted:
            return
        box.add_widget(BigButton(
            text="Hide deleted games" if self._show_deleted
            else f"Deleted games ({len(deleted)})", kind="quiet",
            on_release=lambda _b: self.toggle_deleted()))
        if not self._show_deleted:
            return
        for (_game_id, text), saved in zip(deleted_lines(deleted), deleted, strict=True):
            box.add_widget(_row(Text(text=text, muted=True), "Bring back",
                                partial(self.bring_back, saved), dp(150)))


def _runner() -> Any:
    return App.get_running_app().runner


def _resume_button(game_id: str, text: str) -> BigButton:
    return BigButton(text=text, kind="quiet",
                     on_release=lambda _b: App.get_running_app().resume(game_id))


#: The gap between a saved game's button and the button beside it (its Delete).
ROW_GAP = dp(24)


def _row(main: Any, action: str, tapped: Callable[[], None], width: float = dp(110)) -> Any:
    """`main` (a game's button or words) with one button before it, as tall as `main`, a
    gap apart: a thumb on the end of a game's row lands on neither (try 13, 56). That
    button (Delete) stands at the row's left end, away from Back at the screen's top
    right: a finger aiming for Back after a scroll, or a little low, hit Delete."""
    row = BoxLayout(size_hint_y=None, spacing=ROW_GAP)
    main.bind(height=lambda _w, height: setattr(row, "height", max(height, dp(56))))
    row.height = max(main.height, dp(56))
    row.add_widget(BigButton(text=action, kind="quiet", size_hint=(None, 1), width=width,
                             on_release=lambda _b: tapped()))
    row.add_widget(main)
    return row


def _coloured(text: Text, colour: Any) -> Text:
    text.color = colour  # after the kv rule, which colours every Text by `muted`
    return text
