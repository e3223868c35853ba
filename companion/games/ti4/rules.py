"""TI4 exploration (Rules Reference 35 with Prophecy of Kings): the game definition.

Exposes `RULES`, the object the registry loads for the CLI id `ti4`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.dice import Die
from companion.core.errors import IllegalMoveError
from companion.core.events import Event, Step, Vocabulary
from companion.core.moments import Moment
from companion.core.newgame import NewGameForm
from companion.core.phases import Phase, Phases
from companion.core.prompt import Choice, Situation
from companion.core.rules import GameRules, Verb
from companion.core.table import TABLE_EVENT_TYPES, new_table
from companion.core.tableview import TableView
from companion.games.ti4 import (
    commands,
    form,
    moments,
    prompt,
    relics,
    rounds,
    tableview,
    view,
)
from companion.games.ti4.choices import RESOURCE_NOUNS
from companion.games.ti4.commands import take_planets
from companion.games.ti4.data import ti4_data
from companion.games.ti4.explore import (
    CAMERA_WORDS,
    Builder,
    data_of,
    fragment_odds,
    label,
    reveal,
)
from companion.games.ti4.state import GAME_APPLIERS, TI4State, apply_event

VERBS: tuple[Verb, ...] = (
    Verb("player", "player NAME [COLOUR]", "Seat a player before setup.", "player Alice red"),
    Verb("setup", "setup [codex]", "Set up: frontier tokens in planetless systems; "
         "codex adds the Codex frontier cards and relics.", "setup codex"),
    Verb("turn", "turn SEAT", "Make SEAT the active player (planet scans are for them).",
         "turn Bob"),
    Verb("end", "end", "End the active player's turn: the next player who has not passed "
         "is active.", "end"),
    Verb("pass", "pass", "The active player passes; when every player has passed, the "
         "action phase ends and the status phase begins.", "pass"),
    Verb("round", "round [SEAT...]", "After the status phase, start the next round's action "
         "phase, in the turn order given (by default the last round's).", "round Bob Alice"),
    Verb("tech", "tech SEAT TECH", "Record Dark Energy Tap or Scanlink Drone Network.",
         "tech Alice dark-energy-tap"),
    Verb("take", "take PLANET... [for SEAT]", "Gain planets in the order given; each one "
         "not controlled by another player is explored as it is gained.",
         "take Abyz Fria for Alice"),
    Verb("choose", "choose DECK", "Choose the deck for a planet with several traits.",
         "choose hazardous"),
    Verb("order", "order TARGET...", "Reorder the explorations waiting in the queue.",
         "order Fria 41"),
    Verb("resolve", "resolve [CHOICE]", "Resolve the revealed card: discard, attach, keep, "
         "purge or place into play, then start the next exploration; a card with its own "
         "choice (Abandoned Warehouses) takes it as a word, which counts its commodities "
         "and trade goods.", "resolve gain"),
    Verb("explore-again", "explore-again PLANET with ABILITY [for SEAT]", "Explore a "
         "planet again (Scanlink Drone Network, The Crown of Emphidia, or a named ability).",
         "explore-again Abyz with \"Garv and Gunn\""),
    Verb("frontier", "frontier TILE... [for SEAT] [with ABILITY]", "Explore frontier "
         "tokens: needs Dark Energy Tap unless another ability is named.",
         "frontier 41 for Alice"),
    Verb("place-frontier", "place-frontier TILE with ABILITY", "Place a frontier token "
         "by an ability.", "place-frontier 81 with \"Nova Seed\""),
    Verb("trade", "trade FRAGMENT... to SEAT", "Give relic fragments in a transaction.",
         "trade C12 to Bob"),
    Verb("relic", "relic SEAT [TYPE | ID ID ID]", "Purge three fragments of one type; "
         "the relic drawn next is scanned for SEAT. The Naaz-Rokha: relic SEAT fabrication "
         "[TYPE | ID ID] purges two for a relic, relic SEAT fabrication token ID one for a "
         "command token.", "relic Alice hazardous"),
    Verb("exhaust", "exhaust RELIC", "Its holder uses a relic by exhausting it (Scepter of "
         "Emelpar, The Prophet's Tears, JR-XS455-O): exhausted until the status phase "
         "readies it; the table resolves what it does.", "exhaust Scepter"),
    Verb("terraform", "terraform PLANET", "Record the Terraform attachment: the planet "
         "gains every trait.", "terraform Abyz"),
    Verb("commodity-value", "commodity-value SEAT N", "Record the commodity value printed "
         "on SEAT's faction sheet (until then the catalog's assumed value applies).",
         "commodity-value Pia 4"),
    Verb("faction", "faction SEAT FACTION", "Say which faction SEAT plays (its key or short "
         "name in the catalog's [rules.factions]): the commodity value its sheet prints "
         "applies.", "faction Pia hacan"),
    Verb("factions-assumed", "factions-assumed", "The table does not say its factions: "
         "the catalog's assumed commodity value stands for every seat not said.",
         "factions-assumed"),
    Verb("purge", "purge CARD [WHY]", "Purge a card in play (a used Enigmatic Device, a "
         "relic, a destroyed planet with its attachments).", "purge F03 researched a tech"),
)


def scan_card(b: Builder, card: CardEntry) -> str | None:
    """A planet card takes it; an exploration card is the draw; a relic, the relic draw."""
    data = data_of(b)
    if card.deck == data.planet_deck:
        return _scan_planet(b, card)
    if card.deck in data.exploration_decks:
        reveal(b, card)
        return b.state.head.seat if b.state.head else None
    if card.deck == data.relic_deck:
        return relics.draw_relic(b, card)
    raise IllegalMoveError(f"{label(b.catalog, card.card_id)} is not expected now; the app "
                           f"is waiting for {view.waiting_for(b.state, b.catalog)}.")


def _scan_planet(b: Builder, card: CardEntry) -> str:
    seat = b.state.table.active
    if seat is None and b.state.table.phase == rounds.STATUS:
        raise IllegalMoveError(f"{card.name} scanned, but it is the status phase and no "
                               f"player is active: take {card.name} for SEAT.")
    if seat is None:
        raise IllegalMoveError(f"{card.name} scanned, but no player is active: type "
                               f"turn SEAT, or take {card.name} for SEAT.")
    if b.state.revealed is not None:
        raise IllegalMoveError(f"{card.name} scanned, but the app is waiting for "
                               f"{view.waiting_for(b.state, b.catalog)}.")
    take_planets(b, [card], seat)
    return seat


def not_set_up(b: Builder, card: CardEntry) -> str | None:
    raise IllegalMoveError(f"{card.name} scanned, but the game is not set up yet: "
                           f"the players are seated, then the game is set up.")


#: Before setup only seats and options; after it, one action phase for every verb and scan.
PHASES: Phases[TI4State] = Phases((
    Phase("setup", verbs=commands.SETUP_VERBS, other_scans=not_set_up,
          closed="The game is not set up yet: the players are seated, then the game is "
                 "set up."),
    Phase("action", verbs={**commands.ACTION_VERBS, **rounds.ACTION_VERBS},
          other_scans=scan_card,
          closed="The game is already set up. Seats are fixed once the game is set up."),
    Phase(rounds.STATUS, verbs={**{v: h for v, h in commands.ACTION_VERBS.items()
                                   if v != "turn"}, **rounds.STATUS_VERBS},
          other_scans=scan_card,
          closed="It is the status phase: no player takes a turn until the next round "
                 "starts (round)."),
), title="TI4 exploration")
VOCABULARY = Vocabulary(TABLE_EVENT_TYPES | frozenset(GAME_APPLIERS))


#: One rule reference as the companion's sentences cite the Rules Reference: "35.9a",
#: "LRR 94", "LRR 35 note 3", "note 1", "35.7-35.9".
_RULE = (r"(?:LRR \d+(?:\.\d+[a-z]?)?(?: notes? \d+(?:-\d+)?)?"
         r"|\d+\.\d+[a-z]?(?:-(?:\d+\.)?\d*[a-z]?)?|notes? \d+(?:-\d+)?)")
#: The references in brackets ("(35.9a)", "(35.4a, LRR 38.1)"): the command line and the
#: JSON keep them; the table's screens leave them out (issue 22: only a rules lawyer
#: reads them). A count in brackets ("(3)") or a code ("(P24)") is no reference.
RULE_MARKS = rf" ?\((?:{_RULE})(?:, (?:{_RULE}))*\)"


class TI4Rules(GameRules[TI4State]):
    """The TI4 exploration module: Rules Reference 35 and its notes. It never ends by
    itself (`is_over` keeps its default): the table plays TI4 around it."""

    game = "ti4"
    title = "TI4 Exploration"
    offers_prompt = True
    #: One unit of each resource the companion counts (the cards' own choices, choices.py).
    resource_nouns = RESOURCE_NOUNS
    prompt_groups = prompt.PROMPT_GROUPS
    #: A card owed (an exploration under way, a relic): the app's draw in the fixed bar,
    #: where no turn's end is offered until the card is resolved.
    draw_is_main = True
    #: What the game tells a table with a camera, and what it says to one with none.
    camera_words = CAMERA_WORDS
    #: The rule references the table's screens leave out of what a player reads.
    rule_marks = RULE_MARKS

    def new_state(self, catalog: Catalog, seed: int) -> TI4State:
        return TI4State(new_table("ti4", seed, (
            (c.card_id, self._start_zone(catalog, c)) for c in catalog.cards.values())))

    @staticmethod
    def _start_zone(catalog: Catalog, card: CardEntry) -> str:
        """Optional cards and the Mirage planet wait in the box; planets in the supply."""
        if card.option is not None or card.attrs.get("starts_in_box"):
            return "box"
        if card.deck == ti4_data(catalog).planet_deck:
            return "supply"
        return piles.deck_zone(card.deck)

    def apply(self, state: TI4State, event: Event) -> TI4State:
        return apply_event(state, event)

    @property
    def phases(self) -> Phases[TI4State]:
        return PHASES

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY

    def verbs(self) -> Sequence[Verb]:
        return VERBS

    def odds_notes(self, state: TI4State, catalog: Catalog, deck: str) -> list[str]:
        """`odds hazardous` also says how many relic fragments are left in it."""
        if deck not in ti4_data(catalog).exploration_decks \
                or not state.table.count_in(piles.deck_zone(deck)):
            return []
        return [fragment_odds(state, catalog, deck).sentence()]

    def dice(self, catalog: Catalog) -> Mapping[str, Die]:
        return {}

    def view(self, state: TI4State, catalog: Catalog, seat: str | None) -> dict[str, Any]:
        return view.view(state, catalog, seat)

    def table_view(self, state: TI4State, catalog: Catalog, seat: str | None,
                   shown: Mapping[str, Any] | None = None) -> TableView:
        return tableview.table_view(state, catalog, seat, shown)

    def render(self, state: TI4State, catalog: Catalog, seat: str | None) -> str:
        return view.render(state, catalog, seat)

    def state_from_dict(self, raw: Mapping[str, Any]) -> TI4State:
        return TI4State.from_dict(raw)

    def new_game_form(self, catalog: Catalog) -> NewGameForm:
        return form.new_game_form(catalog)

    def moments(self, state: TI4State, catalog: Catalog, step: Step) -> Sequence[Moment]:
        """What a step just committed did that deserves a screen (games/ti4/moments.py)."""
        return moments.moments(state, catalog, step)

    # ---- the table API's prompt (games/ti4/prompt.py) ----
    def situation(self, state: TI4State, catalog: Catalog, seat: str | None) -> Situation:
        return prompt.situation(state, catalog, seat)

    def expand(self, state: TI4State, catalog: Catalog, partial: str,
               seat: str | None) -> Sequence[Choice]:
        return prompt.expand(state, catalog, partial, seat)


RULES = TI4Rules()
