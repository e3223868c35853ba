"""A new player at 800x480 by touch (stranger 2, /work/stranger2/report.md): what the
game says and offers, read off the table API's prompt and the game's sentences."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.ti4.conftest import new_match, ok

TABLE = ("player Kim red", "player Lou blue", "player Max green", "setup", "factions-assumed")


def labels(m, after: str | None = None) -> list[str]:
    return [a.label for a in prompt(m, after=after).actions]


def test_the_relic_menus_player_rows_keep_seat_order_whoever_plays(catalog) -> None:
    """Finding 4: the purge menu's rows put the active player first (103 vs 109), so a
    player's row moved from one turn to the next."""
    m = new_match(catalog, *TABLE)
    first = labels(m, "relic")
    ok(m, "end")  # Lou's turn
    assert labels(m, "relic") == first
    assert [w.split()[0] for w in first] == ["Kim", "Kim", "Lou", "Lou", "Max", "Max"]
