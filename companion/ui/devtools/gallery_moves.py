"""A 2-seat game at round 4's flight phase with six ships on the map: three of them fly, at
velocity 9, 6 and 3, each with five other ships it may pass (issue 22, try 13: the move
form at every velocity, its Passes with many ships)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.devtools.gallery import FLIGHT_SETUP

if TYPE_CHECKING:  # importing Kivy creates its window: only when driving
    from collections.abc import Iterator

    from companion.ui.driver import AppDriver

#: The draft that gives Xichang TRNS1, BOMB1 and DSTR4, Baikonur UFST1, SHLD1 and LASR2.
PICKS = ("TRNS1", "SHLD1", "LASR2", "BOMB1", "CONQ3", "UFST1", "RECV2", "DSTR4")
_ROUNDS = (("TRNS1", "UFST1", "credits"), ("BOMB1", "SHLD1", "credits"),
           ("DSTR4", "LASR2", "command"))


def six_ships() -> tuple[str, ...]:
    """The lines: three rounds of one deploy a seat, then round 4's preparation: DSTR4 built
    up to velocity 6, Baikonur's "Add 3 velocity" (UFST1 at 9), TRNS1 at 3. The flight order
    is UFST1, DSTR4, TRNS1."""
    setup = FLIGHT_SETUP[:FLIGHT_SETUP.index("draft") + 1]
    lines = [*setup, *(f"scan XP/{card}" for card in PICKS), "start"]
    for x_ship, b_ship, x_tech in _ROUNDS:
        lines += [f"tech {x_tech}", f"deploy {x_ship}", "done", "tech credits",
                  f"deploy {b_ship}", "done", "drift"]
    lines += ["tech credits", "build DSTR4 velocity", "build DSTR4 velocity", "select DSTR4",
              "select TRNS1", "done", "tech velocity", "select UFST1", "done"]
    return tuple(lines)


def play_moves_gallery(driver: AppDriver) -> Iterator[str]:
    """The move form of each of the three ships, in flight order."""
    for ship in ("UFST1", "DSTR4", "TRNS1"):
        driver.tap(f"Move {ship}")
        yield f"move-{ship.lower()}"
        driver.tap(driver.screen.ids.back)
        driver.tap(f"End {ship}'s flight turn")
