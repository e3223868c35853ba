"""The prompt: who acts, what the game waits for, and every action available now.

A game lists *choices* for its state (`GameRules.situation` and `expand`, in the
game's own package); this module decides whether each is enabled by dry-running
its complete command through the rules (`Match.plan`, which never commits). A
disabled action's reason is therefore exactly the sentence the command would be
refused with, and an enabled complete command is accepted when run, by
construction. Partials are enabled when some chain of choices under them ends in
an enabled command (searched depth first, at most `MAX_DEPTH` levels).

The core adds what every game shares: the app draw (`draw DECK`) for each deck
the table owes a card from, beside it the card drawn at the table picked by touch
(`scan DECK`, core/drawn.py), and undo and redo with their previews as labels.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from companion.core.drawn import Pick, expand_pick, is_pick, top_picks
from companion.core.engine import Match, Plan
from companion.core.events import Step
from companion.core.forms import FormField, fill_form, form_leads_to
from companion.core.privacy import public_command
from companion.core.rules import GameRules
from companion.core.words import counted

#: A chain of choices is at most this deep (the first partial is level 1).
MAX_DEPTH = 6
#: Dry runs one partial may spend looking for an enabled command below it.
SEARCH_BUDGET = 48
UNDO_GROUP = "Undo and redo"
DRAW_GROUP = "Draw a card"
#: Who draws the cards the table owes: "table" (real cards, each picked or scanned) or
#: "app" (the app's own decks). It decides only which of the two is the main action.
DRAWERS = ("table", "app")

InputKind = Literal["count", "text", "choice", "order", "die", "form"]
#: What the filled template is: a complete command, or a partial whose choices follow.
InputLeadsTo = Literal["command", "partial"]


@dataclass(frozen=True)
class Option:
    """One of the values a `choice`, `order` or `die` input offers.

    `group` gathers an order's options under a heading (a system's planets); `detail`
    is a line under the label; `symbols` is how many symbols (pips) a die's face shows.
    `reason`, when set, is why the option cannot be chosen now (the sentence the command
    would be refused with): a screen shows it in its place, greyed, so a list keeps the
    same places for every seat and every turn (a planet the seat already controls).
    """

    value: str
    label: str
    group: str | None = None
    detail: str | None = None
    symbols: int | None = None
    reason: str | None = None

    @property
    def enabled(self) -> bool:
        return self.reason is None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"value": self.value, "label": self.label}
        for key in ("group", "detail", "symbols"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.reason is not None:
            data["enabled"], data["reason"] = False, self.reason
        return data


@dataclass(frozen=True)
class OptionSection:
    """A key of a long `order` input's list: `label` ("20-29") shows the options of
    `groups` (their `group`s), fixed for the whole game whatever is offered now, so a key
    never moves nor changes its range; `title`, when set, heads those groups in the whole
    list ("Home systems")."""

    label: str
    groups: tuple[str, ...]
    title: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"label": self.label, "groups": list(self.groups)}
        if self.title:
            data["title"] = self.title
        return data


@dataclass(frozen=True)
class InputSpec:
    """A value the player enters: the command is `template` with `{}` replaced.

    `probe` is a complete command the core dry-runs to judge the action. `kind`:
    `count` (a whole number from `min` to `max`), `text` (a free name), `choice` (one
    of `options`), `order` (some of `options`, `min` to `max` of them, in the order
    chosen), `die` (a face of the die `die`, each option a face with its symbols) or
    `form` (several `fields` on one screen, each `{name}` of the template filled by
    `fill_form`). `then` says whether the filled template is a command or a partial
    (a form's line is also a partial when a chosen option says so).
    """

    kind: InputKind
    template: str
    probe: str
    min: int | None = None
    max: int | None = None
    options: tuple[Option, ...] = ()
    die: str | None = None
    then: InputLeadsTo = "command"
    fields: tuple[FormField, ...] = ()
    #: The game's sentence for a screen to show while nothing is chosen yet, naming
    #: what its options are ("Tap a player on the left to add them, in turn order.").
    hint: str | None = None
    #: An order's keys, in the game's order (none: a screen makes its own from the groups).
    sections: tuple[OptionSection, ...] = ()
    #: A form's send button in the game's words once every field is chosen, each `{NAME}`
    #: the chosen options' labels ("Carol plays {faction}"); none: the action's label and
    #: what is chosen.
    sends: str | None = None
    #: A form's send button's verb ("Apply"), when the action's label is not one: the
    #: button reads "Apply: resistance -1, credits +3", not the screen's title again.
    submit: str | None = None
    #: A `die` input's value that leaves this roll to the app (filling the template with
    #: it): a screen offers "the app rolls" for every check of a move, not only the first.
    app: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "min": self.min, "max": self.max,
                                "template": self.template}
        if self.kind in ("choice", "order", "die"):
            data["options"] = [o.to_dict() for o in self.options]
        if self.kind == "form":
            data["fields"] = [f.to_dict() for f in self.fields]
        if self.die is not None:
            data["die"] = self.die
        if self.then != "command":
            data["then"] = self.then
        if self.hint:
            data["hint"] = self.hint
        if self.sends:
            data["sends"] = self.sends
        if self.sections:
            data["sections"] = [s.to_dict() for s in self.sections]
        if self.submit:
            data["submit"] = self.submit
        if self.app:
            data["app"] = self.app
        return data

    def fill(self, *values: str) -> str:
        """The line for the values entered: one word each (quoted when it needs it),
        an order's values joined by spaces in the order chosen."""
        return fill_template(self.template, values)

    def fill_form(self, values: Mapping[str, Sequence[str]]) -> str:
        """A form's line for the values chosen per field (a field not given: its default)."""
        return fill_form(self.template, self.fields, values)

    def leads_to(self, values: Mapping[str, Sequence[str]]) -> str:
        """What a form's line is for these values: "command", or "partial"."""
        return form_leads_to(self.fields, values, self.then)


def fill_template(template: str, values: Sequence[str]) -> str:
    """`template` with `{}` replaced by the values, each one word.

    >>> fill_template("join Kourou {}", ["Ana Lee"])
    "join Kourou 'Ana Lee'"
    >>> fill_template("take {} for Alice", ["P76C", "P76A"])
    'take P76C P76A for Alice'
    """
    import shlex

    return template.replace("{}", " ".join(shlex.quote(v.strip()) for v in values), 1)


@dataclass(frozen=True)
class Choice:
    """A candidate action a game offers: exactly one of command, partial or input.

    `cost` None lets the core derive it from the dry run's payments. A `form` input may
    come with the `partial` whose chain it asks on one screen: both are offered (a client
    that knows no forms walks the partial), and the partial's chain judges the action. A choice
    `private_to` a seat (completing a hidden mission) is shown to everyone else
    masked: its label says only that seat sees the choices (`private_label`: what is
    chosen may then be announced, as a drafted ship is), and its choices open only in
    that seat's own prompt.
    """

    label: str
    group: str
    command: str | None = None
    partial: str | None = None
    input: InputSpec | None = None
    cost: str | None = None
    private_to: str | None = None
    priced: bool = True
    sure: bool = False  # known to be accepted without a dry run (undo with a step to undo)
    #: Known to be refused, with this sentence (no dry run): kept greyed in its place.
    refused: str | None = None
    check: Mapping[str, Any] | None = None  # a dice check's numbers, for a check screen
    #: The moment's main action (end the turn, start the round): a screen keeps it in one
    #: fixed place, never at the bottom of a list. At most one choice of a prompt.
    main: bool = False
    #: Where a player looks for it (selecting a ship the others can select, playing a
    #: card they hold): when refused, a screen keeps it greyed in its place with its
    #: reason, not only among what is not possible now (try 9).
    in_place: bool = False
    #: What its place says while refused, in the game's short words naming the action
    #: ("Transporter (TRNS1) is selected."): a screen shows them there instead of the
    #: label and the whole reason, so a button greyed after a tap is no taller than it
    #: was and moves no button under it (issue 22, try 13). None: the label and reason.
    greyed: str | None = None
    #: A choice `private_to` a seat that follows another seat's private choice (the next
    #: drafter of a pack the app dealt): right after a step that makes it due, a screen
    #: hands itself over to that seat, its privacy step closed, instead of going back to
    #: the table (issue 22: two taps a pick, not three).
    hand_over: bool = False
    #: A line about the choice, besides its label, for a screen that hands itself over
    #: (`hand_over`): what the seat is handed ("Pack 2 of 4 starts with Finn", so a
    #: player who picks twice in a row sees the second hand-over is a new one; try 13, 9).
    note: str | None = None


@dataclass(frozen=True)
class Situation:
    """What a game says about its state: who acts, what it waits for, the choices."""

    seat: str | None
    waiting_for: str
    expects_scan: tuple[str, ...] = ()
    choices: tuple[Choice, ...] = ()
    over: bool = False
    #: How many cards the table owes now, when the game counts them: with more than one,
    #: the core offers the app's draw of every one (`draw all`, one reveal to page through).
    owed_cards: int = 0
    #: Every deck whose app draw keeps its place now, in a fixed order (a setup's decks):
    #: one not in `expects_scan` is done and stands greyed, "done", in its place, so no
    #: other draw moves up under a finger. Empty: the draws are `expects_scan`'s alone.
    draw_places: tuple[str, ...] = ()


class PromptRules(Protocol):
    """The two functions a game provides for the prompt (see games/*/prompt.py).

    A game may also name one unit of each of its resources, `resource_nouns`
    ({"credits": "credit", "command": "command point"}), so an action's cost is said
    "1 credit, 2 command points"; a resource it does not name is said as its key.
    """

    def situation(self, state: Any, catalog: Any, seat: str | None) -> Situation: ...

    def expand(self, state: Any, catalog: Any, partial: str,
               seat: str | None) -> Sequence[Choice]: ...


@dataclass(frozen=True)
class Action:
    """A choice judged against the current state, ready for a screen."""

    label: str
    group: str
    cost: str | None
    enabled: bool
    reason: str | None
    command: str | None = None
    partial: str | None = None
    input: InputSpec | None = None
    check: Mapping[str, Any] | None = None
    private_to: str | None = None
    main: bool = False
    in_place: bool = False  # refused: shown greyed in its place with its reason
    hand_over: bool = False  # private: the screen passes to its seat by itself
    note: str | None = None  # what a hand-over says besides the label (the pack it starts)
    greyed: str | None = None  # refused and in place: its place's short words (Choice's)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"label": self.label, "group": self.group, "cost": self.cost,
                                "enabled": self.enabled, "reason": self.reason}
        if self.private_to is not None:
            data["private_to"] = self.private_to
        if self.command is not None:
            data["command"] = self.command
        elif self.partial is not None:
            data["partial"] = self.partial
        if self.input is not None and ((self.command is None and self.partial is None)
                                       or self.input.kind == "form"):
            data["input"] = self.input.to_dict()
        if self.check is not None:
            data["check"] = dict(self.check)
        if self.main:
            data["main"] = True
        if self.in_place:
            data["in_place"] = True
        if self.greyed is not None and not self.enabled:
            data["greyed"] = self.greyed
        if self.hand_over:
            data["hand_over"] = True
        if self.note is not None:
            data["note"] = self.note
        return data


