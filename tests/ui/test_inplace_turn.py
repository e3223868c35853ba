"""Every tap lands (issue 22, try 13, findings 35 and 43): in a preparation turn, after a
tap no enabled button slides under a finger that learned the places before it. Tapping
"Select SMAN4" put "Deploy DSTR4 (6 credits)" in its very place and moved "Select UFST4"
to the other column: a second tap spent credits. A ship keeps one place in its group for
the turn (Deploy, then greyed on the launch pad; Select, then greyed once selected)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import open_session
from companion.ui.devtools.gallery import script_lines
from companion.ui.devtools.gallery_large import large_text
from companion.ui.widgets.touch import holding_list

SETUP = ("length 8", "join Xichang Ana", "join Baikonur Ben")
#: Round 2 with an extra deploy for Xichang, then round 3's preparation: TRNS1 on the
#: map and MONY1 in orbit to select, CONQ3 and DSTR4 in hand to deploy.
ROUND_3 = ("adjust Xichang credits +12 a loan", "tech credits", "deploy MONY1", "select TRNS1",
           "done", "tech command", "select SHLD1", "done", "next", "next", "drift",
           "tech command")


def _saved(db: Path) -> None:
    session = open_session(db, "xp", new=True, seed=2047)
    for line in (*SETUP, *script_lines()[:39], *ROUND_3):
        assert session.run(line).ok, line
    session.close()


def _places(driver) -> dict[str, tuple[tuple[float, float, float, float], bool]]:
    """Each choice of the list by its words: its rectangle on the window and whether it is
    enabled."""
    driver.wait_still()
    driver.wait_laid_out()
    panel = driver.screen.ids.actions
    out = {}
    for b in (b for b in panel.buttons() if b.kind != "quiet"):  # (Not possible now (N))
        x, y = b.to_window(b.x, b.y)
        # (by its label: a cost that changes, "(1 command point)", is the same action)
        out[b.text.split("  ")[0]] = ((x, y, x + b.width, y + b.height), not b.disabled)
    return out


def _at(places, point) -> list[str]:
    x, y = point
    return [t for t, ((x0, y0, x1, y1), _on) in places.items() if x0 <= x <= x1 and y0 <= y <= y1]


def _centre(rect) -> tuple[float, float]:
    return ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)


@pytest.mark.parametrize("size", ["normal", "large"])
def test_no_button_slides_under_the_finger_in_a_preparation_turn(make_driver, tmp_path: Path,
                                                                  size: str) -> None:
    db = tmp_path / "games.db"
    _saved(db)
    driver = make_driver(db=db)
    if size == "large":
        large_text(driver)
    assert driver.shown("Xichang's preparation turn")
    taps = (("Select Transporter (TRNS1)",
             "Transporter (TRNS1) is selected."),
            ("Deploy Destroyer (DSTR4)", "DSTR4 is on the launch pad: it flies next round."),
            ("Select Money maker (MONY1)",
             "Money maker (MONY1) is selected."))
    for label, greyed in taps:
        holder = holding_list(driver.screen.ids.actions)
        holder.scroll_y = 1  # the list's top, where the turn starts
        driver.wait_still()  # as a finger does: it aims once the list stops and lays out
        before = _places(driver)
        tapped = next(t for t in before if t.startswith(label))
        driver.tap(label)
        holder.scroll_y = 1
        driver.wait_still()  # (a list lays out what it held back once it has settled)
        after = _places(driver)
        spot = _centre(before[tapped][0])
        # The spot just tapped holds the same ship's place, greyed: a second tap does nothing.
        assert _at(after, spot) == [greyed], (label, _at(after, spot))
        assert not after[greyed][1]
        x0, y0 = holder.to_window(holder.x, holder.y)
        for text, (rect, _on) in before.items():
            cx, cy = _centre(rect)
            if not (x0 <= cx <= x0 + holder.width and y0 <= cy <= y0 + holder.height):
                continue  # below the fold: no finger learned where it is
            if text == tapped or text not in after or not after[text][1]:
                # gone or greyed: whatever is now where it was takes no tap
                assert not any(after[t][1] for t in _at(after, _centre(rect))
                               if t != text and t not in before), (label, text)
                continue
            # still there: a finger aiming where it was still lands on it, or it kept its
            # column and moved down only (a row above grew a line: "(1 command point)" on
            # the next Select at Large text; a whole row now shared with a new build)
            now = after[text][0]
            down = abs(now[0] - rect[0]) < 2 and now[3] <= rect[3] + 1
            assert text in _at(after, _centre(rect)) or down, (label, text, rect, now)
