"""Numbers typed in commands: only ASCII whole numbers; anything else is one sentence."""

from __future__ import annotations

import doctest

import pytest

from companion.core import words
from companion.core.errors import CommandSyntaxError
from companion.core.words import whole_number
from tests.exploration.flight_setup import round_two, to_flight
from tests.exploration.helpers import new_match, refused

NOT_WHOLE = ("²", "-1", "3.5", "", "+2", "٣", " 3")


def test_doctests() -> None:
    assert doctest.testmod(words).failed == 0


def test_whole_numbers_are_read() -> None:
    assert whole_number("0", "a count") == 0
    assert whole_number("13", "a count") == 13


@pytest.mark.parametrize("word", NOT_WHOLE)
def test_anything_else_is_a_syntax_error_naming_the_word(word: str) -> None:
    with pytest.raises(CommandSyntaxError, match="is not a whole number: give the range"):
        whole_number(word, "the range")


@pytest.mark.parametrize("word", ["²", "-1", "3.5"])
def test_every_command_taking_a_number_refuses_it(word: str) -> None:
    setup = new_match()
    assert "not a whole number" in refused(setup, f"length {word}")
    flight = to_flight(round_two(b_builds=("laser_turret", "trap")))
    assert "not a whole number" in refused(flight, f"move SHLD1 {word} space")
    assert "not a whole number" in refused(flight, f"attack SHLD1 TRNS1 range {word}")
    assert "not a whole number" in refused(flight, f"drop SHLD1 trap {word}")


def test_a_number_too_long_for_any_table_is_refused_not_crashed() -> None:
    from companion.core.errors import CommandSyntaxError
    from companion.core.words import whole_number

    with pytest.raises(CommandSyntaxError, match="is not a whole number"):
        whole_number("9" * 5000, "the spaces moved")
