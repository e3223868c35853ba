"""The Kivy app: screens, the command runner, settings and sounds, wired together.

Screens show data and forward intents here; this class sends every command to
the runner and hands each reply to the screens. It holds no rules.
"""

from __future__ import annotations

import gc
import importlib
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.core.words import without_rule_marks
from companion.phones.process import PhoneService
from companion.scanner.codes import ScanCode
from companion.ui import widgets  # noqa: F401  (registers our widgets and their rules)
from companion.ui.applog import log_renderer
from companion.ui.collector import hold_full_passes, release_full_passes
from companion.ui.democamera import DemoCamera
from companion.ui.folding import seats_folded
from companion.ui.idle import IdleWatch
from companion.ui.opening import remember_heading
from companion.ui.presenters.cues import cue_for
from companion.ui.presenters.explosion import ExplosionView, explosions
from companion.ui.presenters.history import game_heading, round_over, said_words
from companion.ui.presenters.reveal import cards_to_reveal, scan_words
from companion.ui.presenters.scanner import for_camera
from companion.ui.replies import Replies
from companion.ui.runner import CommandRunner, Opening, Reply, start_opening
from companion.ui.scanning import ScannerService
from companion.ui.screens.start import DAMAGE_KINDS
from companion.ui.settings import AppSettings, save_settings
from companion.ui.sound import SilentSpeaker, Speaker
from companion.ui.splash import Splash, hide_splash, raise_splash
from companion.ui.sticks import StickWatch
from companion.ui.table import TableData
from companion.ui.theme import BACKGROUND
from companion.ui.voicing import TableVoice
from companion.ui.warmup import Warmup
from companion.ui.widgets.keyboard import TableKeyboard, has_keyboard
from companion.ui.widgets.touch import ScreenGate

#: Seconds the demo camera shows an empty table before the next card (a player's hand).
DEMO_CARD_DELAY = 2.0
#: The screen the demo camera lays cards on: elsewhere (a reveal being read, the menu,
#: Saved games, Settings...) the card owed waits, and one in view is picked up, until the
#: table is back.
DEMO_LAYS_ON = ("dashboard",)
#: The demo camera's picture while it waits for the table to be shown again.
DEMO_PAUSED = "Demo camera: waiting for the table"


#: Every screen of the app, by name: its module in companion.ui.screens and its class.
#: Only FIRST_SCREENS are made before the first frame (making them all cost about half a
#: second of a cold start); the others are made ahead, one at a time, in the quiet moments
#: after it (companion/ui/warmup.py: never while a finger is on the glass; made one a frame
#: regardless, a hold on a seat badge meanwhile never opened the private panel), or the
#: first time one is asked for before that (10 to 100 ms, once).
SCREENS: dict[str, str] = {
    "start": "start.StartScreen", "dashboard": "dashboard.DashboardScreen",
    "history": "history.HistoryScreen", "newgame": "newgame.NewGameScreen",
    "saved": "saved.SavedGamesScreen", "settings": "settings.SettingsScreen",
    "private": "private.PrivateScreen", "reveal": "reveal.RevealScreen",
    "final": "final.FinalScreen", "scoreboard": "scoreboard.ScoreboardScreen",
    "order": "order.OrderScreen", "check": "check.CheckScreen", "form": "form.FormScreen",
    "explosion": "explosion.ExplosionScreen", "phones": "phones.PhonesScreen",
    "seat": "seat.SeatScreen",
}
FIRST_SCREENS = ("start", "dashboard")
#: Seconds between looks for steps a phone saved while the phones' page runs (13 us each).
LOOK_FOR_PHONE_STEPS_S = 0.5
#: The screens that show the table and take every new one.
#: The scanner's statuses while a camera is there (opened, reading, or a moment lost).
CAMERA_THERE = ("opening", "running", "foreign", "camera-lost")
TABLE_SCREENS = ("dashboard", "history", "scoreboard", "order", "seat")


