"""What a phone's page shows and may do, from the table API alone (no HTTP here).

The public page is what the shared screen shows: the table, whose turn and what
the game waits for, and the history in plain words; hidden cards are masked as
they are there. A seat's page adds that seat's own view (its hidden cards) and
exactly its private actions: the prompt's choices `private_to` that seat (a
hidden mission to complete, a ship to pick from a virtual pack), one level
opened. Nothing else can be done from a phone: no typed command, no undo, no
other seat's choice; an action is run only if the seat's own prompt offers it
enabled right now, so the rules judge it like any command.
"""

from __future__ import annotations

import json
from typing import Any

from companion.api import TableAPI, history_rows, table_prompt, table_view
from companion.colours import seat_colour, seat_place
from companion.core.engine import Match
from companion.core.errors import CompanionError

#: History rows a page carries (newest last); the touchscreen's History has them all.
HISTORY_ROWS = 40


class RefusedError(CompanionError):
    """An action a phone may not take: it says why in one sentence."""


class PhoneTable:
    """One game's pages, each computed once per step however many phones follow it."""

    def __init__(self, api: TableAPI) -> None:
        self.api = api
        self._pages: dict[str | None, dict[str, Any]] = {}
        self._encoded: dict[str | None, str] = {}

    @property
    def game_id(self) -> str:
        return self.api.session.game_id

    def changed(self) -> bool:
        """True (and the game reloaded) when a step was saved since the last look."""
        if not self.api.changed():
            return False
        self.api.reload()
        self._pages.clear()
        return True

    def close(self) -> None:
        self.api.session.close()

    def page(self, seat: str | None) -> dict[str, Any]:
        if seat not in self._pages:
            self._pages[seat] = self._page(seat)
            self._encoded.pop(seat, None)
        return self._pages[seat]

    def page_json(self, seat: str | None) -> str:
        """The page as JSON text, encoded once per step for all phones following it."""
        if seat not in self._encoded or seat not in self._pages:
            self._encoded[seat] = json.dumps(self.page(seat), separators=(",", ":"))
        return self._encoded[seat]

    def _page(self, seat: str | None) -> dict[str, Any]:
        return {**page_of(self.api.match, seat), "game_id": self.game_id}

    def act(self, seat: str, after: str | None, command: str) -> dict[str, Any]:
        """Run one of the seat's private actions; refused unless offered to it, enabled."""
        match = self.api.match
        if after not in {p["partial"] for p in _private_partials(match, seat)}:
            raise RefusedError(f"{seat} has no such choice to make now.")
        offered = {a.command for a in table_prompt(match, seat, after).actions
                   if a.enabled and a.command is not None}
        if command not in offered:
            raise RefusedError(f"That is not one of {seat}'s choices now.")
        result = self.api.run(command)
        self._pages.clear()
        return result


def page_of(match: Match[Any], seat: str | None = None) -> dict[str, Any]:
    """A page's data: public when `seat` is None, else with that seat's own cards and
    private choices. Works on a bare `Match` (the privacy contract test plays matches)."""
    history = [{"step": row["step"], "sentence": row["sentence"], "undone": row["undone"]}
               for row in history_rows(match, newest=HISTORY_ROWS)]
    table = table_view(match).to_dict()
    page: dict[str, Any] = {
        "game_id": None, "title": table["title"], "step": max(match.index, default=0),
        "turn": table["active"], "waiting_for": table["waiting_for"], "table": table,
        "history": history, "seat": seat,
        # The touchscreen's display colours (Okabe-Ito, or the nearest to a chosen one).
        "colours": {row["seat"]: seat_colour(seat_place(row, index), row["colour"])
                    for index, row in enumerate(table["seats"])},
    }
    if seat is not None:
        page["own_panels"] = _own_panels(table, table_view(match, seat).to_dict())
        page["actions"] = _private_actions(match, seat)
    return page


def _private_actions(match: Match[Any], seat: str) -> list[dict[str, Any]]:
    """The seat's private choices, each with the choices it opens."""
    opened = []
    for partial in _private_partials(match, seat):
        shown = table_prompt(match, seat, partial["partial"])
        choices = [_choice(action.to_dict()) for action in shown.actions
                   if action.command is not None]
        opened.append({"label": partial["label"], "after": partial["partial"],
                       "choices": choices})
    return opened


def _private_partials(match: Match[Any], seat: str) -> list[dict[str, Any]]:
    return [action for action in table_prompt(match, seat).to_dict()["actions"]
            if action.get("private_to") == seat and "partial" in action]


def _own_panels(public: dict[str, Any], own: dict[str, Any]) -> list[dict[str, Any]]:
    """The panels only the seat's own view has (its hidden cards), and the panels whose
    rows differ from the public ones (a count there, the cards themselves here)."""
    shown = {panel["id"]: panel for panel in public["panels"]}
    return [panel for panel in own["panels"] if shown.get(panel["id"]) != panel]


def _choice(action: dict[str, Any]) -> dict[str, Any]:
    return {"label": action["label"], "command": action["command"],
            "enabled": action["enabled"], "reason": action["reason"]}
