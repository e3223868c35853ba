"""Outer-space hex tiles: what a revealed tile does, as printed on the table's own tile.

Rulebook, "Flying off the map": "Reveal the random hex tile ... Resolve all effects from
the hex tile. To gain the rewards spaceship must survive all effects." The rulebook
prints no tile's effects, so the catalog's are the companion's defaults. When a tile is
revealed the table says which applies: the default (`tile default`), or what their tile
prints (`tile energy -2 command 2`), which stays that tile's effect for the rest of the
game (a ship entering it again). Losses come first; the ship gains the rest only if it
survives them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from companion.core import piles
from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import Event, event
from companion.core.forms import FormField
from companion.core.prompt import Choice, InputSpec
from companion.core.rules import Outcome, Verb
from companion.core.words import counted
from companion.games.exploration.checks import destroyed, require_no_tile
from companion.games.exploration.hazards import request, round_closing, round_end_again
from companion.games.exploration.resources import credit_gain, gain
from companion.games.exploration.state import (
    OUTER_SPACE,
    PendingTile,
    ShipStatus,
    XpState,
)

#: The kinds of effect a tile may print, in the order the form asks them: the label, and
#: the lowest and highest amount a player may enter (input bounds, not rulebook numbers).
KINDS: Mapping[str, tuple[str, int, int]] = {
    "energy": ("Energy", -6, 6), "resistance": ("Resistance", -4, 4),
    "credits": ("Credits", -20, 20), "command": ("Command points", -5, 5),
    "score": ("Domination points", 0, 10), "hazard": ("Hazard cards", 0, 3)}
TILE = "Outer space tile"  # the prompt's group
DEFAULT = "the companion's default"
PRINTED = "as printed on your tile"
SOMETHING_ELSE = "Our tile says something else"

Effects = Mapping[str, int]


# ---- what a tile does ------------------------------------------------------------------------
def effects_of(state: XpState, card: CardEntry) -> Effects:
    """What the table said the tile prints, else the catalog's default."""
    printed = state.printed_tiles.get(card.card_id)
    return effects_of_catalog(card) if printed is None else printed


def effects_of_catalog(card: CardEntry) -> Effects:
    """The catalog's effect of the tile: the companion's default."""
    return {k: int(card.attrs[k]) for k in KINDS if int(card.attrs.get(k, 0))}


def effect_words(effects: Effects) -> str:
    """'Lose 1 energy, then gain 8 credits.': losses first, as they are resolved."""
    nouns = {"energy": ("energy", "energy"), "resistance": ("resistance", "resistance"),
             "credits": ("credit", "credits"), "command": ("command point", "command points")}
    losses = [f"lose {counted(-n, *nouns[k])}" for k, n in effects.items()
              if n < 0 and k in nouns]
    gains = [f"gain {counted(n, *nouns[k])}" for k, n in effects.items()
             if n > 0 and k in nouns]
    if effects.get("score", 0) > 0:
        gains.append(f"score {counted(effects['score'], 'domination point')}")
    if effects.get("hazard", 0) > 0:
        gains.append(f"draw {counted(effects['hazard'], 'hazard card')}")
    parts = [" and ".join(p) for p in (losses, gains) if p]
    text = ", then ".join(parts) or "no effect"
    return f"{text[0].upper()}{text[1:]}."


def described(state: XpState, card: CardEntry) -> str:
    """The tile's effect and where it comes from, as its screen says it."""
    if card.card_id in state.printed_tiles:
        return f"{effect_words(state.printed_tiles[card.card_id])} ({PRINTED})"
    return card.summary


def tile_effect(state: XpState, catalog: Catalog, card_id: str) -> dict[str, object]:
    """A revealed tile's view: `effect` in words and whether the table `printed` it."""
    return {"effect": described(state, catalog.card(card_id)),
            "printed": card_id in state.printed_tiles}


def tile_effects(state: XpState, card: CardEntry, ship: ShipStatus,
                 effects: Effects | None = None) -> tuple[list[Event], str]:
    """Losses first; rewards only if the ship survives them."""
    effects = effects_of(state, card) if effects is None else effects
    energy = max(0, ship.energy + min(0, effects.get("energy", 0)))
    resistance = max(0, ship.resistance + min(0, effects.get("resistance", 0)))
    events: list[Event] = [event("ship_updated", card=ship.card,
                                 set={"energy": energy, "resistance": resistance})]
    lost = [f"{old - new} {name} ({old} to {new})" for name, old, new
            in (("energy", ship.energy, energy), ("resistance", ship.resistance, resistance))
            if new != old]
    said = [f"{ship.card} loses {' and '.join(lost)}."] if lost else []
    more, words = _seat_losses(state, ship.owner, effects, source(card))
    events += more
    said += words
    if resistance == 0:
        return [*events, destroyed(ship, f"outer space tile {card.card_id}")], \
            " ".join([*said, f"{ship.card} does not survive and gains nothing."])
    ship = replace(ship, energy=energy, resistance=resistance)
    more, words = _gains(state, ship, effects, source(card))
    return events + more, " ".join(said + words)


