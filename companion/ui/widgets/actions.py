"""The actions panel: the prompt's actions as big buttons, partials as a short walk of
choices, counts with a stepper, names with a field. It runs nothing itself: it calls
the screen's `on_command`, `on_partial`, `on_back` with what was chosen.

A tap that goes to the game shows at once that it was taken (its button stays lit) and the
panel takes no other tap until the screen has drawn the result (`release`): a player who
re-taps a slow step never hits a button that arrived under the finger."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.core.words import counted
from companion.ui import theme
from companion.ui.presenters.actions import ActionItem, ActionsView, fill
from companion.ui.widgets import BigButton, CommandInput, LineText, Stepper, Text
from companion.ui.widgets.entries import Entry, ListButton, PlaceButton, reuse_widgets
from companion.ui.widgets.fit import ChoiceRows
from companion.ui.widgets.touch import HAND_OVER, SEAT_ARRIVAL, TapGate, holding_list

BACK = "< Back"
CANCEL = "Cancel"
EMPTY_FIELD = "Nothing is typed yet: tap the field above, type on the keyboard, then OK."


class ActionsPanel(TapGate, BoxLayout):
    trail = StringProperty("")
    #: The way back's words, beside the trail at every level of a walk.
    back_text = StringProperty(BACK)
    #: How far below the panel's top the top level's first choice stood, in pixels (the
    #: screen sets it from what it says above the top level): a level of a walk starts
    #: its first choice there too, so a finger tapping level after level at one spot
    #: taps each level's first choice (try 15: successive drift reports), not "< Back".
    first_at = NumericProperty(0)
    show_unavailable = BooleanProperty(False)
    #: The moment's main action goes to a fixed bar of the screen (`main_text`, `tap_main`)
    #: instead of the list: the screen sets this when it has such a bar.
    pin_main = BooleanProperty(False)
    #: The pinned main action's text; empty when there is none now (the bar folds away).
    main_text = StringProperty("")
    #: A box after everything else a screen offers (the dashboard's: after the hidden
    #: cards) where the top level's "Not possible now" goes: it sat over the only choices
    #: of a draft screen (try 7). None: at the foot of the list.
    unavailable_box = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_command: Callable[[str], None] = lambda _line: None
        self.on_partial: Callable[[str, str], None] = lambda _label, _partial: None
        self.on_back: Callable[[], None] = lambda: None
        #: An order, a die or a form input: a screen of its own (the screen opens it).
        self.on_input: Callable[[ActionItem], None] = lambda _item: None
        #: A seat's private choice: that seat's own screen (seat, partial, label).
        self.on_private: Callable[[str, str, str], None] = lambda _s, _p, _l: None
        self._view: ActionsView | None = None
        self._main: ActionItem | None = None
        self._depth = 0
        self._asking = False  # an input (stepper or field) replaces the buttons
        self._taken: BigButton | None = None  # the button whose tap is being worked on
        self._deferred = False  # a result waits for a finger to leave the list
        self._open_after_show = False  # released while its result waited: open once shown
        #: A choice left for the level it opened (by depth, its label): "< Back" from that
        #: level opens the choice again, one level back (issue 22, try 17, finding 8: it
        #: went back to the first list, past the choice).
        self._choices_left: dict[int, str] = {}
        self._backing = False  # "< Back" was tapped: the level shown next is one back
        #: Where the buttons of each level left for a deeper one were (`_places`).
        self._left: dict[int, list[tuple[str, float]]] = {}
        self._offers: frozenset[str] | None = None  # the top level's buttons last shown
        self._tapped = False  # a tap of the list went to the game since it was last shown

    def show(self, view: ActionsView, trail: Sequence[str] = ()) -> None:
        """Show `view`; `trail` is the labels of the partials chosen so far. In a list a
        finger is on (or that has just scrolled), once the finger is lifted and the list
        still: the buttons never move under a finger."""
        scroll = holding_list(self)
        if scroll is None:
            self._show(view, trail)
        else:
            self._deferred = True
            scroll.when_still("actions", lambda: self._show(view, trail))

    def on_kv_post(self, _base: Any) -> None:
        self.ids.back.tapped = lambda _button: self._back()

    def _back(self) -> None:
        self._backing = True
        self.on_back()

    def _show(self, view: ActionsView, trail: Sequence[str]) -> None:
        self._deferred = False
        reopen = self._choice_to_reopen(view, len(trail))
        label = "  >  ".join(trail)
        if (view != self._view or label != self.trail or self._asking
                or self.show_unavailable):  # else these very buttons are up already
            places = self._places()
            if len(trail) > self._depth:  # deeper: where this level was, for the way back
                self._left[self._depth], places = places, []
            elif len(trail) < self._depth:
                places = self._left.pop(len(trail), []) + places
            if self._view is not None and view.seat != self._view.seat:
                self._next_seat()
            elif len(trail) != self._depth:
                self._new_level()
            self._view = view
            self._depth = len(trail)
            self.trail = label
            self.show_unavailable = False
            scroll = holding_list(self)
            if scroll is not None:  # a new step: the room a fold kept is given back
                scroll.keep_room(False)
            self._build()
            if self._new_offers(view):
                self._show_start()
                if self._tapped:  # what a tap here brought may stand under the finger
                    self._hold_new_offers()
            else:
                self._keep_place(places)
            self._tapped = False
        if reopen is not None:
            self._ask_choice(reopen)
        if self._open_after_show:
            self._open_after_show = False
            self.open()

    def _choice_to_reopen(self, view: ActionsView, depth: int) -> ActionItem | None:
        """The choice left for a deeper level, when "< Back" comes back to `depth` and the
        view still offers it; any other way up (a command ran) forgets what was left."""
        backing, self._backing = self._backing, False
        if depth >= self._depth:
            return None
        label = self._choices_left.pop(depth, None) if backing else None
        for deeper in [d for d in self._choices_left if d >= depth]:
            del self._choices_left[deeper]
        if label is None:
            return None
        return next((item for group in view.groups for item in group.items
                     if item.label == label and item.enabled and item.input_kind == "choice"),
                    None)

    def _places(self) -> list[tuple[str, float]]:
        """The buttons a player sees in the list now, the tapped one first, each with how
        far it is under the list's top edge."""
        scroll = holding_list(self)
        if scroll is None:
            return []
        seen = [w for w in self.buttons() if -w.height < scroll.below_top(w) < scroll.height]
        if self._taken in seen:
            seen.remove(self._taken)
            seen.insert(0, self._taken)
        return [(w.text, scroll.below_top(w)) for w in seen]

    def _keep_place(self, places: list[tuple[str, float]]) -> None:
        """A step that offers no new button (a refusal, a trade that leaves the same
        choices): a button that was in view and is still offered stays where it was (the
        tapped one first); else the list shows where the new choices start. Never the
        list's top for its own sake: the finger stays over what it was reading."""
        scroll = holding_list(self)
        if scroll is None:
            return
        buttons = {w.text: w for w in self.buttons()}
        for text, below in places:
            if text in buttons:
                scroll.keep_in_view(buttons[text], below)
                return
        first = self if self._depth else next(self.buttons(), self)
        scroll.keep_in_view(first)

    def _new_offers(self, view: ActionsView) -> bool:
        """Whether the list's top level now offers a button it did not offer when last
        shown (a draw the step owes, a card to resolve, the next seat's actions). After a
        tap of the list the new buttons take taps only HAND_OVER after they are drawn:
        the list starts again from its top, so one may come right where the finger just
        lifted, and a double tap's second touch would take it (try 15: "Select ..." and a
        Deploy that spends credits came where the technology action was tapped)."""
        if self._depth:
            return False
        offers = frozenset(item.text for group in view.groups for item in group.items)
        before, self._offers = self._offers, offers
        return before is not None and not offers <= before

    def _hold_new_offers(self) -> None:
        """The buttons just drawn take taps HAND_OVER after their frame, whether the
        tap's reply has opened the list already or not."""
        self.hold_after_arrival(HAND_OVER)
        if not self.working:
            self.close()
            self.open()

    def _show_start(self) -> None:
        """The list from its start: the prompt's line, the step's result and the first
        things to do now in view, where the finger cannot be over what it was reading."""
        scroll = holding_list(self)
        if scroll is not None:
            scroll.show_start()

    def _next_seat(self) -> None:
        """Another seat acts now: the buttons take no tap for a while after they are drawn,
        so a double tap on one seat's pass never passes the next seat too (its pass comes
        at the same place), even a slow one (HAND_OVER). A tap being worked on opens the
        panel itself once shown."""
        self.hold_after_arrival(HAND_OVER)
        if not self.working:
            self.close()
            self.open()

    def _new_level(self) -> None:
        """A walk goes a level deeper or back: its buttons take taps only SEAT_ARRIVAL after
        they are drawn, as the next seat's do. The level's first choice stands where the
        finger just lifted (`first_at`), and a double tap's second touch picked it: a card
        drawn at the table recorded unseen (issue 22, try 23, finding 1)."""
        self.hold_after_arrival(SEAT_ARRIVAL)

    def release(self) -> None:
        """The tap's reply is in and shown (or it failed): the taken button goes back to
        normal and the panel takes taps again once that is drawn (a result held back
        while a finger is on the list: once it is shown)."""
        if self._taken is not None:
            self._taken.taken = False
            self._taken = None
        if self._deferred:
            self._open_after_show = True
        else:
            self.open()

    def _take(self, button: BigButton | None) -> None:
        """A tap that goes to the game: its button lit until the result, no other tap."""
        if button is not None:
            button.taken = True
        self._taken = button
        self._tapped = True
        self.close()

    def _build(self) -> None:
        self._asking = False
        view = self._view
        self._pin(view.main if view is not None and self.pin_main and not self._depth else None)
        entries = self._entries(view) if view is not None else []
        apart = self.unavailable_box is not None and not self._depth
        moved = self._unavailable(view) if apart and view is not None else []
        self._put_up(entries[:len(entries) - len(moved)])
        self._put_apart(moved)

    def _entries(self, view: ActionsView) -> list[Entry]:
        """What the list shows for `view`, top to bottom. The top level has no group
        titles (each label names its action whole: "Deploy ...", "Use ... (M02)"), so its
        first 6 choices fit 800x480 (issue 22); a level of a walk starts with the way back
        and titles its groups when it has several, or when a title is a sentence (ends with
        a full stop: what the game says once over these choices, as the rule on a second
        ship of a type in a draft); what is not possible there stays greyed in its place.
        At the top level only what the game keeps in its place (`in_place`: a ship already
        selected, a card not playable yet) stands there greyed, on one line (`PlaceButton`:
        its why whole under "Not possible now"), so no button slides into the place of one
        just tapped (issue 22, try 13) and none pushes the choices after it out of reach;
        the rest of what is not possible now is put apart under "Not possible now"."""
        entries: list[Entry] = []
        for group in view.groups:
            items = [item for item in group.items if item is not self._main]
            if group.title and items and self._depth and (
                    len(view.groups) > 1 or group.title.endswith(".")):
                entries.append(Entry(Text if len(group.title) > 40 else LineText,
                                     group.title, "muted"))
            kept = [item for item in group.places or items if item is not self._main
                    and (self._depth or item.enabled or item.in_place)]
            entries.extend(self._button(item) for item in kept)
        if view.is_empty and self._depth:
            entries.append(Entry(Text, "Nothing can be chosen here now.", "muted"))
        return entries + self._unavailable(view)

    def _unavailable(self, view: ActionsView) -> list[Entry]:
        """What is not possible now: a button that shows why, under it the reasons."""
        if not view.unavailable:
            return []
        label = ("Hide what is not possible now" if self.show_unavailable
                 else f"Not possible now: {counted(len(view.unavailable), 'action')}")
        entries = [Entry(ListButton, label, "quiet", lambda _b: self._toggle_unavailable())]
        if self.show_unavailable:
            entries.extend(Entry(Text, item.why_not, "muted")
                           for item in view.unavailable)
        return entries

    def _put_apart(self, entries: list[Entry]) -> None:
        """The top level's "Not possible now" in `unavailable_box` (its widgets reused);
        none: the box empty (a level of a walk, an input)."""
        box = self.unavailable_box
        if box is None:
            return
        widgets = reuse_widgets(list(reversed(box.children)), entries, box.width)
        box.clear_widgets()
        for widget in widgets:
            box.add_widget(widget)

    def _put_up(self, entries: list[Entry]) -> None:
        """Show `entries`, reusing the widgets up now (`widgets.entries`: making a button
        costs 5 to 15 ms on one loaded core, a list of them most of a committed tap), the
        choices two to a row where their labels fit, each on the side its place in its
        group gives it (`widgets.fit.ChoiceRows`); a quiet button (the way back, Cancel,
        what is not possible) has a row of its own."""
        box = self.ids.entries
        old = list(self._shown())
        widgets = reuse_widgets(old, entries, box.width)
        self._clear()
        run: list[tuple[ListButton, int]] = []
        for widget, entry in zip(widgets, entries, strict=True):
            if isinstance(widget, ListButton) and entry.style != "quiet":
                run.append((widget, entry.slot))
                continue
            self._rows(run)
            run = []
            box.add_widget(widget)
        self._rows(run)

    def _rows(self, run: Sequence[tuple[ListButton, int]]) -> None:
        """A run of choices in rows of one or two (`ChoiceRows`)."""
        if run:
            box = self.ids.entries
            box.add_widget(ChoiceRows([b for b, _s in run], [s for _b, s in run],
                                      width=box.width))

    def _clear(self) -> None:
        """Take everything off the list, its rows letting go of their buttons."""
        box = self.ids.entries
        for child in box.children:
            if isinstance(child, ChoiceRows):
                child.release()
        box.clear_widgets()

    def _shown(self) -> Iterator[Any]:
        """The list's widgets up now, top to bottom (a row's buttons in reading order)."""
        for widget in reversed(self.ids.entries.children):
            if isinstance(widget, ChoiceRows):
                yield from widget.in_order()
            else:
                yield widget

    def _toggle_unavailable(self) -> None:
        self.show_unavailable = not self.show_unavailable
        scroll = holding_list(self)
        if scroll is not None:  # folded, the rows above stay where they are on the glass
            scroll.keep_room(not self.show_unavailable)
        self._build()
        if self.show_unavailable:
            self._first_reason_in_view()

    def _first_reason_in_view(self) -> None:
        """The list scrolls just enough for the first reason opened to show (try 21,
        finding 4: it opened below the fold, and the tap seemed to do nothing)."""
        scroll = holding_list(self)
        if scroll is None or self._view is None or not self._view.unavailable:
            return
        apart = self.unavailable_box is not None and not self._depth
        box = self.unavailable_box if apart else self.ids.entries
        first = self._view.unavailable[0].why_not
        row = next((w for w in reversed(box.children) if getattr(w, "text", None) == first),
                   None)
        if row is not None:
            scroll.scroll_whole_into_view(row)

    def _pin(self, item: ActionItem | None) -> None:
        self._main = item
        self.main_text = item.text if item is not None else ""

    def offered(self) -> list[str]:
        """The texts of every action button up now, the list's then the pinned main action's
        (what a player can tap: tests and benchmarks choose from it)."""
        texts = [w.text for w in self.buttons() if not w.disabled]
        return [*texts, self.main_text] if self.main_text else texts

    def buttons(self) -> Iterator[BigButton]:
        """The list's buttons in reading order (the way back first in a level of a walk;
        rows of two: left, then right), then the "Not possible now" put apart."""
        if self.trail:
            yield self.ids.back
        for widget in reversed(self.ids.entries.children):
            if isinstance(widget, ChoiceRows):
                yield from widget.in_order()
            elif isinstance(widget, BigButton):
                yield widget
        if self.unavailable_box is not None:
            yield from (w for w in reversed(self.unavailable_box.children)
                        if isinstance(w, BigButton))

    def tap_main(self, button: BigButton | None = None) -> None:
        """The fixed bar's button (`button`): the moment's main action."""
        if self._main is not None:
            self._run(self._main, button)

    def _button(self, item: ActionItem) -> Entry:
        if not item.enabled and item.in_place and not self._depth:  # why, in its place:
            # one line (the game's short words, else the start of "Not possible now"'s)
            return Entry(PlaceButton, item.greyed or item.why_not, "off", slot=item.slot,
                         whole=item.why_not, as_offered=item.text)
        if not item.enabled:  # greyed in its place; a tap shows why (also "Not possible now")
            return Entry(ListButton, item.text, "off", slot=item.slot, whole=item.why_not)
        return Entry(ListButton, item.text, "normal", lambda b: self._run(item, b), item.slot)

    def _run(self, item: ActionItem, button: BigButton | None = None) -> None:
        if item.kind in ("command", "partial") and not item.private_to:
            self._take(button)
        if item.private_to and item.kind == "partial":
            self.on_private(item.private_to, item.value, item.label)
        elif item.kind == "command":
            self.on_command(item.value)
        elif item.kind == "partial":
            self.on_partial(item.label, item.value)
        elif item.input_kind in ("order", "die", "form"):
            self.on_input(item)
        elif item.input_kind == "choice":
            self._ask_choice(item)
        else:
            self._ask(item)

    def _ask(self, item: ActionItem) -> None:
        """An input: a stepper for a count, a field for a name; then OK runs the command,
        as the keyboard's Done does on the field (its only one: no extra tap on OK)."""
        box = self.ids.entries
        self._clear()
        self._put_apart([])
        self._asking = True
        self._pin(None)
        box.add_widget(Text(text=item.label))
        editor: Any
        if item.input_kind == "count":
            editor = Stepper(minimum=item.minimum, maximum=item.maximum, value=item.minimum)
        else:
            editor = CommandInput(hint_text="type here")

        def value() -> str:
            return str(int(editor.value)) if item.input_kind == "count" else str(editor.text)

        box.add_widget(editor)
        why = Text(text="", color=theme.DANGER)
        box.add_widget(why)
        row = BoxLayout(size_hint_y=None, height="56dp", spacing="8dp")
        row.add_widget(BigButton(text="Cancel", kind="quiet", on_release=lambda _b: self._build()))
        ok = BigButton(text="OK", kind="primary",
                       on_release=lambda b: self._submit(item, value(), why, b))
        row.add_widget(ok)
        box.add_widget(row)
        if isinstance(editor, CommandInput):
            editor.confirms = row  # the keyboard leaves OK and Cancel in view (try 20, 12)
            editor.bind(on_text_validate=lambda _f: self._submit(item, value(), why, ok))

    def _ask_choice(self, item: ActionItem) -> None:
        """A choice: one big button per option, each running its command at once; one the
        game refuses stays greyed in its place with why under its name (a faction another
        seat plays), so the list keeps the same places for every seat. Its way back comes
        under its heading, before the options, in view as the list opens, like a walk's
        "< Back": under a long list at Large text it was two swipes down (try 15, 2)."""
        self._pin(None)
        self._put_apart([])
        cancel = Entry(ListButton, CANCEL, "quiet", lambda _b: self._build())
        entries = [Entry(Text, item.label, ""), cancel]
        for slot, option in enumerate(item.options):  # (the options: all of them, always)
            text = f"{option.label}\n{option.detail}" if option.detail else option.label
            if option.reason:
                entries.append(Entry(ListButton, f"{option.label}\n{option.reason}", "off"))
                continue
            entries.append(Entry(ListButton, text, "normal",
                                 partial(self._chosen, item, option), slot))
        self._put_up(entries)
        self._asking = True
        scroll = holding_list(self)
        if scroll is not None:
            scroll.keep_in_view(next(self._shown()))

    def _chosen(self, item: ActionItem, option: Any, button: BigButton) -> None:
        self._take(button)
        line = fill(item.value, option.value)
        if item.then == "partial":
            self._choices_left[self._depth] = item.label
            self.on_partial(f"{item.label}: {option.label}", line)
        else:
            self.on_command(line)

    def _submit(self, item: ActionItem, value: str, why: Text, button: BigButton) -> None:
        if value.strip():
            self._take(button)
            self.on_command(fill(item.value, value))
        else:  # OK on an empty field says why instead of doing nothing
            why.text = EMPTY_FIELD


Builder.load_file(str(Path(__file__).with_name("actions.kv")))
