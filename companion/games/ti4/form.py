"""TI4's new-game form: free player names, each with a plastic colour, and the card
options (Codex...) the catalog's optional cards name."""

from __future__ import annotations

from companion.core.catalog import Catalog
from companion.core.newgame import FormOption, NewGameForm

#: Plastic colours a TI4 player may choose (the base game's and Prophecy of Kings').
COLOURS = ("red", "blue", "green", "yellow", "purple", "black", "orange", "pink")
#: The form's rows: TI4 seats 3 to 6 around the usual map (the `player` command itself
#: takes any number).
MIN_PLAYERS, MAX_PLAYERS = 3, 6


def new_game_form(catalog: Catalog) -> NewGameForm:
    options = tuple(sorted({c.option for c in catalog.cards.values() if c.option}))
    cards = FormOption("cards", "Options (tap to turn on or off)", options, many=True,
                       value_text="{} cards")
    return NewGameForm(seat_names=(), min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
                       seat_line="player {name} {colour}", after=("setup {cards}",),
                       colours=COLOURS, options=(cards,) if options else ())
