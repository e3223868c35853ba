"""Any line a player could type gets one sentence back and never an exception.

Random lines are built from each game's own verbs, seat and card words and
junk; every refusal must leave the state exactly as it was.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.catalogs import load_catalog
from companion.core.engine import Match
from companion.games.registry import game as game_named

SETUPS = {
    "xp": ["length 8", "join Xichang Ana", "join Baikonur Ben"],
    "ti4": ["player Alice red", "player Bob blue", "setup"],
}
# Digits int() and str.isdigit() disagree on: superscript two, Arabic-Indic and
# full-width one, and a number longer than int() will read.
ODD_DIGITS = ["\u00b2", "\u0661", "\uff11", "9" * 5000]
JUNK = ["", "0", "-1", "99999999999999999999", *ODD_DIGITS, "1.5", "+", "x", "é", "\u0000",
        "'", '"',
        "none", "all", "for", "with", "to", "die", "past", "at", "range", "shield", "=", "a=b",
        "XP/", "TI/", "XP/ZZZZZZZ", "TI/P1", "XP/H01", "XP/SHLD1", "TI/C01", "TI/R01",
        "Xichang", "Baikonur", "Alice", "Bob", "cape", "moon1", "mars2", "l1", "credit",
        "hazard", "orbit", "outer", "tile", "stuck", "habitat", "gnss", "trap", "laser_turret"]


def _words(game: str) -> list[str]:
    catalog = load_catalog(game)
    verbs = [v.name for v in game_named(game).rules.verbs()]
    core = ["scan", "undo", "redo", "draw", "odds", "roll", "adjust", "note", "state",
            "history", "help"]
    cards = list(catalog.cards)[::7]
    return verbs + core + cards + list(catalog.decks) + JUNK


@pytest.mark.parametrize("game", ["xp", "ti4"])
def test_random_lines_never_raise_and_refusals_change_nothing(game):
    words = _words(game)
    catalog = load_catalog(game)

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.lists(st.sampled_from(words), min_size=1, max_size=6), max_size=25))
    def play(lines):
        match = Match(game_named(game).rules, catalog, seed=3)
        for line in SETUPS[game]:
            assert match.execute(line).ok
        for tokens in lines:
            before = match.state
            result = match.execute(" ".join(tokens))
            assert result.message.strip() or result.kind == "info"
            if not result.ok:
                assert match.state == before, (tokens, result.message)
        assert match.replay_from_start() == match.state

    play()
