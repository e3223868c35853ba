"""What a game module provides to the engine: a plain definition, no I/O.

Each game package exposes one `GameRules` object (see games/*/rules.py), an
instance of a class that inherits `GameRules[ItsState]`: it must define the
required members, and inherits the documented default of every optional one
(`offers_prompt`, `resource_nouns`, `is_over`, `situation`, `expand`,
`new_game_form`, `table_view`, `moments`, `odds_notes`) unless it overrides it.
The core calls the optional ones directly: it never probes a game for what it has.
Its state is a frozen dataclass holding a core `Table` as `table`, plus whatever
the game needs, with `to_dict()` /
`from_dict()`. Its `phases` (core/phases.py) say which verbs, scans, rolls and
hooks each phase has; its `vocabulary` says which events it folds and how older
forms are read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Protocol

from companion.core.catalog import Catalog
from companion.core.dice import Die
from companion.core.events import Event, Step, Vocabulary
from companion.core.moments import Moment, default_moments
from companion.core.newgame import NewGameForm
from companion.core.outcome import GameState, Outcome, S
from companion.core.phases import Phases
from companion.core.tableview import TableView, basic_table_view

__all__ = ["GameRules", "GameState", "Outcome", "S", "Verb", "Waiting"]


@dataclass(frozen=True)
class Verb:
    """One word of a game's script vocabulary, for help and docs/commands.md."""

    name: str
    usage: str
    help: str
    example: str
    aliases: tuple[str, ...] = field(default=())


class Waiting(Protocol):
    """What a game's `situation` says, as the core reads it (core/prompt.py's `Situation`
    has these and the choices)."""

    @property
    def seat(self) -> str | None: ...

    @property
    def waiting_for(self) -> str: ...

    @property
    def expects_scan(self) -> tuple[str, ...]: ...

    @property
    def over(self) -> bool: ...


class GameRules(Protocol[S]):
    """The small fixed rules API every game module implements (see the module's note)."""

    game: str
    title: str

    def new_state(self, catalog: Catalog, seed: int) -> S:
        """The state before the first command: every card in its starting zone."""

    @property
    def phases(self) -> Phases[S]:
        """Every phase: its verbs, scans by deck, rolls by die, and hooks on entering."""

    @property
    def vocabulary(self) -> Vocabulary:
        """The event types `apply` folds, and migrations of older forms."""

    def apply(self, state: S, event: Event) -> S:
        """Fold one event; never fails for an event the vocabulary has read."""

    def verbs(self) -> Sequence[Verb]:
        """The game's own vocabulary (the core adds undo, redo, scan, roll, ...)."""

    def dice(self, catalog: Catalog) -> Mapping[str, Die]:
        """The game's dice by name."""

    def view(self, state: S, catalog: Catalog, seat: str | None) -> dict[str, Any]:
        """JSON view: public when `seat` is None, else that seat's own view."""

    def render(self, state: S, catalog: Catalog, seat: str | None) -> str:
        """A plain-text scoreboard of the same view, for terminals and logs."""

    def state_from_dict(self, raw: Mapping[str, Any]) -> S:
        """Rebuild a state saved with `to_dict()`."""

    # ---- optional: each has a default a game inherits --------------------------------
    #: True when `situation` and `expand` describe the game: only then do the prompt,
    #: the app's buttons and the `next` hint exist for it. Default: False.
    offers_prompt: ClassVar[bool] = False
    #: The game's name for one unit of each resource ({"credits": "credit"}): costs are
    #: said "1 credit, 2 command points"; a resource not named is said as its key.
    #: Default: none named.
    resource_nouns: ClassVar[Mapping[str, str]] = MappingProxyType({})
    #: The order of the prompt's groups, whatever the state: a screen shows the actions
    #: group by group in this order, the same for every seat and after every action (the
    #: prompt's `groups`). A group not named comes after, in the order it first appears.
    #: Default: none named (the order the actions come in).
    prompt_groups: ClassVar[tuple[str, ...]] = ()
    #: The table's pick of the card it owes from one deck ("Pick the card drawn at the
    #: table", a list to open) is the moment's main action (a screen's fixed bar: one place
    #: to tap after every step) when the game offers no other main action then; the app's
    #: own draw never is (it would draw where "End turn" sat a moment before). Default:
    #: False (the pick is listed with the other actions).
    draw_is_main: ClassVar[bool] = False

    def retired_event(self, e: Event, catalog: Catalog) -> bool:
        """Whether `e`, in a step of a game an older companion exported, is one these rules
        no longer make there (a die they now know needs no roll): an import by the rules
        passes over it where the rules make one event fewer, and keeps it in the step as
        played. Default: none is."""
        return False

    def is_over(self, state: S) -> bool:
        """True once the game has ended: no turn follows, the app shows the final
        scores. Default: never (TI4's exploration lasts as long as the table plays)."""
        return False

    def situation(self, state: S, catalog: Catalog, seat: str | None) -> Waiting | None:
        """Who acts and what the game waits for (core/prompt.py's `Situation`) when
        `offers_prompt`. Default: None (a game without a prompt)."""
        return None

    def expand(self, state: S, catalog: Catalog, partial: str,
               seat: str | None) -> Sequence[Any]:
        """The choices (core/prompt.py's `Choice`s) that may follow `partial` when
        `offers_prompt`. Default: none."""
        return ()

    def new_game_form(self, catalog: Catalog) -> NewGameForm | None:
        """What the app's new-game screen asks, and the lines it sends (core/newgame.py).
        Default: None; the app then offers no new game of it (the CLI still starts one)."""
        return None

    def table_view(self, state: S, catalog: Catalog, seat: str | None,
                   shown: Mapping[str, Any] | None = None) -> TableView:
        """The one view shape every screen draws (core/tableview.py); `shown`, when not
        None, is this game's `view(state, catalog, seat)` already built (use it rather
        than building it again: a screen needs both). Default: the core's
        `basic_table_view` of the state's table (seats, scores, decks)."""
        return basic_table_view(self.game, self.title, state.table, catalog, seat,
                                self.resource_nouns)

    def moments(self, state: S, catalog: Catalog, step: Step) -> Sequence[Moment]:
        """What a step just committed did that deserves a screen (core/moments.py).
        Default: the core's cards drawn and dice rolled."""
        return default_moments(step, catalog, self.dice(catalog), state.table.seats,
                               state.table.players)

    def odds_notes(self, state: S, catalog: Catalog, deck: str) -> list[str]:
        """Sentences the engine adds to `odds DECK` (how many relic fragments are
        left, say). Default: none."""
        return []
