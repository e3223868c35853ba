"""The start screen: resume the last game (the default), new game, saved games, settings."""

from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.screens import load_layout

load_layout(__file__)


class StartScreen(Screen):
    resume_text = StringProperty("Looking for the last game...")
    can_resume = BooleanProperty(False)
