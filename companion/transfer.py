"""Import files: read and check every field before anything is written.

An import file comes from outside (a USB stick, a message, another table), so
it is treated as hostile: only a regular file of bounded size is read, it must
be UTF-8 JSON without `Infinity` or `NaN`, every field is bounded and typed,
the steps must be numbered 1, 2, 3..., each step's command played through the
rules must give that step's events (`_replay_step`: as a played game is judged),
and the final board must show. A file is refused whole, in one sentence naming
the first step that breaks, or imports a game that works.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.core.catalog import Catalog
from companion.core.definition import GameDefinition
from companion.core.engine import Match, Plan, Result
from companion.core.errors import CompanionError, DamageError
from companion.core.events import Step
from companion.store.journal import Journal

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_STEPS = 50_000  # a long game has a few hundred; an import replays each (~0.2 ms)
MAX_EVENTS_PER_STEP = 2_000
MAX_TEXT = 100_000
MAX_SEED = 2**63  # SQLite integers are signed 64-bit


class ImportRefusedError(CompanionError):
    """An import file that is not a whole, working game; nothing was written."""


def read_export(path: Path) -> dict[str, Any]:
    """The JSON object of an export file; only a regular file of bounded size is read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise ImportRefusedError(f"{path} cannot be read ({exc.strerror}).") from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ImportRefusedError(f"{path} is not a regular file; give the file written "
                                     "by `companion export`.")
        if st.st_size > MAX_FILE_BYTES:
            raise ImportRefusedError(f"{path} is larger than an exported game can be "
                                     f"({MAX_FILE_BYTES // 2**20} MiB).")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    finally:
        os.close(fd)
    return _parse(path, raw)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number an export holds")


def _parse(path: Path, raw: bytes) -> dict[str, Any]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ImportRefusedError(f"{path} is not UTF-8 text, so it is not a game exported by "
                                 "the companion.") from exc
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:  # bad JSON, huge integers, deep nesting
        raise ImportRefusedError(f"{path} is not a game exported by the companion (it is not "
                                 "JSON it could have written).") from exc
    if not isinstance(data, dict) or data.get("format") != "exploration-companion-game":
        raise ImportRefusedError(f"{path} is not a game exported by the companion.")
    return data


def checked_game(data: Mapping[str, Any],
                 game: GameDefinition) -> tuple[int, Catalog, list[Step]]:
    """Seed, catalog and steps of an export, every field checked; the game replays."""
    seed = data.get("seed")
    if type(seed) is not int or not 0 <= seed < MAX_SEED:
        raise ImportRefusedError("Its seed is not a whole number from 0 to 2^63-1.")
    rules = game.rules
    catalog = game.catalog_from_data(_mapping(data.get("catalog"), "catalog"),
                                     "imported catalog")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or len(raw_steps) > MAX_STEPS:
        raise ImportRefusedError(f"Its steps are not a list of at most {MAX_STEPS:,}.")
    steps = [_step(raw, n) for n, raw in enumerate(raw_steps, start=1)]
    match = Match(rules, catalog, seed)
    for step in steps:
        _replay_step(match, step)
    try:
        rules.view(match.state, catalog, None)
        rules.render(match.state, catalog, None)
    except CompanionError:
        raise
    except Exception as exc:  # untrusted data: refused whole, never a crash
        raise ImportRefusedError(f"Its steps do not replay ({type(exc).__name__}).") from exc
    return seed, catalog, steps


def _replay_step(match: Match[Any], step: Step) -> None:
    """Play `step`'s command through the rules as a played game is, check that the rules
    give what the file says, then take the file's step (as a saved game would load it)."""
    try:
        stored = match.rules.vocabulary.read(step)
        plan = match.plan(step.command)
        _check_same(step, stored, plan.result, match)
        state = plan.state
        if stored.kind == "do":  # the file's events, as the saved game will fold them
            state = match.state
            for e in stored.events:
                state = match.rules.apply(state, e)
    except (ImportRefusedError, DamageError):
        raise  # these name the step already
    except CompanionError as exc:
        raise ImportRefusedError(f"{_named(step)}: {exc}") from exc
    except Exception as exc:  # untrusted data: refused whole, never a crash
        raise ImportRefusedError(f"{_named(step)} does not replay "
                                 f"({type(exc).__name__}).") from exc
    match.commit(Plan(Result(True, stored.message, "step", stored), state))


