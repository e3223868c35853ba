"""Exploration in the one view shape every game fills (core/tableview.py): the seats
with their counters, the decks, and the panels Ships, Traps, Board and Flight order.

Built from the JSON view (views.py), so both say the same; hidden missions appear
only as counts, and as cards only in their holder's own view (the panel "Missions").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.catalog import Catalog
from companion.core.tableview import (
    CardRef,
    DeckView,
    Panel,
    PanelRow,
    SeatView,
    TableView,
    Track,
    counters,
    deck_view,
    score_sources,
)
from companion.core.words import counted
from companion.games.exploration.checks import areas
from companion.games.exploration.resources import RESOURCE_NOUNS
from companion.games.exploration.scoring import area_points
from companion.games.exploration.state import XpState
from companion.games.exploration.views import RESOURCES, view

#: The ship tracks a correction (`adjust SHIP KEY ±N`) may change, with their top's key.
SHIP_TRACKS = (("Energy", "energy", "max_energy"), ("Resistance", "resistance", "max_resistance"))
#: A seat's counters a correction may change; no printed top, so the stepper stops here.
SEAT_TRACKS = (("Credits", "credits"), ("Command points", "command"),
               ("Technology points", "technology"), ("Frags", "frags"), ("Score", "score"))
SEAT_LIMIT = 99
#: Where a ship is in play on the board (not in a hand, not destroyed).
ON_BOARD = ("launch_pad", "orbit", "space", "outer_space")


def table_view(state: XpState, catalog: Catalog, seat: str | None = None,
               shown: Mapping[str, Any] | None = None) -> TableView:
    shown = view(state, catalog, seat) if shown is None else shown
    panels = [ships_panel(shown), traps_panel(shown), board_panel(shown, catalog)]
    if seat is not None:
        panels.append(missions_panel(shown, seat))
    order = order_line(shown)
    return TableView(
        game="xp", title=catalog.title or "Exploration", round=int(shown["round"]),
        rounds=shown["rounds"] or None, phase=str(shown["phase"]),
        phase_name=str(shown["phase_name"]), active=shown["active"],
        waiting_for=str(shown["waiting_for"]),
        seats=tuple(_seat(s, shown["active"]) for s in shown["seats"]),
        decks=decks(state, catalog, shown), panels=tuple(panels),
        notes=(order,) if order else (), over=bool(state.game_over), as_seat=seat)


def _seat(s: Mapping[str, Any], active: str | None) -> SeatView:
    return SeatView(
        seat=s["seat"], player=s["player"], score=int(s["score"]), seat_index=s["seat_index"],
        score_sources=score_sources(s["score_breakdown"]),
        counters=counters(s, RESOURCE_NOUNS, RESOURCES),
        in_effect=tuple(CardRef(c["id"], c["name"], c["summary"]) for c in s["in_effect"]),
        active=s["seat"] == active, detail=tuple(_seat_detail(s)),
        corrections=tuple(Track(what, label, int(s[what]), SEAT_LIMIT)
                          for label, what in SEAT_TRACKS))


def _seat_detail(s: Mapping[str, Any]) -> list[str]:
    lines = [ship_line(ship) for ship in s["ships"] if ship["location"] in ON_BOARD]
    for name in s.get("spare_module_names") or ():  # taken at setup, built later for free
        lines.append(f"Starting module to build: {name} (free)")
    kept = s.get("development_cards") or ()
    if kept:  # the rulebook keeps them in the player area, face up
        lines.append("Development cards kept: "
                     + ", ".join(f"{c['name']} ({c['id']})" for c in kept))
    if s["hidden_missions"]:
        lines.append(counted(int(s["hidden_missions"]), "hidden mission"))
    return lines


def ship_line(ship: Mapping[str, Any]) -> str:
    """'Shield (SHLD1) in orbiting space, selected to fly this round, energy 4/6, ...': the
    ship by the name on its card (a seat has one of each type) with its code, as the
    buttons say it, and whether it flies this round (try 18, 9: only a greyed button said)."""
    selected = ", selected to fly this round" if ship["selected"] else ""
    return (f"{ship['type']} ({ship['card']}) {_where(ship)}{selected}, energy "
            f"{ship['energy']}/{ship['max_energy']}, resistance "
            f"{ship['resistance']}/{ship['max_resistance']}"
            + "".join(f", {name}" for name in ship.get("module_names", ())))


def decks(state: XpState, catalog: Catalog, shown: Mapping[str, Any]) -> tuple[DeckView, ...]:
    warnings: dict[str, list[str]] = {}
    for owed in shown["owed_draws"]:
        count = int(owed["reshuffle_first"])
        note = (f"The {owed['deck']} deck is empty: shuffle its discard pile "
                f"({counted(count, 'card')}) into a new {owed['deck']} deck, then draw for "
                f"{owed['reason']}.")
        if count and note not in warnings.get(owed["deck"], []):
            warnings.setdefault(owed["deck"], []).append(note)
    return tuple(deck_view(state.table, catalog, d, warnings=warnings.get(d, ()))
                 for d in catalog.decks)


# ---- Ships ------------------------------------------------------------------------------
def ships_panel(shown: Mapping[str, Any]) -> Panel:
    rows: list[PanelRow] = []
    round_ = int(shown["round"])
    for s in shown["seats"]:
        player = f"  ·  {s['player']}" if s["player"] and s["player"] != s["seat"] else ""
        rows.append(PanelRow(s["seat"] + player, badge=s["seat"][:1].upper(), seat=s["seat"],
                             kind="heading", target=s["seat"],
                             corrections=_seat(s, None).corrections))
        if not s["ships"]:
            rows.append(PanelRow("No ships yet.", kind="note"))
        rows += [ship_row(ship, round_) for ship in s["ships"]]
    return Panel("ships", "Ships", tuple(rows), by_seat=True)


def ship_row(ship: Mapping[str, Any], round_: int) -> PanelRow:
    title = f"{ship['card']} {ship['type']}"
    if ship["location"] == "hand":
        p = ship["printed"]
        return PanelRow(title, detail=(
            "not deployed",
            f"Deploy cost {p['deploy_cost']} · starts with energy {p['energy']}/"
            f"{p['max_energy']}, resistance {p['resistance']}, velocity {p['velocity']}, "
            f"maneuverability {p['maneuverability']}, "
            f"{counted(int(p['cargo_slots']), 'cargo slot')}"))
    destroyed = ship["location"] == "destroyed"
    lines = [_place(ship)]
    if not destroyed:
        lines.append(f"Energy {ship['energy']}/{ship['max_energy']} · Resistance "
                     f"{ship['resistance']}/{ship['max_resistance']} · Velocity "
                     f"{ship['velocity']} · Maneuverability {ship['maneuverability']}")
    bonuses = "; ".join(bonus_text(b, round_) for b in ship["bonuses"])
    if bonuses:
        lines.append(f"Bonuses: {bonuses}")
    if not destroyed:
        lines.append(_cargo(ship))
    tracks = () if destroyed else tuple(
        Track(what, label, int(ship[what]), int(ship[top])) for label, what, top in SHIP_TRACKS)
    return PanelRow(title, detail=tuple(lines), target=None if destroyed else ship["card"],
                    corrections=tracks)


def bonus_text(bonus: Mapping[str, Any], round_: int) -> str:
    """'+1 maneuverability (Trim thrusters) until round 4'."""
    condition = f", {bonus['condition']}" if bonus.get("condition") else ""
    start = int(bonus.get("from_round") or 0)
    when = f"from round {start} to {bonus['expires_round']}" if start > round_ \
        else f"until round {bonus['expires_round']}"
    attr = str(bonus["attr"]).replace("_", " ")
    return f"{int(bonus['amount']):+d} {attr} ({bonus['source']}{condition}) {when}"


def _where(ship: Mapping[str, Any]) -> str:
    """'in orbiting space', 'on the map (a credit space)': the place said once."""
    name, where = str(ship["location_name"]), str(ship["where"] or "")
    return f"{name} ({where})" if where and where not in name else name


def _place(ship: Mapping[str, Any]) -> str:
    name, where = str(ship["location_name"]), str(ship["where"] or "")
    place = f"{name}: {where}" if where and where not in name else name
    extras = []
    if ship["selected"]:
        extras.append("selected to fly this round")
    if ship["skip_turns"]:
        extras.append(f"skips {counted(int(ship['skip_turns']), 'turn')}")
    return " · ".join([place, *extras])


def _cargo(ship: Mapping[str, Any]) -> str:
    modules = ship["module_names"]
    held = ", ".join(modules) if modules else "empty"
    return f"Cargo: {held} ({len(modules)} of {counted(int(ship['cargo_slots']), 'slot')})"


# ---- Traps ------------------------------------------------------------------------------
#: Rulebook, "Trap": passing lowers the count; at zero it explodes; ending a turn on its
#: space sets it off whatever its count.
TRAP_RULE = ("A ship passing a trap lowers its count by one, and the trap goes off at 0; "
             "a ship that ends a later move on a trap's space sets it off at any count "
             "(not the ship that dropped it there).")


def traps_panel(shown: Mapping[str, Any]) -> Panel:
    traps = shown["traps"]
    rows = [PanelRow(TRAP_RULE, kind="note")] if traps else []
    for trap in traps:
        owner = str(trap["owner"])
        where = f" · {trap['where']}" if trap["where"] else ""
        rows.append(PanelRow(f"{trap['trap_id']} · {owner}'s trap{where}",
                             badge=owner[:1].upper(), seat=owner, number=str(trap["count"]),
                             detail=(f"count {trap['count']}",)))
    return Panel("traps", "Traps", tuple(rows), empty="No trap on the map.", by_seat=True)


# ---- Board ------------------------------------------------------------------------------
#: The companion has no map (the rulebook prints no board geometry and the table moves the
#: miniatures): said first, as try 9's player looked for one on this tab.
BOARD_NOTE = "The real board is the map: the app keeps only what the table reports."


def board_panel(shown: Mapping[str, Any], catalog: Catalog) -> Panel:
    """Where each ship in play is, the outer-space tiles revealed, then each domination
    area: who holds it, which spaces hold whose cube, which are closed, which are free."""
    rows = [PanelRow(BOARD_NOTE, kind="note"), PanelRow("Ships in play", kind="heading")]
    placed = [(s["seat"], ship) for s in shown["seats"] for ship in s["ships"]
              if ship["location"] in ON_BOARD]
    rows += [PanelRow(f"{ship['card']} {ship['type']}", badge=seat[:1].upper(), seat=seat,
                      detail=(_place(ship),)) for seat, ship in placed]
    if not placed:
        rows.append(PanelRow("No ship is in play yet.", kind="note"))
    rows += tile_rows(shown)
    points = {a: list(data["points"]) for a, data in areas(catalog).items()}
    for area in shown["domination_areas"]:
        rows.append(_area_row(area, points.get(area["area"], [])))
    rows.append(PanelRow("Flight order", kind="heading"))
    rows += order_rows(shown) or [PanelRow("No flight order yet: it is set when the flight "
                                           "phase starts.", kind="note")]
    return Panel("board", "Board", tuple(rows))


def tile_rows(shown: Mapping[str, Any]) -> list[PanelRow]:
    """Each outer-space tile revealed, with what it does: as printed on the table's tile,
    or the companion's default."""
    tiles = shown.get("outer_space") or []
    rows = [PanelRow("Outer space tiles", kind="heading")] if tiles else []
    return rows + [PanelRow(f"{t['name']} ({t['id']})", detail=(str(t["effect"]),),
                            marked=bool(t["printed"])) for t in tiles]


