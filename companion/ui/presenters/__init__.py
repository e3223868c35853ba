"""Presenters: table data -> plain view data for the screens. No Kivy, no rules."""
