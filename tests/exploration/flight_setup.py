"""Shared set-ups: a scanned 2-player game brought to round 1, 2 or 3 through commands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.catalog import Catalog
from companion.core.engine import Match
from companion.games.exploration.rules import RULES
from companion.games.exploration.state import XpState
from tests.exploration.helpers import new_match, run

SETUP = (
    "length 8", "join Xichang Ana", "join Baikonur Ben",
    "for Xichang", "scan XP/D17", "scan XP/P06", "scan XP/P04", "scan XP/S07", "scan XP/S26",
    "scan XP/S20", "for Baikonur", "scan XP/P01", "scan XP/P13", "scan XP/S04", "scan XP/S15",
    "scan XP/S18", "scan XP/M01", "scan XP/M03", "scan XP/M06", "scan XP/M08", "scan XP/M09",
    "draft",
)
#: The maneuver row SETUP scans.
ROW = ("M01", "M03", "M06", "M08", "M09")
PICKS = ("TRNS1", "SHLD1", "LASR2", "MONY1", "CONQ3", "SMAN1", "RECV2", "DSTR4")
#: Another draft: Xichang gets a Bomber, Baikonur an Ultra-fast.
OTHER_PICKS = ("TRNS1", "SHLD1", "LASR2", "BOMB1", "CONQ3", "UFST1", "RECV2", "DSTR4")


def round_one(seed: int = 1, picks: Sequence[str] = PICKS, catalog: Catalog | None = None,
              row: Sequence[str] = ROW) -> Match[XpState]:
    """Setup scanned (Xichang holds D17, the maneuver row is `row`), the draft done, and
    round 1's preparation phase begun with Xichang active."""
    match = new_match(seed) if catalog is None else Match(RULES, catalog, seed)
    setup = [line for line in SETUP if not line.startswith("scan XP/M")]
    at = setup.index("draft")
    run(match, *setup[:at], *(f"scan XP/{card}" for card in row), *setup[at:],
        *(f"scan XP/{card}" for card in picks), "start")
    return match


def round_two(x_ship: str = "TRNS1", x_builds: Sequence[str] = ("habitat", "gnss"),
              b_ship: str = "SHLD1", b_builds: Sequence[str] = ("laser_turret",),
              seed: int = 1, picks: Sequence[str] = PICKS,
              catalog: Catalog | None = None, row: Sequence[str] = ROW) -> Match[XpState]:
    """Both ships deployed in round 1 and in orbit at the start of round 2 (with the real
    catalog, or `catalog` when a test changes one of its numbers)."""
    match = round_one(seed, picks, catalog, row)
    run(match, "tech credits", f"deploy {x_ship}",
        *(f"build {x_ship} {m}" for m in x_builds), "done",
        "tech credits", f"deploy {b_ship}", *(f"build {b_ship} {m}" for m in b_builds), "done",
        "drift")
    return match


def to_flight(match: Match[XpState], x_select: Sequence[str] = ("TRNS1",),
              b_select: Sequence[str] = ("SHLD1",), x_tech: str = "credits",
              b_tech: str = "credits") -> Match[XpState]:
    """Both preparation turns of the current round, selecting the given ships."""
    run(match, f"tech {x_tech}", *(f"select {s}" for s in x_select), "done",
        f"tech {b_tech}", *(f"select {s}" for s in b_select), "done")
    return match


def round_three_in_space(**kwargs: Any) -> Match[XpState]:
    """`round_two(**kwargs)`, then TRNS1 and SHLD1 fly and drift into space: round 3's
    preparation phase with both ships on plain spaces, Xichang active."""
    match = to_flight(round_two(**kwargs))
    run(match, "move SHLD1 2 space", "next", "move TRNS1 2 space", "next", "drift")
    return match


def quiet_round(match: Match[XpState], x_deploy: str | None = None,
                b_deploy: str | None = None) -> Match[XpState]:
    """A round where each seat takes credits (deploying a ship if named) and nobody flies."""
    run(match, "tech credits", *([f"deploy {x_deploy}"] if x_deploy else []), "done",
        "tech credits", *([f"deploy {b_deploy}"] if b_deploy else []), "done", "drift")
    return match
