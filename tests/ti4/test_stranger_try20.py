"""Try 20 (issue 22, a new player at 800x480): what the table offers a TI4 player."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.ti4.conftest import new_match, ok

TABLE = ("player Kim red", "player Lou blue", "player Max green", "setup")


def _tiles(m, partial: str) -> list[str]:
    """The tiles a frontier list offers: a choice's options, or the partials' labels."""
    actions = prompt(m, after=partial).actions
    options = [o.value for a in actions if a.input is not None for o in a.input.options]
    return options or [a.partial.split()[1] for a in actions if a.partial]


def test_the_creuss_gate_is_offered_only_when_a_seat_plays_the_creuss(catalog) -> None:
    """Finding 16: tile 17 is the Creuss Gate, on the map only with the Ghosts of Creuss
    (LRR 38.1 puts a token in each planetless system *on the map*)."""
    m = new_match(catalog, *TABLE)
    assert "17" in _tiles(m, "frontier")  # factions not said yet: the map is not known
    ok(m, "faction Kim empyrean", "faction Lou naalu", "faction Max hacan")
    assert "17" not in _tiles(m, "frontier") and "40" in _tiles(m, "frontier")
    assert "17" not in _tiles(m, "place-frontier")
    ok(m, "faction Max creuss")
    assert "17" in _tiles(m, "frontier")


def _labels(m, after: str | None = None) -> dict[str, object]:
    return {a.label: a for a in prompt(m, after=after).actions}


CODEX = "Use The Codex: purge it, take up to 3 action cards from the discard pile"


def test_the_codex_is_used_by_its_own_name_and_says_what_the_table_does(catalog) -> None:
    """Finding 1: The Codex was used only through "Purge a card in play", three levels
    down; its own action names it and what to do at the table, on its holder's turn."""
    m = new_match(catalog, *TABLE)
    ok(m, "relic Lou draws R06")
    assert CODEX not in _labels(m)  # Kim's turn: an action is its holder's, on their turn
    ok(m, "end")
    use = _labels(m)[CODEX]
    assert use.enabled and use.group == "Relic fragments and relics"
    message = ok(m, use.command).message
    assert "The Codex (R06) is purged" in message
    assert "Lou takes up to 3 action cards from the action card discard pile." in message
    assert m.state.table.zone_of("R06") == "purged" and CODEX not in _labels(m)


def test_a_planet_is_purged_only_after_a_second_tap_that_says_so(catalog) -> None:
    """Finding 1: the purge list offers the seat's planets beside its relics; one mis-tap
    purged a planet at once. A planet asks again, in words; a relic is purged at once."""
    m = new_match(catalog, *TABLE)
    ok(m, "take Wellon for Kim", "scan TI/I11", "resolve", "relic Kim draws R08")
    area = _labels(m, "purge")["A card in Kim's play area"].partial
    cards = _labels(m, area)
    wellon = cards["Wellon (P19)"]
    assert wellon.command is None and wellon.partial  # not purged by this tap
    (sure,) = prompt(m, after=wellon.partial).actions
    assert sure.label == "Purge Wellon (P19): it leaves the game for good"
    ok(m, sure.command)
    assert m.state.table.zone_of("P19") == "purged"
    assert cards["The Crown of Thalnos (R08)"].command == "purge R08"


def test_a_relic_that_gives_victory_points_says_so_on_its_holders_counters(catalog) -> None:
    """Finding 10: Kim held Shard of the Throne (+1 VP) and no screen said so: the seat's
    counters (its card, the Scoreboard) say the points and which relic gives them."""
    from companion.games.ti4.tableview import table_view

    m = new_match(catalog, *TABLE)
    ok(m, "relic Kim draws R04", "relic Lou draws R08")
    seats = {s.seat: s for s in table_view(m.state, catalog).seats}
    said = [c.text for c in seats["Kim"].counters]
    assert "1 VP from relics" in said
    assert "Shard of the Throne: +1 VP" in seats["Kim"].detail
    assert not any("victory point" in c.text for c in seats["Lou"].counters)