def source(card: CardEntry) -> str:
    """What a seat's score and resources name as the tile's doing: "Outer Space tile 3"
    (the card's own name when it says it is one), never the words twice."""
    name = card.name
    return name if name.lower().startswith("outer space tile") else f"outer space tile {name}"


def fatal(state: XpState, ship: ShipStatus, effects: Effects) -> bool:
    """True when the effect's losses leave the ship with no resistance (it is destroyed)."""
    return ship.resistance + min(0, effects.get("resistance", 0)) <= 0


def _seat_losses(state: XpState, seat: str, effects: Effects,
                 reason: str) -> tuple[list[Event], list[str]]:
    """Credits and command points a tile takes: what the seat has, at most."""
    events, said = [], []
    for key, noun in (("credits", "credit"), ("command", "command point")):
        lost = min(-min(0, effects.get(key, 0)), state.table.resource(seat, key))
        if lost:
            events.append(gain(seat, key, -lost, reason))
            said.append(f"{seat} loses {counted(lost, noun)}.")
    return events, said


def _gains(state: XpState, ship: ShipStatus, effects: Effects,
           reason: str) -> tuple[list[Event], list[str]]:
    seat, events, said = ship.owner, [], []
    energy = min(ship.max_energy, ship.energy + max(0, effects.get("energy", 0)))
    resistance = min(ship.max_resistance, ship.resistance + max(0, effects.get("resistance", 0)))
    if (energy, resistance) != (ship.energy, ship.resistance):
        events.append(event("ship_updated", card=ship.card,
                            set={"energy": energy, "resistance": resistance}))
        said.append(f"{ship.card} is at energy {energy} and resistance {resistance}.")
    if effects.get("credits", 0) > 0:
        more, text = credit_gain(state, seat, effects["credits"], reason)
        events += more
        said.append(text)
    if effects.get("command", 0) > 0:
        events.append(gain(seat, "command", effects["command"], reason))
        said.append(f"{seat} gains {counted(effects['command'], 'command point')}.")
    if effects.get("score", 0) > 0:
        events.append(event("scored", seat=seat, points=effects["score"], source=reason))
        said.append(f"{seat} scores {counted(effects['score'], 'domination point')}.")
    for _ in range(max(0, effects.get("hazard", 0))):
        events.append(request("hazard", ship))
        said.append(f"Draw a hazard card for {ship.card}.")
    return events, said


# ---- the reveal, then the table's word -------------------------------------------------------
def scan_tile(state: XpState, catalog: Catalog, card: CardEntry) -> Outcome | None:
    """A tile some ship's move is waiting for: revealed, then its effect is said (a tile
    already said, or printed in the catalog as the table has it, resolves at once)."""
    draw = next((d for d in state.ship_draws if d.deck == card.deck), None)
    if draw is None:
        return None
    require_no_tile(state)
    drawn = piles.draw_observed(state.table, card.card_id, card.deck, OUTER_SPACE,
                                lambda _c: card.name)
    events = [*drawn, event("ship_draw_done", deck="hex", card=card.card_id)]
    ship = state.ships[draw.ship]
    said = f"{ship.card} reveals {card.name} ({card.card_id}) in outer space."
    if card.card_id not in state.printed_tiles:
        events.append(event("tile_revealed", card=card.card_id, seat=ship.owner,
                            ship=ship.card))
        return Outcome(tuple(events), f"{said} Apply {DEFAULT}, or enter what your tile "
                                      f"says.", ship.owner)
    more, text = tile_effects(state, card, ship)
    left = len(state.ship_draws) - 1 + (state.pending_hazard is not None)
    return Outcome(tuple(events + more + round_end_again(state)),
                   f"{round_closing(state, more, left)}{fate(card, ship, more)}{said} {text}",
                   ship.owner)