@dataclass(frozen=True)
class AppOptions:
    db: Path
    settings_path: Path | None = None
    crash_log: Path | None = None
    demo: bool = False
    demo_setup: tuple[str, ...] = ()
    #: The game `demo_setup` sets up (None: the game of the default demo table).
    demo_game: str | None = None
    seed: int | None = None
    scanner: bool = False
    #: Where the open game's heading is kept for the next start's first frame
    #: (companion/ui/opening.py); None: not kept.
    opening_file: Path | None = None


def screen_class(name: str) -> Any:
    """The class of the screen called `name`, its module imported now if not yet."""
    module, _dot, cls = SCREENS[name].rpartition(".")
    return getattr(importlib.import_module(f"companion.ui.screens.{module}"), cls)


_frozen: set[str] = set()


def _freeze_once(moment: str) -> None:
    """Leave what is alive at `moment` out of the garbage collector's full passes: at the
    first screen shown (Kivy, the screens: about 110,000 objects; a full pass over them
    cost 60 ms of the first "New game" tap on one core) and at the first open game (its
    catalog and state too: about 400,000; each pass 100 to 300 ms in the middle of a tap
    on one loaded core). Once per moment and app (a cycle that was garbage by then
    stays, once), so memory stays bounded."""
    if moment not in _frozen:
        _frozen.add(moment)
        gc.freeze()


def _thaw() -> None:
    """The app stopped: what `_freeze_once` left out of the collector's passes is in them
    again, so it is freed with the app, and an app started next in the same process (the
    tests, the gallery, the benchmarks) freezes its own. Frozen for good, the first app's
    objects (its screens and game: 100s of MB) stayed until the process ended."""
    if _frozen:
        _frozen.clear()
        gc.unfreeze()


def clock_deliver(job: Any) -> None:
    """Hand a runner reply to the main thread (Kivy's Clock is safe to call from any thread)."""
    Clock.schedule_once(lambda _dt: job(), 0)


