"""Playing the Spaceship station: where its marker goes, by touch.

Rulebook, "Spaceship station": "The player who buys it chooses the location of the space
station marker on the map", and every player may then build modules on ships "located on
this space". The app has no map, so the table names the space: the choices are where each
ship on the map is now (the likeliest, a ship is to build there) and the kinds of space,
and a typed name stays for any other (try 9 had to invent one on the keyboard).
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from companion.core.catalog import CardEntry, Catalog
from companion.core.prompt import Choice, InputSpec
from companion.games.exploration.prompt_flight import END_LABELS
from companion.games.exploration.state import XpState

DEVELOPMENT = "Development cards"  # the prompt's group of development cards
#: The kinds of space a station can be settled on, as the move screen names them.
STATION_KINDS = ("space", "credit", "command", "hazard")


def station_choice(card: CardEntry) -> Choice:
    """The development card's button: its space is chosen on the next level."""
    return Choice(f"Play {card.name} ({card.card_id}) on a space you choose", DEVELOPMENT,
                  partial=f"develop {card.card_id}", in_place=True)


def expand_station(state: XpState, catalog: Catalog, words: Sequence[str],
                   seat: str | None) -> list[Choice]:
    """`develop CARD`: where each ship on the map is, each kind of space, or a typed name."""
    if len(words) != 2 or words[1].upper() not in catalog.cards:
        return []
    card = catalog.card(words[1])
    if not card.attrs.get("station"):
        return []
    group = DEVELOPMENT
    command = f"develop {card.card_id} "
    round_ = state.table.round
    choices = [Choice(f"Where {ship.card} is now ({ship.where})", group, command=command
                      + shlex.quote(f"{ship.where} (where {ship.card} was in round {round_})"))
               for ship in sorted(state.ships.values(), key=lambda s: s.card)
               if ship.location == "space" and ship.where]
    choices += [Choice(f"On {END_LABELS[kind]}", group,
                       command=command + shlex.quote(END_LABELS[kind]))
                for kind in STATION_KINDS]
    typed = InputSpec("text", f"develop {card.card_id} {{}}",
                      probe=f'develop {card.card_id} "the named space"')
    return [*choices, Choice("Another space: type its name", group, input=typed)]
