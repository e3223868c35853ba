"""What a screen reads from a session, gathered on the runner thread in one go.

Screens never touch the session: the runner hands them a `TableData`, a plain
snapshot (JSON-like data only) taken right after each command.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.api import table_prompt, table_view
from companion.core.errors import CompanionError
from companion.core.events import Step
from companion.core.privacy import HIDDEN, public_step
from companion.core.prompt import supports_prompt
from companion.core.zones import Zone
from companion.session import Session

#: History rows carried to the screens with every snapshot (the history screen pages
#: further back on demand).
RECENT_STEPS = 60


@dataclass(frozen=True)
class HistoryRow:
    step: int
    sentence: str
    command: str
    undone: bool
    kind: str


@dataclass(frozen=True)
class TableData:
    """One game as the shared screen may see it (hidden cards masked)."""

    game_id: str
    kind: str
    title: str
    view: dict[str, Any]
    history: tuple[HistoryRow, ...] = ()
    undo_preview: str | None = None
    redo_preview: str | None = None
    steps: int = 0
    prompt: dict[str, Any] = field(default_factory=dict)


def history_rows(session: Session, count: int = RECENT_STEPS) -> tuple[HistoryRow, ...]:
    """The last `count` steps, newest last, in the words the table may see."""
    match = session.match
    numbers = sorted(match.index)[-count:]
    in_effect = set(match.stack)
    rows = []
    for number in numbers:
        step = public_step(match.step(number))
        rows.append(HistoryRow(number, step.message, step.command,
                               step.kind == "do" and number not in in_effect, step.kind))
    return tuple(rows)


def redo_preview(session: Session) -> str | None:
    match = session.match
    if not match.redo_stack:
        return None
    target = public_step(match.step(match.redo_stack[-1]))
    return f"Redo would bring back step {target.number}: {target.message}"


def undo_preview(session: Session) -> str | None:
    """The step undo would take back, in the history's words (not its command line)."""
    match = session.match
    if not match.stack:
        return None
    target = public_step(match.step(match.stack[-1]))
    return f"Undo would take back step {target.number}: {target.message}"


@dataclass(frozen=True)
class RevealedCard:
    """A card a command drew or scanned, as the table may see it (hidden: only where it went)."""

    card_id: str
    name: str
    deck: str
    summary: str
    hidden: bool
    to: str
    #: Whether `to` names a seat (its hand or play area), not a place such as a row.
    for_seat: bool = True
    #: What the rulebook calls one card of its deck ("Outer Space tile").
    card_name: str = ""
    #: The ship whose move drew it and that ship's player (the view's `last_ship_draw`).
    ship: str = ""
    player: str = ""
    #: Read by the camera (or typed as a scan) rather than drawn by the app.
    scanned: bool = False
    #: The deck's words before the summary when the card acts only once played, or "".
    kept: str = ""


def revealed_cards(session: Session, step: Step | None,
                   view: Mapping[str, Any] | None = None) -> tuple[RevealedCard, ...]:
    """The cards a step took out of a draw pile, in order; hidden ones masked. `view` (the
    public view after the step) names the ship a hazard card or outer-space tile was for."""
    if step is None or step.kind != "do":
        return ()
    catalog = session.match.catalog
    seats = set(session.match.state.table.seats)
    drawn = (view or {}).get("last_ship_draw") or {}
    scanned = step.command.split(maxsplit=1)[:1] == ["scan"]
    cards = []
    for e in public_step(step).events:
        if e.type != "card_moved" or Zone.from_text(str(e["from"])).kind != "deck":
            continue
        owner = Zone.from_text(str(e["to"])).name
        if e["card"] == HIDDEN:
            cards.append(RevealedCard("", "", Zone.from_text(str(e["from"])).name, "", True,
                                      owner, scanned=scanned))
            continue
        entry = catalog.card(str(e["card"]))
        deck = catalog.decks.get(entry.deck)
        ship = drawn if drawn.get("card") == entry.card_id else {}
        cards.append(RevealedCard(entry.card_id, entry.name, entry.deck, entry.summary, False,
                                  owner, owner in seats, deck.one_card() if deck else "",
                                  str(ship.get("ship") or ""), str(ship.get("player") or ""),
                                  scanned, deck.kept if deck else ""))
    return tuple(cards)


def step_events(step: Step | None) -> tuple[dict[str, Any], ...]:
    """What a step did, as the table may see it (a check's numbers, a trap going off)."""
    if step is None or step.kind != "do":
        return ()
    return tuple(e.to_dict() for e in public_step(step).events)


def prompt_data(session: Session, seat: str | None = None,
                after: str | None = None) -> dict[str, Any]:
    """The table API's prompt as plain data ({} for a game that offers none)."""
    if not supports_prompt(session.match.rules):
        return {}
    try:
        return table_prompt(session.match, seat, after).to_dict()
    except CompanionError as exc:
        return {"seat": seat, "waiting_for": str(exc), "expects_scan": [], "actions": []}


def table_data(session: Session) -> TableData:
    """The snapshot a screen shows: public view, recent history, undo/redo previews."""
    match = session.match
    view = {**match.rules.view(match.state, match.catalog, None),
            "table": table_view(match).to_dict()}
    return TableData(session.game_id, session.kind, session.game.title, view,
                     history_rows(session), undo_preview(session), redo_preview(session),
                     match.step_count, prompt_data(session))
