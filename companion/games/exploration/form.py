"""Exploration's new-game form: the board side, then a player at each spaceport."""

from __future__ import annotations

from companion.core.catalog import Catalog
from companion.core.newgame import FormOption, NewGameForm


def new_game_form(catalog: Catalog) -> NewGameForm:
    """Spaceports in their preparation order; the board sides the catalog lists (rounds);
    the player counts of the catalog's `[rules.game]`."""
    rules = catalog.rules
    ports = tuple(str(p) for p in rules["spaceports"]["order"])
    sides = tuple(str(int(r)) for r in rules["game"]["rounds"])
    game = rules["game"]
    return NewGameForm(
        seat_names=ports, min_players=int(game["min_players"]),
        max_players=min(int(game["max_players"]), len(ports)),
        before=("length {length}",), seat_line="join {seat} {name}",
        options=(FormOption("length", "Board side (rounds)", sides, sides[:1]),))
