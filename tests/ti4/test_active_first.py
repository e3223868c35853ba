"""Lists of every seat's planets start with the seat whose turn it is, then the others in
turn order (issue 22, try 8 findings 12 and 42): a player finds their own line first. The
relic menu's rows keep seat order (stranger 2, finding 4: rows that moved each turn)."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.ti4.conftest import new_match, ok

TABLE = ("player Nora red", "player Omar blue", "player Pia green", "setup")


def _labels(m, after: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.label for a in prompt(m, after=after).actions]


def test_explore_again_lists_the_active_players_planets_first(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "take P19 for Nora", "draw industrial", "resolve",
       "take P76C for Omar", "draw hazardous", "resolve",
       "take P23 for Pia", "draw industrial", "resolve", "end", "end")
    assert m.state.table.active == "Pia"
    assert _labels(m, "explore-again") == [
        "Saudor (P23) · Pia", "Wellon (P19) · Nora", "Rigel I (P76C) · Omar"]


def test_purging_for_a_relic_lists_the_seats_in_seat_order_whoever_plays(catalog) -> None:
    """Stranger 2, finding 4: the active seat first moved every seat's row from one turn
    to the next (103 vs 109); a player's row now stays where it was."""
    m = new_match(catalog, *TABLE)
    ok(m, "end")
    assert m.state.table.active == "Omar"
    purges = [a for a in _labels(m, "relic") if "purges" in a]
    assert purges == ["Nora purges three fragments for a relic",
                      "Omar purges three fragments for a relic",
                      "Pia purges three fragments for a relic"]
    assert _labels(m, "relic")[:2] == ["Nora purges three fragments for a relic",
                                       "Nora draws a relic by an ability"]
