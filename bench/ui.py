"""Touchscreen app benchmark: cold start, tap to committed result, preview frame rate.

Not a test: run it by hand (SDL's offscreen driver, Mesa's llvmpipe unless a GPU is
there) and copy its markdown into docs/perf.md.

    SDL_VIDEODRIVER=offscreen .venv/bin/python bench/ui.py [--events 5000] [--starts 5]

1. Cold start: a new process (`python bench/ui_start.py DB`, started the way
   `companion app` starts) until the first frame that shows the resumed game's
   dashboard (round, phase and scores drawn), measured from just before the process
   was started; also its CPU seconds (every thread), the first frame drawn (the splash)
   and how long Kivy's window was black before it, each beside the start before the
   splash (`--no-splash`, alternated). The children run with compiled
   bytecode, as an installed companion does (pip compiles it on install): one start not
   counted writes it to a folder of the benchmark's own (PYTHONPYCACHEPREFIX), even when
   PYTHONDONTWRITEBYTECODE is set around it.
2. Tap to result: in one app, on the same 5,000-event game, a finger on Undo (then
   Redo, alternately): from the finger down to the frame that shows the button
   pressed, and from its release (a button acts on release) to the frame that shows
   the committed result. The app's own loop runs meanwhile: Kivy's clock paces it
   (60 fps at most) and a frame is drawn only when something changed.
3. Preview: dashboard frames with the scan strip fed by the scanner reading a
   30 fps 1280x720 replay (a QR tag on a table); counts preview updates per second.
4. Response on a Pi's budget (`--only budget`, best under `taskset -c 0`): the flows'
   taps by kind (bench/ui_flows.py: screen switch, tab, prompt level, command, reveal,
   History, Decks), median and p95 from release to the frame showing the result, wall and
   CPU, then the cold starts above. The taps come back to back, or `--rest S` seconds
   apart (the finger away, the app's loop running: its work done ahead), as at a table.
   `--only flows` prints the flows' part alone. The
   flows import the companion from compiled bytecode (as the cold starts do). Also the
   slowest taps (what the p95 is made of), and memory: resident, live widgets and
   textures at the end of the flows, and what the work done ahead in quiet moments
   holds (`--child-ahead`: a resumed game before and after every piece is done).
5. A game night (`--only night`): each run a new process (`--child-night TAPS`) plays
   whole Exploration games by touch for TAPS taps (bench/ui_session.py: the prompt's
   buttons, reveals, checks, a trap, undo and redo, history, tabs, scoreboard, settings,
   menu and resume, new games), reading its resident memory every 200 taps; the
   figures are medians over the runs. The taps come back to back unless `--pause-every N`
   rests `--pause` seconds (3 by default) after every N taps, as a table's turns do.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def _configure(size: tuple[int, int] = (800, 480)) -> None:
    from ui_start import configure

    configure(size)


def use_compiled_bytecode() -> Path:
    """Import the companion from compiled bytecode from here on, as an installed copy does
    (pip compiles it on install): compiled once now into a folder of the benchmark's own,
    even when PYTHONDONTWRITEBYTECODE is set. Without it the first tap that opens a screen
    not made yet also compiled that screen's module from source (the flows until 27 Nov)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-pycache-"))
    sys.pycache_prefix = str(folder)
    sys.dont_write_bytecode = False
    compileall.compile_dir(str(HERE.parent / "companion"), quiet=1)
    return folder


