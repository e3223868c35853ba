from __future__ import annotations

from pathlib import Path

import pytest

from tests.exploration.helpers import new_match, run

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "xp_2p_8rounds.txt"


@pytest.fixture(scope="module")
def finished_xp_match():
    match = new_match(3)
    lines = [x.strip() for x in GOLDEN.read_text().splitlines()
             if x.strip() and not x.startswith("#")]
    run(match, *lines)
    assert match.state.game_over
    return match


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"