def _check_same(raw: Step, stored: Step, replanned: Result, match: Match[Any]) -> None:
    """The rules' step for the command must be the file's: the same kind and target, the
    same seat, the same events in the same order with the same values. Tolerated, so that
    a game exported by an older companion imports: no seat named, a key the file's event
    lacks (later rules added it; exports only ever gain keys) and one an older form gains
    on reading."""
    made = replanned.step
    if not replanned.ok or made is None:
        reason = replanned.message or "it changes nothing"
        raise ImportRefusedError(f"{_named(raw)} is one the rules refuse at that point: "
                                 f"{reason[:200]}")
    if (made.kind, made.target) != (stored.kind, stored.target):
        raise ImportRefusedError(f"{_named(raw)} {_does(stored)}, but by the rules it "
                                 f"{_does(made)}.")
    if stored.seat is not None and stored.seat != made.seat:  # older exports name none
        raise ImportRefusedError(f"{_named(raw)} is said to be {str(stored.seat)[:40]}'s, "
                                 f"but by the rules it is {made.seat or 'the table'}'s.")
    given_events, read_events = _current(raw, stored, len(made.events), match)
    if len(made.events) != len(read_events):
        raise ImportRefusedError(f"{_named(raw)} holds {len(stored.events)} events where the "
                                 f"rules make {len(made.events)}.")
    for n, (given, read, want) in enumerate(zip(given_events, read_events, made.events,
                                                strict=True), start=1):
        _check_event(raw, n, set(given.data), read.to_dict(), want.to_dict())


def _current(raw: Step, stored: Step, made: int,
             match: Match[Any]) -> tuple[list[Any], list[Any]]:
    """The file's events to hold against the rules' `made` ones: all of them, or where
    they are more, those left once the events these rules no longer make are passed over
    (`GameRules.retired_event`: an older companion's roll of a check no face could fail)."""
    given, read = list(raw.events), list(stored.events)
    if len(read) <= made or len(given) != len(read):
        return given, read
    kept = [n for n, e in enumerate(read) if not match.rules.retired_event(e, match.catalog)]
    if len(kept) != made:
        return given, read
    return [given[n] for n in kept], [read[n] for n in kept]


def _check_event(step: Step, n: int, given_keys: set[str], read: dict[str, Any],
                 want: dict[str, Any]) -> None:
    if read["type"] != want["type"]:
        raise ImportRefusedError(f"{_named(step)}: its event {n} is {read['type'][:40]!r} "
                                 f"where the rules make {want['type']!r}.")
    for key, value in read.items():
        if key not in given_keys:
            continue  # added by our own reading of an older form
        if key not in want or want[key] != value:
            shown = json.dumps(value)
            shown = shown if len(shown) <= 40 else f"{shown[:20]}... ({len(shown):,} characters)"
            rules = json.dumps(want[key])[:40] if key in want else "nothing"
            raise ImportRefusedError(f"{_named(step)}: its event {n} ({read['type'][:40]}) has "
                                     f"{key[:40]} {shown} where the rules give {rules}.")


def _does(step: Step) -> str:
    return {"undo": f"undoes step {step.target}", "redo": f"redoes step {step.target}"}.get(
        step.kind, "is a move of its own")


def _named(step: Step) -> str:
    return f"Step {step.number} ({step.command[:60]!r})"


def _mapping(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ImportRefusedError(f"Its {what} is not an object.")
    return value


def _step(raw: Any, number: int) -> Step:
    raw = _mapping(raw, f"step {number}")
    if raw.get("step") != number or type(raw.get("step")) is not int:
        raise ImportRefusedError(f"Its steps must be numbered 1, 2, 3... (step {number} is "
                                 "missing or out of order).")
    target = raw.get("target")
    if target is not None and (type(target) is not int or not 0 < target < number):
        raise ImportRefusedError(f"Step {number} undoes or redoes a step that is not before it.")
    for key in ("command", "message"):
        if not isinstance(raw.get(key), str) or len(raw[key]) > MAX_TEXT:
            raise ImportRefusedError(f"Step {number} has no {key} text, or one too long.")
    seat = raw.get("seat")
    if seat is not None and (not isinstance(seat, str) or len(seat) > 200):
        raise ImportRefusedError(f"Step {number} names a seat that is not a short text.")
    events = raw.get("events", [])
    if not isinstance(events, list) or len(events) > MAX_EVENTS_PER_STEP or not all(
            isinstance(e, Mapping) and isinstance(e.get("type"), str) and len(e["type"]) < 100
            for e in events):
        raise ImportRefusedError(f"Step {number} has events that are not a short list of "
                                 "typed objects.")
    try:
        return Step.from_dict(raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise ImportRefusedError(f"Step {number} cannot be read ({exc}).") from exc


def import_game(journal: Journal, data: Mapping[str, Any], game: GameDefinition) -> str:
    """Add an exported game as a new saved game, all of it or nothing."""
    seed, catalog, steps = checked_game(data, game)
    return journal.add_game(game.id, seed, catalog, steps)