def cold_starts(db: Path, count: int) -> dict[str, list[float]]:
    """Cold starts as the app starts, and without the splash (the order before it: the game
    opened first, no frame before the app is built), alternately so that both see the same
    machine: wall seconds from Kivy's window to the first frame drawn in it ("black",
    "before black"), from the process's start to that frame ("first", "before first")
    and to the first dashboard frame ("wall", "before"), and each child's CPU seconds
    ("cpu", "before cpu"). One start first, not counted, compiles the bytecode (and keeps the game's
    heading for the splash, as the app does)."""
    env = {name: value for name, value in os.environ.items()
           if name != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(db.parent / "pycache")
    times: dict[str, list[float]] = {key: [] for key in STARTS}
    for n in range(count + 1):
        for before in ("", "before "):
            used = _children_cpu()
            started = time.time()
            out = subprocess.run([sys.executable, str(HERE / "ui_start.py"), str(db)]
                                 + (["--no-splash"] if before else []),
                                 capture_output=True, text=True, timeout=120, env=env)
            if n == 0:
                continue  # the bytecode was written
            lines = out.stdout.strip().splitlines()
            window = float(lines[-3].split()[1])
            times[f"{before}black"].append(float(lines[-2].split()[1]) - window)
            times[f"{before}first"].append(float(lines[-2].split()[1]) - started)
            times["before" if before else "wall"].append(float(lines[-1]) - started)
            times[f"{before}cpu"].append(_children_cpu() - used)
    return times


#: The cold starts' figures (see `cold_starts`).
STARTS = ("black", "first", "wall", "cpu", "before black", "before first", "before",
          "before cpu")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _next_flip(flips: list[float], after: float, timeout: float = 20.0) -> float:
    """Run the app's own loop (Kivy's clock paces it, it draws only what changed) until
    a frame is flipped after `after`; that frame's time."""
    from kivy.base import EventLoop

    deadline = time.perf_counter() + timeout
    while not flips or flips[-1] <= after:
        if time.perf_counter() > deadline:
            raise TimeoutError("No frame was drawn.")
        EventLoop.idle()
    return next(t for t in flips if t > after)


def taps(db: Path, count: int) -> tuple[list[float], list[float], float]:
    """Seconds from a finger down on Undo/Redo to the frame that shows it pressed, and
    from its release (which sends the command) to the frame that shows the committed
    result (the app's message changed), on the app's own loop. A frame's time is when
    GL has finished drawing it (software GL would otherwise queue frames unseen). Also
    the growth of resident memory over the taps."""
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish
    from kivy.tests.common import UnitTestTouch

    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.driver import AppDriver

    driver = AppDriver(CompanionApp(AppOptions(db=db)))
    flips: list[float] = []
    changed: list[float] = []

    def shown(*_args: object) -> None:
        glFinish()  # the frame counts once its pixels exist, not when it was queued
        flips.append(time.perf_counter())

    Window.bind(on_flip=shown)
    driver.app.bind(message=lambda *_a: changed.append(time.perf_counter()))
    pressed, results = [], []
    rss_before = _rss_mib()
    for n in range(count):
        button = driver.button("Undo" if n % 2 == 0 else "Redo", exact=True)
        driver.wait_still()  # a finger aims once the screen just shown takes touches
        touch = UnitTestTouch(*button.to_window(*button.center))
        down = time.perf_counter()
        touch.touch_down()
        pressed.append(_next_flip(flips, down) - down)
        assert button.state == "down", "the pressed state was not drawn"
        up = time.perf_counter()
        touch.touch_up()
        while not changed or changed[-1] <= up:
            _next_flip(flips, time.perf_counter())
        results.append(_next_flip(flips, changed[-1]) - up)
        driver.settle()
    growth = _rss_mib() - rss_before
    driver.close()
    return pressed, results, growth


def _rss_mib() -> float:
    """This process's resident memory (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def live_memory() -> dict[str, float]:
    """This process's resident memory (MiB), and its live widgets and textures (after a
    full collection). The app's frozen objects are unfrozen first: the collector does
    not list them."""
    import gc

    from kivy.graphics.texture import Texture
    from kivy.uix.widget import Widget

    gc.unfreeze()
    gc.collect()
    kinds = [type(thing) for thing in gc.get_objects()]  # never isinstance: weak proxies
    return {"rss": _rss_mib(), "widgets": sum(issubclass(k, Widget) for k in kinds),
            "textures": sum(issubclass(k, Texture) for k in kinds)}


def child_ahead(folder: Path) -> None:
    """The memory the work done ahead holds (companion/ui/warmup.py): an app resumes a
    2-seat game at round 2's flight (the gallery's), its warmup stopped once the dashboard
    shows; memory then, and again once every piece of work has been done ahead. Prints
    JSON, then leaves."""
    _configure()
    from companion.session import open_session
    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.devtools.gallery import flight_lines
    from companion.ui.driver import AppDriver

    session = open_session(folder / "ahead.db", "xp", new=True, seed=2047)
    for line in flight_lines():
        assert session.run(line).ok, line
    session.close()
    driver = AppDriver(CompanionApp(AppOptions(db=folder / "ahead.db", seed=2047)))
    warmup, manager = driver.app.warmup, driver.app.manager
    warmup.stop()
    before = {**live_memory(), "screens": list(manager.screen_names)}
    warmup.start()
    driver.wait_for(lambda: not warmup.behind, "the work done ahead", timeout=600)
    after = {**live_memory(), "screens": list(manager.screen_names)}
    print(json.dumps({"before": before, "after": after}), flush=True)
    os._exit(0)  # Kivy's window needs no tidying


def memory_ahead() -> dict[str, dict[str, Any]]:
    """`child_ahead` in a process of its own."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run([sys.executable, __file__, "--child-ahead", folder],
                              capture_output=True, text=True, timeout=900, env=os.environ)
    if done.returncode != 0:
        raise RuntimeError(f"The memory of the work done ahead was not measured:\n"
                           f"{done.stderr[-3000:]}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def print_memory(end_of_flows: dict[str, float], ahead: dict[str, dict[str, Any]]) -> None:
    before, after = ahead["before"], ahead["after"]
    print()
    print("| memory | resident MiB | live widgets | textures | screens made |")
    print("|---|---|---|---|---|")
    print(f"| end of the flows above (screens made ahead or visited) | "
          f"{end_of_flows['rss']:.1f} | {end_of_flows['widgets']:.0f} | "
          f"{end_of_flows['textures']:.0f} | {end_of_flows['screens']:.0f} |")
    for what, row in (("a resumed game, nothing made ahead yet", before),
                      ("the same once every piece is done ahead", after)):
        print(f"| {what} | {row['rss']:.1f} | {row['widgets']:.0f} | {row['textures']:.0f} "
              f"| {len(row['screens'])} |")
    print(f"| held by the work done ahead | {after['rss'] - before['rss']:+.1f} | "
          f"{after['widgets'] - before['widgets']:+.0f} | "
          f"{after['textures'] - before['textures']:+.0f} | "
          f"{len(after['screens']) - len(before['screens']):+d} |")


def child_night(taps: int, every: int = 200, pause_every: int = 0, pause: float = 0.0) -> None:
    """One game night in this process: print its resident memory (MiB) after start and
    every `every` taps, as JSON, then leave; with `pause_every`, `pause` seconds without a
    finger after every so many taps. Frames are not held to 60 a second (Kivy's
    clock would sleep between them): the same frames and replies, in less wall time."""
    _configure()
    from kivy.config import Config

    Config.set("graphics", "maxfps", "0")
    from ui_session import GameNight

    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.driver import AppDriver
    from companion.ui.sound import SilentSpeaker

    folder = Path(tempfile.mkdtemp(prefix="bench-night-"))
    options = AppOptions(db=folder / "night.db", seed=2047,
                         settings_path=folder / "settings.json")
    driver = AppDriver(CompanionApp(options, speaker=SilentSpeaker()))
    samples = {0: _rss_mib()}
    night = GameNight(driver, every, lambda n: samples.__setitem__(n, _rss_mib()),
                      pause_every, pause)
    started = time.perf_counter()
    night.play(taps)
    seconds = time.perf_counter() - started
    samples.setdefault(taps, _rss_mib())  # a count of taps that is not a multiple of `every`
    driver.close()
    shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps({"rss": samples, "games": night.games, "seconds": seconds}), flush=True)
    os._exit(0)  # Kivy's window needs no tidying