class CompanionApp(App):
    table = ObjectProperty(None, allownone=True)
    # rebind: kv rules read app.settings.X (the chosen text size), and Kivy binds a chain
    # through an object property only when it rebinds.
    settings = ObjectProperty(AppSettings(), rebind=True)
    message = StringProperty("")
    message_refused = BooleanProperty(False)
    #: A camera is there (the scanner reads one): the game's words for a table with a
    #: camera; else its words for one with none ("pick it from the list").
    camera = BooleanProperty(False)
    busy = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    game_over = BooleanProperty(False)
    text_scale = NumericProperty(1.0)
    #: The dashboard shows its command bar: a keyboard is plugged in, or Settings' "Typed
    #: commands" is on.
    typed_commands = BooleanProperty(False)
    #: Large text on a small window: the dashboard's seats' column folds to names and
    #: scores, the choices take its width (companion/ui/folding.py).
    seats_folded = BooleanProperty(False)

    def __init__(self, options: AppOptions, settings: AppSettings | None = None,
                 speaker: Speaker | None = None, opening: Opening | None = None,
                 voice: TableVoice | None = None, splash: Splash | None = None,
                 **kwargs: Any) -> None:
        """`opening`: a runner already opening the first game (started before Kivy);
        `splash`: the first frame's sentence (companion/ui/splash.py), kept over the
        screens until the first answer is shown."""
        super().__init__(**kwargs)
        self._opening = opening
        self._splash = splash
        self._heading_kept: str | None = None
        #: The screen each side screen (Settings, Phones) was opened from: its Back goes there.
        self._opened_from = {"settings": "start", "phones": "start", "scoreboard": "dashboard"}
        self._forms: Any = None  # the new-game forms, once the runner has read them
        self._forms_asked = False
        self.title = "Exploration Table Companion"
        self.options = options
        self.settings = settings or AppSettings()
        self.text_scale = self.settings.text_scale
        self.bind(text_scale=self._fold_seats)
        self._keyboard_plugged = has_keyboard()
        self.typed_commands = self._keyboard_plugged or self.settings.typed_commands
        self.speaker: Speaker = speaker or SilentSpeaker()
        self.voice = voice or TableVoice(self.settings)  # the stand-in unless given
        self.runner: CommandRunner = None  # type: ignore[assignment]  # made by build()
        self.manager: ScreenManager = None  # type: ignore[assignment]
        self.scanner: ScannerService | None = None
        self._scanner_game: str | None = None
        self.demo_camera: DemoCamera | None = DemoCamera() if options.demo else None
        self._demo_shown: Any = None
        self._demo_taken: str | None = None  # the code of the card the demo just read
        self._demo_turn = 0
        self._demo_waiting = False  # a card is owed while the player reads a screen
        self._explosions: tuple[ExplosionView, ...] = ()  # shown after the check's result
        self.phones = PhoneService(options.db)  # the phones' page, while the setting is on

    # ---- building --------------------------------------------------------------------------
    def build(self) -> ScreenManager:
        # The game loads on the runner's thread while the screens are built.
        opening = self._opening or start_opening(self.options.db, self.options.crash_log,
                                                 self.options.demo_setup, self.options.seed,
                                                 self.options.demo_game, self.settings.drawer)
        Window.clearcolor = BACKGROUND
        Window.set_vkeyboard_class(TableKeyboard)
        Window.rotation = self.settings.rotation
        # A bound method: Window.bind keeps it weakly (an app closed is freed, test_app_memory).
        Window.bind(height=self._fold_seats)
        self._fold_seats()
        manager = ScreenGate(transition=NoTransition())
        self.manager = manager
        manager.bind(current=self._on_screen_changed)
        for name in FIRST_SCREENS:
            self._make_screen(name)
        self.screen("start").offer_new_demo(self.options.demo)
        self.runner = opening.runner
        opening.first_reply.connect(self._on_open)
        # Replies run on this thread; the frame after a tap waits a moment for its reply.
        self.replies = Replies(lambda: self.runner.pending)
        self.runner.attach(self.replies.deliver)
        self.runner.on_asked = self.replies.expect
        self.idle = IdleWatch(self)  # the scoreboard after a while untouched
        self.idle.start()
        self.warmup = Warmup(self)  # screens made ahead in quiet moments, once one shows
        self.sticks = StickWatch(self)  # the kiosk: a USB stick plugged in is noticed
        self.sticks.start()
        # A phone's choice is saved by the page's process: look for it twice a second.
        Clock.schedule_interval(self._look_for_steps, LOOK_FOR_PHONE_STEPS_S)
        return manager

    def on_start(self) -> None:
        if self._splash is not None:
            raise_splash(self._splash)  # over the screens, until the first answer
        log_renderer()  # for `companion doctor` on the kiosk (companion/ui/applog.py)

    def on_stop(self) -> None:
        gc.enable()  # in case the app ends before its first screen
        self._drop_splash()
        release_full_passes()
        _thaw()
        if self.manager is not None:
            for name in ("explosion", "check"):
                if self.manager.has_screen(name):
                    self.screen(name).on_leave()  # their timers end with the app
        if getattr(self, "idle", None) is not None:
            self.idle.stop()
            self.warmup.stop()
            self.sticks.stop()
        if self.scanner is not None:
            self.scanner.stop()
        self.phones.stop()
        self.voice.close()
        if self.runner is not None:
            self.runner.stop()

    def screen(self, name: str) -> Any:
        """The screen called `name`, made now if it was not made yet."""
        assert self.manager is not None
        if not self.manager.has_screen(name):
            self._make_screen(name)
        return self.manager.get_screen(name)

    def _make_screen(self, name: str) -> None:
        """Make a screen and give it what it missed: the table, the new-game forms."""
        screen = screen_class(name)(name=name)
        self.manager.add_widget(screen)
        table = self.table
        if table is not None and (name in TABLE_SCREENS or (name == "final" and self.game_over)):
            screen.show_table(table)
        if name == "newgame" and self._forms:
            screen.set_forms(self._forms)

    # ---- navigation ------------------------------------------------------------------------
    def show(self, name: str) -> None:
        """Switch to a screen, asking the runner for what it lists."""
        assert self.manager is not None and self.runner is not None
        self.screen(name)  # made now if it was not made yet
        if name == "saved":
            self.runner.saved_games(self._on_games)
        if name in self._opened_from and self.manager.current != name:
            self._opened_from[name] = self.manager.current
        if name == "settings":
            self.screen("settings").show_settings(self.settings)
        if name == "phones":
            self._show_phones()
        if name == "scoreboard":
            self.screen(name).opened(by_itself=False)
        if name in TABLE_SCREENS and self.table is None:
            name = "start"
        self.manager.current = name

    def leave_settings(self) -> None:
        """Settings' "Back": to the screen it was opened from (the Menu), never elsewhere:
        a player who opened it from the Menu taps where the Menu's "Resume" sits next
        (tries 11 and 12: that tap landed on the game's first action)."""
        self.leave("settings")

    def leave(self, name: str) -> None:
        """A side screen's "Back" (Settings, Phones, Scoreboard): to the screen it was
        opened from, by one rule for all (try 13, 51: Phones' Back went to the game,
        Settings' to the Menu)."""
        self.show(self._opened_from.get(name, "start"))

    # ---- intents ---------------------------------------------------------------------------
    def send(self, line: str, then: Callable[[Reply], None] | None = None) -> None:
        """Run a command line exactly as the CLI would; the reply redraws the screens
        (and then goes to `then`, the screen that sent it, if any)."""
        assert self.runner is not None
        self.busy = True
        # Undo and redo show the table what they took back: the screen is never handed on.
        hand = line.split(maxsplit=1)[:1] not in (["undo"], ["redo"])
        self.runner.run(line, self._result_then(then, hand))

    def _result_then(self, then: Callable[[Reply], None] | None,
                     hand: bool = False) -> Callable[[Reply], None]:
        """The reply callback: redraw from the result (handing the screen on to the seat a
        private choice now waits for, when `hand`), then hand it to `then` if any."""

        def both(reply: Reply) -> None:
            if self._on_result(reply) and hand:
                self._hand_over(reply)
            if then is not None:
                then(reply)

        return both

    def _hand_over(self, reply: Reply) -> None:
        """A private choice the game hands over (the prompt's `hand_over`: the next drafter
        of a pack the app dealt) comes up by itself, its privacy step closed, in place of
        the table: the screen is passed on, and the seat opens it."""
        table = reply.table
        if not reply.ok or reply.kind != "step" or table is None or \
                self.manager.current not in ("dashboard", "private"):
            return
        due = next((a for a in table.prompt.get("actions", [])
                    if a.get("hand_over") and a.get("private_to") and a.get("partial")
                    and a.get("enabled")), None)
        if due is not None:
            seat = str(due["private_to"])
            players = {str(row.get("seat")): str(row.get("player") or "")
                       for row in table.view.get("table", {}).get("seats", [])}
            self.screen("private").prepare(seat, str(due["partial"]), str(due["label"]),
                                           handed_to=players.get(seat) or seat,
                                           note=str(due.get("note") or ""))
            self.show("private")

    def open_check(self, prompt: dict[str, Any], back: str = "dashboard") -> None:
        """A maneuver check's dice: faces to tap, or the app rolls; "< Back" goes to `back`."""
        self._explosions = ()
        self.screen("check").prepare(prompt, back)
        self.show("check")

    def undo_check(self) -> None:
        """Undo from the check's result: the move is taken back, its explosion with it."""
        self._explosions = ()
        self.show("dashboard")
        self.undo()

    def after_check(self) -> None:
        """The check's result was read: a trap that went off in the same move, else the table."""
        if self._explosions:
            self._explode(self._explosions)
        else:
            self.show("dashboard")

    def _explode(self, views: tuple[ExplosionView, ...]) -> None:
        self._explosions = ()
        self.screen("explosion").explode(views)
        self.show("explosion")

    def open_order(self, item: Any, after: str | None = None) -> None:
        """An `order` input (offered after the partial `after`): its options put in order
        on a screen of their own."""
        self.screen("order").prepare(item, after)
        self.show("order")

    def open_form(self, item: Any) -> None:
        """A `form` input: every field of the action on one screen, sent with one tap."""
        self.screen("form").prepare(item)
        self.show("form")

    def open_private(self, seat: str, partial: str, label: str) -> None:
        """A seat's private choices, behind a screen only that player should look at (with
        what the seat is handed, the prompt's `note`, as a hand-over says it)."""
        actions = self.table.prompt.get("actions", []) if self.table is not None else []
        note = next((str(a.get("note") or "") for a in actions if a.get("partial") == partial
                     and a.get("private_to") == seat), "")
        self.screen("private").prepare(seat, partial, label, note=note)
        self.show("private")

    def open_actions(self, label: str, partial: str) -> None:
        """What a panel's row opens (`PanelRow.opens`): the choices that follow `partial`,
        in the dashboard's list of actions, under `label`, with its way back."""
        if self.table is None:
            return
        if self.manager is not None and self.manager.current != "dashboard":
            self.show("dashboard")
        self.screen("dashboard").open_partial(label, partial)

    def open_seat(self, seat: str) -> None:
        """What a seat holds (a tap on its card on the dashboard): its page of its own."""
        if self.table is None:
            return
        self.screen("seat").prepare(seat)
        self.show("seat")

    def peek(self, seat: str, at: tuple[int, int] | None = None) -> None:
        """A seat's own hidden cards (the dashboard's Hidden cards buttons, a hold on its
        badge), or the one a reveal drew (`at`: its step and event): its private panel,
        closed until it looks."""
        if self.table is None or self.manager.current not in ("dashboard", "reveal"):
            return
        self.screen("private").prepare_peek(seat, back=self.manager.current, at=at)
        self.show("private")

    def leave_scoreboard(self) -> None:
        """The scoreboard's Back (or a tap anywhere, shown after idle time): where it was
        opened from, the Menu or the table (try 27: opened from the Menu, its Back went to
        the table, and the next tap, meant for the Menu, landed on the table)."""
        self.leave("scoreboard")

    def undo(self) -> None:
        self.send("undo")

    def redo(self) -> None:
        self.send("redo")

    def resume_last(self) -> None:
        assert self.runner is not None
        self.runner.resume(self._on_open, self.table.game_id if self.table else None)

    def resume(self, game_id: str) -> None:
        assert self.runner is not None
        self.runner.resume(self._on_open, game_id)

    def start_new_game(self, kind: str, lines: list[str]) -> None:
        assert self.runner is not None
        self.busy = True
        self.runner.new_game(kind, lines, self._on_open, seed=self.options.seed)

    def new_demo_game(self) -> None:
        """The demo: a new demo table (the one left stays in the demo's file)."""
        from companion.games.registry import games

        assert self.runner is not None
        self.busy = True
        kind = self.options.demo_game or games().demo_game(None).id
        self.runner.new_game(kind, self.options.demo_setup, self._on_open, seed=self.options.seed)

    def _fold_seats(self, *_args: Any) -> None:
        self.seats_folded = seats_folded(self.text_scale, Window.height / dp(1))

    def remember_names(self, names: list[str]) -> None:
        """The players of a game just started: the new-game form's chips next time."""
        self._keep_settings(self.settings.with_recent_names(names))

    def change_setting(self, name: str, raw: str) -> None:
        self._keep_settings(self.settings.with_value(name, raw))

    def _keep_settings(self, settings: AppSettings) -> None:
        if settings == self.settings:
            return
        if settings.drawer != self.settings.drawer and self.runner is not None:
            self.runner.draw_by(settings.drawer, self._on_look)  # the main action changes
        self.settings = settings
        self.text_scale = settings.text_scale
        self.typed_commands = self._keyboard_plugged or settings.typed_commands
        Window.rotation = settings.rotation
        self._fold_seats()
        self.speaker.set_volume(settings.volume)
        self.voice.follow(settings)
        if self.options.settings_path is not None:
            try:
                save_settings(settings, self.options.settings_path)
            except OSError as exc:
                self._say(f"The settings could not be saved ({exc.strerror}).", True)
        self._sync_phones()
        if self.manager is not None and self.manager.current == "phones":
            self._show_phones()

    # ---- phones at the table (companion/phones: the page runs in its own process) ----------
    def _sync_phones(self) -> None:
        """The phones' page serves the open game while the setting is on, else stops."""
        if self.settings.phones and self.table is not None:
            self.phones.serve(self.table.game_id)
        else:
            self.phones.stop()

    def _show_phones(self) -> None:
        from companion.phones.addresses import page_urls
        from companion.ui.presenters.phones import phones_view

        seats = [row["seat"] for row in self.table.view["table"]["seats"]] if self.table else []
        on = self.settings.phones and self.phones.running()
        urls = page_urls(self.phones.host, self.phones.port) if on else []
        self.screen("phones").show_phones(phones_view(self.settings.phones, urls, seats,
                                                      self.phones.failure()))

    def phone_token(self, seat: str, new_link: bool = False) -> str | None:
        """A seat's secret link token for the open game (a new one when asked)."""
        if self.table is None:
            return None
        links = self.phones.links
        try:
            if new_link:
                return links.reissue(self.table.game_id, seat)
            return links.token(self.table.game_id, seat)
        except OSError as exc:
            self._say(f"The seat's link could not be saved ({exc.strerror}).", True)
            return None

    def _look_for_steps(self, _dt: float) -> None:
        if self.phones.running() and self.runner is not None and self.runner.pending == 0:
            self.runner.look_for_steps(self._on_look)

    def _on_look(self, reply: Reply) -> None:
        if reply.table is not None:
            self._take_table(reply.table)

    # ---- replies from the runner -------------------------------------------------------------
    def _say(self, text: str, refused: bool = False) -> None:
        self.message = self.table_words(said_words(text))
        self.message_refused = refused

    def table_words(self, text: str) -> str:
        """`text` in the game's words that fit this table's camera (none: no "scan")."""
        words = self.table.camera_words if self.table is not None else ()
        marks = self.table.rule_marks if self.table is not None else ""
        return without_rule_marks(for_camera(text, self.camera, words), marks)

    def _take_table(self, table: TableData | None) -> None:
        if table is None:
            return
        previous, self.table = self.table, table
        self.can_undo = table.undo_preview is not None
        self.can_redo = table.redo_preview is not None
        for name in TABLE_SCREENS:
            if self.manager.has_screen(name):  # one made later takes the table then
                self.screen(name).show_table(table)
        self._demo_next()
        was_over = previous is not None and previous.over and \
            previous.game_id == table.game_id
        self.game_over = table.over
        if self.game_over:
            if self.manager.has_screen("final"):
                self.screen("final").show_table(table)
            if not was_over and self.manager is not None:
                Clock.schedule_once(lambda _dt: self.show("final"), 0)
        start = self.screen("start")
        start.can_resume = True
        heading = game_heading(table.title, table.view, table.steps)
        start.resume_text = f"Resume: {heading}"
        self._keep_heading(heading)

    def _drop_splash(self) -> None:
        if self._splash is not None:
            hide_splash(self._splash)
            self._splash = None

    def _keep_heading(self, heading: str) -> None:
        """The open game's heading, for the next start's first frame (when it changed)."""
        path = self.options.opening_file
        if path is None or heading == self._heading_kept:
            return
        self._heading_kept = heading
        # Not kept (a full or read-only disk): the next start says "Starting..." instead,
        # nothing a player must do.
        with suppress(OSError):
            remember_heading(path, self.options.db, heading)

    def _on_open(self, reply: Reply) -> None:
        self.busy = False
        self._drop_splash()  # the menu or the dashboard, drawn in its place this frame
        # An answer is not a quiet moment: no piece done ahead before its frame is drawn
        # (a new game's first dashboard waited for one, "Start the game" on a loaded core).
        self.idle.poke()
        self.warmup.start()
        _freeze_once("first screen")
        gc.enable()  # paused since the start (runner.start_opening)
        if not self._forms_asked:
            # After the first frame: read before it, the new-game forms (every game's
            # catalog) took the runner's share of the only core from the start.
            self._forms_asked = True
            Clock.schedule_once(lambda _dt: self.runner.new_game_forms(self._on_forms), 0)
        if reply.table is None:
            self._say("" if reply.ok or reply.kind == "info" else reply.message,
                      not reply.ok and reply.kind != "info")
            self.screen("start").resume_text = "No saved game yet: start a new one"
            if reply.kind in DAMAGE_KINDS:  # the start screen offers to recover
                self._say("")
                self.screen("start").damaged(reply)
            self.manager.current = "start"
            return
        self._take_table(reply.table)
        _freeze_once("first game")
        # From now on the collector's full passes wait for quiet moments (not before the
        # freeze: the garbage they would leave until then would be frozen for good).
        hold_full_passes()
        self._sync_phones()
        self._say(reply.message, not reply.ok)
        self.voice.heard(reply.spoken)
        self.manager.current = "dashboard"
        if self.options.scanner and reply.table.game_id != self._scanner_game:
            self._scanner_game = reply.table.game_id
            # After this frame is drawn: the dashboard first, then the scanner's imports.
            Clock.schedule_once(lambda _dt: self.runner.game_catalog(self._start_scanner), 0.1)

    # ---- the scanner --------------------------------------------------------------------------
    def _start_scanner(self, reply: Reply) -> None:
        if not reply.ok or reply.value is None:
            return
        if self.scanner is not None:
            self.scanner.stop()
        strip = self.screen("dashboard").ids.scanstrip
        self._scanner_status("starting", "Looking for a camera.")
        self.scanner = ScannerService(self.settings.camera, self.settings.decoder,
                                      clock_deliver, self._scanned, self._scanner_status,
                                      source=self.demo_camera)
        strip.service = self.scanner
        self.scanner.start(*reply.value)

    def _scanner_status(self, status: str, message: str) -> None:
        """The scanner's news: on the scan strip, and whether a camera is there now."""
        self.screen("dashboard").ids.scanstrip.set_status(status, message)
        self.camera = status in CAMERA_THERE

    def on_camera(self, *_args: Any) -> None:
        """A camera came or went: the dashboard's sentence in the words that fit now (not
        once this app has stopped: a scanner's late word must not reach its screens)."""
        if App.get_running_app() is not self:
            return
        if self.table is not None and self.manager is not None \
                and self.manager.has_screen("dashboard"):
            self.screen("dashboard").show_table(self.table)

    def _demo_next(self) -> None:
        """Demo: put the card the table owes (if any) in front of the demo camera."""
        if self.demo_camera is not None and self.runner is not None:
            self.runner.demo_card(self._on_demo_card)

    def _on_demo_card(self, reply: Reply) -> None:
        camera = self.demo_camera
        if camera is None or reply.value == self._demo_shown:
            return
        if reply.value is not None and self.manager.current not in DEMO_LAYS_ON:
            # The newcomer reads the card just revealed, or looks at the menu: the next
            # card comes when the table is shown again.
            self._demo_waiting = True
            return
        self._demo_shown, self._demo_taken = reply.value, None
        self._demo_turn += 1
        # Drawn off the main thread (the first picture imports OpenCV and segno), clear
        # table then card on one thread, so a slow clear picture never covers the card.
        threading.Thread(target=self._lay_demo_card, args=(camera, reply.value,
                                                           self._demo_turn),
                         daemon=True).start()

    def _on_screen_changed(self, _manager: Any, current: str) -> None:
        if current not in DEMO_LAYS_ON:
            self._demo_pause()
        elif self._demo_waiting:
            self._demo_waiting = False
            self._demo_next()

    def _demo_pause(self) -> None:
        """Away from the table: the demo's hand picks up the card in view (or about to be
        laid), so nothing is read and no reveal pulls the player back; it comes again with
        the table."""
        camera = self.demo_camera
        if camera is None or self._demo_shown is None:
            return
        self._demo_shown, self._demo_turn = None, self._demo_turn + 1
        self._demo_waiting = True
        threading.Thread(target=camera.show, args=(None, DEMO_PAUSED), daemon=True).start()

    def _lay_demo_card(self, camera: DemoCamera, card: tuple[str, str] | None,
                       turn: int) -> None:
        """The table stays empty a moment between two cards (a hand laying the next)."""
        if camera.tag is not None:
            camera.show(None, "Demo camera: table clear")
        if card is None:
            return
        time.sleep(DEMO_CARD_DELAY)
        if turn == self._demo_turn:  # no newer card was asked for meanwhile
            camera.show(*card)

    def _scanned(self, code: ScanCode) -> None:
        """A code the camera read (typed by the resolver): played as it is, no text."""
        camera = self.demo_camera
        if camera is not None and (code.text == self._demo_taken or
                                   self.manager.current not in DEMO_LAYS_ON):
            # Read again while the demo's hand picks it up (a slow machine), or read in
            # the moment the player left the table: the card is laid again on return.
            return
        self.screen("dashboard").ids.scanstrip.show_scan("Reading a card")
        if camera is not None:
            self._demo_taken = code.text
            # A card read is picked up at once: left in view while a slow machine finds
            # the next one, the scanner could lose and re-read it (a refusal on screen).
            self._demo_shown, self._demo_turn = None, self._demo_turn + 1
            threading.Thread(target=camera.show, args=(None, "Demo camera: card read"),
                             daemon=True).start()
        assert self.runner is not None
        self.busy = True
        self.runner.scan(code, self._result_then(self._on_scan_result))

    def _on_scan_result(self, reply: Reply) -> None:
        self.screen("dashboard").ids.scanstrip.show_scan(scan_words(reply.moments, reply.ok))

    def _on_result(self, reply: Reply) -> bool:
        """Redraw from a command's reply; False when a screen of its own followed (a card
        revealed, a trap going off)."""
        self.busy = False
        self.idle.poke()
        before = self.table.view if self.table else None
        same_game = self.table is not None and reply.table is not None and \
            self.table.game_id == reply.table.game_id
        self._take_table(reply.table)
        ended = round_over(before, reply.table.view) if reply.ok and same_game and \
            reply.kind == "step" and reply.table is not None else ""
        self._say(f"{ended} {reply.message}".strip(), not reply.ok)
        self.voice.heard(reply.spoken)
        after = reply.table.view if reply.table else None
        cue = cue_for(reply.ok, reply.kind, before, after, reply.moments)
        blasts = explosions(reply.moments) if reply.ok else ()
        cards = cards_to_reveal(reply.moments) if reply.ok else ()
        if blasts and self.manager.current == "check":
            self._explosions = blasts  # after the check's arithmetic has been read
        elif blasts:
            self._explode(blasts)
        elif cards and reply.table is not None:
            said = without_rule_marks(reply.message, reply.table.rule_marks)
            self.screen("reveal").reveal(cards, said, reply.table.prompt)
            self.manager.current = "reveal"
            cue = "card"
        if cue and self.settings.sound:
            self.speaker.play(cue)
        return not blasts and not cards

    def _on_forms(self, reply: Reply) -> None:
        if reply.value:
            self._forms = reply.value
            if self.manager.has_screen("newgame"):
                self.screen("newgame").set_forms(reply.value)
            elif self.table is None:
                # No game to resume: the start screen's next tap is most likely "New
                # game", and it can come before a quiet moment: its form is made now.
                self.warmup.make("newgame")

    def _on_games(self, reply: Reply) -> None:
        if not reply.ok and reply.kind in DAMAGE_KINDS:  # not "no saved games": its ways out
            self._say("")
            self.screen("start").damaged(reply)
            self.manager.current = "start"
            return
        if not reply.ok:
            self._say(reply.message, True)
        self.screen("saved").show_games(reply.value or ())
