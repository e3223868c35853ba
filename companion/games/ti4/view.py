"""What the table sees: a JSON view and a plain-text scoreboard of the same data.

Nothing in this game is private: exploration cards are revealed to all (LRR 35
note 5), fragments lie face up (35.9) and relics sit in play areas.
"""

from __future__ import annotations

from typing import Any

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.games.ti4.choices import faction_of, is_value_assumed, value_of
from companion.games.ti4.counters import seat_counters
from companion.games.ti4.data import TI4Data, fragment_type, ti4_data
from companion.games.ti4.explore import (
    attached_in_order,
    fragment_odds,
    label,
    system_of,
    target_phrase,
    traits_of,
)
from companion.games.ti4.state import COMMON, TI4State

#: A relic's catalog attributes that make a use the app offers.
RELIC_ACTIONS = ("exhausts", "purge_use")


def waiting_for(state: TI4State, catalog: Catalog) -> str:
    """One sentence: what the app expects next."""
    if state.revealed is not None:
        return f"resolve of {label(catalog, state.revealed)} (revealed to all)"
    head = state.head
    if head is not None and head.started:
        decks = head.draw_deck or " or ".join(head.decks)
        return (f"a card from the {decks} deck for {head.seat}'s exploration of "
                f"{target_phrase(catalog, head)}")
    if state.relic_draws:
        return f"a relic card for {state.relic_draws[0]}"
    if not state.set_up:
        return "players and setup"
    return "a planet taken or scanned, or another action"


def planet_values(state: TI4State, catalog: Catalog, card: CardEntry) -> dict[str, Any]:
    """A planet with its attachments' effects, in the order they were attached (35.8)."""
    data = ti4_data(catalog)
    resources, influence = int(card.attrs["resources"]), int(card.attrs["influence"])
    specialties = [card.attrs["specialty"]] if card.attrs.get("specialty") else []
    attached = attached_in_order(state, card.card_id)
    for card_id in attached:
        extra = catalog.cards[card_id].attrs
        resources += int(extra.get("resources", 0))
        influence += int(extra.get("influence", 0))
        if extra.get("specialty") and specialties:
            resources += data.facility_bonus.get("resources", 0)
            influence += data.facility_bonus.get("influence", 0)
        elif extra.get("specialty"):
            specialties.append(str(extra["specialty"]))
    terraformed = card.card_id in state.extra_traits
    if terraformed:
        resources += data.terraform_bonus.get("resources", 0)
        influence += data.terraform_bonus.get("influence", 0)
    return {"id": card.card_id, "name": card.name, "resources": resources,
            "influence": influence, "traits": list(traits_of(state, card)),
            "printed": {"resources": int(card.attrs["resources"]),
                        "influence": int(card.attrs["influence"])},
            "specialties": specialties, "legendary": bool(card.attrs.get("legendary")),
            "attachments": [label(catalog, c) for c in attached],
            "terraformed": terraformed}


def planet_line(p: dict[str, Any]) -> str:
    """A planet as `state` prints it: values, traits, specialties, legendary, attachments."""
    parts = [f"{p['resources']}/{p['influence']}", ", ".join(p["traits"]) or "no trait"]
    parts += [f"{colour} specialty" for colour in p["specialties"]]
    if p["legendary"]:
        parts.append("legendary")
    attached = [*p["attachments"], *(["Terraform"] if p.get("terraformed") else [])]
    extra = f" + {', '.join(attached)}" if attached else ""
    return f"  planet {p['name']} {'; '.join(parts)}{extra}"


