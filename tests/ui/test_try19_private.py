"""Try 19, finding 12: the mission screen said "tap your choice below" over a list where
nothing could be tapped (every line grey): it says that nothing can be chosen now."""

from __future__ import annotations

import os
from pathlib import Path

from companion.ui.devtools.gallery import PREPARATION_LINES
from tests.ui.test_actions import saved_game


def test_a_private_list_with_nothing_to_tap_says_so(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, PREPARATION_LINES)
    driver = make_driver(db=db)
    driver.tap(driver.button("complete a mission"))
    driver.tap("Show Ben's choices")
    driver.settle()
    heading = driver.screen.ids.opened
    assert "nothing can be chosen now" in heading.text, heading.text
    assert "tap your choice" not in heading.text
    assert heading.texture_size[0] <= heading.width + 1  # whole on its line
    if os.environ.get("SHOTS_DIR"):
        driver.screenshot(Path(os.environ["SHOTS_DIR"]) / "try19_missions.png")
