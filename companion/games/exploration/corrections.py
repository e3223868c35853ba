"""Manual corrections of a ship's tracks: `adjust SHIP energy|resistance ±N [reason]`.

The core's `adjust` hands these words to the game (core/generic.py). A
correction is logged with its reason and undone like any other step; it keeps
the track within the ship card's printed range (energy 0 to its maximum,
resistance 1 to its maximum: a ship is destroyed by the rules, never by a typo).
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.builder import Builder
from companion.core.errors import IllegalMoveError
from companion.core.events import Event, event
from companion.core.phases import AdjustHandler, Adjustment
from companion.games.exploration.state import XpState, require_ship, with_ship

#: The tracks a correction may change, with their lowest value and the field of their maximum.
TRACKS = {"energy": (0, "max_energy"), "resistance": (1, "max_resistance")}


def adjust_track(b: Builder[XpState], change: Adjustment) -> str:
    """Change one track of a ship in play by `change.delta`, within its printed range."""
    ship = require_ship(b.state, change.target)
    if ship.location in ("hand", "destroyed"):
        where = "was destroyed" if ship.location == "destroyed" else "is not deployed"
        raise IllegalMoveError(f"{ship.card} {where}, so its {change.what} cannot be adjusted.")
    lowest, top_field = TRACKS[change.what]
    now, top = int(getattr(ship, change.what)), int(getattr(ship, top_field))
    after = now + change.delta
    if not lowest <= after <= top:
        raise IllegalMoveError(f"{ship.card} has {now} {change.what} (from {lowest} to {top}); "
                               f"it cannot change by {change.delta:+d}.")
    b.add(event("ship_adjusted", card=ship.card, track=change.what, delta=change.delta,
                reason=f"manual adjust: {change.reason}"))
    b.say(f"Adjusted {ship.card}'s {change.what} by {change.delta:+d} to {after} "
          f"({change.reason}).")
    return ship.owner


def _ship_adjusted(state: XpState, e: Event) -> XpState:
    ship = state.ships[e["card"]]
    track = str(e["track"])
    lowest, top_field = TRACKS[track]
    value = min(int(getattr(ship, top_field)), max(lowest, int(getattr(ship, track)) +
                                                    int(e["delta"])))
    changed = replace(ship, energy=value) if track == "energy" else \
        replace(ship, resistance=value)
    return with_ship(state, changed)


ADJUSTS: dict[str, AdjustHandler[XpState]] = {track: adjust_track for track in TRACKS}
APPLIERS = {"ship_adjusted": _ship_adjusted}
