"""TI4 exploration in the one view shape every game fills (core/tableview.py): seats with
their planets, resources and influence, fragments and relics as counters, the decks
(fragments left, discards), and the panels Planets, Relics and Table.

Built from the JSON view (view.py); nothing in TI4 exploration is hidden (35 note 5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.catalog import Catalog
from companion.core.tableview import (
    DeckView,
    Panel,
    PanelRow,
    SeatView,
    TableView,
    Track,
    deck_view,
)
from companion.core.words import counted
from companion.games.ti4.choices import COMMODITIES, TRADE_GOODS
from companion.games.ti4.counters import points_detail, seat_counters
from companion.games.ti4.data import ti4_data
from companion.games.ti4.explore import label
from companion.games.ti4.relic_uses import RELIC_USE
from companion.games.ti4.state import COMMON, MapToken, TI4State
from companion.games.ti4.view import view


def table_view(state: TI4State, catalog: Catalog, seat: str | None = None,
               shown: Mapping[str, Any] | None = None) -> TableView:
    shown = view(state, catalog, seat) if shown is None else shown
    return TableView(
        game="ti4", title=catalog.title or "TI4 exploration", round=int(shown["round"]),
        phase=str(shown["phase"]), phase_name=str(shown["phase_name"]),
        active=shown["active"], waiting_for=str(shown["waiting_for"]),
        seats=tuple(_seat(s, shown["active"]) for s in shown["seats"]),
        decks=decks(state, catalog, shown),
        panels=(planets_panel(shown), relics_panel(shown)),
        as_seat=seat)


def _seat(s: Mapping[str, Any], active: str | None) -> SeatView:
    detail = ((", ".join(s["techs"]),) if s["techs"] else ()) \
        + (("passed this round",) if s.get("passed") else ()) \
        + tuple(f"{r} exhausted" for r in s.get("exhausted_relics", ())) \
        + points_detail(s)
    return SeatView(seat=s["seat"], player=s["seat"], colour=s["color"],
                    counters=seat_counters(s), active=s["seat"] == active, detail=detail,
                    corrections=seat_tracks(s))


#: The most a count's correction goes up to where the game sets no top (trade goods).
COUNT_LIMIT = 99


def seat_tracks(s: Mapping[str, Any]) -> tuple[Track, ...]:
    """The counts the table corrects by hand (`adjust SEAT KEY ±N`): the commodities and
    trade goods the cards' choices count (try 27: a greyed choice said "correct it first"
    and no screen offered a way); commodities up to the seat's commodity value."""
    commodities = int(s.get("commodities") or 0)
    value = int(s.get("commodity_value") or 0)
    return (Track(COMMODITIES, "Commodities", commodities, max(value, commodities) or COUNT_LIMIT),
            Track(TRADE_GOODS, "Trade goods", int(s.get("trade_goods") or 0), COUNT_LIMIT))


def decks(state: TI4State, catalog: Catalog, shown: Mapping[str, Any]) -> tuple[DeckView, ...]:
    rows = [deck_view(state.table, catalog, d["deck"], lines=(
        f"{counted(int(d['fragments_left']), 'fragment')} left",
        *in_play_lines(state, catalog, d["deck"]))) for d in shown["decks"]]
    relic = ti4_data(catalog).relic_deck
    rows.append(deck_view(state.table, catalog, relic))
    return tuple(rows)


def in_play_lines(state: TI4State, catalog: Catalog, deck: str) -> list[str]:
    """The cards of `deck` in play after they resolved, where a player looks for them (the
    deck's row: try 10 found the Ion Storm nowhere): each in the common play area with its
    token, then each token on the map whose card went elsewhere (Mirage purges itself)."""
    tokens = {t.card: t for t in state.map_tokens if _deck_of(catalog, t.card) == deck}
    lines = []
    for card in state.table.cards_in(COMMON):
        if _deck_of(catalog, card) == deck:
            token = tokens.pop(card, None)
            lines.append(f"In play: {label(catalog, card)} in the common play area"
                         + (f"; its token {_token_words(token)}" if token else ""))
    lines += [f"In play: the {t.token} token {_token_words(t)} (from {label(catalog, t.card)})"
              for t in tokens.values()]
    return lines


def _deck_of(catalog: Catalog, card: str) -> str | None:
    entry = catalog.cards.get(card)
    return entry.deck if entry else None


def _token_words(token: MapToken) -> str:
    """'in tile 47, alpha wormhole side up'."""
    return f"in tile {token.tile}" + (f", {token.side} side up" if token.side else "")


# ---- Planets ------------------------------------------------------------------------------
def planets_panel(shown: Mapping[str, Any]) -> Panel:
    rows = [PanelRow(f"Revealed to all: {shown['revealed']}", kind="warning")] \
        if shown["revealed"] else []
    rows += [PanelRow(line, kind="note") for line in queue_lines(shown)]
    for s in shown["seats"]:
        said = {c.key: c for c in seat_counters(s)}
        summary = (f"{said['planets'].text} · {said['resources'].text}, "
                   f"{said['influence'].text}" if s["planets"] else "no planets")
        # The counts "Fix counts" corrects are read on its row, under the planets' (try 28:
        # beside "no planets" alone it read as a way to fix planets).
        rows.append(PanelRow(f"{s['seat']}: {summary}", badge=s["seat"][:1].upper(),
                             seat=s["seat"], kind="heading", target=s["seat"],
                             detail=(f"{said['commodities'].text} · {said['trade_goods'].text}",),
                             corrections=seat_tracks(s)))
        rows += [planet_row(p) for p in s["planets"]]
    return Panel("planets", "Planets", (*rows, *table_rows(shown)), by_seat=True)


