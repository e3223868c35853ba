"""One view shape every game fills: what a shared screen shows of any game.

A game's rules build a `TableView` from its state (`table_view(state, catalog, seat)`);
the table API returns its `to_dict()` (`TableAPI.table()`, and the key `table` of
`view()` and `state --json`). A screen draws every game from this one shape: the
seats with their counters said by the game's own nouns, the decks, and the game's
own panels as titled lists of rows. docs/table-api.md documents the JSON.

The public view (`seat` None) never holds a hidden card; a seat's own view may add
that seat's hidden cards (a panel of its own).

>>> credits = Counter.of("credits", 5, "credit")
>>> credits.text, Counter.of("command", 1, "command point").text
('5 credits', '1 command point')
>>> Counter.from_dict(credits.to_dict()) == credits
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core import piles
from companion.core.catalog import Catalog
from companion.core.table import Table
from companion.core.words import counted, seat_and_player

#: How a panel row is drawn: an ordinary row, a heading over the rows after it, a
#: sentence, or a sentence the table must act on.
ROW_KINDS = ("row", "heading", "note", "warning")


@dataclass(frozen=True)
class Counter:
    """A seat's count (credits, planets...): its key, value, and the game's noun for one
    unit of it (the rules' `resource_nouns`); `text` says it ("5 credits")."""

    key: str
    value: int
    noun: str
    text: str

    @classmethod
    def of(cls, key: str, value: int, noun: str | None = None,
           plural: str | None = None) -> Counter:
        """A counter said with `noun` (the key when the game names no unit)."""
        word = noun or key
        text = counted(value, word, plural) if noun else f"{value} {key}"
        return cls(key, value, word, text)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "value": self.value, "noun": self.noun, "text": self.text}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Counter:
        return cls(str(raw["key"]), int(raw["value"]), str(raw["noun"]), str(raw["text"]))


@dataclass(frozen=True)
class ScoreSource:
    """Where some of a seat's points came from ("primary mission P03", +3)."""

    source: str
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "points": self.points}


@dataclass(frozen=True)
class CardRef:
    """A public card: its code, printed name and one-line summary."""

    id: str
    name: str
    summary: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "summary": self.summary}


@dataclass(frozen=True)
class Track:
    """A number the core's `adjust TARGET KEY ±N reason` may correct: now and its top."""

    key: str
    label: str
    value: int
    highest: int

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "value": self.value,
                "highest": self.highest}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Track:
        return cls(str(raw["key"]), str(raw["label"]), int(raw["value"]), int(raw["highest"]))


@dataclass(frozen=True)
class SeatView:
    """One seat as the table sees it."""

    seat: str
    player: str
    colour: str | None = None
    score: int | None = None
    score_sources: tuple[ScoreSource, ...] = ()
    counters: tuple[Counter, ...] = ()
    in_effect: tuple[CardRef, ...] = ()
    active: bool = False
    #: Short public facts about the seat ("SHLD1 in Mars orbit, energy 3/5").
    detail: tuple[str, ...] = ()
    #: What `adjust SEAT KEY ±N` may correct on this seat (none when the game has none).
    corrections: tuple[Track, ...] = ()
    #: The seat's place among every seat the game has (Exploration's spaceports in their
    #: preparation order; None where seats are free names): the same game after game,
    #: whoever else sits, so a screen colours the seat alike in every game.
    seat_index: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "player": self.player, "colour": self.colour,
                "score": self.score,
                "score_sources": [s.to_dict() for s in self.score_sources],
                "counters": [c.to_dict() for c in self.counters],
                "in_effect": [c.to_dict() for c in self.in_effect],
                "active": self.active, "detail": list(self.detail),
                "corrections": [t.to_dict() for t in self.corrections],
                "seat_index": self.seat_index}


@dataclass(frozen=True)
class DeckView:
    """A deck: cards left to draw and in its discard pile, and lines about it."""

    id: str
    name: str
    left: int
    discarded: int = 0
    #: Public facts about it ("3 fragments left"), and what the table must do first
    #: ("The hazard deck is empty: shuffle its discard pile (4 cards)...") in `warnings`.
    lines: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "left": self.left,
                "discarded": self.discarded, "lines": list(self.lines),
                "warnings": list(self.warnings)}


