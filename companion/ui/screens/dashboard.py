"""The table dashboard: round, phase, whose turn, the seats with scores, the command bar."""

from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.presenters.actions import actions_view
from companion.ui.presenters.check import is_check_prompt
from companion.ui.presenters.dashboard import Dashboard, dashboard, scores_of
from companion.ui.runner import Reply
from companion.ui.screens import load_layout
from companion.ui.table import TableData
from companion.ui.widgets import SeatRowView
from companion.ui.widgets.actions import ActionsPanel
from companion.ui.widgets.scanstrip import ScanStrip  # noqa: F401  (used in the .kv)
from companion.ui.widgets.tabs import TabbedPages  # noqa: F401  (used in the .kv)

load_layout(__file__)

#: Partials a game's own screen handles better than a walk of choices: (game, partial) -> screen.
#: TI4's `take` becomes the explore screen, where several planets are put in order first.
PARTIAL_SCREENS = {("ti4", "take"): "explore"}


class DashboardScreen(Screen):
    heading = StringProperty("")
    subheading = StringProperty("")
    next_text = StringProperty("")
    order_text = StringProperty("")
    decks_text = StringProperty("")
    message = StringProperty("")
    data = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._scores: dict[str, int] = {}
        self._game: str | None = None
        self._trail: list[tuple[str, str]] = []  # (label, partial) chosen so far
        self._table: TableData | None = None

    def on_kv_post(self, _base: object) -> None:
        panel: ActionsPanel = self.ids.actions
        panel.on_command = self._command
        panel.on_partial = self._partial
        panel.on_back = self._back

    def on_enter(self, *_args: Any) -> None:
        self.ids.scanstrip.start_preview()

    def on_leave(self, *_args: Any) -> None:
        self.ids.scanstrip.stop_preview()

    def _app(self) -> Any:
        from kivy.app import App

        return App.get_running_app()

    def _command(self, line: str) -> None:
        self._app().send(line)

    def _partial(self, label: str, partial: str) -> None:
        screen = PARTIAL_SCREENS.get((self._table.kind if self._table else "", partial))
        if screen is not None:
            self._app().screen(screen).start()
            self._app().show(screen)
            return
        if "privately" in label:
            seat = self._seat_in(partial)
            if seat:
                self._app().open_private(seat, partial, label)
                return
        self._trail.append((label, partial))
        self._app().runner.prompt(self._on_prompt, after=partial)

    def _back(self) -> None:
        self._trail.pop()
        if not self._trail:
            self._show_prompt()
        else:
            self._app().runner.prompt(self._on_prompt, after=self._trail[-1][1])

    def _on_prompt(self, reply: Reply) -> None:
        if reply.ok and is_check_prompt(reply.value) and self._trail:
            self._app().open_check(reply.value)  # the dice: the check screen
            return
        if reply.ok and reply.value is not None and self._trail:
            self.ids.actions.show(actions_view(reply.value), [t[0] for t in self._trail])
            self.ids.side_scroll.scroll_y = 1  # new choices start at the top

    def _show_prompt(self) -> None:
        self._trail = []
        if self._table is not None:
            self.ids.actions.show(actions_view(self._table.prompt))
            self.ids.side_scroll.scroll_y = 1

    def _seat_in(self, partial: str) -> str | None:
        seats = [s["seat"] for s in (self._table.view.get("seats", []) if self._table else [])]
        return next((seat for seat in seats if partial.endswith(" " + seat)
                     or partial.endswith(f" '{seat}'")), None)

    def show_table(self, table: TableData) -> None:
        before = self._scores if self._game == table.game_id else {}
        data = dashboard(table.title, table.view, before,
                         str(table.prompt.get("waiting_for") or ""))
        self._scores = scores_of(table.view)
        self._game = table.game_id
        self._table = table
        self._show(data)
        self.ids.tabs.show_table(table)
        self._show_prompt()

    def _show(self, data: Dashboard) -> None:
        self.data = data
        self.heading = f"{data.title}  ·  {data.round_text}"
        self.subheading = "  ·  ".join(t for t in (data.phase_text, data.turn_text) if t)
        self.next_text = data.next_text
        self.order_text = data.order_text
        self.decks_text = data.decks_text
        seats = self.ids.seats
        while len(seats.children) > len(data.seats):
            seats.remove_widget(seats.children[0])
        while len(seats.children) < len(data.seats):
            seats.add_widget(SeatRowView())
        for widget, row in zip(reversed(seats.children), data.seats, strict=True):
            widget.row = row

    def submit_typed(self) -> None:
        field = self.ids.command
        line = field.text.strip()
        if line:
            from kivy.app import App

            App.get_running_app().send(line)
            field.text = ""
