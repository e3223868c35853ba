"""Saved games: every game in the saved-games file, newest first; tap one to resume it."""

from __future__ import annotations

from collections.abc import Sequence

from kivy.app import App
from kivy.uix.screenmanager import Screen

from companion.tables import SavedGame
from companion.ui.presenters.history import games_lines
from companion.ui.screens import load_layout
from companion.ui.widgets import BigButton, Text

load_layout(__file__)


class SavedGamesScreen(Screen):
    def show_games(self, games: Sequence[SavedGame]) -> None:
        box = self.ids.games
        box.clear_widgets()
        if not games:
            box.add_widget(Text(text="There are no saved games yet.", muted=True))
        for game_id, text in games_lines(games):
            box.add_widget(BigButton(
                text=text, kind="quiet",
                on_release=lambda _b, game_id=game_id: App.get_running_app().resume(game_id)))
