"""Exploration's choices for all spaceships movement (the command's word: drift): where
each ship on the map moved by its 1 space can be reported.

The `drift` command takes every report at once (`drift SMAN4=credit LASR2=hazard`),
so the choices build it one ship at a time: a ship's report leads to the next
ship's ("Laser beam (LASR2) moves by 1 space", first: each report's first choice sits
where the last tap was) or to "The other ships move onto a plain space"; the report of
the last ship left is the command itself. None is the moment's main action (try 15).
The buttons say it in the rulebook's words ("All spaceships movement: move by 1 space";
issue 22: "drifts" is no rulebook word).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.catalog import Catalog
from companion.core.prompt import Choice
from companion.core.words import counted
from companion.games.exploration.checks import attribute, flight_rule
from companion.games.exploration.display import ship_called
from companion.games.exploration.drift import drift_order, on_launch_pad
from companion.games.exploration.prompt_flight import DRIFT, DRIFT_ENDS, END_LABELS
from companion.games.exploration.state import XpState

#: Where a ship's move by 1 space ends, by kind of space, as a player says it.
DRIFT_WORDS = {**{end: f"onto {label}" for end, label in END_LABELS.items()},
               "orbit": "onto its orbiting space",
               "outer": "off the map (onto a new outer-space tile)"}


def drift_choices(state: XpState, catalog: Catalog) -> list[Choice]:
    ships, _ = drift_order(state, catalog)
    if not ships:  # nothing drifts: the launch-pad ships reach orbit, the round ends
        return [Choice(_no_drift_label(state), DRIFT, command="drift", cost="free", main=True)]
    # Not the moment's main action: it came in the fixed bar right after "End ...'s flight
    # turn" was tapped there, and the next tap by habit drifted every ship (try 15). The
    # reports come first, each leading to the next under the same spot.
    reports = [Choice(_report(catalog, card), DRIFT, partial=f"drift {card}",
                      cost="free") for card in _in_order(state, catalog, [s.card for s in ships])]
    return [*reports, _ending(state, "Every ship moves onto a plain space", "drift")]


def _report(catalog: Catalog, card: str) -> str:
    """'Laser beam (LASR3) moves by 1 space': the rulebook's words, the ship by its name."""
    spaces = counted(flight_rule(catalog, "drift_spaces"), "space")
    return f"{ship_called(catalog, card)} moves by {spaces}"


def _no_drift_label(state: XpState) -> str:
    """The step after the last preparation turn when no ship flies nor is on the map: the
    ships deployed this round reach their orbiting space (rulebook, "All spaceships on the
    launch pad"), which ends the round; with none, the round simply ends."""
    waiting = on_launch_pad(state)
    if not waiting:
        return "End the round (no ship is on the map)"
    return f"Move {', '.join(waiting)} from the launch pad to orbiting space (ends the round)"


def _in_order(state: XpState, catalog: Catalog, cards: Sequence[str]) -> list[str]:
    """`cards` in the rulebook's drift order, highest maneuverability first (xp16, finding
    12: UFST4 listed before UFST1, which drifts first); ships that drift at the same time
    in the table's seat order, then by ship, so a tie's buttons keep their places (try 7)."""
    seats, round_ = list(state.table.seats), state.table.round

    def place(card: str) -> tuple[int, int, str]:
        ship = state.ships[card]
        seat = seats.index(ship.owner) if ship.owner in seats else len(seats)
        return (-attribute(catalog, ship, "maneuverability", round_), seat, card)

    return sorted(cards, key=place)


def _unreported(state: XpState, catalog: Catalog, reported: Sequence[str]) -> list[str]:
    """The ships still to report, in drift order (a ship at 0 energy stays put: none)."""
    ships, _ = drift_order(state, catalog)
    return [s.card for s in ships if s.energy > 0 and s.card not in reported]


def expand_drift(state: XpState, catalog: Catalog, words: Sequence[str],
                 seat: str | None) -> list[Choice]:
    """`drift [REPORT]... SHIP`: where SHIP drifts; `drift REPORT...`: the next ship to
    report, or the others onto a plain space."""
    reports = [w for w in words[1:] if "=" in w]
    reported = [w.partition("=")[0].upper() for w in reports]
    if len(words) < 2 or len(reports) < len(words) - 2:
        return []
    if "=" in words[-1]:
        return _after_reports(state, catalog, reports, reported)
    card = words[-1].upper()
    if card not in state.ships or card in reported:
        return []
    last = not [c for c in _unreported(state, catalog, reported) if c != card]
    return _ends(state, card, " ".join(["drift", *reports]), last)


def _ends(state: XpState, card: str, base: str, last: bool) -> list[Choice]:
    """The spaces `card` can be reported onto: commands when it is the last ship left. The
    ship is named by the trail above them ("Shield (SHLD1) moves by 1 space"), so each
    says where alone: a trail of three levels stays two lines, and the first report of the
    next ship comes under the finger that tapped (try 15)."""
    ends = [(DRIFT_WORDS[end][:1].upper() + DRIFT_WORDS[end][1:], f"{card}={end}")
            for end in DRIFT_ENDS]
    ends += [(f"Onto trap {t.trap_id}", f"{card}={t.trap_id}") for t in state.traps]
    ends.append(("Cannot move (it loses energy)", f"{card}=stuck"))
    if last:  # not said on each space: three-line buttons pushed one below the fold
        return [Choice(label, DRIFT, command=f"{base} {report}", cost="free")
                for label, report in ends]
    return [Choice(label, DRIFT, partial=f"{base} {report}", cost="free")
            for label, report in ends]


def _after_reports(state: XpState, catalog: Catalog, reports: Sequence[str],
                   reported: Sequence[str]) -> list[Choice]:
    base = " ".join(["drift", *reports])
    left = _unreported(state, catalog, reported)
    if not left:
        return [_ending(state, "End all spaceships movement", base)]
    plain = _ending(state, f"The other {_ships(left)} onto a plain space", base)
    return [*(Choice(_report(catalog, card), DRIFT, partial=f"{base} {card}",
                     cost="free") for card in _in_order(state, catalog, left)), plain]


def _round_or_game(state: XpState) -> str:
    return "the game" if state.table.round >= state.rounds else "the round"


def _ending(state: XpState, label: str, command: str) -> Choice:
    """A report that completes the drift, saying that it ends the round, in every round as
    round 1's "(ends the round)" does (try 19, finding 9: rounds 2 and 3 turned over at the
    last report unannounced). The rulebook goes on to the next round at once ("proceed to
    the next round"); a drift onto a hazard space ends it once the card is resolved, and
    the last round's ends the game."""
    what = _round_or_game(state)
    hazard = any(word.endswith("=hazard") for word in command.split())
    ends = f"{what} ends after the hazard card" if hazard else f"ends {what}"
    said = f"{label[:-1]}; {ends})" if label.endswith(")") else f"{label} ({ends})"
    return Choice(said, DRIFT, command=command, cost="free")


def _ships(cards: Sequence[str]) -> str:
    """"ship (LASR2) moves" or "ships (LASR2, SHLD1) move"."""
    if len(cards) == 1:
        return f"ship ({cards[0]}) moves"
    return f"ships ({', '.join(cards)}) move"
