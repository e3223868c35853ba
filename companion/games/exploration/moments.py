"""Exploration's moments (companion/core/moments.py): the core's cards and rolls, with a
maneuver check's arithmetic, a trap going off, the ship a drawn card is for, a hazard's
own decision, and the final scores."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.core.catalog import Catalog
from companion.core.events import Event, Step
from companion.core.moments import Moment, MomentChoice, default_moments
from companion.core.privacy import public_step
from companion.core.prompt import Choice
from companion.core.words import counted
from companion.games.exploration.check_moments import check_moment
from companion.games.exploration.flight import maneuver_die
from companion.games.exploration.prompt_flight import hazard_choices
from companion.games.exploration.state import XpState
from companion.games.exploration.tiles import tile_choices


def moments(state: XpState, catalog: Catalog, step: Step) -> list[Moment]:
    """The moments of `step`, judged on `state`, the state right after it."""
    if step.kind != "do":
        return []
    shown = default_moments(step, catalog, {"maneuver": maneuver_die(catalog)},
                            state.table.seats, state.table.players)
    rolled_events = [e for e in public_step(step).events if e.type == "die_rolled"]
    rolls = iter(rolled_events)
    checks = sum(1 for e in rolled_events if e.get("check"))
    dropping = step.command.strip().lower().startswith("drop ")
    number = 0
    out = []
    for moment in shown:
        if moment.kind == "roll":
            rolled = next(rolls)
            number += 1 if rolled.get("check") else 0
            out.append(check_moment(rolled, catalog, number, checks, dropping)
                       if rolled.get("check") else moment)
        elif moment.kind == "reveal":
            out.append(_for_ship(moment, state, catalog))
        else:
            out.append(moment)
    trapped = {e["card"] for e in step.events if e.type == "trap_exploded"}
    for e in step.events:
        if e.type == "trap_exploded":
            out.append(explosion_moment(e, state))
        elif e.type == "ship_destroyed" and e["card"] not in trapped:
            out.append(destroyed_moment(e, state, catalog))
        elif e.type == "game_ended":
            out.append(final_moment(e["totals"]))
    return out


def _for_ship(moment: Moment, state: XpState, catalog: Catalog) -> Moment:
    """A hazard card or outer-space tile is for the ship whose move drew it ("Hazard card
    for TRNS1 (Ana)"); a hazard waiting to be applied offers its own decision."""
    drawn = state.last_ship_draw
    card = moment.data.get("card")
    if drawn is None or drawn.card != card:
        return moment
    player = state.table.players.get(drawn.seat, drawn.seat)
    title = f"{moment.data.get('card_name') or 'Card'} for {drawn.ship} ({player})"
    choices: tuple[MomentChoice, ...] = ()
    pending = state.pending_hazard
    if pending is not None and pending.card == card:
        choices = tuple(MomentChoice(c.label, c.command)
                        for c in hazard_choices(state, catalog) if c.command)
    tile = state.pending_tile
    if tile is not None and tile.card == card:
        choices = tuple(_own_choice(c) for c in tile_choices(state, catalog))
    return replace(moment, title=title, choices=choices,
                   data={**moment.data, "ship": drawn.ship, "player": player})


def _own_choice(choice: Choice) -> MomentChoice:
    """A command as it is; an input by its template (the screen asks it as the prompt does)."""
    if choice.input is not None:
        return MomentChoice(choice.label, choice.input.template, input=True)
    return MomentChoice(choice.label, str(choice.command))


def explosion_moment(e: Event, state: XpState) -> Moment:
    """A trap goes off: whose it was, where, its count, and the ship destroyed."""
    trap_id, card = str(e["trap_id"]), str(e["card"])
    owner, where = e.get("owner"), e.get("where")
    whose = f"{owner}'s trap" if owner else "The trap"
    place = f" {where}" if where else ""
    count = f" (count {e['count']})" if e.get("count") is not None else ""
    ship = state.ships.get(card)
    of = f" ({ship.owner})" if ship is not None and ship.owner else ""
    return Moment("explosion", f"Trap {trap_id} explodes!",
                  (f"{whose}{count}{place}", f"{card}{of} is destroyed with its modules."),
                  f"Trap {trap_id} explodes: {card} is destroyed.",
                  data={"trap": trap_id, "ship": card, "owner": owner, "where": where,
                        "count": e.get("count")})


def destroyed_moment(e: Event, state: XpState, catalog: Catalog) -> Moment:
    """A ship destroyed by a tile, a hazard or an attack: said on a screen of its own, not
    only in History (try 11, finding 34)."""
    card, reason = str(e["card"]), str(e.get("reason") or "")
    ship = state.ships.get(card)
    owner = ship.owner if ship is not None else ""
    player = state.table.players.get(owner, owner) if owner else ""
    of = f" ({player})" if player else ""
    cause = cause_words(reason, catalog)
    return Moment("destroyed", f"{card} is destroyed!",
                  (f"{card}{of} has no resistance left" + (f": {cause}." if cause else "."),
                   f"{card} is destroyed with its modules."),
                  f"{card} is destroyed" + (f" by {cause}." if cause else "."),
                  data={"ship": card, "owner": owner or None, "reason": reason})


def cause_words(reason: str, catalog: Catalog) -> str:
    """What destroyed a ship, as a player names it: "Outer Space tile 5 (X5)", "the hazard
    Meteor shower", "SHLD1's attack"."""
    if reason.startswith("outer space tile "):
        code = reason.removeprefix("outer space tile ")
        card = catalog.cards.get(code)
        return f"{card.name} ({code})" if card is not None else reason
    if reason.startswith("hazard "):
        return f"the hazard {reason.removeprefix('hazard ')}"
    if reason.endswith(" attack"):
        return f"{reason.removesuffix(' attack')}'s attack"
    return reason


def final_moment(totals: Mapping[str, int]) -> Moment:
    """The final scores, best first, and who won."""
    ranked = sorted(totals.items(), key=lambda item: -int(item[1]))
    best = int(ranked[0][1]) if ranked else 0
    winners = [seat for seat, points in ranked if int(points) == best]
    sentence = (f"{winners[0]} wins with {counted(best, 'domination point')}."
                if len(winners) == 1 else
                f"{' and '.join(winners)} share the victory with "
                f"{counted(best, 'domination point')}.")
    return Moment("final", "Final scores",
                  tuple(f"{seat}: {counted(int(points), 'point')}" for seat, points in ranked),
                  sentence, data={"totals": dict(totals), "winners": winners})
