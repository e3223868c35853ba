"""A seeded table of two who only tap what the prompt's buttons offer (the whole-game test).

`TablePlayer.choose(texts, trail, seat)` picks one button's text among those shown
(after the partials tapped so far, `trail`), by a fixed list of preferences that keeps
the game short while it deploys ships, drops a trap, makes maneuver checks, ends a move
on a hazard space, flies a ship over the trap and another off the map. It knows labels,
not rules: the prompt decides what is offered.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

#: Never tapped: more seats, private screens, the app dealing virtual packs.
AVOID = (r"^Add (a|another) player at", r"app deals the packs", r"sees the choices\)",
         r"^Randomly draw")
#: Tapped first when shown, in this order (the rest of the game's flow).
FLOW = (r"^Let the app draw:", r"packs dealt at the table", r"takes a ship from the pack",
        r"^Start round", r"^Gain 6 credits", r"^Every ship moves onto a plain space",
        r"^End the round \(no ship is on the map\)", r"from the launch pad to orbiting space",
        r"^Apply ", r"^Ignore ")


@dataclass
class TablePlayer:
    trap_owner: str = "Baikonur"
    pilot: str = "Xichang"
    deployed: set[str] = field(default_factory=set)
    trap_built: bool = False
    trap_dropped: bool = False
    checks: int = 0
    exploded: bool = False
    moved_in_round: set[int] = field(default_factory=set)
    hazard_met: bool = False
    #: The trap owner's ship flies off the map once, from this round on.
    outer_space_round: int = 5
    off_the_map: bool = False

    def choose(self, texts: Sequence[str], trail: Sequence[str], seat: str, round_: int) -> str:
        shown = [t for t in texts if not any(re.search(a, t) for a in AVOID)]
        pick = self._plan(shown, trail, seat, round_)
        if pick is None:
            pick = next((t for p in FLOW for t in shown if re.search(p, t)), None)
        if pick is None:
            pick = next((t for t in shown if re.match(r"^End .*turn", t)), None)
        if pick is None:
            if not shown:
                raise AssertionError(f"Nothing to tap after {list(trail)}: {list(texts)}")
            pick = shown[0]
        return pick

    def _first(self, shown: Sequence[str], pattern: str) -> str | None:
        return next((t for t in shown if re.search(pattern, t)), None)

    def _plan(self, shown: Sequence[str], trail: Sequence[str], seat: str,
              round_: int) -> str | None:
        if trail:
            return self._deeper(shown, trail, seat)
        if seat not in self.deployed and (deploy := self._first(shown, r"^Deploy ")):
            self.deployed.add(seat)
            return deploy
        if seat == self.trap_owner and not self.trap_built:
            return self._first(shown, r"^Build a module on")
        drop = self._first(shown, r"^Drop the Trap")
        if seat == self.trap_owner and self.trap_built and not self.trap_dropped and drop:
            return drop
        move = self._first(shown, r"^Move ")
        wants = self.checks < 2 + (1 if self.trap_dropped else 0)
        if seat == self.pilot and round_ not in self.moved_in_round and wants and move:
            self.moved_in_round.add(round_)
            return move
        if seat == self.trap_owner and self.trap_dropped and not self.off_the_map and \
                round_ >= self.outer_space_round and move:
            return move
        return self._first(shown, r"^Select ")

    def _deeper(self, shown: Sequence[str], trail: Sequence[str], seat: str) -> str | None:
        last = trail[-1]
        if last.startswith("Build a module"):
            self.trap_built = True
            return self._first(shown, r"^Trap module")
        if last.startswith("Drop the Trap"):
            self.trap_dropped = True
            return self._first(shown, r"^With count 1$")
        return None

    def move(self, offered: Mapping[str, Sequence[str]], seat: str) -> list[tuple[str, str]]:
        """A move on its form, as (field, option) taps: one space (or hex tile), where it
        ends, and what it passes: L1 for the first two checks, then once the trap."""
        spaces = offered["Moves"]
        picks = [("Moves", "1 space" if "1 space" in spaces else spaces[0]),
                 ("Ends on", self._end(offered["Ends on"], seat))]
        passes = offered.get("Passes", [])
        if not passes or "off the map" in picks[1][1]:
            return picks
        trap = self._first(passes, r"^trap T\d+$")
        if trap and self.checks >= 2 and not self.exploded:
            self.exploded = True
            return [*picks, ("Passes", trap)]
        if self.checks < 2:
            self.checks += 1
            return [*picks, ("Passes", "L1")]
        return picks

    def _end(self, shown: Sequence[str], seat: str) -> str:
        """The kind of space a move ends on: the pilot meets a hazard once, the trap owner
        flies off the map once, every other move ends on a credit space."""
        if seat == self.trap_owner and not self.off_the_map:
            self.off_the_map = True
            return self._first(shown, r"off the map") or shown[0]
        if seat == self.pilot and not self.hazard_met:
            self.hazard_met = True
            return self._first(shown, r"^a hazard space") or shown[0]
        return self._first(shown, r"^a credit space") or shown[0]
