"""The match: commands -> events -> state, with undo and redo on the log.

Pure and in memory. A store asks for a `Plan` (the step a command would add
and the state after it), writes the step, and only then `commit`s the plan,
so a failed write leaves the match exactly as it was.
"""

from __future__ import annotations

import re
import shlex
import struct
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Literal

from companion.core import piles
from companion.core.builder import Builder
from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import (
    CommandSyntaxError,
    CompanionError,
    NothingToUndoError,
)
from companion.core.events import Event, Step
from companion.core.generic import build_adjust, build_draw, build_note, build_roll, build_scan
from companion.core.moments import Moment
from companion.core.odds import DeckOdds, deck_odds
from companion.core.privacy import public_command, public_step
from companion.core.rules import GameRules, S
from companion.core.tags import classify
from companion.core.words import whole_number
from companion.core.zones import Zone

CHECKPOINT_EVERY = 64
CORE_USAGE = ("scan TAG; undo; undo preview; redo; draw DECK; odds DECK; roll DIE [FACE]; "
              "adjust SEAT RESOURCE +N [reason]; note TEXT; state; history [N]; help")


def _count(args: Sequence[str]) -> int:
    """How many history lines were asked for (default 10)."""
    return max(1, whole_number(args[0], "the number of steps")) if args else 10
ResultKind = Literal["step", "info", "foreign", "refused"]


@dataclass(frozen=True)
class Result:
    """The answer to one command line: ok or refused, one sentence, its step, and the
    moments a screen shows for it (filled once the step is committed: `Match.moments`)."""

    ok: bool
    message: str
    kind: ResultKind
    step: Step | None = None
    moments: tuple[Moment, ...] = ()

    def to_dict(self, line: int) -> dict[str, Any]:
        """The result as shown to the table: hidden cards and deck orders masked."""
        events = [e.to_dict() for e in public_step(self.step).events] if self.step else []
        return {"line": line, "ok": self.ok, "message": self.message,
                "kind": self.kind, "step": self.step.number if self.step else None,
                "events": events, "moments": [m.to_dict() for m in self.moments]}


@dataclass(frozen=True)
class Snapshot(Generic[S]):
    """A stored state after the first `length` steps in effect, read only if used."""

    length: int
    chain: str
    load: Callable[[], S]


@dataclass(frozen=True)
class Plan(Generic[S]):
    """A command evaluated against the current state but not yet committed."""

    result: Result
    state: S | None = None


def prefix_hash(stack: Sequence[int], length: int) -> str:
    """Identity of the first `length` steps in effect; snapshots are keyed by it.

    CRC-32 and Adler-32 of the step numbers, computed in one C call each, so
    checking a snapshot against thousands of steps costs microseconds.
    """
    data = struct.pack(f">{length}q", *stack[:length])
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


StepLoader = Callable[[Sequence[int]], dict[int, Step]]
StepIndex = dict[int, tuple[str, int | None]]


def effective_stack(index: StepIndex) -> tuple[list[int], list[int]]:
    """The steps in effect and the redo stack, from the whole journal's index."""
    stack: list[int] = []
    redo: list[int] = []
    for number in sorted(index):
        kind = index[number][0]
        if kind == "do":
            stack.append(number)
            redo.clear()
        elif kind == "undo" and stack:
            redo.append(stack.pop())
        elif kind == "redo" and redo:
            stack.append(redo.pop())
        else:  # only an edited or foreign journal can say this
            raise ValueError(f"step {number} ({kind}) has nothing to act on")
    return stack, redo


#: A line holding none of these splits the same with str.split as with shlex (which
#: costs ten times more, and a prompt dry-runs dozens of lines).
_SHELL_SYNTAX = re.compile(r"[^ -~\t\r\n]|[\"'\\#]")


def split_words(line: str) -> list[str]:
    """Words as a shell splits them (`"Cape Canaveral"` is one word; `#` starts a comment).

    >>> split_words('join "Cape Canaveral" Ana  # the host')
    ['join', 'Cape Canaveral', 'Ana']
    >>> split_words("move SHLD1 3 credit")
    ['move', 'SHLD1', '3', 'credit']
    """
    if _SHELL_SYNTAX.search(line):
        return shlex.split(line, comments=True)
    return line.split()


