"""Try 9 at the table, by touch: a choice a player looks for that is not possible now
stands greyed in its place with why (a ship on the launch pad)."""

from __future__ import annotations

from pathlib import Path

from companion.session import open_session
from companion.ui.devtools.gallery import FLIGHT_SETUP


def _saved(db: Path, *lines: str) -> None:
    session = open_session(db, "xp", new=True, seed=2047)
    for line in lines:
        assert session.run(line).ok, line
    session.close()


def test_a_ship_on_the_launch_pad_shows_why_it_cannot_be_selected(make_driver,
                                                                    tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    _saved(db, *FLIGHT_SETUP[:FLIGHT_SETUP.index("deploy TRNS1") + 1])
    driver = make_driver(db=db)
    assert driver.shown("Xichang's preparation turn")
    # The ship's place (its Deploy's since try 13), not tappable, without opening "Not
    # possible now"
    greyed = driver.button("TRNS1 is on the launch pad: it flies next round.", exact=True)
    assert greyed.disabled
    offered = driver.app.screen("dashboard").ids.actions.offered()
    assert not any(t.startswith(("Select TRNS1", "Select Transporter (TRNS1)",
                                 "Deploy Transporter (TRNS1)")) for t in offered)
