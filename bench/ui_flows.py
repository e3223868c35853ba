"""Flows by touch for bench/ui.py (`--only flows`): what a finger does, and how long each
tap takes to show its result.

Each flow is played through the screens only, as a table would: taps on buttons, a
scroll counted whenever the button is out of its list's view (the driver scrolls it into
reach, as a finger would drag). Player names are set in the new-game form's fields
directly (typing is the on-screen keyboard's, not counted here). Cards owed are drawn by
the app ("Let the app draw"). The flows:

- setup: from the start screen, a 3-player Exploration game (Xichang, Baikonur, Kourou)
  set up with the app's draws and the draft at the table, up to round 1's first turn;
- the app's draft: a 4-player game (Mia, Tom, Lea, Sam) set up with the app's draws and
  the draft the app deals, up to "Start round 1" (each pick on its drafter's own screen);
- round 1 and round 2: each a whole round of that game (preparation, flight, drift),
  played by tests/ui's `TablePlayer` (deploy, build, select, move one space, end turns);
- a move with a check: round 2's flight (the gallery's set-up), TRNS1 moving 2 spaces
  past the L1 marker, the check's die face chosen, the result read;
- a TI4 exploration: Alice takes the three Rigel planets and explores each card.

Every tap's response is timed from the finger's release to the first frame drawn (GL
finished) once the app has no command left to answer, by kind of tap: in wall-clock
seconds, and in CPU seconds of the whole process (every thread: the app's, the runner's,
software GL's) over the same span, which is what the tap costs a quiet core.

The taps come back to back (the worst case: the work done ahead in quiet moments finds
none), or, with `rest`, after that many seconds without a finger, as a table's turns
leave them (the app's own loop runs meanwhile: its work done ahead, the collector's quiet
passes); a rest is not counted in any tap.
"""

from __future__ import annotations

import gc
import re
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.graphics.opengl import glFinish
from kivy.tests.common import UnitTestTouch
from ui_session import NOT_ACTIONS

from companion.ui.devtools.gallery import flight_lines, seat_players
from companion.ui.widgets import BigButton
from companion.ui.widgets.tabs import TabButton
from tests.ui.table_player import TablePlayer

SEATS = {"Xichang": "Ana", "Baikonur": "Ben", "Kourou": "Cleo"}
#: How a tap is filed for the response figures.
KINDS = ("screen switch", "tab", "prompt level", "command", "reveal", "History", "Decks")