def _area_row(area: Mapping[str, Any], points: Sequence[int]) -> PanelRow:
    spaces: Sequence[Mapping[str, Any]] = area["spaces"]
    cubes: dict[str, int] = {}
    for space in spaces:
        if space["seat"] and not space["closed"]:
            cubes[space["seat"]] = cubes.get(space["seat"], 0) + 1
    holders = sorted(cubes.items(), key=lambda item: -item[1])
    control = "; ".join(f"{seat} {counted(n, 'cube')} "
                        f"({counted(area_points(list(points), n), 'point')})"
                        for seat, n in holders)
    lines = [f"Held by {control}" if holders else "Nobody holds a space here yet."]
    lines += [_space_line(s) for s in spaces if s["seat"] or s["closed"]]
    free = [str(s["space"]) for s in spaces if not s["seat"] and not s["closed"]]
    if free:
        lines.append("Free: " + ", ".join(free))
    leader = holders[0][0] if holders and (len(holders) == 1 or holders[0][1] > holders[1][1]) \
        else None
    return PanelRow(str(area["name"]), badge=leader[:1].upper() if leader else "",
                    seat=leader, number=str(sum(cubes.values())), detail=tuple(lines))


def _space_line(space: Mapping[str, Any]) -> str:
    said = []
    if space["seat"]:
        seat, player = str(space["seat"]), str(space["player"] or "")
        who = f"{seat} ({player})" if player and player != seat else seat
        module = f" ({space['module_name']})" if space["module_name"] else ""
        said.append(f"{who}'s cube{module}")
    if space["closed"]:
        said.append("closed by a restriction token: no domination points there")
    return f"{space['space']}: " + "; ".join(said)


