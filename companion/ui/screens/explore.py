"""TI4: take planets and explore them (LRR 35.1, 35.2d, note 3), or a frontier token (35.4).

The player picks who takes the planets, taps systems to add their planets, puts
them in the order they will be gained and explored, and sends one `take` line
(`take P76A P76C for Alice`), exactly what the CLI accepts. Below, the
exploration under way and those waiting, with the prompt's buttons for them,
and the frontier tokens the active seat may explore now (the prompt after `frontier`).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui.presenters import ti4
from companion.ui.presenters.actions import ActionItem
from companion.ui.runner import Reply
from companion.ui.screens import load_layout
from companion.ui.table import TableData
from companion.ui.widgets import BigButton, Text, ToggleChoice

load_layout(__file__)


class SystemButton(ToggleChoice):
    """A system of the map: tapping it adds `planets` (IDs) to the order; `chosen` (and
    "added" in its words) once they all are."""

    planets = ObjectProperty(())


class ExploreScreen(Screen):
    heading = StringProperty("")
    seat = StringProperty("")
    take_text = StringProperty("Choose planets first")
    can_take = BooleanProperty(False)
    queue_text = StringProperty("")
    frontier_text = StringProperty("Frontier tokens")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._table: TableData | None = None
        self._order: tuple[str, ...] = ()
        self._dirty = False  # a table came while another screen was up: redraw on entering
        self._systems: tuple[ti4.SystemChoice, ...] = ()

    # ---- data from the app -------------------------------------------------------------
    def show_table(self, table: TableData) -> None:
        """Redraw from a new snapshot; the order being built is kept while it stays valid."""
        if self._table is not None and self._table.game_id != table.game_id:
            self._order, self.seat = (), ""
        self._table = table
        seats = [str(s["seat"]) for s in table.view.get("seats", [])]
        if self.seat not in seats:
            self.seat = str(table.view.get("active") or (seats[0] if seats else ""))
        self.heading = f"{table.title}  ·  Explore"
        self._dirty = True
        if self.manager is not None and self.manager.current == self.name:
            self._redraw()

    def on_pre_enter(self, *_args: Any) -> None:
        if self._dirty:
            self._redraw()

    def _ask_frontier(self) -> None:
        """The prompt after `frontier` (the runner's thread dry-runs each token)."""
        app = App.get_running_app()
        if app is not None and app.runner is not None and self._table is not None \
                and self._table.kind == "ti4":
            app.runner.prompt(self._on_frontier, after="frontier")

    def _on_frontier(self, reply: Reply) -> None:
        box = self.ids.frontier
        box.clear_widgets()
        if not reply.ok or reply.value is None:
            return
        frontier = ti4.frontier_view(reply.value)
        if frontier.note:
            box.add_widget(Text(text=frontier.note, muted=True))
        for item in frontier.actions:
            box.add_widget(BigButton(text=item.text, on_release=lambda _b, i=item: self.run(i)))

    def start(self, seat: str | None = None) -> None:
        """Open with an empty order, for `seat` (the active seat when None)."""
        self._order = ()
        if seat:
            self.seat = seat
        elif self._table is not None and self._table.view.get("active"):
            self.seat = str(self._table.view["active"])
        self._dirty = True
        self.ids.systems_scroll.scroll_y = self.ids.side_scroll.scroll_y = 1

    # ---- intents ----------------------------------------------------------------------------
    def choose_seat(self, seat: str) -> None:
        self.seat = seat
        self._order = ()
        self._redraw()

    def add_system(self, planets: tuple[str, ...]) -> None:
        self._set_order(ti4.add_planets(self._order, planets))

    def move_up(self, planet: str) -> None:
        self._set_order(ti4.move_up(self._order, planet))

    def remove(self, planet: str) -> None:
        self._set_order(tuple(p for p in self._order if p != planet))

    def clear(self) -> None:
        self._set_order(())

    def _set_order(self, order: tuple[str, ...]) -> None:
        self._order = order
        if self._table is not None:
            self._draw_order(self._table.view)
            self._mark_systems()

    def take(self) -> None:
        if not self._order:
            return
        line = ti4.take_command(self._order, self.seat)
        self._order = ()
        app = App.get_running_app()
        app.show("dashboard")
        app.send(line)

    def run(self, item: ActionItem) -> None:
        App.get_running_app().send(item.value)

    # ---- drawing ----------------------------------------------------------------------------
    def _redraw(self) -> None:
        if self._table is None:
            return
        self._dirty = False
        view = self._table.view
        open_ = {p for choice in ti4.system_choices(view, self.seat) for p in choice.planets}
        self._order = tuple(p for p in self._order if p in open_)  # taken meanwhile: dropped
        self._draw_seats(view)
        self._draw_systems(view)
        self._mark_systems()
        self._draw_order(view)
        self._draw_queue(view)
        active = view.get("active")
        if self._table.kind != "ti4":
            self.frontier_text = ""  # the screen is TI4's; another game shows it empty
        else:
            self.frontier_text = f"Frontier tokens {active} may explore" if active else \
                "Frontier tokens"
        self._ask_frontier()

    def _draw_seats(self, view: dict[str, Any]) -> None:
        box = self.ids.seats
        box.clear_widgets()
        for seat in view.get("seats", []):
            name = str(seat["seat"])
            box.add_widget(ToggleChoice(text=name, chosen=name == self.seat,
                                        on_release=lambda _b, s=name: self.choose_seat(s)))

    def _draw_systems(self, view: dict[str, Any]) -> None:
        choices = ti4.system_choices(view, self.seat)
        if choices == self._systems:
            return
        self._systems = choices
        # 60-odd buttons: reused, so only a button whose words changed renders its text again.
        grid = self.ids.systems
        buttons = list(reversed(grid.children))
        for button in buttons[len(choices):]:
            grid.remove_widget(button)
        for index, system in enumerate(choices):
            if index < len(buttons):
                button = buttons[index]
            else:
                button = SystemButton(on_release=lambda b: self.add_system(b.planets))
                grid.add_widget(button)
            button.kind = "normal" if system.explorable else "quiet"
            button.planets = system.planets

    def _mark_systems(self) -> None:
        """Systems whose planets are all in the order say so (words and colour)."""
        buttons = reversed(self.ids.systems.children)
        for button, system in zip(buttons, self._systems, strict=False):
            button.text, button.chosen = ti4.system_label(system, self._order)

    def _draw_order(self, view: dict[str, Any]) -> None:
        box = self.ids.order
        box.clear_widgets()
        lines = ti4.order_lines(view, self._order)
        for planet, line in zip(self._order, lines, strict=True):
            row = BoxLayout(size_hint_y=None, height="52dp", spacing="6dp")
            # Wrapped, never cut: at the Large text size a planet's line takes two rows.
            text = Text(text=line, pos_hint={"center_y": 0.5})
            text.bind(height=lambda label, h, r=row: setattr(r, "height", max(dp(52), h)))
            row.add_widget(text)
            up = BigButton(text="Up", kind="quiet", size_hint_x=None, width="64dp",
                           disabled=planet == self._order[0],
                           on_release=lambda _b, p=planet: self.move_up(p))
            row.add_widget(up)
            row.add_widget(BigButton(text="Remove", kind="quiet", size_hint_x=None,
                                     width="100dp",
                                     on_release=lambda _b, p=planet: self.remove(p)))
            box.add_widget(row)
        if not self._order:
            box.add_widget(Text(text="Tap a system to add its planets.", muted=True))
        count = len(self._order)
        self.can_take = count > 0
        self.take_text = (f"{self.seat} takes {count} planet{'s' if count > 1 else ''}"
                          if count else "Choose planets first")

    def _draw_queue(self, view: dict[str, Any]) -> None:
        queue = ti4.queue_view(view, self._table.prompt if self._table else {})
        box = self.ids.queue
        box.clear_widgets()
        if queue.revealed:
            box.add_widget(Text(text=f"Revealed to all: {queue.revealed}", color=(1, 1, 1, 1)))
        for line in queue.lines:
            box.add_widget(Text(text=line))
        for item in queue.actions:
            box.add_widget(BigButton(text=item.text, on_release=lambda _b, i=item: self.run(i)))
        self.queue_text = ("Exploring now" if not queue.is_idle
                           else "No exploration under way")
