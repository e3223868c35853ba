"""Traps: dropped with a countdown, lowered by each ship passing, exploding at 0.

Rulebook, "Trap module" and "Trap" (Interactions): every ship passing a trap
lowers its count by one; when it reaches zero the trap explodes and destroys
that ship with its modules. A ship ending its move on a trap always explodes it.
The ship that drops one ("place the token under your spaceship", at the beginning or
the end of its move) does not: it arrived before the trap was there, and the rulebook
has the drop as its own act, not as a ship ending its move on it (try 19, finding 4).

>>> pass_trap(3)
(2, False)
>>> pass_trap(1)
(0, True)
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.catalog import Catalog
from companion.core.errors import IllegalMoveError
from companion.core.events import Event, event
from companion.core.words import whole_number
from companion.games.exploration import catalog as xc
from companion.games.exploration.checks import destroyed
from companion.games.exploration.state import ShipStatus, Trap, XpState

COUNTER = "traps_dropped"


def dropped_at(card: str, where: str) -> str:
    """A dropped trap's place, true after its ship has gone on ("under SHLD1" was not)."""
    return f"dropped by {card} at {where}"


def trap_place(where: str | None) -> str | None:
    """A trap's place as shown, whenever the game was saved: games saved before said
    "under SHLD1 at ...", stale once SHLD1 moved (try 19, finding 4).

    >>> trap_place("under SHLD1 at a plain space")
    'dropped by SHLD1 at a plain space'
    """
    if where and where.startswith("under "):
        return "dropped by " + where.removeprefix("under ")
    return where


def pass_trap(count: int) -> tuple[int, bool]:
    """The count after one ship passes, and whether the trap explodes."""
    after = max(0, count - 1)
    return after, after == 0


def find_trap(state: XpState, word: str) -> Trap:
    for trap in state.traps:
        if trap.trap_id.upper() == word.upper():
            return trap
    lying = ", ".join(t.trap_id for t in state.traps) or "none"
    raise IllegalMoveError(f"{word.upper()} is not a trap on the map (traps: {lying}).")


def is_trap_word(state: XpState, word: str) -> bool:
    return any(t.trap_id.upper() == word.upper() for t in state.traps)


def explosion(trap: Trap, ship: ShipStatus) -> Event:
    """The trap goes off under `ship`; its owner, place and count are kept for the screens."""
    return event("trap_exploded", trap_id=trap.trap_id, card=ship.card, owner=trap.owner,
                 where=trap_place(trap.where), count=trap.count)


def passing(trap: Trap, ship: ShipStatus) -> tuple[list[Event], str, bool]:
    """A ship passes the trap: events, sentence, and whether the ship is destroyed."""
    after, exploded = pass_trap(trap.count)
    if exploded:
        return ([explosion(trap, ship),
                 destroyed(ship, f"trap {trap.trap_id}")],
                f"{ship.card} passes trap {trap.trap_id}: the count reaches 0, the trap "
                f"explodes and {ship.card} is destroyed with its modules.", True)
    return ([event("trap_counted", trap_id=trap.trap_id, count=after)],
            f"{ship.card} passes trap {trap.trap_id}: count {trap.count} -> {after}.", False)


def ending_on(trap: Trap, ship: ShipStatus) -> tuple[list[Event], str]:
    """A ship ending its move on a trap explodes it, whatever its count."""
    return ([explosion(trap, ship),
             destroyed(ship, f"trap {trap.trap_id}")],
            f"{ship.card} ends its move on trap {trap.trap_id} (count {trap.count}): it "
            f"explodes and {ship.card} is destroyed with its modules.")


def valid_count(catalog: Catalog, word: str) -> int:
    counts = [int(c) for c in xc.module(catalog, "trap")["counts"]]
    count = whole_number(word, f"the trap's count (one of {counts})")
    if count not in counts:
        raise IllegalMoveError(f"A trap is set to one of {counts}, not {word!r}.")
    return count


def dropped(state: XpState, owner: str, counts: list[int], places: list[str]) -> list[Event]:
    """Numbered traps T1, T2, ... (numbers are never reused in a game)."""
    first = state.table.counters.get(COUNTER, 0) + 1
    events = [event("trap_dropped", trap_id=f"T{first + i}", owner=owner, count=count,
                    where=where) for i, (count, where) in enumerate(zip(counts, places,
                                                                          strict=True))]
    return [*events, event("counter_set", name=COUNTER, value=first + len(counts) - 1)]


# ---- appliers -------------------------------------------------------------------------------
def _trap_dropped(state: XpState, e: Event) -> XpState:
    trap = Trap(e["trap_id"], e["owner"], int(e["count"]), e["where"])
    return replace(state, traps=(*state.traps, trap))


def _trap_counted(state: XpState, e: Event) -> XpState:
    return replace(state, traps=tuple(replace(t, count=int(e["count"]))
                                      if t.trap_id == e["trap_id"] else t for t in state.traps))


def _trap_gone(state: XpState, e: Event) -> XpState:
    return replace(state, traps=tuple(t for t in state.traps if t.trap_id != e["trap_id"]))


APPLIERS = {"trap_dropped": _trap_dropped, "trap_counted": _trap_counted,
            "trap_exploded": _trap_gone, "trap_removed": _trap_gone}