def game_nights(taps: int, runs: int, parallel: bool = False, pause_every: int = 0,
                pause: float = 0.0) -> list[dict[str, Any]]:
    """Game nights of `taps` taps, one process each: one after the other, or all at once
    (`parallel`: the memory figures do not depend on speed; the seconds a tap then do);
    with `pause_every`, a rest of `pause` seconds after every so many taps."""
    command = [sys.executable, __file__, "--child-night", str(taps),
               "--pause-every", str(pause_every), "--pause", str(pause)]
    if parallel:
        children = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=os.environ) for _ in range(runs)]
        outs = [(child.communicate(timeout=7200), child.returncode) for child in children]
    else:
        outs = []
        for _ in range(runs):
            done = subprocess.run(command, capture_output=True, text=True, timeout=7200,
                                  env=os.environ)
            outs.append(((done.stdout, done.stderr), done.returncode))
    nights = []
    for (stdout, stderr), code in outs:
        if code != 0:
            raise RuntimeError(f"A game night failed:\n{stderr[-3000:]}")
        night = json.loads(stdout.strip().splitlines()[-1])
        night["rss"] = {int(n): mib for n, mib in night["rss"].items()}
        nights.append(night)
    return nights


def night_rows(nights: list[dict[str, Any]], taps: int) -> list[str]:
    """The game-night figures as table rows: medians over the runs (min and max beside)."""
    marks = [0, 1000, taps] if taps > 1000 else [0, taps]

    def row(what: str, values: list[float], target: str = "") -> str:
        return (f"| {what} | {statistics.median(values):.1f} | {min(values):.1f} | "
                f"{max(values):.1f} | {target} |")

    rows = [row("resident memory after start (start screen), MiB" if mark == 0 else
                f"resident memory after {mark} taps, MiB", [n["rss"][mark] for n in nights])
            for mark in marks]
    if taps > 1000:
        rows.append(row(f"growth per 1000 taps from tap 1000 to {taps} (after warm-up), MiB",
                        [(n["rss"][taps] - n["rss"][1000]) * 1000 / (taps - 1000)
                         for n in nights], "5"))
    rows.append(row("whole games played in those taps", [float(n["games"]) for n in nights]))
    rows.append(row("seconds a tap (the app's own frames, the runner and the rests included)",
                    [n["seconds"] / taps for n in nights]))
    return rows


