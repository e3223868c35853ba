"""A new player at 800x480 by touch (stranger 2, /work/stranger2/report.md): a button
stays where it was from one player's turn to the next, whatever each owns."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.ui.test_steady_sides import TI4_SEATS, _run, rows, start_ti4

SHOTS = os.environ.get("STRANGER2_SHOTS")


def shot(driver: Any, name: str) -> None:
    if SHOTS:
        driver.screenshot(Path(SHOTS) / f"{name}.png")


def _row_of(shown: list[list[tuple[str, str]]], words: str) -> int:
    return next(n for n, line in enumerate(shown) if any(w == words for w, _s in line))


def test_the_passes_button_is_on_the_same_row_for_a_seat_with_dark_energy_tap(
        make_driver) -> None:
    """Finding 4: Lou, who owned Dark Energy Tap, had "Lou passes" one row lower than Kim
    and Max (one more frontier row); in Large text it went below the fold."""
    driver = make_driver(seed=7)
    start_ti4(driver)
    _run(driver, "factions-assumed", "tech Sue dark-energy-tap")
    seen, tops = {}, {}
    for seat in TI4_SEATS:
        assert driver.app.table.prompt.get("seat") == seat
        seen[seat] = rows(driver, TI4_SEATS)
        button = driver.button(f"{seat} passes", exact=True)
        tops[seat] = button.to_window(button.x, button.top)[1]
        shot(driver, f"passes-{seat}")
        if seat != TI4_SEATS[-1]:
            driver.tap(f"End {seat}'s turn", scroll=False)
    assert _row_of(seen["Sue"], "SEAT passes") == _row_of(seen["Ravi"], "SEAT passes")
    assert tops["Sue"] == tops["Ravi"] == tops["Tess"]  # not a pixel lower
    assert [[s for _w, s in line] for line in seen["Sue"]] == \
        [[s for _w, s in line] for line in seen["Ravi"]] == \
        [[s for _w, s in line] for line in seen["Tess"]]
    # Ravi, without the technology, is told why and where: the way by an ability is beside.
    assert ("Explore a frontier token: needs Dark Energy Tap", "left") in \
        seen["Ravi"][_row_of(seen["Ravi"], "SEAT passes") - 1] + \
        seen["Ravi"][_row_of(seen["Ravi"], "SEAT passes") - 2]
