"""Tools for developers, not screens: the screenshot gallery's seeded game scripts
(`gallery*.py`) and the gallery itself (`shots.py`, also run as `python -m
companion.ui.shots DIR`). These may name a game; nothing the app runs imports them
(tests/test_ui_names_no_game.py searches the rest of companion/ui)."""