def replay_video(folder: Path, seconds: float = 15.0) -> Path:
    """A 30 fps 1280x720 replay of a tagged card lying on a table."""
    import cv2

    from companion.ui.democamera import table_picture

    path = folder / "replay.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30.0, (1280, 720))
    picture = table_picture("XP/D17", "Funding")
    for _ in range(int(30 * seconds)):
        writer.write(picture)
    writer.release()
    return path


def preview_fps(db: Path, replay: Path, seconds: float = 5.0) -> tuple[float, float]:
    """Preview updates a second, and camera frames a second reaching the scanner (the
    most the preview can show)."""
    from kivy.base import EventLoop

    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.driver import AppDriver
    from companion.ui.settings import AppSettings

    settings = AppSettings(camera=f"replay:{replay}")
    driver = AppDriver(CompanionApp(AppOptions(db=db, scanner=True), settings))
    strip = driver.app.screen("dashboard").ids.scanstrip
    driver.pump(3)
    driver.app.show("dashboard")  # the benchmark game is over: back from the final scores
    driver.wait_for(lambda: strip.shown_frame_index > 0, "the first preview frame", timeout=60)
    first, start = strip.shown_frame_index, time.perf_counter()
    shown = 0
    last = first
    while time.perf_counter() - start < seconds:
        EventLoop.idle()  # the app's own loop: Kivy's clock paces it
        if strip.shown_frame_index != last:
            shown, last = shown + 1, strip.shown_frame_index
    elapsed = time.perf_counter() - start
    driver.close()
    return shown / elapsed, (last - first) / elapsed