@dataclass(frozen=True)
class PanelRow:
    """One row of a panel: a text, an optional badge (a seat's initial, coloured by
    `seat`), a number in big digits, and detail lines."""

    text: str
    badge: str = ""
    seat: str | None = None
    number: str = ""
    detail: tuple[str, ...] = ()
    kind: str = "row"
    #: The `adjust` target and what it may correct (a ship's energy...), if anything.
    target: str | None = None
    corrections: tuple[Track, ...] = ()
    #: The row stands out from what is printed (a planet whose attachment changed it).
    marked: bool = False
    #: What the number counts, in small words under it ("fragments"): a bare big number
    #: beside a row's words read as a count of something else (try 18, finding 11).
    unit: str = ""
    #: A partial of the prompt a tap on the row opens in the list of actions (its actions
    #: where a player looks for them: try 17, finding 3), with `action` the words of its
    #: button; "" for none.
    opens: str = ""
    action: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ROW_KINDS:
            raise ValueError(f"A panel row's kind is one of {', '.join(ROW_KINDS)}, "
                             f"not {self.kind!r}.")

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "badge": self.badge, "seat": self.seat,
                "number": self.number, "detail": list(self.detail), "kind": self.kind,
                "target": self.target, "corrections": [t.to_dict() for t in self.corrections],
                "marked": self.marked, "unit": self.unit, "opens": self.opens,
                "action": self.action}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> PanelRow:
        return cls(str(raw["text"]), str(raw.get("badge") or ""), raw.get("seat"),
                   str(raw.get("number") or ""), tuple(raw.get("detail") or ()),
                   str(raw.get("kind") or "row"), raw.get("target"),
                   tuple(Track.from_dict(t) for t in raw.get("corrections") or ()),
                   bool(raw.get("marked")), str(raw.get("unit") or ""),
                   str(raw.get("opens") or ""), str(raw.get("action") or ""))


@dataclass(frozen=True)
class Panel:
    """A game's own panel: a title (a word or two, a tab's label) and its rows;
    `empty` is the sentence shown when it has no rows; `actions` a partial of the
    prompt whose complete commands the panel offers as buttons under its rows
    (TI4's Relics: `relic`, the purges the rules accept now), or None. `by_seat`: its
    rows are what each seat holds (`seat_rows` gives one seat's), shown again when a
    player opens that seat."""

    id: str
    title: str
    rows: tuple[PanelRow, ...] = ()
    empty: str = ""
    actions: str | None = None
    by_seat: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "rows": [r.to_dict() for r in self.rows],
                "empty": self.empty, "actions": self.actions, "by_seat": self.by_seat}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Panel:
        return cls(str(raw["id"]), str(raw["title"]),
                   tuple(PanelRow.from_dict(r) for r in raw.get("rows") or ()),
                   str(raw.get("empty") or ""), raw.get("actions"), bool(raw.get("by_seat")))

    def seat_rows(self, seat: str) -> tuple[PanelRow, ...]:
        """What `seat` holds in this panel: its heading and the rows under it (up to the
        next heading), and any other row whose `seat` it is; nothing unless `by_seat`.

        >>> panel = Panel("p", "Planets", (PanelRow("Ann", seat="Ann", kind="heading"),
        ...     PanelRow("Loki", number="1/2"), PanelRow("Bo", seat="Bo", kind="heading"),
        ...     PanelRow("Jord", number="4/2"), PanelRow("Ann's relic", seat="Ann")), by_seat=True)
        >>> [r.text for r in panel.seat_rows("Ann")]
        ['Ann', 'Loki', "Ann's relic"]
        """
        if not self.by_seat:
            return ()
        rows, owner = [], None
        for row in self.rows:
            if row.kind == "heading":
                owner = row.seat
            if (row.seat == seat if row.kind == "heading" or row.seat else owner == seat):
                rows.append(row)
        return tuple(rows)


