"""Golden playthroughs: scripted games whose final scoreboards were worked out by hand
(tests/golden/*.md), never copied from the program's output."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.piles import every_card_once
from tests.exploration.helpers import catalog, new_match

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

EXPECTED = {
    "xp_2p_8rounds.txt": {
        "Xichang": (43, {"Habitat dropped on Moon": 5, "GNSS dropped on GNSS orbit": 1,
                         "mission: Treasury": 7, "area control: GNSS orbit (1 cube)": 1,
                         "area control: Moon (1 cube)": 2, "token conversion: 77 credits": 15,
                         "token conversion: 3 command": 1, "mission: Settlers": 11}),
        "Baikonur": (19, {"mission: Chain of command": 6,
                          "technology action: Score 3 domination points": 3,
                          "token conversion: 24 credits": 4, "token conversion: 8 command": 4,
                          "token conversion: 1 frags": 2}),
    },
    "xp_5p_13rounds.txt": {
        "Xichang": (17, {"token conversion: 87 credits": 17}),
        "Wostochny": (19, {"GNSS dropped on GNSS orbit": 1,
                           "area control: GNSS orbit (1 cube)": 1,
                           "token conversion: 86 credits": 17}),
        "Baikonur": (18, {"token conversion: 86 credits": 17, "token conversion: 2 command": 1}),
        "Kourou": (41, {"technology action: Score 3 domination points": 39,
                        "token conversion: 10 credits": 2}),
        "Cape Canaveral": (10, {"development card Command and glory": 2,
                                "token conversion: 8 credits": 1,
                                "token conversion: 14 command": 7}),
    },
}
WINNERS = {"xp_2p_8rounds.txt": "Xichang wins with 43", "xp_5p_13rounds.txt": "Kourou wins with 41"}


def script_lines(name: str) -> list[str]:
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_game_reaches_the_hand_derived_scoreboard(name: str) -> None:
    match = new_match(seed=1)
    last = None
    for line in script_lines(name):
        last = match.execute(line)
        assert last.ok, f"{line!r} refused: {last.message}"
    state = match.state
    assert state.game_over and state.table.phase == "end"
    for seat, (total, breakdown) in EXPECTED[name].items():
        assert state.table.score_breakdown(seat) == breakdown, seat
        assert state.table.score_of(seat) == total, seat
    assert last is not None and WINNERS[name] in last.message
    assert every_card_once(state.table, catalog().cards)
    assert match.replay_from_start() == state


def test_no_command_is_accepted_after_the_game_ends() -> None:
    match = new_match(seed=1)
    for line in script_lines("xp_2p_8rounds.txt"):
        match.execute(line)
    for line in ("drift", "tech credits", "next"):
        assert not match.execute(line).ok
