"""Tabs for the dashboard's left column: "Seats" first, then the game's panels.

`TabbedPages` holds a tab strip and the open page. The page written inside it
in a layout (the dashboard's seat rows) is the home page; `show_table` adds
one page per panel of the game's table view (`companion.ui.panels.panels_for`), each in its
own scroll view. Only the open page is in the widget tree; a panel whose tab is
closed is made and drawn with the newest table in a quiet moment or when its tab is
opened, whichever comes first (a new game's first dashboard, or a cold start's, makes
only its tab strip).
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil
from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.ui.panels import PanelSpec, panels_for
from companion.ui.table import TableData
from companion.ui.widgets.touch import SteadyTap, TableScroll


class TabButton(SteadyTap, Button):
    """One tab of the strip (a big touch target); `chosen` when its page is open.

    A plain Button with one colour rule of its own: BigButton's and ToggleChoice's rules
    both set the background, and the press's late `state` change let BigButton's win."""

    chosen = BooleanProperty(False)
    value = ObjectProperty(None)

    def __init__(self, **kwargs: Any) -> None:
        kwargs["markup"] = False
        super().__init__(**kwargs)


class TabStrip(GridLayout):
    """A row of tabs, or two rows when `two_rows` (a narrow column at Large text: each tab's
    word whole); `on_pick(title)` is called with the tab tapped."""

    titles = ListProperty([])
    current = StringProperty("")
    two_rows = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("rows", 1)
        super().__init__(**kwargs)
        self.on_pick = lambda _title: None

    @property
    def row_count(self) -> int:
        return 2 if self.two_rows and len(self.titles) > 1 else 1

    def on_two_rows(self, *_args: Any) -> None:
        self._arrange()

    @property
    def tab_height(self) -> float:
        """A tab's height: 48 dp on two rows (a finger's least), else 52."""
        return dp(48) if self.row_count == 2 else dp(52)

    def _arrange(self) -> None:
        # The new constraint first (never neither); the other one freed (None).
        if self.row_count == 2:
            self.cols = ceil(len(self.titles) / 2)
            setattr(self, "rows", None)  # noqa: B010  (Kivy's property takes None)
        else:
            self.rows = 1
            setattr(self, "cols", None)  # noqa: B010
        for button in self.children:
            button.height = self.tab_height

    def on_titles(self, _widget: object, titles: list[str]) -> None:
        self.clear_widgets()
        self._arrange()
        for title in titles:
            button = TabButton(text=title, value=title, chosen=title == self.current,
                               height=self.tab_height)
            button.bind(on_release=lambda b: self.on_pick(b.value))
            self.add_widget(button)

    def on_current(self, _widget: object, current: str) -> None:
        for button in self.children:
            button.chosen = button.value == current


class TabbedPages(BoxLayout):
    """The tab strip over the open page; the strip hides while a game has no panels."""

    home_title = StringProperty("Seats")
    current = StringProperty("")
    #: The tabs on two rows (the dashboard's folded seats' column: companion/ui/folding.py).
    two_rows = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        self._ready = False
        super().__init__(**kwargs)
        self.strip = TabStrip(two_rows=self.two_rows)
        self.strip.on_pick = self.select
        self.body = BoxLayout(orientation="vertical", spacing=dp(6))
        super().add_widget(self.strip)
        super().add_widget(self.body)
        self._ready = True
        self._home: Widget | None = None
        self._kind: tuple[str, ...] | None = None
        self._table: TableData | None = None
        self._pages: dict[str, TableScroll] = {}
        self._makers: dict[str, Callable[[], Widget]] = {}  # a page's panel, not made yet
        self._stale: set[str] = set()
        self._acting_shown: object = None  # the acting seat the open page last showed
        #: Called when the home page is shown again (the dashboard brings the acting
        #: seat's card into view: the turn may have passed while another tab was open).
        self.on_home: Callable[[], None] | None = None
        self.current = self.home_title
        self._show_strip()

    def add_widget(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        """Children written in a layout become the home page."""
        if not self._ready:
            super().add_widget(widget, *args, **kwargs)
            return
        self._home = widget
        if self.current == self.home_title:
            self.body.clear_widgets()
            self.body.add_widget(widget)

    @property
    def titles(self) -> list[str]:
        return [self.home_title, *self._pages]

    def panel(self, title: str) -> Any:
        """The panel widget of a tab, made now if it was not yet (tests and the gallery
        look inside)."""
        page = self._pages[title]
        if title in self._makers:
            panel = self._makers.pop(title)()
            page.add_widget(panel)
            if hasattr(panel, "foot"):
                panel.fbind("foot", self._show_foot)
        return page.children[0]

    def show_table(self, table: TableData) -> None:
        """Make the tabs of `table`'s game, and redraw the open panel."""
        self._table = table
        specs = panels_for(table.view.get("table") or {})
        kind = tuple(f"{spec.key}={spec.title}" for spec in specs)
        if kind != self._kind:
            self._kind = kind
            self._make_pages(specs)
        self._stale = set(self._pages)
        acting = (table.view.get("table") or {}).get("active")
        if self.current in self._pages:
            before = self._acting_shown
            if acting != before:  # the turn passed: the open tab follows (try 12, 21)
                self._refresh(self.current)
                self._open_at_acting(self.current)
            else:
                self._refresh_in_place(self.current)
        self._acting_shown = acting

    def select(self, title: str) -> None:
        """Open a tab by its title (an unknown title changes nothing)."""
        if title != self.home_title and title not in self._pages:
            return
        self.current = title
        self.body.clear_widgets()
        if title == self.home_title:
            if self._home is not None:
                self.body.add_widget(self._home)
                if self.on_home is not None:
                    self.on_home()
            return
        page = self._pages[title]
        self.body.add_widget(page)
        self._show_foot()
        if title in self._stale:
            self._refresh(title)
        page.scroll_y = 1
        self._open_at_acting(title)

    def _open_at_acting(self, title: str) -> None:
        """The acting seat's rows at the top of the page (try 7), if it has any."""
        start = getattr(self.panel(title), "opening", None)
        if start is not None and start.parent is not None:
            self._pages[title].keep_in_view(start, 0.0)

    def _refresh_in_place(self, title: str) -> None:
        """Redraw an open page where it was: the seat block at its top stays there, the
        same distance under the top edge (try 13, 36: a rebuilt Ships tab jumped back to
        the first seat's ships after the acting seat's first tap)."""
        panel, page = self.panel(title), self._pages[title]
        held = self._seat_at_top(page, getattr(panel, "headings", {}))
        self._refresh(title)
        if held is not None:
            seat, old, below = held
            row = panel.headings.get(seat)
            if row is not None and row is not old:  # rebuilt: put its seat back
                page.keep_in_view(row, below)

    @staticmethod
    def _seat_at_top(page: TableScroll, headings: Any) -> tuple[str, Any, float] | None:
        """The seat whose rows are at the top of `page`, its heading and that heading's
        distance under the top edge (negative: scrolled past)."""
        shown = [(page.below_top(row), seat, row) for seat, row in headings.items()
                 if row.parent is not None]
        above = [item for item in shown if item[0] <= 1.0]
        if not above:
            return None
        below, seat, row = max(above, key=lambda item: item[0])
        return seat, row, below

    def _show_foot(self, *_args: Any) -> None:
        """The open panel's `foot` (its bar kept out of the list) under its list."""
        page = self._pages.get(self.current)
        if page is None or page.parent is not self.body:
            return
        for widget in list(self.body.children):
            if widget is not page:
                self.body.remove_widget(widget)
        foot = getattr(self.panel(self.current), "foot", None)  # (made if it was not yet)
        if foot is not None:
            if foot.parent is not None:
                foot.parent.remove_widget(foot)
            self.body.add_widget(foot)

    def on_current(self, _widget: object, current: str) -> None:
        self.strip.current = current

    def on_two_rows(self, _widget: object, two_rows: bool) -> None:
        if not self._ready:  # (set while its strip is not made yet)
            return
        self.strip.two_rows = two_rows
        self._show_strip()

    def _make_pages(self, specs: tuple[PanelSpec, ...]) -> None:
        self._pages, self._makers = {}, {}
        for spec in specs:
            self._pages[spec.title] = TableScroll(bar_width=dp(6))
            self._makers[spec.title] = spec.make
        self.strip.current = self.current
        self.strip.titles = self.titles
        self._show_strip()
        if self.current != self.home_title:
            self.select(self.current if self.current in self._pages else self.home_title)

    @property
    def behind(self) -> list[str]:
        """The closed tabs whose panel does not show the newest table yet."""
        return [title for title in self._pages if title in self._stale and title != self.current]

    def refresh_ahead(self) -> None:
        """Redraw one closed tab's panel with the newest table, at the open page's size
        (companion/ui/warmup.py: in a quiet moment, so that opening it draws nothing new)."""
        if self.behind:
            title = self.behind[0]
            self._pages[title].size = self.body.size
            self._refresh(title)

    def _refresh(self, title: str) -> None:
        if self._table is not None:
            self.panel(title).show_table(self._table)
            self._stale.discard(title)

    def _show_strip(self) -> None:
        shown = bool(self._pages)
        rows = self.strip.row_count
        self.strip.height = self.strip.tab_height * rows + self.strip.spacing[1] * (rows - 1) \
            if shown else 0
        self.strip.opacity = 1 if shown else 0  # (no `disabled`: it would recolour the tabs)


Builder.load_file(str(Path(__file__).with_name("tabs.kv")))