@dataclass(frozen=True)
class Prompt:
    """Who acts now, what the game waits for, and every action available."""

    seat: str | None
    waiting_for: str
    expects_scan: tuple[str, ...]
    actions: tuple[Action, ...]
    after: str | None = None
    as_seat: str | None = None
    #: Every group of `actions`, in the game's fixed order (`GameRules.prompt_groups`).
    groups: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "waiting_for": self.waiting_for,
                                "expects_scan": list(self.expects_scan),
                                "actions": [a.to_dict() for a in self.actions],
                                "groups": list(self.groups)}
        if self.after is not None:
            data["after"] = self.after
        if self.as_seat is not None:
            data["as_seat"] = self.as_seat
        return data

    def enabled(self) -> list[Action]:
        return [a for a in self.actions if a.enabled]

    def hint(self) -> str:
        """The `next:` line: what the game waits for."""
        return self.waiting_for


def supports_prompt(rules: GameRules[Any]) -> bool:
    """Whether the game declares a prompt (`GameRules.offers_prompt`)."""
    return rules.offers_prompt


@dataclass
class _Judge:
    """Dry runs of one prompt, each command planned once."""

    match: Match[Any]
    seat: str | None
    plans: dict[str, Plan[Any]] = field(default_factory=dict)
    owed: tuple[str, ...] | None = None  # the decks owed, once a pick's choices are asked

    def plan(self, command: str) -> Plan[Any]:
        if command not in self.plans:
            self.plans[command] = self.match.plan(command)
        return self.plans[command]

    def refusal(self, command: str) -> str | None:
        """None when `command` would be accepted as a step, else its refusal sentence."""
        result = self.plan(command).result
        if result.ok and result.kind == "step":
            return None
        return result.message if not result.ok else "That changes nothing now."

    def children(self, partial: str) -> Sequence[Choice]:
        rules: Any = self.match.rules
        if is_pick(partial):
            if self.owed is None:
                now = rules.situation(self.match.state, self.match.catalog, self.seat)
                self.owed = tuple(now.expects_scan)
            return picks(self.match, self.owed, partial, self.seat, self.plan)
        return rules.expand(self.match.state, self.match.catalog, partial, self.seat)

    def search(self, partial: str, depth: int, budget: list[int]) -> str | None:
        """None if some chain under `partial` ends in an enabled command, else a reason."""
        first: str | None = None
        # Any enabled child will do, so the likeliest first: inputs (probes), then
        # commands, then deeper partials. The order shown to players is not changed.
        for child in sorted(self.children(partial), key=_search_rank):
            if budget[0] <= 0:
                break
            reason = self._reason(child, depth, budget)
            if reason is None:
                return None
            first = first or reason
        return first or "Nothing can be chosen here now."

    def _reason(self, choice: Choice, depth: int, budget: list[int]) -> str | None:
        if choice.refused is not None:
            return choice.refused
        if choice.sure:
            return None
        if choice.command is not None:
            budget[0] -= 1
            return self.refusal(choice.command)
        if choice.input is not None and choice.partial is None:
            budget[0] -= 1
            return self.refusal(choice.input.probe)
        if choice.partial is not None and depth < MAX_DEPTH:
            return self.search(choice.partial, depth + 1, budget)
        return "Nothing can be chosen here now."

    def action(self, choice: Choice, depth: int) -> Action:
        if choice.private_to is not None and choice.private_to != self.seat:
            players = self.match.state.table.players
            return Action(private_label(choice.label, players.get(choice.private_to,
                                                                  choice.private_to)),
                          choice.group, choice.cost, True, None, partial=choice.partial,
                          private_to=choice.private_to, main=choice.main,
                          hand_over=choice.hand_over, note=choice.note)
        reason = self._reason(choice, depth, [SEARCH_BUDGET])
        return Action(choice.label, choice.group, self._cost(choice, reason), reason is None,
                      reason, choice.command, choice.partial, choice.input, choice.check,
                      choice.private_to, choice.main, choice.in_place, choice.hand_over,
                      choice.note, choice.greyed)

    def _cost(self, choice: Choice, reason: str | None) -> str | None:
        if choice.cost is not None or choice.command is None or reason is not None \
                or not choice.priced:
            return choice.cost
        step = self.plan(choice.command).result.step
        nouns = self.match.rules.resource_nouns
        return payment(step, nouns) if step is not None else None


