"""What the table cannot hold for a ship card or a seat: tracks, bonuses, per-round marks.

Split from state.py (which re-exports these names) to keep each module small.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

#: Where a deployed ship can be; a drafted ship waits "hand" (its card is in area:SEAT),
#: a destroyed one is "destroyed".
DEPLOYED = ("launch_pad", "orbit", "space", "outer_space")
#: "After launch into space": off the launch pad (income, missions counting ships in space).
IN_SPACE = ("orbit", "space", "outer_space")
#: Where a ship is on the map: it drifts in all spaceships movement.
ON_MAP = ("orbit", "space")


@dataclass(frozen=True)
class Modifier:
    """A temporary change to a ship ("Add": removed after one full round).

    `attr` is velocity, maneuverability, drop_maneuverability, extra_move, ...;
    it counts while from_round <= table.round <= expires_round (a hazard "next
    round" starts one round later); `condition` is shown to the table when the
    bonus only applies in some situations.
    """

    attr: str
    amount: int
    source: str
    expires_round: int
    condition: str = ""
    from_round: int = 0

    def is_active(self, round_: int) -> bool:
        return self.from_round <= round_ <= self.expires_round

    def to_dict(self) -> dict[str, Any]:
        return {"attr": self.attr, "amount": self.amount, "source": self.source,
                "expires_round": self.expires_round, "condition": self.condition,
                "from_round": self.from_round}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Modifier:
        return cls(raw["attr"], int(raw["amount"]), raw["source"], int(raw["expires_round"]),
                   raw.get("condition", ""), int(raw.get("from_round", 0)))


@dataclass(frozen=True)
class ShipStatus:
    """What a drafted ship card represents: location, tracks, attributes, modules."""

    card: str
    owner: str
    ship_type: str
    velocity: int
    maneuverability: int
    cargo_slots: int
    max_energy: int
    max_resistance: int
    start_energy: int
    location: str = "hand"
    where: str = ""
    energy: int = 0
    resistance: int = 0
    modifiers: tuple[Modifier, ...] = ()
    reversed: bool = False
    modules: tuple[str, ...] = ()
    selected: bool = False
    maneuver_used: str | None = None
    skip_turns: int = 0
    # The round of the last once-per-round ability use (Bomber, Destroyer), and the
    # round and count of moves in outer space (hex tiles per round).
    ability_round: int = 0
    outer_moves_round: int = 0
    outer_moves: int = 0

    @property
    def is_deployed(self) -> bool:
        return self.location in DEPLOYED

    def bonus(self, attr: str, round_: int) -> int:
        """Sum of the temporary unconditional modifiers to `attr` active in `round_`."""
        return sum(m.amount for m in self.modifiers
                   if m.attr == attr and m.is_active(round_) and not m.condition)

    def to_dict(self) -> dict[str, Any]:
        raw = {f.name: getattr(self, f.name) for f in fields(self)}
        raw["modifiers"] = [m.to_dict() for m in self.modifiers]
        raw["modules"] = list(self.modules)
        return raw

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> ShipStatus:
        # Keys of retired fields (e.g. "restrictions") in old snapshots are dropped.
        known = {f.name for f in fields(cls)}
        data = {k: v for k, v in raw.items() if k in known}
        data["modifiers"] = tuple(Modifier.from_dict(m) for m in raw.get("modifiers", ()))
        data["modules"] = tuple(raw.get("modules", ()))
        return cls(**data)


@dataclass(frozen=True)
class TechPlay:
    """One technology action played: its level, its effect, the round."""

    level: int
    effect: str
    round: int
    with_point: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "effect": self.effect, "round": self.round,
                "with_point": self.with_point}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> TechPlay:
        return cls(int(raw["level"]), raw["effect"], int(raw["round"]),
                   bool(raw.get("with_point", False)))


@dataclass(frozen=True)
class SeatStatus:
    """Per-seat marks that are not cards or resources.

    Resources live in table.resources: credits, command, technology (points),
    frags. `dropped` counts modules dropped so far by kind (missions count
    them), `built` the modules built on the seat's ships by kind (None when a state
    saved before the app counted them was read back: it cannot know them);
    `restrictions` are (kind, round) marks such as ("no_credits", 4).
    """

    spaceport: str
    tech_actions: tuple[TechPlay, ...] = ()
    dev_played_round: int = 0
    turn_done: bool = False
    spare_modules: tuple[str, ...] = ()
    dropped: Mapping[str, int] = field(default_factory=dict)
    restrictions: tuple[tuple[str, int], ...] = ()
    built: Mapping[str, int] | None = field(default_factory=dict)

    def actions_in(self, round_: int) -> list[TechPlay]:
        return [t for t in self.tech_actions if t.round == round_]

    def has_restriction(self, kind: str, round_: int) -> bool:
        return (kind, round_) in self.restrictions

    def to_dict(self) -> dict[str, Any]:
        return {"spaceport": self.spaceport,
                "tech_actions": [t.to_dict() for t in self.tech_actions],
                "dev_played_round": self.dev_played_round, "turn_done": self.turn_done,
                "spare_modules": list(self.spare_modules), "dropped": dict(self.dropped),
                "restrictions": [list(r) for r in self.restrictions],
                "built": None if self.built is None else dict(self.built)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> SeatStatus:
        return cls(raw["spaceport"],
                   tuple(TechPlay.from_dict(t) for t in raw.get("tech_actions", ())),
                   int(raw.get("dev_played_round", 0)), bool(raw.get("turn_done", False)),
                   tuple(raw.get("spare_modules", ())), dict(raw.get("dropped", {})),
                   tuple((k, int(r)) for k, r in raw.get("restrictions", ())),
                   None if raw.get("built") is None else dict(raw["built"]))
