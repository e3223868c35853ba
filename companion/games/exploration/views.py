"""What the table sees: the public view (hidden missions only as counts) and the
view of one seat (its own missions too), plus a plain-text scoreboard."""

from __future__ import annotations

from typing import Any

from companion.core import piles
from companion.core.catalog import Catalog
from companion.core.words import counted
from companion.games.exploration import catalog as xc
from companion.games.exploration import display
from companion.games.exploration.checks import area_spaces, areas, attribute, flying_ship
from companion.games.exploration.draft import current_pack, drafter, pack_seen_by
from companion.games.exploration.missions import progress, progress_sentence
from companion.games.exploration.scoring import winner_sentence
from companion.games.exploration.state import ShipStatus, XpState, newest_hidden, play_zone
from companion.games.exploration.tiles import tile_effect
from companion.games.exploration.traps import trap_place

RESOURCES = ("credits", "command", "technology", "frags")


def _card(catalog: Catalog, card_id: str) -> dict[str, str]:
    entry = catalog.card(card_id)
    return {"id": card_id, "name": entry.name, "summary": entry.summary}


def ship_view(state: XpState, catalog: Catalog, ship: ShipStatus) -> dict[str, Any]:
    round_ = state.table.round
    view: dict[str, Any] = {
        "card": ship.card, "type": catalog.card(ship.card).name, "location": ship.location,
        "location_name": display.location_name(ship.location),
        "module_names": [display.module_name(catalog, m) for m in ship.modules],
        "where": display.place_name(ship.where), "energy": ship.energy,
        "max_energy": ship.max_energy,
        "resistance": ship.resistance, "max_resistance": ship.max_resistance,
        "modules": list(ship.modules), "cargo_slots": ship.cargo_slots,
        "selected": ship.selected, "reversed": ship.reversed,
        "maneuver_used": ship.maneuver_used, "skip_turns": ship.skip_turns,
        "bonuses": [m.to_dict() for m in ship.modifiers if m.expires_round >= round_],
    }
    for attr in ("velocity", "maneuverability"):
        view[attr] = attribute(catalog, ship, attr, round_)
    kind = xc.ship_type(catalog, ship.ship_type)
    view["printed"] = {"energy": kind.start_energy, "max_energy": kind.max_energy,
                       "resistance": kind.max_resistance, "velocity": kind.velocity,
                       "maneuverability": kind.maneuverability,
                       "cargo_slots": kind.cargo_slots, "deploy_cost": kind.deploy_cost}
    return view


def seat_view(state: XpState, catalog: Catalog, seat: str) -> dict[str, Any]:
    table = state.table
    status = state.seats.get(seat)
    area = table.cards_in(piles.area_zone(seat))
    return {
        "seat": seat, "player": table.players.get(seat, seat),
        "seat_index": _place(catalog, seat),
        **{r: table.resource(seat, r) for r in RESOURCES},
        "score": table.score_of(seat), "score_breakdown": table.score_breakdown(seat),
        "score_entries": display.score_entries(table.score_breakdown(seat)),
        "technology_actions": [{**t.to_dict(), "effect_name": display.effect_name(
            catalog, t.effect)} for t in status.actions_in(table.round)] if status else [],
        "turn_done": status.turn_done if status else False,
        "hidden_missions": table.count_in(piles.hand_zone(seat)),
        "completed_missions": [_card(catalog, c) for c in area
                               if catalog.card(c).deck in ("primary", "secondary")],
        "development_cards": [_card(catalog, c) for c in area
                              if catalog.card(c).deck == "development"],
        "in_effect": [_card(catalog, c) for c in table.cards_in(play_zone(seat))],
        "spare_modules": list(status.spare_modules) if status else [],
        "spare_module_names": [display.module_name(catalog, k)
                               for k in (status.spare_modules if status else ())],
        "dropped": dict(status.dropped) if status else {},
        "ships": [ship_view(state, catalog, s) for s in state.ships_of(seat)],
        "pending_draws": [p.deck for p in state.pending if p.seat == seat],
    }


