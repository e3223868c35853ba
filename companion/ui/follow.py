"""Read-only jobs for the runner thread: the scoreboard's look at the saved games, and a
seat's own hidden cards for hold-to-peek. No Kivy; tests drive them with `run_inline`.

The scoreboard (`companion app --scoreboard`, a second process on the same file)
never writes: it opens the game the table plays, then polls SQLite's data
version (microseconds) and reloads only when another companion saved a step,
following the table to a new game when one is started, and to the new file
when a backup was restored (docs/table-api.md, "Change notices").
"""

from __future__ import annotations

from typing import Any

from companion.api import TableAPI
from companion.core.errors import CompanionError
from companion.store.errors import StoreError
from companion.ui.runner import CommandRunner, Reply
from companion.ui.table import table_data

WAITING = "Waiting for a game: the scoreboard shows it as soon as one starts on this table."


class Follower:
    """Follows the last game played in `runner.db` (or one named game), reading only."""

    def __init__(self, game_id: str | None = None) -> None:
        """`game_id`: show that game only (`--game-id`), else the last game played."""
        self._version: int | None = None
        self.game_id = game_id

    def look(self, runner: CommandRunner) -> Reply:
        """A reply with a table when there is something new to show, else without one."""
        if not runner.db.is_file():  # never create the file: the table's companion does
            return Reply(False, WAITING, None, "info")
        api = runner.api
        if api is not None and api.replaced():
            # A backup was restored (or the file set aside): the open file is not the
            # table's any more. Let go of it and open the file now at the path.
            runner.hold_none()
            api = None
        if api is None:
            return self._open(runner, self.game_id)
        version = api.file_version()
        if version == self._version:
            return Reply(True, "", None, "info")
        self._version = version
        latest = self.game_id or api.latest_game()
        if latest is not None and latest != api.game_id:
            return self._open(runner, latest)
        if api.changed():
            api.reload()
            return Reply(True, "", table_data(api), "step")
        return Reply(True, "", None, "info")

    def _open(self, runner: CommandRunner, game_id: str | None) -> Reply:
        try:
            api = runner.tables.open(game_id)
        except CompanionError as exc:
            no_game = "no saved game yet" in str(exc)
            return Reply(False, WAITING if no_game else str(exc), None, "info")
        except StoreError as exc:
            return Reply(False, str(exc), None, "info")
        runner.hold(api)
        self._version = api.file_version()
        api.changed()  # takes the version as seen
        return Reply(True, f"Showing game {api.game_id}.", table_data(api), "info")


def seat_secrets(api: TableAPI, seat: str) -> list[dict[str, Any]]:
    """The hidden cards only `seat` may see (its missions with their progress)."""
    return [dict(card) for card in api.view(seat).get("my_missions") or []]


def peek(seat: str, at: tuple[int, int] | None = None) -> Any:
    """A runner job: `value` = the seat's own hidden cards (see `seat_secrets`); with `at`
    (a reveal's step and event), only the card drawn there (`drawn_secret`)."""
    def job(runner: CommandRunner) -> Reply:
        if runner.api is None:
            return Reply(False, "No game is open.", None, "info")
        cards = seat_secrets(runner.api, seat) if at is None else \
            drawn_secret(runner.api, seat, at)
        return Reply(True, "", None, "info", cards)
    return job


def drawn_secret(api: TableAPI, seat: str, at: tuple[int, int]) -> list[dict[str, Any]]:
    """The one hidden card a step drew for `seat`, as its hand shows it (its progress), or
    by its catalog entry once it has left the hand (`gone`): a look at card 2 of a setup's
    21 showed all five missions (xp16, 12)."""
    card = api.hidden_card(seat, *at)
    if card is None:
        return []
    held = [c for c in seat_secrets(api, seat) if c.get("id") == card]
    if held:
        return [{**held[0], "new": False}]
    entry = api.catalog.card(card)
    return [{"id": card, "name": entry.name, "summary": entry.summary, "gone": True}]
