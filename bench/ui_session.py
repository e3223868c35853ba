"""A long game night by touch, for bench/ui.py's memory figures.

`GameNight(driver).play(taps)` plays whole 2-seat Exploration games through the screens
only: the new-game form, the prompt's buttons (a seeded table of two, tests/ui's
`TablePlayer`), every card the table owes read as the scanner would hand it over, reveals
acknowledged, maneuver checks, a trap going off, the final scores, then a new game. Between
the prompt's taps the table looks around as players do: undo and redo, the history, the
dashboard's tabs, the scoreboard, the settings (text size), the menu and resume.
Every `every` taps it calls `sample(taps)`. With `pause_every` (and `pause` seconds), every
so many taps the finger rests while the app's own loop runs, as a table's turns leave
moments between taps (the work done ahead and the collector's quiet passes run in them).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from kivy.base import EventLoop
from kivy.tests.common import UnitTestTouch

from companion.ui.devtools.gallery import seat_players
from companion.ui.widgets.tabs import TabButton
from tests.ui.table_player import TablePlayer

#: Buttons of the actions panel that are not the prompt's actions.
NOT_ACTIONS = ("< Back", "Not possible now", "Hide what is not possible now")
#: Every so many taps of the prompt's buttons, one look around (in this order, in turn).
LOOK_EVERY = 7
LOOKS = ("undo_redo", "history", "tab", "scoreboard", "settings", "menu", "tab", "undo_redo")
PLAYERS = ({"Xichang": "Ana", "Baikonur": "Ben"}, {"Xichang": "Cleo", "Baikonur": "Dev"})


class GameNight:
    """Taps a table makes over an evening; `taps` counts every finger on a button."""

    def __init__(self, driver: Any, every: int = 200,
                 sample: Callable[[int], None] = lambda _taps: None,
                 pause_every: int = 0, pause: float = 0.0) -> None:
        self.driver = driver
        self.every = every
        self.sample = sample
        self.pause_every = pause_every
        self.pause = pause
        self._resolver: Any = None
        self.taps = 0
        self.games = 0
        self.player = TablePlayer()
        self.trail: list[str] = []
        self._looks = 0
        self._since_look = 0

    # ---- counting --------------------------------------------------------------------------
    def tap(self, target: Any, exact: bool = True) -> None:
        """A finger on `target` (a widget, or a button's text) as the driver's tap, with
        fewer frames: the driver pumps four more for a button in a scroll view (to scroll
        it into reach), which under software GL made a tap cost a second here."""
        driver = self.driver
        widget = driver.button(target, exact) if isinstance(target, str) else target
        if widget.disabled:
            raise AssertionError(f"{getattr(widget, 'text', widget)!r} is disabled.")
        driver.wait_still()  # a tap before the list takes taps again would be dropped
        if not driver.reachable(widget):
            driver.tap(widget)
        else:
            touch = UnitTestTouch(*widget.to_window(*widget.center))
            touch.touch_down()
            driver.pump()
            touch.touch_up()
            while driver.app.runner.pending:
                EventLoop.idle()  # replies come through the Clock
                time.sleep(0.002)
            driver.pump()
        self.taps += 1
        if self.pause_every and self.taps % self.pause_every == 0:
            self.rest(self.pause)
        if self.taps % self.every == 0:
            self.sample(self.taps)

    def rest(self, seconds: float) -> None:
        """No finger on the glass for `seconds`: the app's own loop runs (its clock, the work
        done ahead), sleeping between its turns as Kivy's paced loop would."""
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            EventLoop.idle()
            time.sleep(0.01)

    def play(self, taps: int) -> None:
        while self.taps < taps:
            self.step()

    # ---- one step of the evening --------------------------------------------------------------
    def step(self) -> None:
        driver = self.driver
        screen = driver.screen.name
        if screen == "start":
            self.new_game()
        elif screen == "reveal":
            self.tap(driver.screen.ids["continue"])
        elif screen == "check":
            self.check()
        elif screen == "explosion":
            self.tap(driver.screen.ids["continue"])
        elif screen == "form":
            self.move()
        elif screen == "final":
            self.tap("Menu")  # the evening goes on: another game
        elif screen == "dashboard" and driver.app.game_over:
            self.tap("Final scores")
        else:
            assert screen == "dashboard", f"unexpected screen {screen}"
            self.on_the_table()

    def new_game(self) -> None:
        self.tap("New game")
        seat_players(self.driver, PLAYERS[self.games % len(PLAYERS)])
        self.tap("Start the game")
        assert self.driver.screen.name == "dashboard", self.driver.app.message
        self.games += 1
        self.player, self.trail = TablePlayer(), []

    def on_the_table(self) -> None:
        driver = self.driver
        table = driver.app.table
        if table.prompt.get("expects_scan"):
            self.card_read()
            return
        if not self.trail and self._since_look >= LOOK_EVERY:
            self._since_look = 0
            getattr(self, LOOKS[self._looks % len(LOOKS)])()
            self._looks += 1
            return
        offered = driver.app.screen("dashboard").ids.actions.offered()
        texts = [text for text in offered if not text.startswith(NOT_ACTIONS)]
        seat = str(table.prompt.get("seat") or "")
        pick = self.player.choose(texts, self.trail, seat, int(table.view.get("round", 0)))
        self.tap(pick)
        if driver.screen.name == "dashboard" and driver.app.message_refused:
            raise AssertionError(f"{pick!r} was refused: {driver.app.message}")
        opened = pick.endswith("  >") and driver.screen.name == "dashboard" and \
            driver.app.screen("dashboard")._trail
        self.trail = [*self.trail, pick] if opened else []
        self._since_look += 1

    def move(self) -> None:
        """A move: its fields on one screen, then its send button (as a player taps them)."""
        form = self.driver.screen
        seat = str(self.driver.app.table.prompt.get("seat") or "")
        for field, label in self.player.move(form.choices(), seat):
            self.tap(form.option(field, label))
        self.tap(form.ids.submit)
        assert self.driver.screen.name != "form", form.refusal
        self.trail = []

    def _resolved(self, tag: str) -> Any:
        """The tag as the scanner's resolver types a code it read (a `ScanCode`)."""
        from companion.scanner.codes import RawCode
        from companion.scanner.commands import build_resolver

        if self._resolver is None:
            self._resolver = build_resolver(self.driver.app.table.kind)
        return self._resolver.resolve(RawCode(tag.encode(), (), "bench"))

    def card_read(self) -> None:
        """The card the table owes, handed over as the scanner hands a code it read."""
        driver, owed = self.driver, []
        driver.app.runner.demo_card(lambda reply: owed.append(reply.value))
        driver.settle()
        tag, _words = owed[0]
        driver.app._scanned(self._resolved(tag))
        driver.settle()
        assert not driver.app.message_refused, driver.app.message

    def check(self) -> None:
        driver = self.driver
        # (each check of a move asks in turn: the app rolls each one, try 21)
        while driver.screen.mode == "choose" and driver.shown("App rolls the die"):
            self.tap("App rolls the die", exact=False)
        if driver.screen.mode == "rolling":
            self.tap("Skip")
        self.trail = []
        self.tap("Continue")

    # ---- looking around -----------------------------------------------------------------------
    def undo_redo(self) -> None:
        if self.driver.app.can_undo:
            self.tap("Undo")
            self.tap("Redo")

    def history(self) -> None:
        self.tap("History")
        self.tap("Back to the table")

    def tab(self) -> None:
        tabs = [w for w in self.driver.widgets() if isinstance(w, TabButton)]
        self.tap(tabs[(self._looks // 2) % len(tabs)])
        self.tap(tabs[0])  # back to the seats

    def scoreboard(self) -> None:
        self.tap("Menu")
        self.tap("Scoreboard")
        self.tap(self.driver.screen)  # a tap anywhere goes back to the table
        if self.driver.screen.name != "dashboard":
            self.driver.app.show("dashboard")

    def settings(self) -> None:
        self.tap("Menu")
        self.tap("Settings")
        self.tap("Large")
        self.tap("Normal")
        self.tap("Back")  # Settings' Back returns to the Menu it was opened from
        self.tap(self.driver.screen.ids["resume"])

    def menu(self) -> None:
        self.tap("Menu")
        self.tap(self.driver.screen.ids["resume"])
