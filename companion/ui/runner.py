"""The command runner: the one thread that owns the open game's table API.

SQLite connections belong to the thread that opened them, and a command may
wait for the disk (fsync, snapshots, backups), so the `TableAPI` lives on a
worker thread. Taps and scans are queued to it in arrival order; each job's
reply (a sentence and a fresh `TableData`) is handed back through `deliver`,
which the app sets to its `Replies` (companion/ui/replies.py: through Kivy's
`Clock`) so that only the main thread touches widgets. This module imports no
Kivy: tests and benchmarks drive it directly.

A runner may start before Kivy is imported (`companion app` does, so the game
loads while Kivy starts): its replies then wait until `attach` gives it the
way back to the main thread, and a `Handoff` stands in for the screen that
will take the first one.
"""

from __future__ import annotations

import queue
import threading
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.api import TableAPI
from companion.catalogs import load_catalog
from companion.core.errors import CompanionError, DamageError
from companion.core.speech import Said
from companion.core.words import counted
from companion.games.registry import games
from companion.scanner.codes import ScanCode
from companion.store.errors import DeadEndError, StoreError
from companion.tables import Tables
from companion.ui.presenters.newgame import form_for
from companion.ui.table import TableData, prompt_data, resumed_line, table_data
from companion.voice.lines import before_step, burst_sentences, session_sentences

Deliver = Callable[[Callable[[], None]], None]


@dataclass(frozen=True)
class Reply:
    """What a job did: ok or not, one sentence, and the table as it now stands."""

    ok: bool
    message: str
    table: TableData | None = None
    kind: str = "info"
    value: Any = None
    #: What the step did that deserves a screen (the table API's `moments`: a card
    #: revealed, a check, a trap going off, the final scores), as public JSON data.
    moments: tuple[dict[str, Any], ...] = ()
    spoken: tuple[Said, ...] = ()  # what the voice says about it (public events only)


Job = Callable[["CommandRunner"], Reply]

#: Deleting the game open now is refused: it would vanish from under the table.
PLAYING = ("This is the game being played now, so it cannot be deleted: resume another game "
           "or start a new one first.")