def _seat_view(state: TI4State, catalog: Catalog, seat: str) -> dict[str, Any]:
    data = ti4_data(catalog)
    cards = [catalog.cards[c] for c in state.table.cards_in(piles.area_zone(seat))]
    shown: dict[str, Any] = {
        "seat": seat, "color": state.colors.get(seat),
        "techs": [data.techs[t].name for t in state.techs.get(seat, ()) if t in data.techs],
        "planets": [planet_values(state, catalog, c) for c in cards if c.deck == data.planet_deck],
        "fragments": [{"id": c.card_id, "type": fragment_type(c)} for c in cards
                      if fragment_type(c)],
        "relics": [label(catalog, c.card_id) for c in cards if c.deck == data.relic_deck],
        "relic_ids": [c.card_id for c in cards if c.deck == data.relic_deck],
        # The relics held that have a use the app offers (exhausted, or used by purging
        # them); the table keeps the others' effects (Shard of the Throne's point).
        "relics_with_actions": [c.card_id for c in cards if c.deck == data.relic_deck
                                and any(c.attrs.get(a) for a in RELIC_ACTIONS)],
        # Exhausted by their ability until the status phase readies them.
        "exhausted_relics": [label(catalog, c.card_id) for c in cards
                             if c.deck == data.relic_deck and c.card_id in state.exhausted],
        # The victory points the relics held give (the catalog's `victory_points`), by relic.
        "relic_victory_points": {c.name: int(c.attrs["victory_points"]) for c in cards
                                 if c.deck == data.relic_deck and c.attrs.get("victory_points")},
        "other": [label(catalog, c.card_id) for c in cards
                  if c.deck in data.exploration_decks and not fragment_type(c)],
        "relic_draws_owed": state.relic_draws.count(seat),
        # Counted from the cards that give them and the table's corrections only.
        "commodities": state.table.resource(seat, "commodities"),
        "trade_goods": state.table.resource(seat, "trade_goods"),
        # The cap on commodities: recorded from the faction sheet, else the catalog's
        # assumed value (0: none known).
        "commodity_value": value_of(state.table, catalog, seat),
        "commodity_value_assumed": is_value_assumed(state.table, seat),
        # The faction the table said the seat plays (None: not said, or a sheet the
        # catalog does not list): its key, name as printed, and short name.
        "faction": _faction(state, catalog, seat),
        "passed": seat in state.passed,  # this round's action phase
    }
    # The seat's counters as the game says them: what a screen shows for the seat.
    shown["counters"] = [c.to_dict() for c in seat_counters(shown)]
    return shown


def _faction(state: TI4State, catalog: Catalog, seat: str) -> dict[str, str] | None:
    faction = faction_of(state, catalog, seat)
    return None if faction is None else {"key": faction.key, "name": faction.name,
                                         "short": faction.short}


def _deck_view(state: TI4State, catalog: Catalog, deck: str) -> dict[str, Any]:
    odds = fragment_odds(state, catalog, deck)
    return {"deck": deck, "left": odds.left, "fragments_left": odds.matching,
            "odds": odds.sentence(),
            "discard": [label(catalog, c) for c in state.table.cards_in(piles.discard_zone(deck))]}


def _tile_key(tile: str) -> tuple[int, str]:
    return (int(tile), tile) if tile.isdigit() else (10_000, tile)


def systems(state: TI4State, catalog: Catalog) -> list[dict[str, Any]]:
    """Every system with planets on the map, by tile number, each planet with its controller
    (a screen lets a player take several planets of one system in an order, 35 note 3)."""
    by_tile: dict[str, list[dict[str, Any]]] = {}
    for card in catalog.in_deck(ti4_data(catalog).planet_deck):
        tile = system_of(state, card)
        if tile is None or state.table.zone_of(card.card_id) in ("box", "purged"):
            continue
        by_tile.setdefault(tile, []).append({
            "id": card.card_id, "name": card.name, "traits": list(traits_of(state, card)),
            "controller": state.controller(card.card_id)})
    return [{"tile": tile, "planets": sorted(planets, key=lambda p: p["name"])}
            for tile, planets in sorted(by_tile.items(), key=lambda item: _tile_key(item[0]))]


