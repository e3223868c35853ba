"""Settings: who draws the cards (the table or the app), sound and volume, the voice
(on/off, voice, speed, volume, Test), text size, rotation, the whole display or a window
(from the next start), camera source and decoder; on the kiosk also Shut down and
Restart (confirmed first) and the copy of the saved games to a USB stick."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.kiosk import is_kiosk, power, usb
from companion.ui.runner import CommandRunner, Reply
from companion.ui.screens import load_layout
from companion.ui.settings import DECODERS, TEXT_SIZES, VOICE_NAMES, VOICE_RATES, AppSettings
from companion.ui.window import DEFAULT_WINDOW

load_layout(__file__)

#: How often the kiosk looks for a USB stick while Settings is up (it reads a few files).
STICK_POLL_SECONDS = 2.0

#: Who draws cards: what the fixed green button then does when the game asks for a card.
DRAWER_NOTES = {
    "table": "When a card is due, the green button opens the list to pick the card you "
             "drew from your deck (a camera reads it instead). The app's draw stays in the "
             "list.",
    "app": "When a card is due, the green button lets the app draw it from its own deck "
           "and shows it: for a table playing without the printed cards.",
}

QUESTIONS = {
    "shutdown": ("Shut the companion down now? Every tap whose result showed is already "
                 "saved; wait for the screen to go dark before unplugging it.",
                 "Yes, shut down"),
    "restart": ("Restart the companion now? Every tap whose result showed is already saved, "
                "and the game resumes after the restart.", "Yes, restart"),
}


def _power_job(what: str) -> Any:
    def job(_runner: CommandRunner) -> Reply:
        if what == "shutdown":
            power.shutdown()
            return Reply(True, "Shutting down: wait for the screen to go dark.")
        power.restart()
        return Reply(True, "Restarting: the game resumes in a moment.")
    return job


def _sticks_job(_runner: CommandRunner) -> Reply:
    return Reply(True, "", None, "info", tuple(usb.sticks()))


def _export_job(stick: usb.Stick) -> Any:
    def job(runner: CommandRunner) -> Reply:
        return Reply(True, usb.export_to(stick, runner.db).message)
    return job


def window_in_use() -> str:
    """"" while the app fills the display, else its window's size as "WxH" (borderless:
    the display filled where no window manager runs, ui/xdisplay.py)."""
    if Window.fullscreen or Window.borderless:
        return ""
    width, height = Window.system_size
    return f"{width}x{height}"


class SettingsScreen(Screen):
    decoders = DECODERS
    text_sizes = TEXT_SIZES
    voice_names = VOICE_NAMES
    voice_rates = VOICE_RATES
    voice_note = StringProperty("")  # why nobody will hear the voice here, if so
    kiosk = BooleanProperty(False)
    asking = StringProperty("")  # "shutdown" or "restart" while the question is up
    question = StringProperty("")
    confirm_text = StringProperty("")
    kiosk_message = StringProperty("")
    kiosk_refused = BooleanProperty(False)
    sticks = ListProperty([])
    copying = BooleanProperty(False)
    #: What the app shows now: "" for the whole display, else the window's "WxH".
    window_now = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._poll: Any = None
        self._looking = False  # a look at the sticks is queued and has not answered yet
        self._look_again = False  # a look was asked for meanwhile: one more after it

    def show_settings(self, settings: AppSettings) -> None:
        self.ids.camera.text = settings.camera
        self.ids.decoder.text = settings.decoder
        self.ids.volume.value = settings.volume
        self.ids.voice_volume.value = settings.voice_volume
        silent = App.get_running_app().voice.silent_because
        self.voice_note = f"Nobody will hear the voice here: {silent}." if silent else ""
        self.window_now = window_in_use()
        self.kiosk = is_kiosk()
        self._place(self._kiosk_box, self.kiosk)
        self.asking = ""
        self.kiosk_message = ""

    def drawer_note(self, drawer: str) -> str:
        """What the green button does with the cards for this choice, in a player's words."""
        return DRAWER_NOTES.get(drawer, DRAWER_NOTES["table"])

    def change(self, name: str, value: object) -> None:
        App.get_running_app().change_setting(name, str(value))

    # ---- the screen: the whole display or a window, from the next start ----------------
    def window_offered(self, settings: AppSettings) -> str:
        """The window's size on its toggle: the remembered one, else the one in use, else
        the touchscreen's 800x480."""
        return settings.window or self.window_now or "x".join(map(str, DEFAULT_WINDOW))

    def window_note(self, settings: AppSettings, now: str) -> str:
        """Said when the choice differs from what the app shows now (it opens that way at
        its next start: the Pi draws with no window manager to change it)."""
        chosen = "" if settings.fullscreen else settings.window
        if chosen == now:
            return ""
        what = "the whole display" if not chosen else f"a {chosen} window"
        return f"The app opens {what} from its next start."

    def choose_window(self, fill: bool) -> None:
        app = App.get_running_app()
        offered = self.window_offered(app.settings)
        app.change_setting("fullscreen", "off")
        app.change_setting("window", "" if fill else offered)

    def test_voice(self) -> None:
        App.get_running_app().voice.test()

    def on_kv_post(self, _base: object) -> None:
        # Strong references: these boxes leave the page and come back.
        self._kiosk_box = self.ids.kiosk_box.__self__
        self._question_box = self.ids.question_box.__self__
        self._places = {box: (box.parent.__self__, box.parent.children.index(box))
                        for box in (self._kiosk_box, self._question_box)}
        self._place(self._question_box, False)
        self._place(self._kiosk_box, False)

    def _place(self, box: Any, shown: bool) -> None:
        """Put a box on the page or take it off (a hidden widget would still take taps)."""
        parent, index = self._places[box]
        if shown and box.parent is None:
            parent.add_widget(box, index=index)
        elif not shown and box.parent is not None:
            box.parent.remove_widget(box)

    def on_asking(self, _screen: object, asking: str) -> None:
        self._place(self._question_box, bool(asking))

    # ---- the kiosk: power ----------------------------------------------------------------
    def ask(self, what: str) -> None:
        """Shut down or Restart was tapped: ask first (nothing happens until confirmed)."""
        self.asking = what
        self.question, self.confirm_text = QUESTIONS[what]
        self.kiosk_message = ""

    def cancel(self) -> None:
        self.asking = ""

    def confirm(self) -> None:
        what, self.asking = self.asking, ""
        if what:
            self._runner().submit(_power_job(what), self._on_reply)

    # ---- the kiosk: USB stick ------------------------------------------------------------
    def on_enter(self, *_args: Any) -> None:
        if self.kiosk:
            self.look_for_sticks()
            self._poll = Clock.schedule_interval(lambda _dt: self.look_for_sticks(),
                                                 STICK_POLL_SECONDS)

    def on_leave(self, *_args: Any) -> None:
        if self._poll is not None:
            self._poll.cancel()
            self._poll = None

    def look_for_sticks(self) -> None:
        """Queue a look at the sticks; while this screen's last look has not answered, one
        more look follows it (that look may have run before the stick was plugged in, and
        skipping whenever the runner had any job queued missed such a stick)."""
        if App.get_running_app() is None:  # the app has stopped: its screen's poll with it
            self.on_leave()
            return
        if self._looking:
            self._look_again = True
            return
        self._looking = True
        self._runner().submit(_sticks_job, self._on_sticks)

    def _on_sticks(self, reply: Reply) -> None:
        self._looking = False
        if self._look_again:
            self._look_again = False
            self.look_for_sticks()
        if reply.ok:
            self.sticks = list(reply.value or ())
        else:
            self.sticks = []
            self._say(reply.message, True)

    def export(self) -> None:
        if not self.sticks or self.copying:
            return
        self.copying = True
        self.kiosk_message = f"Copying the saved games to {self.sticks[0].describe()}..."
        self.kiosk_refused = False
        self._runner().submit(_export_job(self.sticks[0]), self._on_export)

    def _on_export(self, reply: Reply) -> None:
        self.copying = False
        self._on_reply(reply)

    def stick_text(self, sticks: list[usb.Stick], copying: bool) -> str:
        if copying:
            return "Copying..."
        if not sticks:
            return "Plug in a USB stick to copy the saved games to it"
        return f"Copy every saved game to {sticks[0].describe()}"

    # ---- replies ---------------------------------------------------------------------------
    def _on_reply(self, reply: Reply) -> None:
        self._say(reply.message, not reply.ok)

    def _say(self, text: str, refused: bool) -> None:
        self.kiosk_message = text
        self.kiosk_refused = refused

    def _runner(self) -> CommandRunner:
        return App.get_running_app().runner  # type: ignore[no-any-return]
