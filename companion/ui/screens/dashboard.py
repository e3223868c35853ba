"""The table dashboard: round, phase, whose turn, the seats with scores, the command bar."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen

from companion.ui.folding import ROOMY_SEATS, result_lines_aside
from companion.ui.presenters.actions import ActionItem, actions_view
from companion.ui.presenters.check import is_check_prompt
from companion.ui.presenters.dashboard import Dashboard, dashboard, scores_of
from companion.ui.runner import Reply
from companion.ui.screens import load_layout
from companion.ui.table import TableData
from companion.ui.widgets import BigButton, SeatRowView, Text
from companion.ui.widgets.actions import ActionsPanel
from companion.ui.widgets.fit import FoldBox, FoldText, text_height  # noqa: F401  (used in the .kv)
from companion.ui.widgets.scanstrip import ScanStrip  # noqa: F401  (used in the .kv)
from companion.ui.widgets.tabs import TabbedPages  # noqa: F401  (used in the .kv)
from companion.ui.widgets.touch import TableScroll

load_layout(__file__)

class DashboardScreen(Screen):
    heading = StringProperty("")
    subheading = StringProperty("")
    next_text = StringProperty("")
    order_text = StringProperty("")
    decks_text = StringProperty("")
    message = StringProperty("")
    data = ObjectProperty(None, allownone=True)
    #: The last result stands under the folded seats (`_place_result`), in this many lines.
    result_aside = BooleanProperty(False)
    result_lines = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._scores: dict[str, int] = {}
        self._game: str | None = None
        self._trail: list[tuple[str, str]] = []  # (label, partial) chosen so far
        self._table: TableData | None = None
        self._shown: dict[str, Any] = {}  # the prompt whose actions are up
        self._hidden: dict[str, int] | None = None  # the hidden cards' buttons shown
        self._acting: str | None = None  # the seat whose card the seat list keeps in view

    def on_kv_post(self, _base: object) -> None:
        panel: ActionsPanel = self.ids.actions
        panel.on_command = self._command
        panel.on_partial = self._partial
        panel.on_back = self._back
        panel.unavailable_box = self.ids.unavailable
        panel.on_input = self._input
        panel.on_private = lambda seat, partial, label: self._app().open_private(
            seat, partial, label)
        # A level of a walk starts its first choice where the top level's first stood
        # (`ActionsPanel.first_at`): what is said above the top level sets that place.
        self.ids.said_above.bind(height=self._first_choice_at)
        panel.bind(trail=self._first_choice_at)
        # The cards grow (Large text, a wider window, a longer line): the acting seat's card
        # comes back whole into view once they are laid out (try 10: at Large text it sat
        # pushed under the list's foot, its numbers hidden).
        self.ids.seats.bind(height=lambda *_a: Clock.schedule_once(
            lambda _dt: self._show_active_seat(), 0))
        # Back on the Seats tab, the acting seat's card is in view: the turn may have
        # passed while another tab was open (try 12, finding 32: Omar's card on top).
        self.ids.tabs.on_home = lambda: Clock.schedule_once(
            lambda _dt: self._show_active_seat(), 0)
        # The last result under the folded seats where they leave it room, else above the
        # choices (companion/ui/folding.py): placed again as that room changes.
        place = Clock.create_trigger(self._place_result, 0)
        self._app().bind(seats_folded=place, message_refused=place)
        self.ids.tabs.bind(current=place, height=place)
        self.ids.seats.bind(height=place)
        self.ids.message.bind(font_size=place)
        place()

    def _place_result(self, *_args: Any) -> None:
        """The last result under the folded seats, in the lines the room their cards leave
        holds (`folding.result_lines_aside`), so the choices start higher; above the
        choices otherwise, and always when it is a refusal (read whole where the tap was).
        Its lines there are counted with it in place, so placing it changes nothing."""
        ids, app = self.ids, self._app()
        message, aside, seats = ids.message, ids.aside, ids.seats
        scroll = seats.parent
        lines = 0
        if app.seats_folded and ids.tabs.current == ids.tabs.home_title \
                and not app.message_refused and isinstance(scroll, TableScroll):
            held = aside.height + (dp(6) if aside.children else 0)  # its room there now
            room = scroll.height + held - seats.height - dp(6)
            lines = result_lines_aside(room, text_height("Ag", message.font_size, dp(400)))
        home = aside if lines else ids.said
        if message.parent is not home:
            message.parent.remove_widget(message)
            home.add_widget(message)  # (last in the box: under the sentence)
        self.result_lines = lines or 1
        self.result_aside = bool(lines)

    def _first_choice_at(self, *_args: Any) -> None:
        panel = self.ids.actions
        if not panel.trail:
            panel.first_at = self.ids.said_above.height

    def on_enter(self, *_args: Any) -> None:
        self.ids.scanstrip.start_preview()

    def on_leave(self, *_args: Any) -> None:
        self.ids.scanstrip.stop_preview()

    def _app(self) -> Any:
        from kivy.app import App

        return App.get_running_app()

    def _command(self, line: str) -> None:
        # The actions take taps again once the reply, whatever it is, has been shown.
        self._app().send(line, lambda _reply: self.ids.actions.release())

    def _partial(self, label: str, partial: str) -> None:
        self._trail.append((label, partial))
        self._app().runner.prompt(self._on_prompt, after=partial)

    def open_partial(self, label: str, partial: str) -> None:
        """The choices after `partial` opened from elsewhere on the screen (a panel's row):
        one level under the first list, "< Back" returning to it."""
        self._trail = [(label, partial)]
        self._app().runner.prompt(self._on_prompt, after=partial)

    def _input(self, item: ActionItem) -> None:
        """An order, a die or a form input: the order screen, the check screen for its
        faces, or the form screen."""
        if item.input_kind == "form":
            self._app().open_form(item)
        elif item.input_kind == "order":
            self._app().open_order(item, self._trail[-1][1] if self._trail else None)
        elif item.input_kind == "die":
            self._app().open_check(self._shown)

    def _back(self) -> None:
        if self._trail:
            self._trail.pop()
        if not self._trail:
            self._show_prompt()
        else:
            self._app().runner.prompt(self._on_prompt, after=self._trail[-1][1])

    def _on_prompt(self, reply: Reply) -> None:
        if reply.ok and is_check_prompt(reply.value) and self._trail:
            self._app().open_check(reply.value)  # the dice: the check screen
        elif reply.ok and reply.value is not None and self._trail:
            self._shown = reply.value
            self.ids.actions.show(actions_view(reply.value), [t[0] for t in self._trail])
        self.ids.actions.release()

    def order_offered(self) -> ActionItem | None:
        """The first order the prompt's top level offers (the work done ahead prepares its
        screen), or None."""
        if self._table is None:
            return None
        view = actions_view(self._table.prompt)
        return next((item for group in view.groups for item in group.items
                     if item.input_kind == "order" and item.enabled), None)

    def _show_prompt(self) -> None:
        self._trail = []
        if self._table is not None:
            self._shown = self._table.prompt
            self.ids.actions.show(actions_view(self._table.prompt))

    def show_table(self, table: TableData) -> None:
        before = self._scores if self._game == table.game_id else {}
        data = dashboard(table.title, table.view, before,
                         str(table.prompt.get("waiting_for") or ""))
        self._scores = scores_of(table.view)
        self._game = table.game_id
        self._table = table
        self._show(data, str(table.prompt.get("seat") or ""))
        self._show_hidden(table.hidden)
        self.ids.tabs.show_table(table)
        self._show_prompt()

    def _show_hidden(self, hidden: dict[str, int]) -> None:
        """One button per seat holding hidden cards: its owner looks at them, alone."""
        if hidden == self._hidden:
            return
        self._hidden = dict(hidden)
        box = self.ids.hidden
        box.clear_widgets()
        if not hidden:
            return
        box.add_widget(Text(text="Hidden cards, for their owner's eyes only", muted=True))
        row = GridLayout(cols=2, size_hint_y=None, spacing="6dp")
        row.bind(minimum_height=row.setter("height"))
        for seat, count in hidden.items():
            row.add_widget(BigButton(text=f"{seat} ({count})", kind="quiet",
                                     on_release=lambda _b, s=seat: self._app().peek(s)))
        box.add_widget(row)

    def _show(self, data: Dashboard, asked: str = "") -> None:
        """`asked`: the seat the prompt asks (it acts when no seat has the turn: a card
        drawn between turns)."""
        self.data = data
        self.heading = f"{data.title}  ·  {data.round_text}"
        self.subheading = "  ·  ".join(t for t in (data.phase_text, data.turn_text) if t)
        self.next_text = self._app().table_words(data.next_text)
        self.order_text = data.order_text
        self.decks_text = data.decks_text
        seats = self.ids.seats
        while len(seats.children) > len(data.seats):
            seats.remove_widget(seats.children[0])
        while len(seats.children) < len(data.seats):
            # A tap on a seat's card opens what it holds (a hold on its badge: its secrets).
            seats.add_widget(SeatRowView(on_release=lambda row: self._app().open_seat(row.seat)))
        terse = len(data.seats) > ROOMY_SEATS  # folded, every seat still in view
        for widget, row in zip(reversed(seats.children), data.seats, strict=True):
            widget.row = row
            widget.terse = terse
        active = next((r for r in data.seats if r.active), None) \
            or next((r for r in data.seats if r.seat == asked), None)
        self._acting = active.seat if active is not None else None
        if active is not None and active != getattr(self, "_shown_active", None):
            # A new seat acts, or the acting seat's card changes (a deployed ship adds a
            # line): the card comes whole into view (the third seat's sat half behind the
            # scan strip), once the rows are laid out; nothing moves otherwise.
            Clock.schedule_once(lambda _dt: self._show_active_seat(), 0)
        self._shown_active = active

    def _show_active_seat(self) -> None:
        seats = self.ids.seats
        row = next((w for w in seats.children if getattr(w, "seat", None) == self._acting),
                   None)
        scroll = seats.parent
        if row is not None and isinstance(scroll, TableScroll):  # not under a finger
            scroll.when_still("seat", lambda: scroll.bring_into_view(row))

    def submit_typed(self) -> None:
        field = self.ids.command
        line = field.text.strip()
        if line:
            from kivy.app import App

            App.get_running_app().send(line)
            field.text = ""
