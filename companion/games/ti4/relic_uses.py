"""The relics a seat uses by exhausting them, each its own action (try 12, findings 24
and 30; try 14, finding 23): "Exhaust <relic>: <what it does>", in the Relics group,
greyed in its place with why while exhausted (until the status phase readies it).

Which relics exhaust and what they do is the catalog's (`exhausts`, `exhaust_use`). A
relic that explores (The Crown of Emphidia, Circlet of the Void) is the active seat's,
one tap on what it explores; any other is its holder's at any time (the Scepter spends
a token, the Prophet's Tears helps research, on another seat's turn too), and the app
says what the table does (`table_keeps`).
"""

from __future__ import annotations

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.prompt import Choice, InputSpec, Option
from companion.games.ti4.data import ti4_data
from companion.games.ti4.explore import label, traits_of
from companion.games.ti4.frontier import on_the_map
from companion.games.ti4.relics import USED
from companion.games.ti4.state import TI4State
from companion.games.ti4.take import word

GROUP = "Relic fragments and relics"
#: The prompt's partial of one relic's uses, `relic-use RELIC` (a tap on it in the Relics
#: panel opens them: try 17, finding 3).
RELIC_USE = "relic-use"


def relic_uses(state: TI4State, catalog: Catalog, active: str | None,
               explore: bool) -> list[Choice]:
    """Each relic used by exhausting it, held by any seat (the active seat's first); the
    ones that explore only the active seat's, and only when `explore` (no card waits)."""
    seats = [s for s in (active,) if s] + [s for s in state.table.seats if s != active]
    choices = []
    for seat in seats:
        for relic in state.table.cards_in(piles.area_zone(seat)):
            card = catalog.cards[relic]
            explores = card.attrs.get("explores_planet") or card.attrs.get("explores_frontier")
            if not card.attrs.get("exhausts") or (explores and (seat != active or not explore)):
                continue
            choices.append(_explore(state, catalog, seat, card) if explores
                           else _exhaust(state, card))
    return choices + (_purge_uses(state, catalog, active) if active and explore else [])


def _purge_uses(state: TI4State, catalog: Catalog, seat: str) -> list[Choice]:
    """Each relic `seat` holds whose action purges it, by its own name: "Use The Codex:
    purge it, take up to 3 action cards from the discard pile" (try 20, finding 1: the
    only way was "Purge a card in play", beside the seat's planets). An action: on its
    holder's turn, with no card waiting."""
    choices = []
    for relic in state.table.cards_in(piles.area_zone(seat)):
        card = catalog.cards[relic]
        if card.attrs.get("purge_use"):
            choices.append(Choice(f"Use {card.name}: {card.attrs['purge_use']}", GROUP,
                                  priced=False, command=f"purge {relic} {USED}"))
    return choices


def _tired(state: TI4State, card: CardEntry) -> str | None:
    if card.card_id in state.exhausted:
        return f"{card.name} is exhausted: the status phase readies it."
    return None


def _exhaust(state: TI4State, card: CardEntry) -> Choice:
    use = str(card.attrs.get("exhaust_use") or card.summary)
    return Choice(f"Exhaust {card.name}: {use}", GROUP, priced=False, in_place=True,
                  command=f"exhaust {card.card_id}", refused=_tired(state, card))


def _explore(state: TI4State, catalog: Catalog, seat: str, card: CardEntry) -> Choice:
    """One tap on what the relic explores: a planet `seat` controls, or a frontier token;
    with none, greyed with why."""
    relic = card.card_id
    if card.attrs.get("explores_planet"):
        mine = [c for c in _controlled(state, catalog, seat)
                if traits_of(state, catalog.cards[c])]
        options = tuple(Option(c, label(catalog, c)) for c in mine)
        template, what = f"explore-again {{}} with {relic}", f"a planet {seat} controls"
        none = f"{seat} controls no planet with a trait to explore."
    else:
        options = tuple(Option(t, ti4_data(catalog).system_words(t))
                        for t in on_the_map(state, catalog, state.frontier))
        template, what = f"frontier {{}} for {word(seat)} with {relic}", "a frontier token"
        none = "No frontier token is on the map to explore."
    refused = _tired(state, card) or (None if options else none)
    label_ = f"Exhaust {card.name}: explore {what}"
    if refused and options:
        return Choice(label_, GROUP, priced=False, in_place=True, refused=refused,
                      command=template.replace("{}", options[0].value))
    if refused:  # nothing to explore: no command to try, greyed with why
        return Choice(label_, GROUP, priced=False, in_place=True, refused=refused,
                      input=InputSpec("choice", template, options=options,
                                      probe=template.replace("{}", "?")))
    return Choice(label_, GROUP, priced=False, in_place=True, input=InputSpec(
        "choice", template, options=options, probe=template.replace("{}", options[0].value)))


def _controlled(state: TI4State, catalog: Catalog, seat: str) -> list[str]:
    planet_deck = ti4_data(catalog).planet_deck
    return [c for c in state.table.cards_in(piles.area_zone(seat))
            if catalog.cards[c].deck == planet_deck]


def one_relic_uses(state: TI4State, catalog: Catalog, relic: str, active: str | None,
                   explore: bool) -> list[Choice]:
    """What can be done with `relic` now, as under the first screen's actions: exhausted
    for its ability, or used by its own name ("Use The Codex: ..."), each greyed with why
    when it cannot be now; a relic with no action of its own, purged (the table says
    when)."""
    card = catalog.cards.get(relic.upper())
    seat = state.controller(card.card_id) if card is not None else None
    if card is None or seat is None or card.deck != ti4_data(catalog).relic_deck:
        return []
    uses = [c for c in relic_uses(state, catalog, active, explore)
            if c.label.startswith((f"Exhaust {card.name}", f"Use {card.name}:"))]
    why = f"{card.name} is used on {seat}'s turn, with no card waiting."
    for attr, verb in (("exhausts", "Exhaust"), ("purge_use", "Use")):
        if card.attrs.get(attr) and not any(c.label.startswith(verb) for c in uses):
            uses.append(Choice(f"{verb} {card.name}", GROUP, priced=False, in_place=True,
                               refused=(_tired(state, card) if verb == "Exhaust" else None)
                               or why, partial=f"{RELIC_USE} {card.card_id}"))  # greyed only
    if card.attrs.get("purge_use"):
        return uses
    purge = Choice(f"Purge {card.name} ({seat}'s)", GROUP, priced=False,
                   command=f"purge {card.card_id}")
    return [*uses, purge]