# ---- Flight order -----------------------------------------------------------------------
def _flying_ships(shown: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """The flight order's ships still in play (a destroyed ship flies no more)."""
    ships = {ship["card"]: (s["seat"], ship) for s in shown["seats"] for ship in s["ships"]}
    return [ships[c] for c in shown["flight_order"]
            if c in ships and ships[c][1]["location"] != "destroyed"]


def order_rows(shown: Mapping[str, Any]) -> list[PanelRow]:
    """The ships in flight order (on the Board panel: a tab of its own would not fit the
    dashboard's tab strip at the Large text size; the header's note says it too)."""
    return [PanelRow(f"{n}. {ship['card']} {ship['type']}", badge=seat[:1].upper(), seat=seat,
                     number=str(ship["velocity"]),
                     detail=(f"velocity {ship['velocity']}, maneuverability "
                             f"{ship['maneuverability']}",))
            for n, (seat, ship) in enumerate(_flying_ships(shown), start=1)]


def order_line(shown: Mapping[str, Any]) -> str:
    parts = [f"{ship['card']} (velocity {ship['velocity']}, maneuverability "
             f"{ship['maneuverability']})" for _seat, ship in _flying_ships(shown)]
    return "Flight order: " + ", then ".join(parts) if parts else ""


# ---- a seat's own view ------------------------------------------------------------------
def missions_panel(shown: Mapping[str, Any], seat: str) -> Panel:
    rows = [PanelRow(f"{m['id']} {m['name']}" + (" (new)" if m.get("new") else ""),
                     badge=seat[:1].upper(), seat=seat,
                     number="" if m["value"] is None else
                     f"{m['value']}/{'most' if m['goal'] is None else m['goal']}",
                     detail=(str(m["summary"]),)) for m in shown["my_missions"]]
    return Panel("missions", "Missions", tuple(rows), empty=f"{seat} holds no hidden mission.",
                 by_seat=True)
