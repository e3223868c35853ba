"""Actions come in one fixed order per phase and group: the same for every seat and after
every action, so a finger that learned where a button is finds it there again."""

from __future__ import annotations

from pathlib import Path

from companion.ui.devtools.gallery import PREPARATION_LINES
from tests.ui.test_actions import saved_game


def groups_shown(driver) -> list[str]:
    view = driver.app.screen("dashboard").ids.actions._view
    shown = [group.title for group in view.groups]
    declared = driver.app.table.prompt["groups"]  # this moment's, in the game's order
    assert shown == [g for g in declared if g in shown]
    return shown


def agree(orders: list[list[str]]) -> bool:
    """True when no two groups come in both orders in different moments."""
    seen: dict[tuple[str, str], bool] = {}
    for order in orders:
        for i, first in enumerate(order):
            for second in order[i + 1:]:
                if seen.get((second, first)):
                    return False
                seen[(first, second)] = True
    return True


def test_two_seats_see_their_actions_in_the_same_order(make_driver, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    saved_game(db, PREPARATION_LINES - 4)  # Xichang's preparation, its technology chosen
    driver = make_driver(db=db)
    assert driver.shown("Xichang's preparation turn")
    moments = [groups_shown(driver)]
    driver.tap("Select Transporter (TRNS1)")  # after an action, the same order
    moments.append(groups_shown(driver))
    driver.tap("End Xichang's preparation turn", scroll=False)
    assert driver.shown("Baikonur's preparation turn")
    driver.run_line("tech command")
    moments.append(groups_shown(driver))
    driver.tap("Select Shield (SHLD1)")
    moments.append(groups_shown(driver))
    assert sum("Spaceships" in m and "Modules" in m for m in moments) >= 2, moments
    assert agree(moments), moments