class Finger:
    """Taps and scrolls on one app, with each tap's time to its result."""

    def __init__(self, driver: Any, rest: float = 0.0) -> None:
        self.driver = driver
        self.rest = rest
        self.taps = self.scrolls = 0
        self.times: dict[str, list[float]] = defaultdict(list)
        #: The same taps' CPU seconds (the whole process) from release to that frame.
        self.cpu: dict[str, list[float]] = defaultdict(list)
        #: Every tap in order: (CPU seconds, kind, what was tapped, the screen it was on,
        #: CPU seconds of the collector's full passes in it).
        self.log: list[tuple[float, str, str, str, float]] = []
        self._full_passes = 0.0  # CPU seconds of the collector's full passes so far
        self._pass_started = 0.0
        gc.callbacks.append(self._collecting)
        self._flips: list[float] = []
        self._flip_cpu: list[float] = []
        Window.bind(on_flip=self._flipped)

    def _flipped(self, *_args: Any) -> None:
        glFinish()  # a frame counts once its pixels exist
        self._flips.append(time.perf_counter())
        self._flip_cpu.append(time.process_time())

    def _collecting(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._pass_started = time.process_time()
        else:
            self._full_passes += time.process_time() - self._pass_started

    def close(self) -> None:
        Window.unbind(on_flip=self._flipped)
        gc.callbacks.remove(self._collecting)

    def count(self) -> tuple[int, int]:
        return self.taps, self.scrolls

    def tap(self, target: Any, kind: str | None = None, exact: bool = True) -> None:
        """A finger on `target` (a widget or a button's text); `kind` files its time (by
        default from the button's words: a level of a menu, a draw, a command)."""
        driver = self.driver
        widget = driver.button(target, exact) if isinstance(target, str) else target
        kind = kind or _kind(widget.text)
        if widget.disabled:
            raise AssertionError(f"{getattr(widget, 'text', widget)!r} is disabled.")
        driver.wait_still()  # as a finger does: aim once the lists stop and take taps
        if not driver.reachable(widget):
            driver._scroll_into_view(widget)
            self.scrolls += 1
        self._rest()
        touch = UnitTestTouch(*widget.to_window(*widget.center))
        on = driver.screen.name
        touch.touch_down()
        driver.pump()
        released, cpu = time.perf_counter(), time.process_time()
        passes = self._full_passes
        touch.touch_up()
        shown = self._result_shown(released)
        self.times[kind].append(self._flips[shown] - released)
        self.cpu[kind].append(self._flip_cpu[shown] - cpu)
        self.log.append((self.cpu[kind][-1], kind, str(getattr(widget, "text", "")), on,
                         self._full_passes - passes))
        self.taps += 1
        driver.settle()

    def _rest(self) -> None:
        """No finger on the glass for `rest` seconds: the app's own loop runs, sleeping
        between its turns as Kivy's paced loop does."""
        until = time.monotonic() + self.rest
        while time.monotonic() < until:
            EventLoop.idle()
            time.sleep(0.01)

    def _result_shown(self, after: float, timeout: float = 30.0) -> int:
        """The first frame drawn once no command is left unanswered after `after` (its
        index in the frames seen)."""
        runner, deadline = self.driver.app.runner, time.perf_counter() + timeout
        idle_since = after
        while True:
            if runner.pending:
                idle_since = time.perf_counter()
            elif self._flips and self._flips[-1] > idle_since:
                return next(n for n, t in enumerate(self._flips) if t > idle_since)
            if time.perf_counter() > deadline:
                raise TimeoutError("No frame showed the tap's result.")
            if not runner.pending:
                # A frame even if nothing moved (Kivy skips those). Not while the runner
                # works: the app draws only what changes meanwhile, and frames forced then
                # (each 15-25 ms of software GL) were counted in the tap (until 27 Nov).
                Window.canvas.ask_update()
            EventLoop.idle()


def _kind(text: str) -> str:
    return "prompt level" if text.endswith("  >") or re.match(r"^\d+ (space|hex)", text) \
        or text.startswith("Ends on") else "reveal" if text.startswith("Let the app draw") \
        else "command"


def _actions(driver: Any) -> list[str]:
    offered = driver.app.screen("dashboard").ids.actions.offered()
    return [text for text in offered if not text.startswith(NOT_ACTIONS)]


def play_table(finger: Finger, player: TablePlayer, until: Callable[[], bool]) -> None:
    """Play the dashboard's prompt (reveals read, checks rolled by the app) until `until`."""
    driver, trail = finger.driver, []
    while not until():
        screen = driver.screen.name
        if screen in ("reveal", "explosion"):
            finger.tap(driver.screen.ids["continue"], "screen switch")
        elif screen == "check":
            # (each check of a move asks in turn: the app rolls each one, try 21)
            while driver.screen.mode == "choose" and driver.shown("App rolls the die"):
                finger.tap("App rolls the die", "prompt level", exact=False)
            if driver.screen.mode == "rolling":
                finger.tap("Skip", "prompt level")
            finger.tap("Continue", "screen switch")
            trail = []
        elif screen == "form":  # a move: its fields on one screen, then send
            seat = str(driver.app.table.prompt.get("seat") or "")
            form = driver.screen
            for field, label in player.move(form.choices(), seat):
                finger.tap(form.option(field, label), "prompt level")
            finger.tap(form.ids.submit, "command")
            assert driver.screen.name != "form", form.refusal
            trail = []
        else:
            table = driver.app.table
            seat = str(table.prompt.get("seat") or "")
            pick = player.choose(_actions(driver), trail, seat, int(table.view.get("round", 0)))
            finger.tap(pick)
            assert not driver.app.message_refused, driver.app.message
            opened = pick.endswith("  >") and driver.screen.name == "dashboard" and \
                driver.app.screen("dashboard")._trail
            trail = [*trail, pick] if opened else []


def setup_flow(finger: Finger) -> None:
    driver = finger.driver
    finger.tap("New game", "screen switch")
    seat_players(driver, SEATS)
    finger.tap("Start the game", "screen switch")
    play_table(finger, TablePlayer(), lambda: _round(driver) >= 1)


#: The app-dealt draft's table of four (try 9: 16 picks at 3 taps each, 48 taps).
FOUR = {"Xichang": "Mia", "Wostochny": "Tom", "Baikonur": "Lea", "Kourou": "Sam"}


def draft_flow(finger: Finger) -> None:
    """From the start screen, a 4-player game set up with the app's draws and the draft
    the app deals, to "Start round 1": each pick on the drafter's own screen, handed on
    by itself (issue 22), the last type of the pack taken."""
    driver = finger.driver
    finger.tap("New game", "screen switch")
    seat_players(driver, FOUR)
    finger.tap("Start the game", "screen switch")
    finger.tap("Let the app draw every owed card", "reveal")
    finger.tap(driver.screen.ids["continue"], "screen switch")
    finger.tap("Wostochny takes a starting module", "prompt level", exact=False)
    finger.tap("Laser turret", "command")
    finger.tap("Start the ship draft (the app deals the packs)", "command")
    while driver.screen.name == "private":
        finger.tap(f"Show {driver.screen.player}'s choices", "prompt level")
        # every type of the draft stands in its place; the pack's are the ones enabled
        picks = [p for p in reversed(driver.screen.ids.picks.children) if not p.disabled]
        finger.tap(picks[-1], "command")
    assert driver.app.screen("dashboard").ids.main.text == "Start round 1"


def _round(driver: Any) -> int:
    table = driver.app.table
    return int(table.view.get("round") or 0) if table is not None else 0


def round_flow(finger: Finger, player: TablePlayer, number: int) -> None:
    driver = finger.driver
    play_table(finger, player, lambda: _round(driver) > number)


def check_flow(finger: Finger) -> None:
    """From SHLD1's end of turn: TRNS1's move with a check (on the move's form, then the
    die), to the dashboard again."""
    driver = finger.driver
    driver.app.start_new_game("xp", list(flight_lines("trap")))
    driver.settle()
    driver.tap("End SHLD1's flight turn")
    finger.tap("Move TRNS1", "screen switch", exact=False)  # its form: full speed chosen
    form = driver.screen
    finger.tap(form.option("Ends on", "a credit space"), "prompt level")
    finger.tap(form.option("Passes", "L1"), "prompt level")
    finger.tap(form.ids.submit, "prompt level")
    finger.tap("two\n2 symbols", "prompt level")
    finger.tap("Continue", "screen switch")
    assert driver.screen.name == "dashboard", driver.screen.name


def ti4_flow(finger: Finger) -> None:
    """Alice takes the Rigel system and explores its three planets, each card drawn by the
    app and resolved on its reveal."""
    driver = finger.driver
    finger.tap("Take planets for Alice", "screen switch")
    finger.tap("76: Rigel I, Rigel II, Rigel III", "prompt level", exact=False)  # + traits
    finger.tap("Take planets for Alice (3)", "screen switch")
    while driver.app.table.prompt.get("expects_scan"):
        finger.tap(next(t for t in _actions(driver) if t.startswith("Let the app draw")),
                   "reveal")
        # The reveal's first choice: "Resolve NAME (ID)", or the card's own first choice.
        resolve = next(w for w in reversed(driver.screen.ids.choices.children)
                       if isinstance(w, BigButton))
        finger.tap(resolve, "command")


def play_flows(driver: Any, quick: bool = False, rest: float = 0.0) -> tuple[
        dict[str, tuple[int, int]], dict[str, list[float]], dict[str, list[float]],
        list[tuple[float, str, str, str, float]]]:
    """(taps, scrolls) per flow, every tap's seconds to its result by kind, wall and
    CPU, and every tap in order (`Finger.log`); `quick`: the app's draft, the move with a
    check and the TI4 exploration only (the suite's smoke run: the draft's walk had rotted
    unseen when a screen's words changed); `rest`: seconds without a finger before each
    tap (`Finger`)."""
    from companion.ui.devtools.gallery_ti4 import start_ti4

    finger, counts = Finger(driver, rest), {}

    def measured(name: str, flow: Callable[[], None]) -> None:
        taps, scrolls = finger.count()
        flow()
        counts[name] = (finger.taps - taps, finger.scrolls - scrolls)

    try:
        if not quick:
            measured("setup with the app's draws, 3 players", lambda: setup_flow(finger))
            player = TablePlayer(trap_owner="Baikonur", pilot="Xichang")
            measured("round 1, 3 players", lambda: round_flow(finger, player, 1))
            measured("round 2, 3 players", lambda: round_flow(finger, player, 2))
            look_around(finger)
            driver.app.show("start")
            driver.settle()
        measured("setup with the app's draws and the app's draft, 4 players",
                 lambda: draft_flow(finger))
        measured("a move with a check", lambda: check_flow(finger))
        driver.app.show("start")
        driver.settle()
        start_ti4(driver)
        measured("a TI4 exploration (3 planets)", lambda: ti4_flow(finger))
        look_around(finger)
    finally:
        finger.close()
    return counts, finger.times, finger.cpu, finger.log


def look_around(finger: Finger) -> None:
    """Screens and tabs a table opens between turns (their response times only)."""
    driver = finger.driver
    finger.tap("History", "History")
    finger.tap("Back to the table", "screen switch")
    for tab in [w for w in driver.widgets() if isinstance(w, TabButton)][1:]:
        finger.tap(tab, "Decks" if tab.text == "Decks" else "tab")
        finger.tap("Seats", "tab")
    finger.tap("Menu", "screen switch")
    finger.tap("Settings", "screen switch")
    finger.tap("Back", "screen switch")
    if driver.screen.name != "start":
        finger.tap("Menu", "screen switch")
    finger.tap(driver.screen.ids["resume"], "screen switch")