def view(state: XpState, catalog: Catalog, seat: str | None = None) -> dict[str, Any]:
    """JSON view; private cards are counts unless `seat` is their owner."""
    table = state.table
    flying = flying_ship(state)
    result: dict[str, Any] = {
        "game": "xp", "round": table.round, "rounds": state.rounds, "phase": table.phase,
        "phase_name": display.phase_name(table.phase), "active": table.active,
        "flying": {"card": flying.card, "seat": flying.owner} if flying else None,
        "waiting_for": display.waiting_for(state, catalog),
        "expects_scan": list(display.owed_decks(state, catalog)),
        "owed_draws": _owed_draws(state, catalog),
        "seats": [seat_view(state, catalog, s) for s in _ordered(state, catalog)],
        "maneuver_row": [_card(catalog, c) for c in state.maneuver_row()],
        "decks": {d: table.count_in(piles.deck_zone(d)) for d in catalog.decks},
        "discards": {d: table.count_in(piles.discard_zone(d)) for d in catalog.decks},
        "outer_space": [{**_card(catalog, c), **tile_effect(state, catalog, c)}
                        for c in state.outer_space_tiles()],
        "draft": _draft_view(state, catalog, seat),
        "station": state.station,
        "traps": [{**t.to_dict(), "where": display.place_name(trap_place(t.where))}
                  for t in state.traps],
        "controls": [{**c.to_dict(), "module_name": display.module_name(catalog, c.module)}
                     for c in state.controls],
        "restricted_spaces": list(state.restricted_spaces),
        "domination_areas": _domination_areas(state, catalog),
        "flight_order": list(state.flight_order),
        "pending_hazard": state.pending_hazard.to_dict() if state.pending_hazard else None,
        "last_ship_draw": _last_ship_draw(state),
        "pending_tile": state.pending_tile.to_dict() if state.pending_tile else None,
    }
    if seat is not None:
        result["as_seat"] = seat
        new = newest_hidden(state, seat)
        result["my_missions"] = [{**_my_mission(state, catalog, seat, c), "new": c in new}
                                 for c in table.cards_in(piles.hand_zone(seat))]
    return result


def _domination_areas(state: XpState, catalog: Catalog) -> list[dict[str, Any]]:
    """Each domination area's spaces as the board shows them: whose cube (and module) is
    on each, and which are closed by a restriction token."""
    held = {c.space: c for c in state.controls}
    shown = []
    for area, data in areas(catalog).items():
        spaces = []
        for space in area_spaces(catalog, area):
            cube = held.get(space)
            spaces.append({
                "space": space, "closed": space in state.restricted_spaces,
                "seat": cube.seat if cube else None,
                "player": state.table.players.get(cube.seat, cube.seat) if cube else None,
                "module_name": display.module_name(catalog, cube.module) if cube else None})
        shown.append({"area": area, "name": str(data.get("name", area)), "spaces": spaces})
    return shown


def _last_ship_draw(state: XpState) -> dict[str, Any] | None:
    """The hazard card or outer-space tile a ship's move drew last, and for whom."""
    drawn = state.last_ship_draw
    if drawn is None:
        return None
    return {**drawn.to_dict(), "player": state.table.players.get(drawn.seat, drawn.seat)}


def _owed_draws(state: XpState, catalog: Catalog) -> list[dict[str, Any]]:
    """Every card the table still owes: for a ship's move, or for a seat (setup, actions);
    `reshuffle_first` counts the discarded cards to shuffle into a new deck before it."""
    owed: list[dict[str, Any]] = [{"deck": d.deck, "seat": d.seat, "ship": d.ship,
                                   "reason": f"{d.ship}'s move"} for d in state.ship_draws]
    owed += [{"deck": p.deck, "seat": p.seat, "ship": None, "reason": p.reason}
             for p in state.pending]
    return [{**o, "reshuffle_first": display.reshuffle_count(state, catalog, o["deck"])}
            for o in owed]


def _my_mission(state: XpState, catalog: Catalog, seat: str, card_id: str) -> dict[str, Any]:
    """A hidden mission for its holder only, with the progress the app can see."""
    card = catalog.card(card_id)
    value, goal = progress(state, catalog, seat, card)
    return {**_card(catalog, card_id), "value": value, "goal": goal,
            "progress": progress_sentence(seat, card, value, goal)}


def _place(catalog: Catalog, seat: str) -> int | None:
    """The spaceport's place in the preparation order (a seat's colour on the screens)."""
    order = xc.spaceport_order(catalog)
    return order.index(seat) if seat in order else None


def _ordered(state: XpState, catalog: Catalog) -> list[str]:
    return [p for p in xc.spaceport_order(catalog) if p in state.table.seats]


def _draft_view(state: XpState, catalog: Catalog, seat: str | None) -> dict[str, Any]:
    """The draft; a virtual pack's cards only in the drafting seat's own view."""
    shown: dict[str, Any] = {"pack": state.draft.pack, "drafter": drafter(state),
                             "picked": list(state.draft.picks),
                             "pack_cards": len(current_pack(state))}
    if seat is not None and seat == drafter(state) and state.draft.is_virtual:
        shown["my_pack"] = [_card(catalog, c) for c in pack_seen_by(state, seat)]
    return shown