def view(state: TI4State, catalog: Catalog, seat: str | None = None) -> dict[str, Any]:
    data = ti4_data(catalog)
    t = state.table
    return {
        "game": "ti4", "round": t.round, "phase": t.phase, "active": t.active,
        "options": list(state.options),
        "seats": [_seat_view(state, catalog, s) for s in t.seats],
        "decks": [_deck_view(state, catalog, d) for d in data.exploration_decks],
        "relic_deck_left": t.count_in(piles.deck_zone(data.relic_deck)),
        "revealed": label(catalog, state.revealed) if state.revealed else None,
        "queue": [{"seat": i.seat, "target": target_phrase(catalog, i), "reason": i.reason,
                   "started": i.started, "decks": list(i.decks), "deck": i.deck}
                  for i in state.queue],
        "frontier_tokens": list(state.frontier),
        "common_play_area": [label(catalog, c) for c in t.cards_in(COMMON)],
        "map_tokens": [{**m.to_dict(), "source": label(catalog, m.card), "words": m.words}
                       for m in state.map_tokens],
        "purged": len(t.cards_in("purged")),
        "waiting_for": waiting_for(state, catalog),
        "phase_name": f"{t.phase.capitalize()} phase" if state.set_up else "Setup",
        "expects_scan": list(owed_decks(state, data)),
        "owed_draws": _owed_draws(state, catalog),
        "systems": systems(state, catalog),
        "turn_order": list(state.turn_order), "passed": list(state.passed),
    }


def owed_decks(state: TI4State, data: TI4Data) -> tuple[str, ...]:
    """Decks the table owes a card from: the exploration under way, else a relic."""
    if state.revealed is not None:
        return ()
    head = state.head
    if head is not None and head.started:
        return (head.draw_deck,) if head.draw_deck else head.decks
    return (data.relic_deck,) if state.relic_draws else ()


def _owed_draws(state: TI4State, catalog: Catalog) -> list[dict[str, Any]]:
    data = ti4_data(catalog)
    owed = []
    head = state.head
    if head is not None and head.started and state.revealed is None:
        owed.append({"deck": head.draw_deck or " or ".join(head.decks), "seat": head.seat,
                     "reason": f"exploring {target_phrase(catalog, head)}"})
    return owed + [{"deck": data.relic_deck, "seat": seat, "reason": "a relic draw"}
                   for seat in state.relic_draws]


def render(state: TI4State, catalog: Catalog, seat: str | None = None) -> str:
    v = view(state, catalog, seat)
    lines = [f"TI4 exploration - round {v['round']}, {v['phase']} phase, "
             f"active: {v['active'] or 'nobody'}"]
    for s in v["seats"]:
        plays = f", {s['faction']['name']}" if s["faction"] else ""
        lines.append(f"{s['seat']} ({s['color'] or 'no colour'}{plays}): techs "
                     f"{', '.join(s['techs']) or 'none'}")
        lines += [planet_line(p) for p in s["planets"]]
        if s["fragments"]:
            lines.append("  fragments: " + ", ".join(f"{f['id']} {f['type']}"
                                                    for f in s["fragments"]))
        for key in ("relics", "other"):
            if s[key]:
                lines.append(f"  {key}: {', '.join(s[key])}")
    for d in v["decks"]:
        lines.append(f"{d['deck']}: {d['left']} left, {len(d['discard'])} discarded. {d['odds']}")
    lines.append(f"relic deck: {v['relic_deck_left']} left")
    lines.append(f"frontier tokens: {', '.join(v['frontier_tokens']) or 'none'}")
    if v["map_tokens"]:
        lines.append("map tokens: " + ", ".join(m["words"] for m in v["map_tokens"]))
    if v["common_play_area"]:
        lines.append(f"common play area: {', '.join(v['common_play_area'])}")
    for n, item in enumerate(v["queue"], start=1):
        state_word = "now" if item["started"] else "waiting"
        lines.append(f"queue {n} ({state_word}): {item['seat']} explores {item['target']}")
    if v["revealed"]:
        lines.append(f"revealed: {v['revealed']}")
    lines.append(f"waiting for: {v['waiting_for']}")
    return "\n".join(lines)
