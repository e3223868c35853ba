"""The start screen: resume the last game (the default; in the demo, beside New demo game),
new game, saved games, settings, the scoreboard; and, when the saved-games file or a game
is damaged, the recover dialog."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui import theme
from companion.ui.recover import RecoveryOffer, aside_job, copy_job, offer_job, restore_job
from companion.ui.runner import Reply
from companion.ui.screens import load_layout
from companion.ui.settings import TEXT_SIZES
from companion.ui.widgets import BigButton, ButtonRow, Text
from companion.ui.widgets.fit import WholeText

load_layout(__file__)

DAMAGE_KINDS = ("damaged", "set aside", "dead end")


class StartScreen(Screen):
    text_sizes = TEXT_SIZES
    #: What a tap on Scoreboard or Phones says while no game is open.
    NO_GAME_SCOREBOARD = ("No game is open yet: start a new game or resume one to see its "
                          "scoreboard.")
    NO_GAME_PHONES = ("No game is open yet: start a new game or resume one, then Phones shows "
                      "the address each player opens on a phone.")
    resume_text = StringProperty("Looking for the last game...")
    can_resume = BooleanProperty(False)
    offer = ObjectProperty(None, allownone=True)  # a RecoveryOffer while damage is shown
    asking = StringProperty("")  # "copy" or "restore" while the question is up
    recovering = BooleanProperty(False)

    def on_kv_post(self, _base: object) -> None:
        self._new_demo = self.ids.new_demo.__self__  # kept while off the page
        self.offer_new_demo(False)

    def offer_new_demo(self, offered: bool) -> None:
        """The demo's New demo game button on the page, or off it (it would take taps)."""
        button, row = self._new_demo, self.ids.resume.parent
        if offered and button.parent is None:
            row.add_widget(button)
        elif not offered and button.parent is not None:
            row.remove_widget(button)

    def why_not(self, sentence: str) -> None:
        """A greyed button's why, whole over the screen (the app's greyed way)."""
        font_size = float(self.ids.new.font_size)
        WholeText([(sentence, theme.TEXT, font_size, False)]).open(animation=False)

    # ---- the recover dialog ------------------------------------------------------------
    def damaged(self, reply: Reply) -> None:
        """The runner could not open the game: find what can be offered (runner thread)."""
        self.can_resume = False
        self.resume_text = ("The saved-games file cannot be used as it is: see below"
                            if reply.kind == "dead end" else
                            "The last game cannot be opened as it is: see below")
        self._runner().submit(offer_job(reply.message, reply.kind), self._on_offer)

    def _on_offer(self, reply: Reply) -> None:
        if reply.ok and isinstance(reply.value, RecoveryOffer):
            self.asking = ""
            self.offer = reply.value

    def on_offer(self, _screen: object, _offer: object) -> None:
        self._draw()

    def on_asking(self, _screen: object, _asking: str) -> None:
        self._draw()

    def ask(self, what: str) -> None:
        self.asking = what

    def cancel(self) -> None:
        self.asking = ""

    def confirm(self) -> None:
        what, found = self.asking, self.offer
        if not what or found is None or self.recovering:
            return
        self.recovering = True
        job = {"copy": copy_job, "restore": restore_job}[what](found) if what != "aside" \
            else aside_job()
        self._runner().submit(job, self._on_recovered)

    def _on_recovered(self, reply: Reply) -> None:
        self.recovering = False
        self.asking = ""
        app = App.get_running_app()
        if not reply.ok:
            app._say(reply.message, True)  # the dialog stays: nothing was changed
            return
        self.offer = None
        app._say(reply.message)
        if not reply.value:  # kept aside: a new, empty file
            self.resume_text = "No saved game yet: start a new one"
        else:
            self._runner().resume(lambda r: self._opened(r, reply.message), reply.value)

    def _opened(self, reply: Reply, recovered: str) -> None:
        app = App.get_running_app()
        app._on_open(reply)
        if reply.ok:
            app._say(f"{recovered} {reply.message}")

    def _draw(self) -> None:
        self._fill_offer()
        box: BoxLayout = self.ids.offer
        if box.children:
            # Its buttons in view: at Large text on 800x480 the dialog ends below the fold.
            self.ids.page_scroll.keep_in_view(box.children[0])

    def _fill_offer(self) -> None:
        box: BoxLayout = self.ids.offer
        box.clear_widgets()
        found: RecoveryOffer | None = self.offer
        if found is None:
            return
        box.add_widget(_coloured(Text(text=found.sentence), _danger()))
        if self.asking:
            box.add_widget(_coloured(Text(text=_question(self.asking, found)), _warn()))
            row = ButtonRow(least=_dp(56), spacing=_dp(8))
            row.add_widget(BigButton(text=_yes(self.asking), kind="primary",
                                     on_release=lambda _b: self.confirm()))
            row.add_widget(BigButton(text="Cancel", kind="quiet",
                                     on_release=lambda _b: self.cancel()))
            box.add_widget(row)
            return
        row = ButtonRow(least=_dp(56), spacing=_dp(8))
        if found.dead_end:
            row.add_widget(BigButton(text="Keep it aside and start fresh",
                                     on_release=lambda _b: self.ask("aside")))
        if found.can_copy:
            row.add_widget(BigButton(text="Copy the good steps into a new game",
                                     on_release=lambda _b: self.ask("copy")))
        if found.backup:
            row.add_widget(BigButton(text="Recover from a backup" if found.dead_end else
                                     "Restore the latest backup",
                                     on_release=lambda _b: self.ask("restore")))
        elif found.dead_end:
            box.add_widget(row)
            box.add_widget(Text(text="No backup was found beside it.", muted=True))
            return
        if not row.children:
            box.add_widget(Text(text="There is nothing to copy and no backup: start a new "
                                     "game.", muted=True))
            return
        box.add_widget(row)

    def _runner(self) -> Any:
        return App.get_running_app().runner


def _coloured(text: Text, colour: Any) -> Text:
    text.color = colour  # after the kv rule, which colours every Text by `muted`
    return text


def _question(what: str, found: RecoveryOffer) -> str:
    if what == "aside":
        return ("Keep the saved-games file aside under a new name and start a new one? "
                "Nothing is deleted: its games stay in the kept file.")
    if what == "copy":
        source = "the kept copy of the file" if found.kept else f"the game {found.game_id}"
        return (f"Copy every good step of {source} into a new game? The damaged one is kept "
                "as it is; nothing is deleted.")
    return (f"Put the backup {found.backup} in place of the saved-games file? The file it "
            "replaces is kept beside it under a new name; nothing is deleted.")


def _yes(what: str) -> str:
    return {"copy": "Yes, copy the good steps", "aside": "Yes, keep it aside"}.get(
        what, "Yes, restore the backup")


def _dp(value: float) -> float:
    from kivy.metrics import dp

    return float(dp(value))


def _danger() -> Any:
    from companion.ui.theme import DANGER

    return DANGER


def _warn() -> Any:
    from companion.ui.theme import WARN

    return WARN
