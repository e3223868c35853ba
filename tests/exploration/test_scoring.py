"""Rulebook "End game scoring": area control, token conversion, winner and ties."""

from __future__ import annotations

import doctest

from companion.games.exploration import scoring
from companion.games.exploration.scoring import area_points, converted, winner_sentence
from tests.exploration.helpers import catalog


def test_doctests() -> None:
    assert doctest.testmod(scoring).failed == 0


def test_gnss_area_control_is_capped_at_fifteen() -> None:
    table = list(catalog().rules["areas"]["gnss"]["points"])
    assert area_points(table, 5) == 15
    assert area_points(table, 8) == 15


def test_comet_has_two_open_spaces() -> None:
    comet = catalog().rules["areas"]["comet"]
    assert comet["spaces"] == 2 and set(comet["modules"]) >= {"telescope", "rover", "habitat"}


def test_token_conversion_rounds_down() -> None:
    assert converted(9, 5, 1) == 1
    assert converted(0, 2, 1) == 0


def test_winner_and_shared_victory() -> None:
    assert winner_sentence({"Kourou": 20, "Xichang": 12}).startswith("Kourou wins with 20")
    assert "Kourou and Xichang share the victory" in winner_sentence({"Kourou": 20,
                                                                       "Xichang": 20})