def private_label(label: str, player: str) -> str:
    """A choice private to a seat as the shared screen shows it: what is private is the
    list of choices, not what is chosen (a drafted ship is announced; try 9). `player`
    is who looks: the seat's player by name (try 13, 8), or the seat when none was typed.

    >>> private_label("Xichang takes a ship from the pack", "Dan")
    'Xichang takes a ship from the pack (only Dan sees the choices)'
    """
    return f"{label} (only {player} sees the choices)"


def _search_rank(choice: Choice) -> int:
    return 0 if choice.input is not None else 1 if choice.command is not None else 2


def payment(step: Step, nouns: Mapping[str, str] | None = None) -> str:
    """What a step spends, in words ("5 credits, 1 command point"), or "free"; `nouns`
    names one unit of each resource (see PromptRules)."""
    spent: dict[str, int] = {}
    for e in step.events:
        if e.type == "resource_changed" and int(e["delta"]) < 0 \
                and not str(e.get("reason", "")).startswith("manual adjust"):
            spent[str(e["resource"])] = spent.get(str(e["resource"]), 0) - int(e["delta"])
    return ", ".join(amount_phrase(n, r, nouns) for r, n in spent.items()) or "free"


def amount_phrase(amount: int, resource: str, nouns: Mapping[str, str] | None = None) -> str:
    """An amount of a resource in words, by the game's name for one unit of it.

    >>> amount_phrase(1, "command", {"command": "command point"})
    '1 command point'
    >>> amount_phrase(5, "credits", {"credits": "credit"}), amount_phrase(2, "energy")
    ('5 credits', '2 energy')
    """
    noun = (nouns or {}).get(resource)
    return counted(amount, noun) if noun else f"{amount} {resource}"