def print_flows(folder: Path, quick: bool = False, rest: float = 0.0) -> None:
    """Inputs per flow (bench/ui_flows.py) and each kind of tap's time to its result;
    `rest`: seconds without a finger before each tap (none: back to back)."""
    import ui_flows

    from companion.ui.app import AppOptions, CompanionApp
    from companion.ui.driver import AppDriver

    driver = AppDriver(CompanionApp(AppOptions(db=folder / "flows.db", seed=2047)))
    try:
        counts, times, cpu, log = ui_flows.play_flows(driver, quick, rest)
        memory = {**live_memory(), "screens": len(driver.app.manager.screen_names)}
    finally:
        driver.close()
    print_machine()
    print(f"Affinity: cores {sorted(os.sched_getaffinity(0))}; "
          + (f"a rest of {rest:g} s before each tap" if rest else "taps back to back"))
    print("| flow | taps | scrolls | inputs |")
    print("|---|---|---|---|")
    for name, (taps, scrolls) in counts.items():
        print(f"| {name} | {taps} | {scrolls} | {taps + scrolls} |")
    print()
    print("| tap | taps | median ms | p95 ms | max ms | CPU median ms | CPU p95 ms "
          "| target (median / p95) |")
    print("|---|---|---|---|---|---|---|---|")
    every = [t for kind in times.values() for t in kind]
    every_cpu = [t for kind in cpu.values() for t in kind]
    for kind, values, used in [*((k, times[k], cpu[k]) for k in sorted(times)),
                               ("every tap", every, every_cpu)]:
        ms, cpu_ms = _ms(values), _ms(used)
        print(f"| {kind} | {len(ms)} | {statistics.median(ms):.0f} | {_p95(ms):.0f} "
              f"| {ms[-1]:.0f} | {statistics.median(cpu_ms):.0f} | {_p95(cpu_ms):.0f} "
              f"| 100 / 200 |")
    print_slowest(log)
    print_memory(memory, memory_ahead())


def print_slowest(log: list[tuple[float, str, str, str, float]], count: int = 8) -> None:
    """The taps that cost the most CPU, in the order played (what the p95 is made of)."""
    slowest = sorted(range(len(log)), key=lambda n: log[n][0])[-count:]
    print()
    print("| slowest taps (in the order played) | kind | on | CPU ms | of which the "
          "collector's full passes, ms |")
    print("|---|---|---|---|---|")
    for n in sorted(slowest):
        seconds, kind, text, screen, passes = log[n]
        words = " ".join(text.split())[:40] or "(a widget)"
        print(f"| #{n + 1} {words} | {kind} | {screen} | {seconds * 1000:.0f} "
              f"| {passes * 1000:.0f} |")


def _ms(seconds: list[float]) -> list[float]:
    return sorted(v * 1000 for v in seconds)


def _p95(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def print_starts(starts: dict[str, list[float]], events: int) -> None:
    def row(what: str, values: list[float], target: str = "") -> None:
        print(f"| {what} | {statistics.median(values):.2f} | {min(values):.2f} | "
              f"{max(values):.2f} | {target} |")

    row("black window: Kivy's window made to the first frame drawn (the splash), s",
        starts["black"])
    row("cold start to the first frame drawn (the splash), s", starts["first"])
    row(f"cold start to the resumed {events}-event dashboard, s", starts["wall"], "1.0")
    row("CPU of that start (every thread), s", starts["cpu"])
    row("before the splash: black window, s", starts["before black"])
    row("before the splash: cold start to the first frame drawn, s", starts["before first"])
    row("before the splash: cold start to the dashboard, s", starts["before"])
    row("before the splash: CPU of that start, s", starts["before cpu"])


def print_machine() -> None:
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, SDL {os.environ.get('SDL_VIDEODRIVER', 'offscreen')},"
          f" {time.strftime('%Y-%m-%d %H:%M')}, load average {os.getloadavg()[0]:.1f}")


