"""The scoreboard: the public scores in large type for idle time and for a second screen.

Read-only: it has no command bar and no actions. In the table's app its Back, at the top
right like every side screen's, goes back to the dashboard; shown by itself after idle
time (companion/ui/idle.py) a tap anywhere does too, as nobody chose to open it. As
`companion app --scoreboard` it has no Back and follows the game by itself (see
companion/ui/scoreboardapp.py).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui.presenters.dashboard import scores_of
from companion.ui.presenters.scoreboard import ScoreLine, scoreboard, whole_items
from companion.ui.screens import load_layout
from companion.ui.table import TableData

load_layout(__file__)

#: The hint while a tap anywhere goes back (the scoreboard came by itself after idle time).
BACK_HINT = "Tap anywhere to go back to the table."


class ScoreLineView(BoxLayout):
    """One seat in large type: badge, player, what the score is made of, the score."""

    line = ObjectProperty(None, allownone=True)
    seat = StringProperty("")
    player = StringProperty("")
    initial = StringProperty("")
    colour = StringProperty("#BBBBBB")
    score = StringProperty("")
    delta = StringProperty("")
    note = StringProperty("")
    active = BooleanProperty(False)

    def on_line(self, _widget: object, line: ScoreLine | None) -> None:
        if line is None:
            return
        for name in ("seat", "player", "initial", "colour", "score", "delta", "active"):
            setattr(self, name, getattr(line, name))
        self.note = whole_items(line.note)  # it wraps between its items only


class ScoreboardScreen(Screen):
    heading = StringProperty("")
    status = StringProperty("")
    leader = StringProperty("")
    last = StringProperty("")
    hint = StringProperty("")
    waiting = StringProperty("")
    #: It has a Back (the table's app; not the read-only second screen).
    can_leave = BooleanProperty(True)
    #: A tap anywhere goes back (shown after idle time, not opened from the Menu).
    tap_anywhere = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._scores: dict[str, int] = {}
        self._game: str | None = None
        self._before: dict[str, int] = {}  # the scores before the last change shown

    def show_table(self, table: TableData) -> None:
        before = self._scores if self._game == table.game_id else {}
        board = scoreboard(table, before)
        if self._game == table.game_id and not any(line.delta for line in board.lines):
            # Keep the last change on show until a score moves again.
            board = scoreboard(table, self._before)
        else:
            self._before = before
        self._scores = scores_of(table.view)
        self._game = table.game_id
        self.waiting = ""
        self.heading = f"{board.title}  ·  {board.round_text}"
        self.status = board.status_text
        self.leader = board.leader_text
        self.last = board.last_text
        self._show_lines(board.lines)

    def show_waiting(self, sentence: str) -> None:
        """No game to show (yet): one sentence, nothing else."""
        self.waiting = sentence
        if self._game is None:
            self.heading, self.status, self.leader, self.last = (
                "Scoreboard", "", "", "")
            self._show_lines(())

    def _show_lines(self, lines: tuple[ScoreLine, ...]) -> None:
        box = self.ids.lines
        while len(box.children) > len(lines):
            box.remove_widget(box.children[0])
        while len(box.children) < len(lines):
            box.add_widget(ScoreLineView())
        for widget, line in zip(reversed(box.children), lines, strict=True):
            widget.line = line

    def opened(self, by_itself: bool) -> None:
        """Opened from the Menu (only its Back leaves: new players looked for one), or
        shown by itself after idle time (a tap anywhere leaves)."""
        self.tap_anywhere = by_itself and self.can_leave
        self.hint = BACK_HINT if self.tap_anywhere else ""

    def leave(self) -> None:
        leave = getattr(App.get_running_app(), "leave_scoreboard", None)
        if leave is not None:
            leave()

    def on_touch_down(self, touch: Any) -> bool:
        if not self.tap_anywhere:
            return bool(super().on_touch_down(touch))
        if not self.collide_point(*touch.pos):
            return False
        touch.grab(self)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return bool(super().on_touch_up(touch))
        touch.ungrab(self)
        if self.collide_point(*touch.pos):
            self.leave()
        return True