# ---- undo and redo ----------------------------------------------------------------------
def undo_preview(match: Match[Any]) -> str | None:
    """What undo would take back, as the table may read it; None if nothing."""
    if not match.stack:
        return None
    target = match.step(match.stack[-1])
    return f"Undo step {target.number} ({public_command(target)}): {target.message}"


def redo_preview(match: Match[Any]) -> str | None:
    """What redo would put back; None if nothing was undone since the last step."""
    if not match.redo_stack:
        return None
    target = match.step(match.redo_stack[-1])
    return f"Redo step {target.number} ({public_command(target)}): {target.message}"


def _undo_redo(match: Match[Any]) -> list[Choice]:
    choices = []
    for preview, command in ((undo_preview(match), "undo"), (redo_preview(match), "redo")):
        if preview is not None:
            # Undo and redo are refused only when there is nothing to take back or put
            # back, and then they are not offered: no dry run (a fold) is needed.
            choices.append(Choice(preview, UNDO_GROUP, command=command, priced=False,
                                  sure=True))
    return choices


DRAW_ALL = "Let the app draw every owed card"


def draw_choices(expects_scan: Sequence[str], title: Callable[[str], str],
                 owed_cards: int = 0, places: Sequence[str] = ()) -> list[Choice]:
    """The app draw for each deck the table owes a card from; every owed card at once
    when more than one is owed. With `places` (`Situation.draw_places`), a draw from
    each of those decks in that order, a done one greyed in its place, and the draw of
    every owed card kept in its place while one card or none is left."""
    if places:
        return [_every_in_place(expects_scan, owed_cards),
                *(_draw(deck, title) if deck in expects_scan else _done(deck, title)
                  for deck in places)]
    every = [Choice(DRAW_ALL, DRAW_GROUP, command="draw all",
                    priced=False)] if owed_cards > 1 and expects_scan else []
    return [*every, *(_draw(deck, title) for deck in expects_scan)]


