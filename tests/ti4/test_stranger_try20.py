"""Try 20 (issue 22, a new player at 800x480): what the table offers a TI4 player."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.ti4.conftest import new_match, ok

TABLE = ("player Kim red", "player Lou blue", "player Max green", "setup")


def _tiles(m, partial: str) -> list[str]:
    """The tiles a frontier list offers: a choice's options, or the partials' labels."""
    actions = prompt(m, after=partial).actions
    options = [o.value for a in actions if a.input is not None for o in a.input.options]
    return options or [a.label.removeprefix("Tile ") for a in actions]


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