def tile(state: XpState, catalog: Catalog, args: Sequence[str]) -> Outcome:
    """`tile default`, or `tile KIND AMOUNT...` as the tile prints it."""
    pending = state.pending_tile
    if pending is None:
        raise IllegalMoveError("No outer-space tile is waiting for its effect.")
    card, ship = catalog.card(pending.card), state.ships[pending.ship]
    if [a.lower() for a in args] == ["default"]:
        effects, said, events = effects_of_catalog(card), DEFAULT, []
    else:
        effects, said = parse_effects(args), PRINTED
        events = [event("tile_printed", card=card.card_id, effects=dict(effects))]
    more, text = tile_effects(state, card, ship, effects)
    events += [event("tile_resolved", card=card.card_id), *more, *round_end_again(state)]
    last = round_closing(state, more, len(state.ship_draws) + (state.pending_hazard is not None))
    return Outcome(tuple(events), f"{last}{fate(card, ship, more)}{card.name} for {ship.card}, "
                                  f"{said}: {effect_words(effects)} {text}".rstrip(),
                   pending.seat)


def fate(card: CardEntry, ship: ShipStatus, events: Sequence[Event]) -> str:
    """The line's first words when the tile destroyed the ship: the table reads it first."""
    if not any(e.type == "ship_destroyed" for e in events):
        return ""
    return f"{ship.card} was destroyed by {card.name} (resistance {ship.resistance} to 0). "


def parse_effects(args: Sequence[str]) -> dict[str, int]:
    """KIND AMOUNT pairs ('energy -2 command 2'); amounts of 0 are left out."""
    usage = (f"Say the tile's effects as KIND AMOUNT pairs (KIND: {', '.join(KINDS)}), "
             f"or `tile default`.")
    if not args or len(args) % 2:
        raise CommandSyntaxError(usage)
    effects: dict[str, int] = {}
    for kind, amount in zip(args[::2], args[1::2], strict=True):
        kind = kind.lower()
        if kind not in KINDS or kind in effects:
            raise CommandSyntaxError(usage)
        try:
            value = int(amount)
        except ValueError:
            raise CommandSyntaxError(f"{amount} is not a whole number. {usage}") from None
        label, low, high = KINDS[kind]
        if not low <= value <= high:
            raise CommandSyntaxError(f"{label}: from {low} to {high}, not {value}.")
        effects[kind] = value
    return {k: v for k, v in effects.items() if v}


# ---- the prompt -------------------------------------------------------------------------------
def tile_choices(state: XpState, catalog: Catalog) -> list[Choice]:
    """The default, or what the tile prints entered on one screen (a count per kind)."""
    pending = state.pending_tile
    if pending is None:
        return []
    card, ship = catalog.card(pending.card), state.ships[pending.ship]
    effects = effects_of_catalog(card)
    default = effect_words(effects)[:-1]
    if fatal(state, ship, effects):  # said before the tap, not found later in History
        default += f". {ship.card} is destroyed: resistance {ship.resistance}"
    return [Choice(f"Apply {DEFAULT}: {default}", TILE, command="tile default"),
            Choice(SOMETHING_ELSE, TILE, input=printed_form())]


def printed_form() -> InputSpec:
    """What the tile prints, one count per kind on one screen; "Apply" sends it."""
    fields = tuple(FormField(k, label, "count", (), min=low, max=high, default=("0",),
                             each=f"{k} {{}}") for k, (label, low, high) in KINDS.items())
    template = "tile " + " ".join(f"{{{k}}}" for k in KINDS)
    probe = "tile " + " ".join(f"{k} 0" for k in KINDS)
    return InputSpec("form", template, probe=probe, fields=fields, submit="Apply",
                     hint="Lost (-) or gained (+) on your tile.")  # one line at Large


# ---- appliers ---------------------------------------------------------------------------------
def _revealed(state: XpState, e: Event) -> XpState:
    return replace(state, pending_tile=PendingTile(e["card"], e["seat"], e["ship"]))


def _printed(state: XpState, e: Event) -> XpState:
    effects = {str(k): int(v) for k, v in dict(e["effects"]).items()}
    return replace(state, printed_tiles={**state.printed_tiles, str(e["card"]): effects})


def _resolved(state: XpState, e: Event) -> XpState:
    return replace(state, pending_tile=None)


APPLIERS = {"tile_revealed": _revealed, "tile_printed": _printed, "tile_resolved": _resolved}
VERB_DOCS = (
    Verb("tile", "tile default | tile KIND AMOUNT...", "Say what the outer-space tile just "
         "revealed does: the companion's default, or what the tile prints as KIND AMOUNT "
         "pairs (energy, resistance, credits, command, score, hazard; a loss is negative). "
         "It stays that tile's effect for the rest of the game.", "tile energy -2 command 2"),
)
