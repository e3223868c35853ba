"""Prompt-driven playouts: a random player who only ever taps what the public prompt offers.

Shared by the contract tests (tests/api/test_contracts.py) and the benchmark
(bench/table_api.py). Each step walks from the public prompt's actions down
through partials to one complete command (filling text and count inputs), in a
seeded random order weighted towards moving the game on; the first command the
rules accept is the one played.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from companion.core.engine import Match
from companion.core.prompt import MAX_DEPTH, Choice, Prompt, candidates, prompt

#: How much likelier a random player taps an action of each kind (default 1).
WEIGHTS = {"undo": 0.01, "redo": 0.01, "done": 3.0, "next": 3.0, "drift": 3.0,
           "start": 5.0, "resolve": 6.0, "draft": 10.0, "choose": 6.0, "terraform": 3.0,
           # TI4: explorations are drawn and resolved more often than new ones are queued,
           # so the queue empties and another player's turn (refused while it runs) comes.
           "draw": 6.0, "turn": 3.0, "order": 0.2, "take": 0.5, "explore-again": 0.2,
           "frontier": 0.3}
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


def _weight(choice: Choice) -> float:
    text = choice.command or choice.partial or (choice.input.template if choice.input else "")
    return WEIGHTS.get(text.split(" ", 1)[0], 1.0)


#: The shared screen never deals a virtual draft: its packs are private to each drafter
#: and picked on their own screens, so a public player deals the packs at the table.
AVOIDED = {"draft virtual"}


def shuffled(choices: list[Choice], rng: random.Random) -> list[Choice]:
    """A weighted random order (Efraimidis-Spirakis keys)."""
    offered = [c for c in choices if c.command not in AVOIDED]
    return sorted(offered, key=lambda c: -rng.random() ** (1 / _weight(c)))


def fill(choice: Choice, rng: random.Random) -> str:
    """A value for an input: a count in range, one of a choice's or a die's options, some
    of an order's options in a random order (of those offered), or a name."""
    spec = choice.input
    assert spec is not None
    if spec.kind == "count":
        return spec.fill(str(rng.randint(spec.min or 0, spec.max if spec.max is not None
                                         else 9)))
    offered = [o for o in spec.options if o.enabled]  # shown greyed: not offered
    if spec.kind in ("choice", "die"):
        return spec.fill(rng.choice(offered).value)
    if spec.kind == "order":
        count = rng.randint(spec.min or 1, min(spec.max or 1, 3))
        return spec.fill(*(o.value for o in rng.sample(offered, count)))
    return spec.fill(rng.choice(NAMES))


def walk(match: Match[Any], rng: random.Random, after: str | None = None,
         depth: int = 1) -> Iterator[str]:
    """Complete commands reachable from the public prompt (or a partial), random order."""
    _, choices = candidates(match, None, after)
    for choice in shuffled(choices, rng):
        yield from _leaves(match, rng, choice, depth)


def form_values(choice: Choice, rng: random.Random) -> dict[str, list[str]]:
    """Random values for a form's fields: one option of each choice, a few toggles, a
    number in range for a count."""
    assert choice.input is not None
    values = {}
    for f in choice.input.fields:
        if f.kind == "count":
            values[f.name] = [str(rng.randint(f.min, f.max))]
            continue
        most = min(f.max, len(f.options), 2)
        count = 1 if f.kind == "choice" else rng.randint(min(f.min, most), most)
        values[f.name] = [o.value for o in rng.sample(f.options, count)]
    return values


def _leaves(match: Match[Any], rng: random.Random, choice: Choice, depth: int) -> Iterator[str]:
    if choice.command is not None:
        yield choice.command
    elif choice.input is not None and choice.input.kind == "form" and rng.random() < 0.7:
        values = form_values(choice, rng)  # (else its partial's chain, when it has one)
        line = choice.input.fill_form(values)
        if choice.input.leads_to(values) == "partial":
            if depth < MAX_DEPTH:
                yield from walk(match, rng, line, depth + 1)
        else:
            yield line
    elif choice.input is not None and choice.input.kind == "form":
        if choice.partial is not None and depth < MAX_DEPTH:
            yield from walk(match, rng, choice.partial, depth + 1)
    elif choice.input is not None and choice.input.kind in ("choice", "die") \
            and not any(o.enabled for o in choice.input.options):
        return  # nothing to choose (greyed with why): no command to try
    elif choice.input is not None and choice.input.then == "partial":
        if depth < MAX_DEPTH:
            yield from walk(match, rng, fill(choice, rng), depth + 1)
    elif choice.input is not None:
        yield fill(choice, rng)
    elif choice.partial is not None and depth < MAX_DEPTH:
        yield from walk(match, rng, choice.partial, depth + 1)


