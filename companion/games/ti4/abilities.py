"""The effects that explore (LRR 35.3, 35.4), checked wherever the companion can.

Every technology, relic and ability the catalog knows is found by its name, a
prefix of it, or its initials (`DET`, `SDN`), so a short name is checked exactly
like the full one. What the companion tracks is checked: a technology is owned,
a relic is held (and exists in this game), a planet is controlled by the seat
exploring it. A name it does not know is accepted, and the sentence says it was
trusted, not checked.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import IllegalMoveError
from companion.core.events import event
from companion.games.ti4.data import ti4_data
from companion.games.ti4.explore import Builder, data_of, label
from companion.games.ti4.factions import in_sentence
from companion.games.ti4.state import TI4State
from companion.games.ti4.words import match_name

TECH, RELIC, ABILITY = "technology", "relic", "ability"


@dataclass(frozen=True)
class Explorer:
    """A known effect that explores: what it is, its name, what it explores."""

    kind: str
    key: str
    name: str
    explores: str
    condition: str = ""
    faction: str = ""


def explorers(b: Builder) -> dict[str, Explorer]:
    """Every effect that explores which the catalog names, Codex relics included."""
    data = data_of(b)
    found = {k: Explorer(TECH, k, t.name, t.explores) for k, t in data.techs.items()}
    for card in b.catalog.cards.values():
        for attr, what in (("explores_planet", "planet"), ("explores_frontier", "frontier")):
            if card.deck == data.relic_deck and card.attrs.get(attr):
                found[card.card_id] = Explorer(RELIC, card.card_id, card.name, what)
    for key, ability in data.abilities.items():
        found[key] = Explorer(ABILITY, key, ability.name, ability.explores, ability.condition,
                              ability.faction)
    return found


def find_explorer(b: Builder, word: str) -> Explorer | None:
    known = explorers(b)
    key = match_name(word, ((k, e.name) for k, e in known.items()))
    return known[key] if key else None


def trusted(b: Builder, word: str, unchecked: str = "") -> str:
    """Accept an ability the companion does not know, saying so."""
    b.say(f"{word!r} is not an ability this companion knows, so it is trusted, not "
          f"checked{unchecked}.")
    return word


def require_in_game(b: Builder, relic: CardEntry) -> None:
    """A relic of an option the game was set up without cannot be held (Codex relics)."""
    option = relic.option
    if option is not None and option not in b.state.options:
        title = option.capitalize()
        raise IllegalMoveError(f"{relic.name} is a {title} relic, and this game was set up "
                               f"without the {title} cards (setup {option}), so nobody can "
                               f"hold it.")


def _require_held(b: Builder, explorer: Explorer, seat: str) -> None:
    why = not_theirs(b.state, b.catalog, explorer.name, explorer.faction, seat)
    if explorer.kind == ABILITY and why:
        raise IllegalMoveError(why)
    if explorer.kind == TECH and not b.state.has_tech(seat, explorer.key):
        raise IllegalMoveError(f"{seat} does not own {explorer.name}.")
    if explorer.kind == RELIC:
        relic = b.catalog.cards[explorer.key]
        require_in_game(b, relic)
        if b.state.table.zone_of(relic.card_id) != piles.area_zone(seat):
            raise IllegalMoveError(f"{seat} does not hold {relic.name}.")
        if relic.card_id in b.state.exhausted:
            raise IllegalMoveError(f"{relic.name} is exhausted: the status phase readies it.")


def not_theirs(state: TI4State, catalog: Catalog, name: str, faction: str,
               seat: str) -> str | None:
    """Why `seat` cannot use a faction's ability: its faction is said and is another
    ("Multiverse Shift is the Empyrean's; Pia plays the Mentak Coalition."); None when it
    may (the ability is any seat's, or the seat's faction is not said)."""
    factions = ti4_data(catalog).factions
    mine, owner = factions.get(state.factions.get(seat, "")), factions.get(faction)
    if not faction or mine is None or owner is None or mine.key == owner.key:
        return None
    return f"{name} is {in_sentence(owner)}'s; {seat} plays {in_sentence(mine)}."


def _exhaust(b: Builder, explorer: Explorer, seat: str) -> None:
    """A relic whose ability is used by exhausting it (catalog `exhausts`) is exhausted."""
    if explorer.kind == RELIC and b.catalog.cards[explorer.key].attrs.get("exhausts"):
        b.add(event("card_exhausted", card=explorer.key, seat=seat,
                    reason=f"{seat} used {explorer.name}"))
        b.say(f"{explorer.name} is exhausted until the status phase readies it.")


def _condition(b: Builder, explorer: Explorer) -> None:
    if explorer.condition:
        b.say(f"{explorer.name}: {explorer.condition}; the table checks that.")


def planet_permission(b: Builder, word: str, seat: str, card: CardEntry,
                      owner: str | None) -> str:
    """35.3: the ability that explores `card` again for `seat`, checked where known."""
    explorer = find_explorer(b, word)
    if explorer is None:
        unchecked = "" if owner == seat else \
            f", although {seat} does not control {label(b.catalog, card.card_id)}"
        return trusted(b, word, unchecked)
    if explorer.explores != "planet":
        raise IllegalMoveError(f"{explorer.name} explores frontier tokens, not planets: use "
                               f"frontier TILE with {explorer.name}.")
    _require_held(b, explorer, seat)
    if owner != seat:
        whose = f"{owner} controls it" if owner else "nobody controls it"
        raise IllegalMoveError(f"{explorer.name} explores a planet {seat} controls, and "
                               f"{seat} does not control {card.name} ({whose}).")
    _condition(b, explorer)
    _exhaust(b, explorer, seat)
    return explorer.name


def frontier_permission(b: Builder, seat: str, word: str | None) -> str:
    """35.4: Dark Energy Tap by default, or another effect the player names."""
    if word is None:
        techs = [e for e in explorers(b).values() if e.kind == TECH and e.explores == "frontier"]
        if not techs:
            raise IllegalMoveError("Name the effect that explores the token: with ABILITY.")
        tap = techs[0]
        if not b.state.has_tech(seat, tap.key):
            raise IllegalMoveError(f"{seat} does not own {tap.name}, which exploring a "
                                   f"frontier token needs; another effect that explores one "
                                   "may be named instead (35.4).")
        return tap.name
    explorer = find_explorer(b, word)
    if explorer is None:
        return trusted(b, word)
    if explorer.explores != "frontier":
        raise IllegalMoveError(f"{explorer.name} explores planets, not frontier tokens: use "
                               f"explore-again PLANET with {explorer.name}.")
    if explorer.kind == TECH and not b.state.has_tech(seat, explorer.key):
        raise IllegalMoveError(f"{seat} does not own {explorer.name}, which exploring a "
                               f"frontier token needs; another effect that explores one "
                               "may be named instead (35.4).")
    _require_held(b, explorer, seat)
    _condition(b, explorer)
    _exhaust(b, explorer, seat)
    return explorer.name
