"""`companion app`: the touchscreen app. Kivy is imported only once a display is known."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import Any

from companion.core.definition import GameDefinition
from companion.core.errors import UnknownGameError
from companion.paths import data_dir, default_db
from companion.subcommand import Subcommand
from companion.ui.opening import opening_file, opening_words, remembered_heading
from companion.ui.settings import AppSettings
from companion.ui.sound import Speaker
from companion.ui.window import WindowChoice, WindowSizeError, choose_window, graphics
from companion.ui.xdisplay import bare_screen

NO_DISPLAY = ("There is no display to show the app on: run it on the Raspberry Pi's screen, "
              "in a desktop session, or under `xvfb-run`; without a screen, "
              "`companion play` runs the same games from the keyboard.")

#: The demo's own saved-games file in the data directory (`--db` names another).
DEMO_FILE = "demo.db"


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fullscreen", action="store_true",
                        help="fill the whole display (the default; after --size, remembered)")
    parser.add_argument("--camera", help="camera source for the scan strip (auto, an index, "
                        "a video file)")
    parser.add_argument("--demo", nargs="?", const="", default=None, metavar="GAME",
                        help=f"the demo table of GAME ({_demo_choices()}), its cards shown "
                             f"by a demo camera: the demo game left last resumes unless it is "
                             f"over (kept in demo.db in the data directory, or the file "
                             f"--db names, never among the saved games); 'New demo game' on "
                             f"the menu starts another")
    parser.add_argument("--size", metavar="WxH",
                        help="a window of this size, e.g. 800x480, instead of the whole "
                             "display (remembered for the next start)")
    parser.add_argument("--scoreboard", action="store_true",
                        help="a read-only scoreboard of the game played on this table (a second "
                             "screen beside the table's companion; it never changes the game)")


def _demo_choices() -> str:
    from companion.games.registry import games

    offered = [g.id for g in games().declared if g.demo]
    if not offered:
        return "no installed game gives one"
    return f"{' or '.join(offered)}; {offered[0]} when GAME is left out"


def demo_game(args: argparse.Namespace) -> GameDefinition | None:
    """The game whose demo table `--demo [GAME]` asks for (None without --demo); an unknown
    game raises UnknownGameError with one sentence naming the games that give one."""
    from companion.games.registry import games

    if args.demo is None:
        return None
    return games().demo_game(args.demo or None)


def display_problem() -> str | None:
    """None when there is a display Kivy can open, else the one sentence to print."""
    env = os.environ
    if env.get("SDL_VIDEODRIVER") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    if any(Path("/dev/dri").glob("card*")):  # a console kiosk: SDL draws through KMS/DRM
        return None
    return NO_DISPLAY


def configure_kivy(size: tuple[int, int], fullscreen: bool) -> None:
    """Kivy's settings, made before Kivy is imported: its files stay in our folder."""
    from companion.ui.settings import config_path

    os.environ.setdefault("KIVY_HOME", str(config_path().parent / "kivy"))
    # Kivy makes its home with a plain mkdir: on a first start our config folder does
    # not exist yet, and Kivy's import would fail.
    try:
        Path(os.environ["KIVY_HOME"]).expanduser().mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SystemExit(f"The app cannot make its settings folder {os.environ['KIVY_HOME']} "
                         f"({exc.strerror}); set KIVY_HOME to a folder you may write.") from None
    os.environ["KIVY_NO_ARGS"] = "1"
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")  # not xsel, which may be missing
    import kivy
    from kivy.config import Config

    # No X cut buffer (middle-click paste) on a touchscreen: Kivy would start xclip and
    # xsel to look for one on every start (30 ms, and a logged traceback when missing).
    kivy.kivy_options["cutbuffer"] = ()
    from kivy.setupconfig import USE_SDL2

    if USE_SDL2:
        # Images through SDL2_image only (PNG, JPEG: all the app loads, and what it saves):
        # Kivy would also import Pillow as a second image loader at every start, about
        # 30 ms of a cold start on one core here (docs/perf.md, issue 22).
        kivy.kivy_options["image"] = ("tex", "dds", "sdl2")

    Config.set("kivy", "log_level", "warning")
    Config.set("kivy", "exit_on_escape", "0")
    # Filling the display: SDL's fullscreen, or on an X screen no window manager runs,
    # a borderless window of its size at its corner (ui/xdisplay.py: tries 27 and 30).
    bare = bare_screen() if fullscreen else None
    for key, value in graphics(WindowChoice(fullscreen, size), bare).items():
        Config.set("graphics", key, value)
    # No multisampling (Kivy asks for 2 samples): it smooths only the edges of the
    # few rounded shapes (a few hundred pixels of a screen differ), and under software
    # GL (Mesa's llvmpipe, a Pi without its GPU driver) it tripled every frame's cost:
    # 95-125 ms against 30-42 ms for the dashboard on one core (docs/perf.md).
    Config.set("graphics", "multisamples", "0")
    Config.set("input", "mouse", "mouse,disable_on_activity")
    # Every text field opens the docked on-screen keyboard, and a plugged-in keyboard
    # types as well: which keyboards the kernel lists cannot be trusted (no by-path
    # folder in containers and some images), and a touchscreen table must never be
    # stuck at the first name (widgets/keyboard.py).
    Config.set("kivy", "keyboard_mode", "systemanddock")


