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
             "orbit": "home orbit", "outer": "a new tile off the map"}
END_DETAILS = {"outer": "outer space"}


def move_form(state: XpState, catalog: Catalog, ship: ShipStatus) -> InputSpec:
    """The move of `ship` on one screen; the line reads as the typed command does."""
    card = ship.card
    fields = (_spaces(state, catalog, ship), _ends(state, ship), *_passes(state, catalog, ship))
    template = f"move {card} {{spaces}} {{ends}}" + (" {passes}" if len(fields) > 2 else "")
    probe = f"move {card} {fields[0].default[0]} {fields[1].options[0].value}"
    return InputSpec("form", template, probe=probe, fields=fields)


def _spaces(state: XpState, catalog: Catalog, ship: ShipStatus) -> FormField:
    """1 to the ship's velocity (full speed chosen first); in outer space, 1 hex tile."""
    if ship.location == "outer_space":
        return FormField("spaces", "Moves", "choice", (FormOption("1", "1 hex tile"),),
                         default=("1",))
    fastest = max(1, attribute(catalog, ship, "velocity", state.table.round))
    options = tuple(FormOption(str(n), counted(n, "space")) for n in range(1, fastest + 1))
    return FormField("spaces", "Moves", "choice", options, default=(str(fastest),),
                     slots=_most_spaces(state, catalog, fastest))


def _most_spaces(state: XpState, catalog: Catalog, fastest: int) -> int:
    """The places of the Moves row: the fastest ship on the map this round, so "2 spaces"
    sits at one spot for every ship (try 11: a tap at a fast ship's "2 spaces" fell
    between a slow ship's buttons)."""
    speeds = [attribute(catalog, s, "velocity", state.table.round)
              for s in state.ships.values() if s.is_deployed and s.location != "outer_space"]
    return max([fastest, *speeds])


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
    return FormField("ends", "Ends on", "choice", options)


#: A passed object's detail that names it as the rulebook does (a new player does not
#: know "L1": try 11, finding 14).
NAMED = {"L1": "Lagrangian point L1, maneuver check"}


def _passes(state: XpState, catalog: Catalog, ship: ShipStatus) -> tuple[FormField, ...]:
    """What the ship may pass on its way (none chosen at first): L1, a GNSS once one lies
    on the map, the other ships on the map (each a maneuver check), the traps."""
    if ship.location == "outer_space":
        return ()
    gnss = any(xc.module(catalog, c.module).get("placed_under_ship") for c in state.controls)
    words = ["L1", *(["GNSS"] if gnss else [])]
    options = [_check_option(state, catalog, ship, w, w, NAMED.get(w, "maneuver check"))
               for w in words]
    options += [_check_option(state, catalog, ship, s.card, s.card,
                              f"{s.owner}, maneuver check")
                for s in state.ships.values()
                if s.is_deployed and s.card != ship.card and s.location != "launch_pad"]
    options += [FormOption(t.trap_id, f"trap {t.trap_id}", f"count {t.count}")
                for t in state.traps]
    return (FormField("passes", "Passes", "toggles", tuple(options), min=0,
                      max=len(options), each="past {}"),)


def _check_option(state: XpState, catalog: Catalog, ship: ShipStatus, value: str, label: str,
                  detail: str) -> FormOption:
    """A pass that is a maneuver check: its die follows (a partial), unless it cannot fail:
    then the app rolls it with the move and the option says so (try 9)."""
    if sure_pass(state, catalog, ship, value):
        return FormOption(value, label, f"{detail}: passes for sure")
    return FormOption(value, label, detail, "partial")