class CommandRunner:
    """Runs jobs one at a time, in the order they were submitted, on its own thread."""

    def __init__(self, db: Path, deliver: Deliver | None, crash_log: Path | None = None,
                 drawer: str = "table"):
        self.db = db
        #: Who draws the owed cards (the Settings choice): every prompt is asked with it.
        self.drawer = drawer
        self.tables = Tables(db)
        #: The open game (only ever used on the runner's thread), or None.
        self.api: TableAPI | None = None
        self._deliver = deliver
        self._held: list[Callable[[], None]] = []  # replies made before `attach`
        self._crash_log = crash_log
        self._jobs: queue.Queue[tuple[Job, Callable[[Reply], None]] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._pending = 0
        #: Told (on the submitting thread) of every job a player's tap asked for, not of
        #: those the app asks for by itself: the app's next frame waits a moment for its
        #: reply (companion/ui/replies.py).
        self.on_asked: Callable[[], None] | None = None
        self._thread = threading.Thread(target=self._loop, name="companion-runner", daemon=True)
        self._thread.start()

    # ---- queueing ------------------------------------------------------------------------
    @property
    def pending(self) -> int:
        """Jobs submitted whose reply has not yet been handed to its callback."""
        with self._lock:
            return self._pending

    def submit(self, job: Job, done: Callable[[Reply], None], asked: bool = True) -> None:
        """Queue `job`; `asked`: a player's tap asked for it (see `on_asked`)."""
        with self._lock:
            self._pending += 1
        self._jobs.put((job, done))
        if asked and self.on_asked is not None:
            self.on_asked()

    def attach(self, deliver: Deliver) -> None:
        """Set the way replies go back (once the UI exists); replies already made go now."""
        with self._lock:
            self._deliver = deliver
            held, self._held = self._held, []
        for job in held:
            deliver(job)

    def stop(self) -> None:
        """Finish the queued jobs, close the open game and end the thread."""
        self._jobs.put(None)
        self._thread.join(timeout=10)

    def _loop(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                self._close()
                return
            job, done = item
            reply = self._safely(job)
            self._hand(self._handing(done, reply))

    def _hand(self, job: Callable[[], None]) -> None:
        with self._lock:
            deliver = self._deliver
            if deliver is None:
                self._held.append(job)
                return
        deliver(job)

    def _handing(self, done: Callable[[Reply], None], reply: Reply) -> Callable[[], None]:
        return lambda: self._hand_over(done, reply)

    def _hand_over(self, done: Callable[[Reply], None], reply: Reply) -> None:
        try:
            done(reply)
        finally:
            with self._lock:
                self._pending -= 1

    def _safely(self, job: Job) -> Reply:
        try:
            return job(self)
        except DamageError as exc:  # the app's start screen offers to recover
            return Reply(False, str(exc), self._table_or_none(), "damaged")
        except DeadEndError as exc:  # the start screen offers both ways out, as buttons
            return Reply(False, exc.plain, self._table_or_none(), "dead end")
        except (CompanionError, StoreError) as exc:
            return Reply(False, str(exc), self._table_or_none(), "refused")
        except Exception as exc:  # a bug: the player gets a sentence, the log the details
            return Reply(False, self._report(exc), self._table_or_none(), "error")

    def _report(self, exc: BaseException) -> str:
        where = ""
        if self._crash_log is not None:
            try:
                self._crash_log.parent.mkdir(parents=True, exist_ok=True)
                with self._crash_log.open("a", encoding="utf-8") as handle:
                    handle.write("".join(traceback.format_exception(exc)))
                where = f" Details were written to {self._crash_log}."
            except OSError:
                pass
        return (f"Something went wrong inside the companion ({exc.__class__.__name__}). "
                f"Every step whose result showed is saved.{where}")

    def _table_data(self, api: TableAPI) -> TableData:
        return table_data(api, self.drawer)

    def _table_or_none(self) -> TableData | None:
        try:
            return self._table_data(self.api) if self.api else None
        except Exception:
            return None

    def _close(self) -> None:
        if self.api is not None:
            self.api.close()
            self.api = None

    def hold(self, api: TableAPI) -> None:
        """Let go of the open game, if any, and hold `api` from now on."""
        self._close()
        self.api = api

    def hold_none(self) -> None:
        """Let go of the open game (a restore is about to replace the file under it)."""
        self._close()

    # ---- the jobs a screen asks for ---------------------------------------------------------
    def resume(self, done: Callable[[Reply], None], game_id: str | None = None) -> None:
        """Open the named game, else the last game played; a reply without table if none."""
        self.submit(lambda r: r._open(game_id), done)

    def new_game(self, kind: str, setup: Sequence[str], done: Callable[[Reply], None],
                 seed: int | None = None) -> None:
        """Start a game of `kind` and run its setup lines (players, options) in order."""
        self.submit(lambda r: r._new(kind, tuple(setup), seed), done)

    def demo(self, kind: str, setup: Sequence[str], done: Callable[[Reply], None],
             seed: int | None = None) -> None:
        """The demo table of `kind`: the last game of that kind in the file, resumed where
        it was left unless it is over, else a new one set up from `setup`."""
        self.submit(lambda r: r._demo(kind, tuple(setup), seed), done)

    def run(self, line: str, done: Callable[[Reply], None]) -> None:
        """Run one command line, exactly as the CLI would."""
        self.submit(lambda r: r._run(line), done)

    def scan(self, code: ScanCode, done: Callable[[Reply], None]) -> None:
        """Play one code the camera read, as the scanner resolved it."""
        self.submit(lambda r: r._run(code), done)

    def saved_games(self, done: Callable[[Reply], None]) -> None:
        """Reply with `value` = the saved games, newest first, as `SavedGame`s."""
        self.submit(lambda r: r._games(), done)

    def delete_game(self, game_id: str, done: Callable[[Reply], None]) -> None:
        """Set a saved game aside whole (never the one open now); `value` = the games."""
        self.submit(lambda r: r._delete(game_id), done)

    def bring_back(self, game_id: str, done: Callable[[Reply], None]) -> None:
        """Bring a deleted game back to the list; `value` = the games."""
        self.submit(lambda r: r._bring_back(game_id), done)

    def new_game_forms(self, done: Callable[[Reply], None]) -> None:
        """Reply with `value` = one empty `NewGameForm` per game that declares one."""
        self.submit(lambda r: r._forms(), done, asked=False)

    def prompt(self, done: Callable[[Reply], None], after: str | None = None,
               seat: str | None = None) -> None:
        """Reply with `value` = the prompt after a partial (or a seat's own private prompt)."""
        self.submit(lambda r: r._prompt(after, seat), done)

    def draw_by(self, drawer: str, done: Callable[[Reply], None]) -> None:
        """Who draws the owed cards from now on ("table" or "app"); the reply's table is
        the open game's, its main action as the new choice makes it (None: no game)."""
        self.submit(lambda r: r._draw_by(drawer), done, asked=False)

    def _draw_by(self, drawer: str) -> Reply:
        self.drawer = drawer
        return Reply(True, "", self._table_or_none(), "info")

    def odds(self, deck: str, done: Callable[[Reply], None]) -> None:
        """Reply with `value` = the table API's odds of `deck` (hidden draws stay unknown)."""
        self.submit(lambda r: r._odds(deck), done)

    def game_catalog(self, done: Callable[[Reply], None]) -> None:
        """Reply with `value` = (game kind, the open game's own catalog) for the scanner."""
        self.submit(lambda r: r._catalog(), done, asked=False)

    def demo_card(self, done: Callable[[Reply], None]) -> None:
        """Reply with `value` = (tag, words) of the card the seeded virtual deck deals next
        for the first deck the table owes a card from, or None when it owes none."""
        self.submit(lambda r: r._demo_card(), done, asked=False)

    def look_for_steps(self, done: Callable[[Reply], None]) -> None:
        """Reply with the table when another companion (a phone's page) saved a step of
        the open game since the last look; without table otherwise."""
        self.submit(lambda r: r._look(), done, asked=False)

    def _look(self) -> Reply:
        if self.api is None or not self.api.changed():
            return Reply(True, "", None, "info")
        self.api.reload()
        return Reply(True, "", self._table_data(self.api), "info")

    def _open(self, game_id: str | None) -> Reply:
        if game_id is None:
            last = self.tables.last_game()
            if last.game_id is None and last.notice:  # the file was damaged and set aside
                return Reply(False, last.notice, None, "set aside")
            if last.game_id is None:
                return Reply(False, "There is no saved game yet.", None, "info")
            game_id = last.game_id
        api = self.tables.open(game_id)
        self.hold(api)
        self.tables.mark_played(game_id)
        note = f" {api.notice}" if api.notice else ""
        table = self._table_data(api)
        return Reply(True, f"{resumed_line(table)}{note}", table, "info")

    def _new(self, kind: str, setup: tuple[str, ...], seed: int | None) -> Reply:
        api = self.tables.new(kind, seed)
        self.hold(api)
        messages, said = [], []
        for line in setup:
            before = before_step(api)
            result = api.act(line)
            messages.append(result.message)
            if not result.ok:
                return Reply(False, result.message, self._table_data(api), "refused")
            said.append(session_sentences(api, result.step, before))
        spoken = burst_sentences("A new game is set up", said) if setup else []
        return Reply(True, " ".join(messages) or "A new game has started.",
                     self._table_data(api), "step", spoken=tuple(spoken))

    def _demo(self, kind: str, setup: tuple[str, ...], seed: int | None) -> Reply:
        last = self.tables.last_game(kind)
        if last.game_id is not None:
            api = self.tables.open(last.game_id)
            table = self._table_data(api)
            if not table.over:
                self.hold(api)
                return Reply(True, f"The demo game you left resumes at "
                                   f"{counted(table.steps, 'step')}: New demo game on the "
                                   f"menu starts another.", table, "info")
            api.close()
        reply = self._new(kind, setup, seed)
        if last.notice:  # the file was damaged and set aside: say so with the new game
            return replace(reply, message=f"{last.notice} {reply.message}")
        return reply

    def _run(self, what: str | ScanCode) -> Reply:
        if self.api is None:
            return Reply(False, "No game is open: resume one or start a new one.", None,
                         "refused")
        before = before_step(self.api)
        result = self.api.act(what)
        table = self._table_data(self.api)
        spoken = session_sentences(self.api, result.step, before) if result.ok else []
        return Reply(result.ok, result.message, table, result.kind,
                     moments=tuple(m.to_dict() for m in result.moments),
                     spoken=tuple(spoken))

    def _games(self) -> Reply:
        """The saved games, then the deleted ones (`SavedGame.deleted`)."""
        games = self.tables.games(self.api, deleted=True)
        kept = sum(1 for g in games if not g.deleted)
        return Reply(True, f"{counted(kept, 'saved game')}.", self._table_or_none(), "info",
                     games)

    def _delete(self, game_id: str) -> Reply:
        if self.api is not None and self.api.game_id == game_id:
            return Reply(False, PLAYING, self._table_or_none(), "refused")
        self.tables.delete(game_id)
        return self._games()

    def _bring_back(self, game_id: str) -> Reply:
        self.tables.bring_back(game_id)
        return self._games()

    def _forms(self) -> Reply:
        """Each game's own new-game form (a game that declares none is not offered)."""
        forms, last = [], self.tables.last_kind()
        for definition in games():
            declared = definition.rules.new_game_form(load_catalog(definition.id))
            if declared is not None:
                forms.append(form_for(definition.id, definition.title, declared,
                                      last=definition.id == last))
        return Reply(True, "", self._table_or_none(), "info", tuple(forms))

    def _prompt(self, after: str | None, seat: str | None) -> Reply:
        if self.api is None:
            return Reply(False, "No game is open.", None, "info")
        return Reply(True, "", None, "info", prompt_data(self.api, seat, after, self.drawer))

    def _odds(self, deck: str) -> Reply:
        if self.api is None:
            return Reply(False, "No game is open.", None, "info")
        if deck not in self.api.catalog.decks:
            return Reply(False, f"{deck!r} is not a deck of this game.", None, "refused")
        return Reply(True, "", None, "info", self.api.odds(deck))

    def _catalog(self) -> Reply:
        if self.api is None:
            return Reply(False, "No game is open.", None, "info")
        return Reply(True, "", None, "info", (self.api.kind, self.api.catalog))

    def _demo_card(self) -> Reply:
        if self.api is None:
            return Reply(False, "No game is open.", None, "info")
        decks = prompt_data(self.api).get("expects_scan") or []
        if not decks:
            return Reply(True, "", None, "info", None)
        # The card's words name its deck only: a hidden mission's name must not show in
        # the public preview.
        return Reply(True, "", None, "info",
                     (self.api.next_draw(decks[0]), f"{decks[0].replace('_', ' ')} card"))


class Handoff:
    """The reply callback of a job submitted before the code that takes its reply exists
    (the game opened while Kivy imports). Connect it before the runner is attached."""

    def __init__(self) -> None:
        self._target: Callable[[Reply], None] | None = None

    def connect(self, target: Callable[[Reply], None]) -> None:
        self._target = target

    def __call__(self, reply: Reply) -> None:
        if self._target is None:
            raise RuntimeError("A reply came before anything was connected to take it.")
        self._target(reply)


@dataclass(frozen=True)
class Opening:
    """A runner already opening the game the app shows first; its reply goes to
    `first_reply` once the app connects it and attaches the runner."""

    runner: CommandRunner
    first_reply: Handoff


def start_opening(db: Path, crash_log: Path | None = None, setup: Sequence[str] = (),
                  seed: int | None = None, game: str | None = None,
                  drawer: str = "table") -> Opening:
    """Start the runner and open the first game: the demo table of `game` when `setup`
    lines are given (with no `game`, the game of the default demo table): its last game in
    the file if not over, else a new one from `setup`; without, the last game played (a
    reply without table when there is none)."""
    runner, first = CommandRunner(db, None, crash_log, drawer), Handoff()
    if setup:
        runner.demo(game or games().demo_game(None).id, setup, first, seed)
    else:
        runner.resume(first)
    return Opening(runner, first)


def run_inline(job: Callable[[], Any]) -> None:
    """A `Deliver` that calls back at once on the runner thread (for tests without Kivy)."""
    job()
