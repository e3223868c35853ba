"""The CLI says counts as a player does: '1 step' / '2 steps', '1 credit', '1 frag'."""

from __future__ import annotations

from tests.cli.conftest import companion


def test_play_and_games_say_one_step_and_two_steps(db) -> None:
    first = companion("play", "--db", str(db), "--game", "xp", "--new", stdin="length 8\n")
    assert "(Exploration, 0 steps so far)" in first.stderr
    assert " xp       1 step   last played" in companion("games", "--db", str(db)).stdout
    again = companion("play", "--db", str(db), stdin="join Xichang Ana\n")
    assert "(Exploration, 1 step so far)" in again.stderr
    assert " xp       2 steps  last played" in companion("games", "--db", str(db)).stdout


def test_state_says_one_credit_and_one_frag_and_two_of_each(db) -> None:
    lines = "length 8\njoin Xichang Ana\njoin Baikonur Ben\n" \
            "adjust Xichang credits -11 test\nadjust Xichang frags 1 test\n" \
            "adjust Baikonur frags 2 test\n"
    companion("play", "--db", str(db), "--game", "xp", "--new", stdin=lines)
    state = companion("state", "--db", str(db)).stdout
    assert "Xichang (Ana): 0 DP; 1 credit, 0 command, 0 technology, 1 frag; " \
           "0 hidden missions" in state
    assert "Baikonur (Ben): 0 DP; 10 credits, 2 command, 0 technology, 2 frags; " \
           "0 hidden missions" in state