def _draw(deck: str, title: Callable[[str], str]) -> Choice:
    return Choice(f"Let the app draw: {title(deck)}", DRAW_GROUP, command=f"draw {deck}",
                  priced=False)


def _done(deck: str, title: Callable[[str], str]) -> Choice:
    """A deck's draw once every card owed from it is drawn: greyed in its place, "done",
    with the game's own refusal (its dry run) as the reason."""
    return replace(_draw(deck, title), in_place=True, greyed=f"{title(deck)}: done")


def _every_in_place(expects_scan: Sequence[str], owed_cards: int) -> Choice:
    """The draw of every owed card, kept in its place: offered while more than one card
    is owed; else its dry run refuses it and it stands greyed."""
    every = Choice(DRAW_ALL, DRAW_GROUP, command="draw all", priced=False)
    if owed_cards > 1 and expects_scan:
        return every
    return replace(every, in_place=True, greyed="Every owed card: done" if not expects_scan
                   else "Every owed card: one left, below")


# ---- the prompt --------------------------------------------------------------------------
def prompt(match: Match[Any], seat: str | None = None, after: str | None = None,
           drawer: str = "table") -> Prompt:
    """The prompt of `match` now: public when `seat` is None, else that seat's own.

    With `after` (a partial), the actions are the choices that may follow it; `drawer`
    is who draws the owed cards (`DRAWERS`, see `candidates`).
    """
    judge = _Judge(match, seat)
    situation, choices = candidates(match, seat, after, judge.plan, drawer)
    actions = tuple(judge.action(c, 1) for c in choices)
    return Prompt(situation.seat, situation.waiting_for, situation.expects_scan, actions,
                  after.strip() if after is not None else None, seat,
                  group_order(getattr(match.rules, "prompt_groups", ()), actions))


