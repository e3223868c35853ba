"""A ship's velocity move as one `form`: the spaces, where it ends and what it passes.

Rulebook, "Velocity move": a ship moves 1 to its velocity in spaces and resolves the
interactions of what it passes (a trap's count, a maneuver check against L1, a GNSS or
another ship) and of where it ends. The companion knows kinds of spaces, not board
positions: the form offers every kind of space and every object that can be on the
map (a GNSS only once one was dropped), and the rules judge the complete move. A
pass that is a maneuver check makes the line a partial: the check's dice follow. The
partial chain (`move SHIP`, prompt_flight.py) stays for clients that know no forms.
"""

from __future__ import annotations

from companion.core.catalog import Catalog
from companion.core.forms import FormField, FormOption
from companion.core.prompt import InputSpec
from companion.core.words import counted
from companion.games.exploration import catalog as xc
from companion.games.exploration.checks import attribute
from companion.games.exploration.flight import ENDS, sure_pass
from companion.games.exploration.state import ShipStatus, XpState

#: Where a move ends, on the form's buttons (a field headed "Ends on"): each reads on after
#: it, as the form's button sums the move up ("moves 2 spaces, ends on a new tile off the
#: map"), never "ends on off the map".
END_WORDS = {"space": "a plain space", "credit": "a credit space",
             "command": "a command space", "hazard": "a hazard space",
             "orbit": "its orbiting space", "outer": "a new tile off the map"}
END_DETAILS = {"outer": "outer space"}


def move_form(state: XpState, catalog: Catalog, ship: ShipStatus) -> InputSpec:
    """The move of `ship` on one screen; the line reads as the typed command does."""
    card = ship.card
    fields = (_spaces(state, catalog, ship), _ends(state, ship), *_passes(state, catalog, ship))
    template = f"move {card} {{spaces}} {{ends}}" + (" {passes}" if len(fields) > 2 else "")
    probe = f"move {card} {fields[0].default[0]} {fields[1].options[0].value}"
    return InputSpec("form", template, probe=probe, fields=fields)


def _spaces(state: XpState, catalog: Catalog, ship: ShipStatus) -> FormField:
    """1 to the ship's velocity (full speed chosen first), each button its number alone
    with "spaces" said once, in as many places as the fastest ship the game allows: one
    row at 800x480, each count at one spot for every ship, and "Ends on" under it at one
    height whatever the velocity (try 13, s234: a velocity-9 ship's counts wrapped and
    pushed every other button down). In outer space, 1 hex tile."""
    if ship.location == "outer_space":
        return FormField("spaces", "Moves", "choice", (FormOption("1", "1 hex tile"),),
                         default=("1",))
    fastest = max(1, attribute(catalog, ship, "velocity", state.table.round))
    options = tuple(FormOption(str(n), counted(n, "space"), short=str(n))
                    for n in range(1, fastest + 1))
    return FormField("spaces", "Moves", "choice", options, default=(str(fastest),),
                     slots=max(fastest, top_velocity(catalog)), note="spaces")


def top_velocity(catalog: Catalog) -> int:
    """The most velocity a ship can have, from the catalog's numbers: the fastest printed
    ship type with every cargo slot holding a velocity module, plus the largest velocity a
    technology action or card adds (Ultra-fast: 6 + 2 + 3 = 11)."""
    rules = catalog.rules
    per_module = max((int(m.get("amount", 0)) for m in rules["modules"].values()
                      if isinstance(m, dict) and m.get("attribute") == "velocity"), default=0)
    ships = max(int(t["velocity"]) + int(t["cargo_slots"]) * per_module
                for t in rules["ship_types"].values() if isinstance(t, dict))
    added = [int(a.get("add_velocity", 0))
             for a in rules["technology"]["actions"].values() if isinstance(a, dict)]
    cards = [int(c.attrs.get("velocity", 0)) for c in catalog.cards.values()
             if isinstance(c.attrs.get("velocity"), int)]
    return ships + max([0, *added, *cards])


def _ends(state: XpState, ship: ShipStatus) -> FormField:
    if ship.location == "outer_space":
        options = (FormOption("outer", "a new tile", "reveal one"),
                   *(FormOption(f"tile at {t}", f"tile {t}", "revealed")
                     for t in state.outer_space_tiles()))
    else:
        options = (*(FormOption(e, END_WORDS[e], END_DETAILS.get(e)) for e in ENDS
                     if e in END_WORDS),
                   *(FormOption(t.trap_id, f"trap {t.trap_id}", "it explodes")
                     for t in state.traps))
    # A trap's after the spaces, which keep their places as the form keeps its columns
    # (try 19, finding 2). Not a reserved place per option: at Large with three traps that
    # pushed "Passes" below the fold (test_large_try9).
    return FormField("ends", "Ends on", "choice", options)


#: What a passed object is, named as the rulebook does (a new player does not know "L1":
#: try 11, finding 14); a ship's line names its owner.
NAMED = {"L1": "Lagrangian point", "GNSS": "dropped module"}
#: Said once beside "Passes": each ship, L1 or GNSS passed is a maneuver check, its die on the
#: next screen (a trap's option says its count); one word, so the name takes two lines.
PASSES_NOTE = "checks"
SURE = "passes for sure"


def _passes(state: XpState, catalog: Catalog, ship: ShipStatus) -> tuple[FormField, ...]:
    """What the ship may pass on its way (none chosen at first): L1, a GNSS once one lies
    on the map, the other ships on the map (each a maneuver check), the traps. Every
    option in a place of one grid, L1 in the first, each two lines (a third when it
    passes for sure), so the places are the same for every ship of the moment (try 13,
    findings 27, 29, 38: L1 was never in the same place twice)."""
    if ship.location == "outer_space":
        return ()
    gnss = any(xc.module(catalog, c.module).get("placed_under_ship") for c in state.controls)
    words = ["L1", *(["GNSS"] if gnss else [])]
    options = [_check_option(state, catalog, ship, w, NAMED[w]) for w in words]
    options += [_check_option(state, catalog, ship, s.card, s.owner)
                for s in state.ships.values()
                if s.is_deployed and s.card != ship.card and s.location != "launch_pad"]
    options += [FormOption(t.trap_id, f"trap {t.trap_id}", f"count {t.count}")
                for t in state.traps]
    return (FormField("passes", "Passes", "toggles", tuple(options), min=0,
                      max=len(options), each="past {}", slots=len(options),
                      note=PASSES_NOTE),)


def _check_option(state: XpState, catalog: Catalog, ship: ShipStatus, value: str,
                  what: str) -> FormOption:
    """A pass that is a maneuver check: its die follows (a partial), unless it cannot fail:
    then the app rolls it with the move and the option says so (try 9)."""
    if sure_pass(state, catalog, ship, value):
        return FormOption(value, value, f"{what}\n{SURE}")
    return FormOption(value, value, what, "partial")