# ---- text -----------------------------------------------------------------------------------
def render(state: XpState, catalog: Catalog, seat: str | None = None) -> str:
    data = view(state, catalog, seat)
    rounds = f" of {data['rounds']}" if data["rounds"] else ""
    turn = f", {data['active']} to play" if data["active"] else ""
    lines = [f"Exploration, round {data['round']}{rounds}, {data['phase']} phase{turn}"]
    if data["phase"] == "end":
        lines += _final_lines(data["seats"])
    for s in data["seats"]:
        lines += _seat_lines(s)
    row = ", ".join(f"{c['id']} {c['name']}" for c in data["maneuver_row"]) or "(none yet)"
    lines.append(f"Maneuver row: {row}")
    decks = ", ".join(f"{d} {n}" for d, n in data["decks"].items())
    lines.append(f"Cards left: {decks}")
    discards = ", ".join(f"{d} {n}" for d, n in data["discards"].items() if n)
    if discards:
        lines.append(f"Discard piles: {discards}")
    draft = data["draft"]
    if draft["drafter"]:
        held = f" ({counted(draft['pack_cards'], 'ship')} in it)" if draft["pack_cards"] else ""
        lines.append(f"Ship draft: pack {draft['pack']}{held}, {draft['drafter']} picks")
    if draft.get("my_pack"):
        lines.append("Your pack: " + ", ".join(f"{c['id']} {c['name']}"
                                                for c in draft["my_pack"]))
    if data["station"]:
        lines.append(f"Spaceship station: {data['station']}")
    if seat is not None:
        mine = ", ".join(f"{c['id']} {c['name']}{_progress_text(c)}"
                         for c in data["my_missions"]) or "none"
        lines.append(f"{seat}'s hidden missions: {mine}")
    return "\n".join(lines)


def _progress_text(mission: dict[str, Any]) -> str:
    if mission["value"] is None:
        return ""
    goal = "most" if mission["goal"] is None else mission["goal"]
    return f" ({mission['value']}/{goal})"


def _undeployed_line(ship: dict[str, Any]) -> str:
    """A ship still in its player's hand: its printed values, not an empty track."""
    p = ship["printed"]
    return (f"  {ship['card']} {ship['type']}: not deployed (deploy cost {p['deploy_cost']}; "
            f"starts with energy {p['energy']}/{p['max_energy']}, resistance "
            f"{p['resistance']}, velocity {p['velocity']}, maneuverability "
            f"{p['maneuverability']}, {p['cargo_slots']} cargo slots)")


def _final_lines(seats: list[dict[str, Any]]) -> list[str]:
    """The final scoreboard: places, totals, and every source of every point."""
    lines = ["", "FINAL SCOREBOARD"]
    ranked = sorted(seats, key=lambda s: -s["score"])
    for s in ranked:
        place = 1 + sum(1 for other in ranked if other["score"] > s["score"])
        lines.append(f"{place}. {s['seat']} ({s['player']})".ljust(34) + f"{s['score']:>4} DP")
        for source, points in s["score_breakdown"].items():
            lines.append(f"     {source}".ljust(52) + f"{points:+4d}")
    lines += [winner_sentence({s["seat"]: s["score"] for s in ranked}), ""]
    return lines


def _seat_lines(s: dict[str, Any]) -> list[str]:
    breakdown = ", ".join(f"{src} {pts:+d}" for src, pts in s["score_breakdown"].items())
    head = (f"{s['seat']} ({s['player']}): {s['score']} DP"
            f"{' [' + breakdown + ']' if breakdown else ''}; {counted(s['credits'], 'credit')}, "
            f"{s['command']} command, {s['technology']} technology, "
            f"{counted(s['frags'], 'frag')}; {counted(s['hidden_missions'], 'hidden mission')}")
    lines = [head]
    if s["technology_actions"]:
        played = ", ".join(f"Lv-{t['level']} {t['effect']}" for t in s["technology_actions"])
        lines.append(f"  technology this round: {played}")
    for ship in s["ships"]:
        if ship["location"] == "hand":
            lines.append(_undeployed_line(ship))
            continue
        mark = " *selected*" if ship["selected"] else ""
        modules = ", ".join(ship["modules"]) or "no modules"
        lines.append(f"  {ship['card']} {ship['type']}: {ship['location']}{mark}, "
                     f"energy {ship['energy']}/{ship['max_energy']}, resistance "
                     f"{ship['resistance']}/{ship['max_resistance']}, velocity "
                     f"{ship['velocity']}, maneuverability {ship['maneuverability']}, "
                     f"{modules}")
    if s["development_cards"] or s["in_effect"]:
        cards = [c["id"] for c in s["development_cards"]]
        lasting = [c["id"] for c in s["in_effect"]]
        lines.append(f"  development: {', '.join(cards) or '-'}; in effect: "
                     f"{', '.join(lasting) or '-'}")
    if s["pending_draws"]:
        lines.append(f"  still to draw: {', '.join(s['pending_draws'])}")
    return lines