def group_order(declared: Sequence[str], actions: Sequence[Action]) -> tuple[str, ...]:
    """The groups of `actions` in a fixed order: the app's draws first, then the game's
    declared order, then any other group as it first appears, undo and redo last."""
    present = list(dict.fromkeys(a.group for a in actions))
    fixed = [DRAW_GROUP, *declared]
    ordered = [g for g in fixed if g in present]
    ordered += [g for g in present if g not in ordered and g != UNDO_GROUP]
    return tuple(ordered + [UNDO_GROUP] * (UNDO_GROUP in present))


def candidates(match: Match[Any], seat: str | None = None, after: str | None = None,
               plan: Callable[[str], Plan[Any]] | None = None, drawer: str = "table",
               ) -> tuple[Situation, list[Choice]]:
    """The situation and the choices offered, not yet judged (playouts walk these);
    `plan` dry-runs a line (a judge's, whose plans are kept; else the match's).

    `drawer` is who draws the cards the table owes (`DRAWERS`), the table's own choice:
    where the rules make a card owed from one deck the moment's main action (their
    `draw_is_main`, no other main action), "table" makes it the pick of the card drawn
    at the table (a table that draws real cards taps its habit spot and must not draw
    an unseen card: tries 11, 16), "app" the app's draw of that deck (a table with no
    printed decks looked for it there: tries 24, 27, 28). Nothing else changes: both
    stay offered, in the same places. A camera changes nothing: a table with one that
    chose "app" still has the app draw (the camera reads the cards it is shown)."""
    rules: Any = match.rules
    situation: Situation = rules.situation(match.state, match.catalog, seat)
    plan = plan or match.plan
    if after is not None and is_pick(after):
        return situation, picks(match, situation.expects_scan, after.strip(), seat, plan)
    if after is not None:
        return situation, list(rules.expand(match.state, match.catalog, after.strip(), seat))
    if situation.over:
        return situation, [c for c in _undo_redo(match) if c.command == "undo"]
    titles = {d: _deck_title(match, d) for d in situation.expects_scan}
    titles.update({d: _deck_title(match, d) for d in situation.draw_places})
    draws = draw_choices(situation.expects_scan, titles.__getitem__, situation.owed_cards,
                         situation.draw_places)
    table = top_picks(match, situation.expects_scan, titles.__getitem__, plan)
    main = getattr(rules, "draw_is_main", False) and not any(c.main for c in situation.choices)
    if len(table) > 1:  # several decks owed (setup): the app's draws first, in reach; the
        # table's picks after the moment's own choices (each its deck's other way)
        later = [_pick_choice(p) for p in table.values()]
        return situation, [*draws, *situation.choices, *later, *_undo_redo(match)]
    draws = [c for d in draws for c in _with_pick(table, d, main and len(table) == 1, drawer)]
    return situation, [*draws, *situation.choices, *_undo_redo(match)]


def _with_pick(table: Mapping[str, Pick], draw: Choice, main: bool,
               drawer: str) -> list[Choice]:
    """The app's `draw` and the table's pick of its deck right after it (none after the
    draw of every owed card). With `main` (the one owed deck is the moment's main action),
    the `drawer`'s way is main: the pick for "table" (a tap there opens the deck's list
    and decides nothing, where "End turn" sat a moment before), the draw for "app"."""
    deck = (draw.command or "").removeprefix("draw ")
    if deck not in table:
        return [draw]
    pick = _pick_choice(table[deck])
    if main and drawer == "app":
        return [replace(draw, main=True), pick]
    return [draw, replace(pick, main=True) if main else pick]


def picks(match: Match[Any], owed: Sequence[str], partial: str, seat: str | None,
          plan: Callable[[str], Plan[Any]]) -> list[Choice]:
    """The choices after the core's `scan DECK [N]` (core/drawn.py)."""
    return [_pick_choice(p) for p in expand_pick(match, owed, partial, seat, plan)]


def _pick_choice(pick: Pick) -> Choice:
    return Choice(pick.label, DRAW_GROUP, command=pick.command, partial=pick.partial,
                  private_to=pick.private_to, priced=False, sure=pick.sure,
                  refused=pick.refused)


def _deck_title(match: Match[Any], deck: str) -> str:
    info = match.catalog.decks.get(deck)
    return str(getattr(info, "title", None) or f"{deck} deck")