def print_nights(taps: int, runs: int, parallel: bool, pause_every: int = 0,
                 pause: float = 0.0) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
    nights = game_nights(taps, runs, parallel, pause_every, pause)
    print_machine()
    rests = (f", a rest of {pause:g} s after every {pause_every} taps" if pause_every
             else ", taps back to back")
    print(f"Game nights: {runs} runs of {taps} taps{' at once' if parallel else ''}{rests}, "
          "resident memory after start and every 200 taps (MiB): "
          + "; ".join(" ".join(f"{mib:.0f}" for _n, mib in sorted(n["rss"].items()))
                      for n in nights))
    print("| measure | median | min | max | target |")
    print("|---|---|---|---|---|")
    for line in night_rows(nights, taps):
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--night-taps", type=int, default=3000)
    parser.add_argument("--nights", type=int, default=3, help="game-night runs (processes)")
    parser.add_argument("--parallel", action="store_true", help="the game nights at once")
    parser.add_argument("--pause-every", type=int, default=0,
                        help="game nights: a rest after every so many taps (0: none)")
    parser.add_argument("--pause", type=float, default=3.0,
                        help="game nights: seconds of each rest")
    parser.add_argument("--child-start", type=Path)
    parser.add_argument("--child-night", type=int, help="one game night of this many taps")
    parser.add_argument("--child-ahead", type=Path, help="the memory of the work done ahead")
    parser.add_argument("--no-splash", action="store_true",
                        help="with --child-start: the start before the splash (issue 22)")
    parser.add_argument("--only", choices=("start", "taps", "preview", "night", "flows",
                                           "budget"))
    parser.add_argument("--rest", type=float, default=0.0,
                        help="with --only flows or budget: seconds without a finger before "
                             "each tap, as at a table (0: back to back)")
    parser.add_argument("--quick-flows", action="store_true",
                        help="with --only flows: the move with a check and TI4's only")
    parser.add_argument("--preview-seconds", type=float, default=5.0,
                        help="seconds of preview counted (the replay lasts three times as long)")
    args = parser.parse_args()
    if args.child_start:
        from ui_start import child_start

        child_start(args.child_start, not args.no_splash)
        return
    if args.child_night:
        child_night(args.child_night, pause_every=args.pause_every, pause=args.pause)
        return
    if args.child_ahead:
        child_ahead(args.child_ahead)
        return
    if args.only == "night":
        print_nights(args.night_taps, args.nights, args.parallel, args.pause_every, args.pause)
        return
    if args.only in ("flows", "budget"):
        pycache = use_compiled_bytecode()
    _configure()
    if args.only in ("flows", "budget"):
        with tempfile.TemporaryDirectory() as folder:
            print_flows(Path(folder), args.quick_flows, args.rest)
        shutil.rmtree(pycache, ignore_errors=True)
        if args.only == "flows":
            return
    import journal as journal_bench

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        journal_bench.fill(db, "xp", args.events)
        starts = (cold_starts(db, args.starts) if args.only in (None, "start", "budget")
                  else {key: [0.0] for key in STARTS})
        if args.only == "budget":
            print()
            print("| measure | median | min | max | target |")
            print("|---|---|---|---|---|")
            print_starts(starts, args.events)
            return
        pressed, tap_times, growth = (taps(db, args.taps) if args.only in (None, "taps")
                                      else ([0.0], [0.0], 0.0))
        fps, camera_fps = (preview_fps(db, replay_video(Path(folder), args.preview_seconds * 3),
                                       args.preview_seconds)
                           if args.only in (None, "preview") else (0.0, 0.0))
    ms = [t * 1000 for t in tap_times]
    down_ms = [t * 1000 for t in pressed]
    print_machine()
    print("| measure | median | min | max | target |")
    print("|---|---|---|---|---|")
    print_starts(starts, args.events)
    print(f"| finger down on Undo/Redo to the frame showing it pressed, ms | "
          f"{statistics.median(down_ms):.0f} | {min(down_ms):.0f} | {max(down_ms):.0f} "
          f"| next frame |")
    print(f"| release (the tap) to the frame showing the committed result, ms | "
          f"{statistics.median(ms):.0f} | {min(ms):.0f} | {max(ms):.0f} | 50 |")
    print(f"| resident memory grown over those {args.taps} taps, MiB | {growth:.1f} | | | |")
    print(f"| preview updates per second at 800x480, scanner on a 30 fps 1280x720 "
          f"replay | {fps:.1f} | | | 30 |")
    print(f"| camera frames per second reaching the scanner in that time (the most the preview "
          f"can show) | {camera_fps:.1f} | | | |")


if __name__ == "__main__":
    main()
