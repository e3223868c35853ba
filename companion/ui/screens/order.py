"""An `order` input: some of a list of options put in the order chosen, then one line.

The prompt's action gives the options (gathered by group), how many may be chosen and
the template; the player taps a group to add its options, moves them up or removes
them, and sends the line: the action's template with the values in the order chosen
(items taken and resolved in that order, say). A list too long for one page gets a row of
section keys ("20-29"): one tap shows that section's groups, none below the fold. Nothing
here knows a game.

A long list's groups are most of the cost of opening it (a button each, Kivy's rules and a
label: 250 to 300 ms for 64 groups on one core of the development machine, docs/perf.md):
the screen keeps the buttons it made and shows the next list on them, and the work done
ahead (warmup.py) prepares it in a quiet moment for the order the prompt offers, so that
the tap opening it only shows it.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen

from companion.ui import theme
from companion.ui.presenters import order as presenter
from companion.ui.presenters.actions import ActionItem, actions_view
from companion.ui.screens import load_layout
from companion.ui.widgets import BigButton, Text, ToggleChoice
from companion.ui.widgets.entries import under_finger
from companion.ui.widgets.fit import CUT, fold

#: The lines a group's details may take before they are folded (one more at Large text).
DETAIL_LINES = 2

load_layout(__file__)


class GroupButton(ToggleChoice):
    """A group of options: tapping it adds `values` to the order; `chosen` (its colour and a
    check mark in its corner, never other words: it keeps its size) once they all are.
    `reason`: the group offers nothing now; it keeps its place, greyed, and a tap says why
    (a list laid out the same for every seat: a table learns where each group lies).

    Its details (after the names) are folded to `DETAIL_LINES` lines with an ellipsis when
    longer (the order column lists them whole): a group keeps its height when they grow
    (an option's owner said after its traits), and the same swipe lands on the same group
    for every player all game long (try 10, findings 8, 25, 38); two lines, since one cut
    a group of three options' details after their first word (try 14, findings 27 and
    37).
    """

    values = ObjectProperty(())
    reason = StringProperty("")
    whole = StringProperty("")  # its words whole (`text` shows them folded)
    detail_lines = NumericProperty(DETAIL_LINES)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("whole", "width", "font_size", "detail_lines"):
            self.fbind(name, self._refold)
        self._refold()

    def collide_point(self, x: float, y: float) -> bool:
        """Its cell of the grid, to half the gap to each neighbour: a tap between two
        groups takes the nearer one (a tap in the gap did nothing, and showed nothing:
        try 20, finding 15)."""
        gap_x, gap_y = (float(g) / 2 for g in getattr(self.parent, "spacing", (0, 0))[:2]) \
            if isinstance(self.parent, GroupGrid) else (0.0, 0.0)
        return self.x - gap_x <= x <= self.right + gap_x and self.y - gap_y <= y <= self.top + gap_y

    def _refold(self, *_args: Any) -> None:
        names, _, details = self.whole.partition("\n")
        if details:
            width = max(self.width - dp(28), dp(8))  # (its padding: the check mark's gutter)
            details = fold(details.replace("\n", " "), round(float(self.font_size), 2),
                           width, int(self.detail_lines), end=CUT)
        self.text = f"{names}\n{details}" if details else names


class GroupGrid(GridLayout):
    """Groups two to a row, both of a row as tall as the taller one needs (two of one row
    started at different heights: try 10, finding 38)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Once before the next frame, however many buttons were added or re-rendered
        # (evened at each, 64 groups read 4,000 heights).
        self._trigger_even = Clock.create_trigger(self._even, -1)
        self.fbind("cols", self._trigger_even)

    def add_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        super().add_widget(widget, *args, **kwargs)
        widget.size_hint_y = 1  # the row's height (`rows_minimum`)
        widget.fbind("texture_size", self._trigger_even)
        self._trigger_even()

    def remove_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        widget.funbind("texture_size", self._trigger_even)
        super().remove_widget(widget, *args, **kwargs)
        self._trigger_even()

    def _even(self, *_args: Any) -> None:
        buttons = list(reversed(self.children))
        cols = max(int(self.cols or 1), 1)
        self.rows_minimum = {
            row: max(dp(52), *(b.texture_size[1] + dp(16)
                               for b in buttons[row * cols:(row + 1) * cols]))
            for row in range(-(-len(buttons) // cols))}


class SectionKey(ToggleChoice):
    """A section of a long list ("20-29"), or "All": tapping it shows those groups."""


class OrderScreen(Screen):
    heading = StringProperty("")
    submit_text = StringProperty("Choose first")
    can_submit = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._item: ActionItem | None = None
        self._order: tuple[str, ...] = ()
        self._after: str | None = None
        self._groups: tuple[presenter.GroupChoice, ...] = ()
        self._sections: tuple[presenter.Section, ...] = ()
        self._section: str | None = None  # the label of the section shown; None: all
        self._buttons: list[tuple[GroupButton, presenter.GroupChoice]] = []
        self._note = ""  # why the greyed group just tapped offers nothing
        self._rows: dict[str, BoxLayout] = {}  # each value's row in the order shown
        self._last: str | None = None  # the value just added, its row kept in view
        self._trigger_last = Clock.create_trigger(self._place_last, -1)
        #: Group buttons made for an earlier list and not shown now, for the next one.
        self._spare: list[GroupButton] = []
        #: (item, after) when the screen stands prepared for them and untouched since.
        self._ready: tuple[ActionItem, str | None] | None = None

    def prepare(self, item: ActionItem, after: str | None = None) -> None:
        """Open for the prompt's `item` (offered after the partial `after`, if any) with an
        empty order (drawn already when prepared ahead for the same and untouched since)."""
        if self._ready != (item, after):
            self._item, self._order, self._after = item, (), after
            self._section, self._note = None, ""
            self.heading = item.label
            self._draw_groups(item)
            self._draw_order()
        self._ready = None
        self.ids.groups_scroll.scroll_y = self.ids.side_scroll.scroll_y = 1

    def prepare_ahead(self, item: ActionItem, after: str | None = None) -> None:
        """Drawn for `item` while hidden (a quiet moment): the tap that opens it only shows
        it."""
        self.prepare(item, after)
        self._ready = (item, after)

    def ready_for(self, item: ActionItem, after: str | None = None) -> bool:
        return self._ready == (item, after)

    def show_table(self, _table: Any) -> None:
        """The game moved on (a command typed or scanned meanwhile): the same action, asked
        again, keeps the order chosen without what it no longer offers."""
        app = App.get_running_app()
        if self._item is not None and app is not None and app.runner is not None \
                and self.manager is not None and self.manager.current == self.name:
            app.runner.prompt(self._on_prompt, after=self._after)

    def _on_prompt(self, reply: Any) -> None:
        if not reply.ok or not reply.value or self._item is None:
            return
        view = actions_view(reply.value)
        items = [*(i for g in view.groups for i in g.items), *view.unavailable]
        same = next((i for i in items if i.label == self._item.label), None)
        if same is None or same == self._item:
            return
        self._item, self._ready = same, None
        offered = {o.value for o in same.options if o.enabled}
        self._order = tuple(v for v in self._order if v in offered)
        self._draw_groups(same)
        self._draw_order()

    # ---- intents ----------------------------------------------------------------------------
    def tap_group(self, button: GroupButton) -> None:
        """A group's button: its options added, or, greyed, the sentence why it is not."""
        if button.reason:
            self._note = button.reason
            self._draw_order()
        else:
            self.add(button.values)

    def add(self, values: tuple[str, ...]) -> None:
        if self._item is not None:
            before = self._order
            self._set_order(presenter.add(self._order, values, self._item.maximum))
            added = [v for v in self._order if v not in before]
            if added:
                self._show_last(added[-1])

    def _show_last(self, value: str) -> None:
        """The row just added whole in view above the pinned buttons: the fourth item's
        row was half under the send button until a swipe (try 8); and the rows above it
        whole too, the top one at the list's top edge (try 17, finding 7: at Large text
        the first line showed cut in half under the list's edge). Placed again as the
        rows take their heights (their words wrap once drawn)."""
        self._last = value
        self._place_last()

    def _place_last(self, *_args: Any) -> None:
        rows = list(self._rows.values())
        row = self._rows.get(self._last or "")
        if row is None:
            return
        scroll = self.ids.side_scroll
        room = scroll.height - dp(4)
        top, used = row, row.height
        for above in reversed(rows[:rows.index(row)]):
            if used + above.height + self.ids.order.spacing > room:
                break
            top, used = above, used + above.height + self.ids.order.spacing
        if top is rows[0]:  # every row fits: the last at the bottom, the first whole
            self.ids.room.height = 0
            scroll.keep_in_view(row, max(0.0, room - row.height))
        else:  # the rows from `top` whole, the room under the last one left blank
            self.ids.room.height = max(0.0, room - used)
            scroll.keep_in_view(top, 0.0)

    def move_up(self, value: str) -> None:
        self._set_order(presenter.move_up(self._order, value))

    def remove(self, value: str) -> None:
        self._set_order(tuple(v for v in self._order if v != value))

    def clear(self) -> None:
        self._set_order(())

    def show_section(self, label: str | None) -> None:
        """Show the groups of the section `label` (None: every group), from the top."""
        self._section, self._ready = label, None
        self._mark_sections()
        self._show_groups()
        self.ids.groups_scroll.scroll_y = 1

    def _set_order(self, order: tuple[str, ...]) -> None:
        self._order, self._note, self._ready = order, "", None
        self._draw_order()
        self._mark_groups()

    def submit(self) -> None:
        if self._item is None or not self.can_submit:
            return
        line = presenter.order_line(self._item, self._order)
        self._item, self._order, self._ready = None, (), None
        app = App.get_running_app()
        app.show("dashboard")
        app.send(line)

    # ---- drawing ----------------------------------------------------------------------------
    def _draw_groups(self, item: ActionItem) -> None:
        self._groups = presenter.group_choices(item)
        declared = presenter.declared_sections(item, self._groups)
        self._sections = presenter.sections(self._groups) if declared is None else declared
        if self._section not in {s.label for s in self._sections}:
            self._section = None
        keys = self.ids.sections
        keys.clear_widgets()
        for label in ((None, *(s.label for s in self._sections)) if self._sections else ()):
            keys.add_widget(SectionKey(text=label or "All", value=label,
                                       on_release=lambda b: self.show_section(b.value)))
        self._mark_sections()
        self._show_groups()

    def _show_groups(self) -> None:
        """The groups of the section shown (in the order of their keys), or all of them in
        the prompt's order; a section the game titles under its title (try 10, finding 25:
        the home systems after 82 looked like the list going on)."""
        box = self.ids.groups
        self._take_off_groups()
        section = next((s for s in self._sections if s.label == self._section), None)
        shown = list(section.groups) if section else list(range(len(self._groups)))
        titles = {i: s.title for s in self._sections for i in s.groups}
        self._buttons = []
        grid, said = None, ""
        for i in shown:
            title = titles.get(i, "")
            if grid is None or title != said:  # a title once over the groups it heads
                if title:
                    box.add_widget(Text(text=title, color=theme.ACCENT))
                grid, said = GroupGrid(), title
                box.add_widget(grid)
            group = self._groups[i]
            grid.add_widget(self._group_button(group))
        self._mark_groups()

    def _take_off_groups(self) -> None:
        """The groups shown taken off, their buttons kept for the next list (one under a
        finger is let go: its release must not act on another group)."""
        self._spare.extend(b for b, _g in self._buttons if not under_finger(b))
        for grid in self.ids.groups.children:
            grid.clear_widgets()
        self.ids.groups.clear_widgets()

    def _group_button(self, group: presenter.GroupChoice) -> GroupButton:
        """A button showing `group`: a spare one that showed the same words (nothing to
        draw again), else another spare given its words, else a new one."""
        if self._spare:
            same = next((n for n, b in enumerate(self._spare) if b.whole == group.text), -1)
            button = self._spare.pop(same)
            button.values, button.reason, button.whole = group.values, group.reason, group.text
            button.state, button.taken = "normal", False
        else:
            button = GroupButton(values=group.values, whole=group.text, reason=group.reason,
                                 on_release=self.tap_group)
        self._buttons.append((button, group))
        return button

    def _mark_sections(self) -> None:
        for key in self.ids.sections.children:
            key.chosen = key.value == self._section

    def _mark_groups(self) -> None:
        """Groups whose options are all in the order say so (colour and check mark)."""
        for button, group in self._buttons:
            button.chosen = presenter.is_added(group, self._order)

    def _draw_order(self) -> None:
        box = self.ids.order
        box.clear_widgets()
        self._rows, self._last = {}, None
        self.ids.room.height = 0
        item = self._item
        if item is None:
            return
        for value, line in zip(self._order, presenter.order_lines(item, self._order),
                               strict=True):
            row = BoxLayout(size_hint_y=None, height="52dp", spacing="6dp")
            # Wrapped, never cut: at the Large text size a line takes two rows.
            text = Text(text=line, pos_hint={"center_y": 0.5})
            text.bind(height=lambda _l, h, r=row: setattr(r, "height", max(dp(52), h)))
            row.bind(height=lambda *_a: self._trigger_last() if self._last else None)
            row.add_widget(text)
            row.add_widget(BigButton(text="Up", kind="quiet", size_hint_x=None, width="64dp",
                                     disabled=value == self._order[0],
                                     on_release=lambda _b, v=value: self.move_up(v)))
            row.add_widget(BigButton(text="Remove", kind="quiet", size_hint_x=None,
                                     width="100dp",
                                     on_release=lambda _b, v=value: self.remove(v)))
            box.add_widget(row)
            self._rows[value] = row
        if not self._order:
            box.add_widget(Text(text=presenter.empty_hint(item), muted=True))
        if self._note:  # under the order: nothing above it moves
            note = Text(text=self._note)
            note.color = theme.WARN  # after the rule's plain colour, which a keyword loses to
            box.add_widget(note)
        self.can_submit = len(self._order) >= max(1, item.minimum)
        self.submit_text = presenter.submit_text(item, self._order)