def choose(match: Match[Any], rng: random.Random, per_action: int = 30) -> str | None:
    """An accepted command: the public prompt's actions in a random order, each walked
    down its partials for at most `per_action` commands before the next is tried."""
    _, choices = candidates(match, None, None)
    for choice in shuffled(choices, rng):
        for count, command in enumerate(_leaves(match, rng, choice, 1)):
            result = match.plan(command).result
            if result.ok and result.step is not None:
                return command
            if count >= per_action:
                break
    return None


def fork(match: Match[Any]) -> Match[Any]:
    """A throwaway match in the same state, to run commands on without touching `match`."""
    copy = Match(match.rules, match.catalog, match.seed)
    copy.state = match.state
    return copy


def check_prompt(match: Match[Any], shown: Prompt) -> int:
    """Soundness at one state: every enabled command is accepted, every disabled one is
    refused with exactly its reason, and every enabled partial leads somewhere."""
    checked = 0
    for action in shown.actions:
        if action.command is not None and action.command not in ("undo", "redo"):
            result = fork(match).execute(action.command)
            if action.enabled:
                assert result.ok and result.step is not None, (action, result.message)
            else:
                assert not result.ok and result.message == action.reason, (action, result)
            checked += 1
        elif action.partial is not None and action.enabled \
                and action.private_to in (None, shown.as_seat):
            assert prompt(match, shown.as_seat, action.partial).enabled(), action
    return checked


def hidden_missions(match: Match[Any]) -> tuple[set[str], set[str], set[str]]:
    """IDs, names and goal texts of every mission in a hidden hand (names also shown
    publicly, such as a revealed copy, are left out: showing them tells nothing)."""
    catalog, table = match.catalog, match.state.table
    hidden = [c for c, zone in table.locations.items() if zone.startswith("hand:")]
    public = {catalog.cards[c].name for c, zone in table.locations.items()
              if zone.startswith(("area:", "discard:", "play:"))}
    names = {catalog.cards[c].name for c in hidden} - public
    return set(hidden), names, {catalog.cards[c].summary for c in hidden}


def leak_finder(match: Match[Any]) -> Callable[[str], list[str]]:
    """A search for the hidden missions of `match` now: their IDs, names and goal texts."""
    ids, names, goals = hidden_missions(match)
    texts = names | goals

    def found(text: str) -> list[str]:
        hits = [t for t in texts if t in text]
        return hits + [i for i in ids if i in text
                       and re.search(rf"\b{re.escape(i)}\b", text)]
    return found


def leaks(match: Match[Any], text: str) -> list[str]:
    """Hidden missions named, numbered or described in `text`."""
    return leak_finder(match)(text)


def public_texts(match: Match[Any], shown: Prompt | None, whole_history: bool = True
                 ) -> dict[str, str]:
    """What the shared screen may show: the view, the one view shape (`table`), the
    history (or its newest row), the public prompt if given."""
    from companion.api import history_rows, table_view

    view = match.rules.view(match.state, match.catalog, None)
    rows = history_rows(match) if whole_history else _newest_row(match)
    texts = {"view": json.dumps(view), "history": json.dumps(rows),
             "table": json.dumps(table_view(match).to_dict())}
    if shown is not None:
        texts["prompt"] = json.dumps(shown.to_dict())
    return texts


def _newest_row(match: Match[Any]) -> list[dict[str, Any]]:
    from companion.core.privacy import public_step

    if not match.index:
        return []
    return [public_step(match.step(max(match.index))).to_dict()]
