"""The Kivy touchscreen app (`companion app`).

Layout (docs/ui.md says how to add a screen):
  runner.py      the command runner: owns the Session on its own thread
  table.py       what a screen reads from a session, gathered on the runner thread
  presenters/    plain Python: table data -> view data (testable without Kivy)
  widgets/       our own reusable widgets (seat badge, action button, counter, ...)
  screens/       one .py (behaviour) and one .kv (layout) per screen
  app.py         the Kivy App: screen manager, runner wiring, sounds, settings
  command.py     `companion app`: arguments, the display check; imports Kivy only when run

Nothing here is imported by the rest of the package; Kivy is imported only by
modules under screens/, widgets/ and app.py.
"""
