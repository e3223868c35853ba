"""TI4's new-game form: free player names, each with a plastic colour, and the card
options (Codex...) the catalog's optional cards name."""

from __future__ import annotations

from companion.core.catalog import Catalog
from companion.core.newgame import FormOption, NewGameForm

#: Plastic colours a TI4 player may choose (the base game's and Prophecy of Kings').
COLOURS = ("red", "blue", "green", "yellow", "purple", "black", "orange", "pink")
#: How many play when a catalog pinned by an older saved game says nothing (`[rules]`
#: min_players, max_players: the `player` command itself takes any number).
OLDER_CATALOG_PLAYERS = (3, 6)


def new_game_form(catalog: Catalog) -> NewGameForm:
    options = tuple(sorted({c.option for c in catalog.cards.values() if c.option}))
    cards = FormOption("cards", "Options (tap to turn on or off)", options, many=True,
                       value_text="{} cards")
    least = int(catalog.rules.get("min_players", OLDER_CATALOG_PLAYERS[0]))
    most = int(catalog.rules.get("max_players", OLDER_CATALOG_PLAYERS[1]))
    return NewGameForm(seat_names=(), min_players=least, max_players=most,
                       seat_line="player {name} {colour}", after=("setup {cards}",),
                       colours=COLOURS, options=(cards,) if options else ())
