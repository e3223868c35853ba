"""Try 13's words and places (issue 22): what the screens say and keep for a new player."""

from __future__ import annotations

from pathlib import Path

from tests.ui.test_panels import saved_game


def _at_top(page, row) -> bool:
    return abs(page.below_top(row)) < 8


def test_the_ships_tab_keeps_the_acting_seats_ships_through_its_turn(make_driver,
                                                                    tmp_path: Path) -> None:
    """Try 13, 36 (s178, s179): the Ships tab showed the acting seat's ships when its turn
    came, and after its first tap it jumped back to the first seat's ships. It stays on
    them, and where the player scrolled it stays there too."""
    driver = make_driver(db=saved_game(tmp_path / "games.db"))
    driver.tap("Ships", exact=True)
    tabs = driver.screen.ids.tabs
    panel, page = tabs.panel("Ships"), tabs._pages["Ships"]
    assert panel.opening is panel.headings["Baikonur"]  # Baikonur's SHLD1 flies first
    driver.wait_for(lambda: _at_top(page, panel.opening), "Baikonur's ships at the top")
    driver.type_command("move SHLD1 1 space")  # its ship changes: the panel is redrawn
    driver.wait_still()
    assert _at_top(page, panel.headings["Baikonur"]), "the Ships tab jumped away"
    driver.drag(page.to_window(*page.center), -2000)  # the player goes to the top
    assert _at_top(page, panel.headings["Xichang"])
    driver.tap("Undo", exact=True)
    driver.wait_still()
    assert _at_top(page, panel.headings["Xichang"]), "the Ships tab left where it was put"