def run(args: argparse.Namespace) -> int:
    if args.scoreboard and args.demo is not None:
        print("--scoreboard shows the saved game the table plays, and --demo keeps none: "
              "use one or the other.", file=sys.stderr)
        return 2
    try:
        demo = demo_game(args)
    except UnknownGameError as exc:
        print(exc, file=sys.stderr)
        return 2
    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    settings = _window_settings(args)
    if settings is None:
        return 2
    from companion.ui.applog import setup_logging

    setup_logging()
    db = args.db or (data_dir() / DEMO_FILE if demo else default_db())
    return _run_app(args, db, settings, demo)


def _window_settings(args: argparse.Namespace) -> AppSettings | None:
    """Kivy configured for the window chosen (the settings remember it; a scoreboard on a
    second screen does not change the table's own); None after saying why not."""
    from companion.ui.settings import load_settings, save_settings

    settings = load_settings()
    try:
        choice, chosen = choose_window(args.size, args.fullscreen, settings)
    except WindowSizeError as exc:
        print(exc, file=sys.stderr)
        return None
    if chosen != settings and not args.scoreboard:
        try:
            save_settings(chosen)
        except OSError as exc:
            print(f"The window size could not be remembered ({exc.strerror}); "
                  f"the app opens {choice.describe()} this time.", file=sys.stderr)
    configure_kivy(choice.size, choice.fill)
    return chosen


def _run_app(args: argparse.Namespace, db: Path, settings: AppSettings,
             demo: GameDefinition | None) -> int:
    from companion.ui.runner import start_opening
    from companion.ui.settings import config_path

    if args.camera:
        settings = settings.with_value("camera", args.camera)
    crash_log = data_dir() / "crash.log"
    setup = demo.demo_setup if demo else ()
    game_id = demo.id if demo else None
    opening = splash = None
    if not args.scoreboard:
        # The garbage collector waits for the first screen (CompanionApp._on_open freezes
        # what the start made, then enables it): its passes over the growing heap of
        # Kivy's and the game's objects were about 70 ms of a cold start on one core, and
        # a start leaves next to no cyclic garbage (11 objects: docs/perf.md, issue 22).
        gc.disable()
        try:
            splash = first_frame(db, settings)
        except SystemExit:  # Kivy found no window provider it could open
            print(NO_DISPLAY, file=sys.stderr)
            return 2
        # The game opens on the runner's thread while the rest of the app is imported.
        opening = start_opening(db, crash_log, setup, game=game_id, drawer=settings.drawer)
        gc.freeze()  # what lives now stays: the collector's passes skip it
    try:
        from companion.ui.app import AppOptions, CompanionApp
    except SystemExit:  # Kivy found no window provider it could open
        if opening is not None:
            opening.runner.stop()
        print(NO_DISPLAY, file=sys.stderr)
        return 2
    if args.scoreboard:
        from companion.ui.scoreboardapp import ScoreboardApp

        ScoreboardApp(AppOptions(db=db, crash_log=crash_log), settings,
                      game_id=getattr(args, "game_id", None)).run()
        return 0
    options = AppOptions(db=db, settings_path=config_path(), crash_log=crash_log,
                         demo=bool(demo), scanner=bool(demo) or settings.camera != "off",
                         demo_setup=setup, demo_game=game_id,
                         opening_file=opening_file(db))
    from companion.ui.voicing import TableVoice

    CompanionApp(options, settings, speaker=_speaker(settings), opening=opening,
                 voice=TableVoice.for_this_machine(settings), splash=splash).run()
    return 0


def first_frame(db: Path, settings: AppSettings) -> Any:
    """Kivy's window made and its first frame drawn: the game the start opens, in the
    words its menu shows (companion/ui/opening.py), before the rest of the app is
    imported and the game loaded (6 to 10 s of black on one loaded Pi core, issue 22).
    Kivy's window makes one full collection (kivy.graphics.context): what lives by then
    is frozen first, so it passes over next to nothing."""
    gc.freeze()
    words = opening_words(remembered_heading(opening_file(db), db))
    # Kivy's label and graphics imported before its window, which is black from when it
    # is made until a frame is drawn in it (show_splash makes it).
    from companion.ui.splash import show_splash

    return show_splash(words, settings.text_scale, settings.rotation)


def _speaker(settings: AppSettings) -> Speaker:
    from companion.ui.sound import KivySpeaker, SilentSpeaker, has_sound_device

    if not has_sound_device():
        return SilentSpeaker()
    return KivySpeaker(data_dir() / "sounds", settings.volume)


app_command = Subcommand("app", "the touchscreen app", _arguments, run)