class Match(Generic[S]):
    """One game in progress: its rules, catalog, journal and current state."""

    def __init__(self, rules: GameRules[S], catalog: Catalog, seed: int,
                 steps: Sequence[Step] = (), snapshots: Sequence[Snapshot[S]] = (),
                 index: StepIndex | None = None, load_steps: StepLoader | None = None):
        """A match from its steps, or from an index of them and a loader (a store).

        With `index` and `load_steps`, whole steps are fetched only when needed;
        snapshots are tried newest first and the first on the path in effect is used.
        """
        self.rules, self.catalog, self.seed = rules, catalog, seed
        self.initial: S = rules.new_state(catalog, seed)
        self.steps: dict[int, Step] = {s.number: rules.vocabulary.read(s) for s in steps}
        self.index: StepIndex = (dict(index) if index is not None else
                                 {s.number: (s.kind, s.target) for s in steps})
        self._load_steps = load_steps
        self._under_top: tuple[int, int, S] | None = None
        self._commits = 0  # steps committed so far: the stack changes only by a commit
        self._last_number: int | None = None
        self.stack, self.redo_stack = effective_stack(self.index)
        self.checkpoints: dict[int, tuple[str, S]] = {0: (prefix_hash([], 0), self.initial)}
        for snapshot in snapshots:
            length = snapshot.length
            if length <= len(self.stack) and prefix_hash(self.stack, length) == snapshot.chain:
                self.checkpoints[length] = (snapshot.chain, snapshot.load())
                break
        self.state: S = self._fold_to(len(self.stack))

    # ---- folding -------------------------------------------------------------
    def _fold_to(self, length: int) -> S:
        start, state = self._checkpoint_at_or_below(length)
        self._ensure_loaded(self.stack[start:length])
        for i in range(start, length):
            state = self._apply_all(state, self.steps[self.stack[i]].events)
            if (i + 1) % CHECKPOINT_EVERY == 0:
                self.checkpoints[i + 1] = (prefix_hash(self.stack, i + 1), state)
        return state

    def _checkpoint_at_or_below(self, length: int) -> tuple[int, S]:
        for at in sorted((n for n in self.checkpoints if n <= length), reverse=True):
            digest, state = self.checkpoints[at]
            if prefix_hash(self.stack, at) == digest:
                return at, state
        return 0, self.initial

    def _ensure_loaded(self, numbers: Iterable[int]) -> None:
        missing = [n for n in numbers if n not in self.steps]
        if missing and self._load_steps is not None:
            read = self.rules.vocabulary.read  # older forms migrated, unknown types are damage
            self.steps.update({n: read(s) for n, s in self._load_steps(missing).items()})

    def step(self, number: int) -> Step:
        """A whole step with its events (fetched from the store if not loaded yet)."""
        self._ensure_loaded([number])
        return self.steps[number]

    def _apply_all(self, state: S, events: Iterable[Event]) -> S:
        for e in events:
            state = self.rules.apply(state, e)
        return state

    def replay_from_start(self) -> S:
        """The state folded from the first event, ignoring every checkpoint."""
        state = self.initial
        self._ensure_loaded(self.stack)
        for number in self.stack:
            state = self._apply_all(state, self.steps[number].events)
        return state

    @property
    def next_number(self) -> int:
        # Kept as the index grows: every dry run asks, and a long game has thousands of steps.
        if self._last_number is None or self._last_number not in self.index:
            self._last_number = max(self.index, default=0)
        return self._last_number + 1

    @property
    def step_count(self) -> int:
        return len(self.index)

    @property
    def snapshot_key(self) -> tuple[int, str]:
        return len(self.stack), prefix_hash(self.stack, len(self.stack))

    def history(self) -> list[Step]:
        self._ensure_loaded(list(self.index))
        return [self.steps[n] for n in sorted(self.index)]

    # ---- planning and committing ------------------------------------------------
    def plan(self, line: str) -> Plan[S]:
        """Evaluate a command line; refusals are results, never exceptions."""
        try:
            words = split_words(line)
        except ValueError as exc:
            return Plan(Result(False, f"That line cannot be read: {exc}.", "refused"))
        if not words:
            return Plan(Result(True, "", "info"))
        try:
            return self._plan_words(line.strip(), words[0].lower(), words[1:])
        except CompanionError as exc:
            return Plan(Result(False, str(exc), "refused"))

    def commit(self, plan: Plan[S]) -> None:
        """Make a planned step part of the match (after the store wrote it)."""
        step = plan.result.step
        if step is None or plan.state is None:
            return
        self.steps[step.number] = step
        self.index[step.number] = (step.kind, step.target)
        self._commits += 1
        self._last_number = max(self._last_number or 0, step.number)
        if step.kind == "undo":
            self.redo_stack.append(self.stack.pop())
        else:
            if step.kind == "redo":
                self.redo_stack.pop()
            else:
                self.redo_stack.clear()
            self.stack.append(step.number if step.kind == "do" else int(step.target or 0))
            # The state under the new top step: an undo of it needs no fold. It holds while
            # no other step is committed (a hash of the stack here cost O(steps) a commit).
            below = len(self.stack) - 1
            self._under_top = (below, self._commits, self.state)
            if len(self.stack) % CHECKPOINT_EVERY == 0:
                length = len(self.stack)
                self.checkpoints[length] = (prefix_hash(self.stack, length), plan.state)
        self.state = plan.state

    def execute(self, line: str) -> Result:
        """Plan and commit at once (for tests and in-memory play)."""
        plan = self.plan(line)
        self.commit(plan)
        return self.with_moments(plan.result)

    def with_moments(self, result: Result) -> Result:
        """A committed step's result with its moments, judged on the state after it."""
        step = result.step
        if step is None or step.kind != "do":
            return result
        return replace(result, moments=tuple(self.moments(step)))

    def moments(self, step: Step) -> list[Moment]:
        """What `step` (just committed) did that deserves a screen: the game's own
        moments (`GameRules.moments`), else the core's cards drawn and dice rolled."""
        return list(self.rules.moments(self.state, self.catalog, step))

    # ---- verbs ---------------------------------------------------------------------
    def _plan_words(self, line: str, verb: str, args: list[str]) -> Plan[S]:
        if verb == "undo":
            if args and args[0].lower() in ("preview", "?"):
                return Plan(Result(True, self.undo_preview(), "info"))
            return self._plan_undo(line)
        if verb == "redo":
            return self._plan_redo(line)
        if verb == "help":
            return Plan(Result(True, self.help_text(), "info"))
        if verb in ("state", "board"):
            text = self.rules.render(self.state, self.catalog, None)
            return Plan(Result(True, text, "info"))
        if verb == "history":
            return Plan(Result(True, self.recent_history(_count(args)), "info"))
        if verb == "odds":
            return Plan(Result(True, self._odds(args), "info"))
        if verb == "scan":
            return self._plan_scan_words(line, args)
        b = self.builder()
        return self.plan_built(line, b, self._build(b, verb, args))

    def _build(self, b: Builder[S], verb: str, args: list[str]) -> str | None:
        """Every verb that changes the game goes through the builder; the game's own
        verbs are those of the phase the table is in."""
        if verb == "draw":
            return build_draw(self.rules, b, args)
        if verb == "roll":
            return build_roll(self.rules, b, args)
        if verb == "adjust":
            return build_adjust(self.rules, b, args)
        if verb == "note":
            build_note(b, args)
            return None
        return self.rules.phases.verb(self.state.table.phase, verb)(b, args)

    def builder(self) -> Builder[S]:
        """A fresh builder on the current state (nothing it does touches the match)."""
        return Builder(self.rules, self.catalog, self.state)

    def plan_built(self, line: str, b: Builder[S], seat: str | None) -> Plan[S]:
        """The step a builder made; its state is the state after it (no second fold)."""
        step = Step(self.next_number, "do", line, b.message, tuple(b.events), seat=seat)
        return Plan(Result(True, b.message, "step", step), b.state)

    def _plan_scan_words(self, line: str, args: list[str]) -> Plan[S]:
        if len(args) != 1:
            raise CommandSyntaxError("scan takes one tag, for example: scan XP/SH01")
        found = classify(args[0])
        if found.tag is None:
            return Plan(Result(True, f"Foreign code {args[0][:60]!r} ignored: not a card tag.",
                               "foreign"))
        return self.plan_card(self.catalog.resolve(found.tag), line)

    def plan_card(self, card: CardEntry, line: str) -> Plan[S]:
        """A scan of a card already resolved against this game's catalog (a camera
        scan needs no text round trip); `line` is what the history shows."""
        try:
            b = self.builder()
            return self.plan_built(line, b, build_scan(self.rules, b, card))
        except CompanionError as exc:
            return Plan(Result(False, str(exc), "refused"))

    def dry_run(self, line: str) -> Result:
        """What `line` would do now, without committing anything: a prompt uses it to
        tell an enabled action from a disabled one."""
        return self.plan(line).result

    def _plan_undo(self, line: str) -> Plan[S]:
        if not self.stack:
            raise NothingToUndoError("There is nothing to undo.")
        target = self.step(self.stack[-1])
        message = f"Undid step {target.number} ({public_command(target)}): {target.message}"
        returns = self._returns(target)
        if returns:
            message += " " + " ".join(returns)
        step = Step(self.next_number, "undo", line, message, (), target=target.number)
        return Plan(Result(True, message, "step", step), self._state_under_top())

    def _state_under_top(self) -> S:
        """The state without the top step: kept from its commit, else folded."""
        length = len(self.stack) - 1
        if self._under_top is not None:
            at, commits, state = self._under_top
            if at == length and commits == self._commits:
                return state
        return self._fold_to(length)

    def _plan_redo(self, line: str) -> Plan[S]:
        if not self.redo_stack:
            raise NothingToUndoError("There is nothing to redo.")
        target = self.step(self.redo_stack[-1])
        message = f"Redid step {target.number} ({public_command(target)}): {target.message}"
        step = Step(self.next_number, "redo", line, message, (), target=target.number)
        return Plan(Result(True, message, "step", step),
                    self._apply_all(self.state, target.events))

    def recent_history(self, count: int) -> str:
        """The last steps in plain words, as the table may see them."""
        numbers = sorted(self.index)[-count:]
        in_effect = set(self.stack)
        lines = []
        for number in numbers:
            step = public_step(self.step(number))
            undone = " (undone)" if step.kind == "do" and number not in in_effect else ""
            lines.append(f"{number:>4}  {step.message}{undone}")
        return "\n".join(lines) or "Nothing has happened yet."

    def help_text(self) -> str:
        """Every verb in one line each: the core's, then the game's."""
        game = "; ".join(v.usage for v in self.rules.verbs())
        core = CORE_USAGE if self.rules.dice(self.catalog) else \
            CORE_USAGE.replace(" roll DIE [FACE];", "")
        return f"Commands: {core}; {game}" if game else f"Commands: {core}"

    def undo_preview(self) -> str:
        if not self.stack:
            return "There is nothing to undo."
        target = self.step(self.stack[-1])
        return (f"Undo would take back step {target.number} ({public_command(target)}): "
                f"{target.message}")

    def _returns(self, step: Step) -> list[str]:
        sentences = []
        for e in reversed(step.events):
            if e.type == "card_moved":
                entry = self.catalog.cards.get(e["card"])
                name = entry.name if entry else e["card"]
                where = piles.return_phrase(e["from"])
                if piles.is_private(e["to"]):  # never name a hidden card
                    owner = Zone.from_text(e["to"]).seat
                    sentences.append(f"A card from {owner}'s hand goes back {where}.")
                else:
                    sentences.append(f"{name} ({e['card']}) goes back {where}.")
        return sentences

    # ---- information ---------------------------------------------------------------
    def _odds(self, args: list[str]) -> str:
        if not args or args[0].lower() not in self.catalog.decks:
            raise CommandSyntaxError(f"odds takes a deck name: {', '.join(self.catalog.decks)}.")
        deck = args[0].lower()
        extra = self.rules.odds_notes(self.state, self.catalog, deck)
        return " ".join([self.odds(deck).sentence(), *extra])

    def odds(self, deck: str) -> DeckOdds:
        """The odds of the next card of `deck`, over the deck and the hidden hands."""
        cards = self.catalog.cards
        info = self.catalog.decks.get(deck)
        return deck_odds(self.state.table, lambda c: cards[c].name, deck,
                         lambda c: cards[c].deck, info.reshuffle if info else True,
                         info.when_empty if info else "")