@dataclass(frozen=True)
class TableView:
    """Everything a shared screen shows of a game, in one shape for every game."""

    game: str
    title: str
    round: int
    phase: str
    phase_name: str
    active: str | None = None
    rounds: int | None = None
    waiting_for: str = ""
    seats: tuple[SeatView, ...] = ()
    decks: tuple[DeckView, ...] = ()
    panels: tuple[Panel, ...] = ()
    #: Lines shown under the round and phase (Exploration's flight order).
    notes: tuple[str, ...] = ()
    over: bool = False
    #: Whose view: None for the public one, else the seat whose own cards it shows.
    as_seat: str | None = None

    @property
    def round_name(self) -> str:
        """'Round 2 of 8', 'Round 3', or 'Before round 1' (of 8)."""
        of = f" of {self.rounds}" if self.rounds else ""
        return f"Round {self.round}{of}" if self.round else f"Before round 1{of}"

    @property
    def turn(self) -> str:
        """"Xichang (Mia) to play": the seat as the game's sentences name it, and its
        player, whom the table calls by name (try 25, finding 6); "Alice to play" where the
        seat is the player's own name."""
        if not self.active:
            return ""
        player = next((s.player for s in self.seats if s.seat == self.active), "")
        return f"{seat_and_player(self.active, player)} to play"

    def panel(self, panel_id: str) -> Panel | None:
        return next((p for p in self.panels if p.id == panel_id), None)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "round": self.round,
                "rounds": self.rounds, "round_name": self.round_name, "phase": self.phase,
                "phase_name": self.phase_name, "active": self.active, "turn": self.turn,
                "waiting_for": self.waiting_for, "over": self.over, "as_seat": self.as_seat,
                "seats": [s.to_dict() for s in self.seats],
                "decks": [d.to_dict() for d in self.decks],
                "panels": [p.to_dict() for p in self.panels],
                "notes": list(self.notes)}


def counters(values: Mapping[str, int], nouns: Mapping[str, str],
             order: Sequence[str] | None = None) -> tuple[Counter, ...]:
    """Counters for `values`, each said by `nouns` (a key without a noun by its key)."""
    keys = order if order is not None else list(values)
    return tuple(Counter.of(k, int(values[k]), nouns.get(k)) for k in keys if k in values)


def score_sources(breakdown: Mapping[str, int]) -> tuple[ScoreSource, ...]:
    return tuple(ScoreSource(str(s), int(p)) for s, p in breakdown.items())


def deck_view(table: Table, catalog: Catalog, deck: str, lines: Sequence[str] = (),
              warnings: Sequence[str] = ()) -> DeckView:
    """A catalog deck as the table sees it: its title, cards left and discarded."""
    info = catalog.decks.get(deck)
    return DeckView(deck, info.title if info else deck, table.count_in(piles.deck_zone(deck)),
                    table.count_in(piles.discard_zone(deck)), tuple(lines), tuple(warnings))


def basic_table_view(game: str, title: str, table: Table, catalog: Catalog,
                     seat: str | None = None,
                     nouns: Mapping[str, str] | None = None) -> TableView:
    """What the core alone knows of any game's table: round, phase, whose turn, each
    seat's score, sources and resources, and every catalog deck (no panels). A game
    without its own `table_view` is shown this way."""
    seats = tuple(SeatView(
        seat=s, player=table.players.get(s, s), score=table.score_of(s),
        score_sources=score_sources(table.score_breakdown(s)),
        counters=counters(table.resources.get(s, {}), nouns or {}),
        active=s == table.active) for s in table.seats)
    phase = table.phase
    return TableView(game=game, title=title, round=table.round, phase=phase,
                     phase_name=phase.replace("-", " ").capitalize(), active=table.active,
                     seats=seats, decks=tuple(deck_view(table, catalog, d)
                                              for d in catalog.decks), as_seat=seat)


def table_view_of(rules: Any, state: Any, catalog: Catalog, seat: str | None = None,
                  shown: Mapping[str, Any] | None = None) -> TableView:
    """The game's `table_view` (GameRules: its own, or the core's `basic_table_view`);
    `shown` is the game's `view(state, catalog, seat)` when the caller has it already
    (a screen needs both: the view is then built once)."""
    return rules.table_view(state, catalog, seat, shown)  # type: ignore[no-any-return]