def planet_row(planet: Mapping[str, Any]) -> PanelRow:
    """A planet: its values now, and why they differ from the printed card."""
    parts = [", ".join(planet["traits"]) or "no trait"]
    parts += [f"{colour} specialty" for colour in planet["specialties"]]
    if planet["legendary"]:
        parts.append("legendary")
    printed = planet["printed"]
    if (printed["resources"], printed["influence"]) != (planet["resources"],
                                                        planet["influence"]):
        parts.append(f"printed {printed['resources']}/{printed['influence']}")
    attached = [*planet["attachments"], *(["Terraform"] if planet["terraformed"] else [])]
    if attached:
        parts.append("+ " + ", ".join(attached))
    return PanelRow(f"{planet['name']} ({planet['id']})",
                    number=f"{planet['resources']}/{planet['influence']}",
                    detail=(" · ".join(parts),), marked=bool(attached))


def queue_lines(shown: Mapping[str, Any]) -> list[str]:
    lines, waiting = [], 0
    for item in shown["queue"]:
        if item["started"]:
            deck = item["deck"] or " or ".join(item["decks"])
            lines.append(f"Now: {item['seat']} explores {item['target']} ({deck} deck)")
        else:
            waiting += 1
            lines.append(f"Then {waiting}: {item['seat']} explores {item['target']}")
    return lines


# ---- Relics -------------------------------------------------------------------------------
def relics_panel(shown: Mapping[str, Any]) -> Panel:
    rows = [PanelRow("Relic deck", number=str(shown["relic_deck_left"]),
                     detail=("cards left",))]
    for s in shown["seats"]:
        tired = set(s.get("exhausted_relics", ()))
        relics = ", ".join(r + (" (exhausted until the status phase)" if r in tired else "")
                           for r in s["relics"]) or "no relics"
        owed = int(s["relic_draws_owed"])
        if owed:
            relics += f"; owed {counted(owed, 'relic card')} from the relic deck"
        detail = [f"Relics: {relics}"] + ([f"Also in play: {', '.join(s['other'])}"]
                                          if s["other"] else [])
        fragments = len(s["fragments"])
        rows.append(PanelRow(f"{s['seat']}: {fragment_text(s['fragments'])}",
                             badge=s["seat"][:1].upper(), seat=s["seat"],
                             number=str(fragments), detail=tuple(detail),
                             unit="fragment" if fragments == 1 else "fragments"))
        acting = s.get("relics_with_actions")
        rows += [relic_row(name, relic, name in tired, acting is None or relic in acting)
                 for name, relic in zip(s["relics"], s.get("relic_ids", ()), strict=False)]
    # Its buttons: the purges (each set a seat may purge), not the relics an ability draws.
    return Panel("relics", "Relics", tuple(rows), actions="relic purges", by_seat=True)


def relic_row(name: str, relic: str, exhausted: bool, acts: bool = True) -> PanelRow:
    """A relic its holder uses: a tap opens what can be done with it (try 17, finding 3:
    a player tapped the relic to use it, and nothing happened). One with no action of
    its own (no exhaust, no use the app counts) says so: its tap offers only its purge
    (try 27: "Use" and "ready to use" on Shard of the Throne led to purging its victory
    point)."""
    if not acts:
        return PanelRow(name, detail=("held; the table says when its card is used",),
                        opens=f"{RELIC_USE} {relic}", action="Purge")
    state = "exhausted until the status phase" if exhausted else "ready to use"
    return PanelRow(name, detail=(state,), opens=f"{RELIC_USE} {relic}",
                    action="Use")


def fragment_text(fragments: Sequence[Mapping[str, Any]]) -> str:
    if not fragments:
        return "no fragments"
    kinds: dict[str, list[str]] = {}
    for fragment in fragments:
        kinds.setdefault(str(fragment["type"]), []).append(str(fragment["id"]))
    return ", ".join(f"{len(ids)} {kind} ({' '.join(ids)})" for kind, ids in kinds.items())


#: Where the setup's frontier tokens come from, with its rule numbers: a detail asked for
#: on the Planets panel, not the first screen's sentence.
FRONTIER_RULE = ("At setup one goes in each system without planets, never a hyperlane "
                 "(35.4a, LRR 38.1); the app lists every such tile of the box, so only "
                 "those on your map have one.")


# ---- the table: frontier tokens, the common play area, tokens on the map ----------------
def table_rows(shown: Mapping[str, Any]) -> list[PanelRow]:
    """On the Planets panel, after the seats' planets (a "Table" tab of its own would not
    fit the dashboard's tab strip at the Large text size)."""
    tokens = shown["frontier_tokens"]
    rows = [PanelRow("On the table", kind="heading"),
            PanelRow("Frontier tokens", number=str(len(tokens)),
                     detail=(f"in tiles {', '.join(tokens)}",
                             FRONTIER_RULE) if tokens else (FRONTIER_RULE,))]
    if shown["common_play_area"]:
        rows.append(PanelRow("Common play area", detail=(", ".join(shown["common_play_area"]),)))
    rows += [PanelRow(str(t["words"]), detail=(str(t["source"]),))
             for t in shown["map_tokens"]]
    if shown["purged"]:
        rows.append(PanelRow("Purged", number=str(shown["purged"]), detail=("cards",)))
    return rows

