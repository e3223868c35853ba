"""Exploration's ship draft as the prompt offers it: whose pick it is, and the ship types
to pick from, every type of the draft in the same place from the first pick to the last.

A pack the app dealt is seen only by its drafter (the pick is `private_to` them and
handed over from drafter to drafter, with a `note` naming the pack: "Pack 2 of 4 starts
with Finn"); a pack dealt at the table is picked from the ship deck's types.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from companion.core.catalog import Catalog
from companion.core.prompt import Choice
from companion.core.words import counted
from companion.games.exploration import catalog as xc
from companion.games.exploration.draft import drafter, picks_by_type
from companion.games.exploration.state import XpState

DRAFT = "Ship draft"
#: Over a pack dealt at the table's ship types, from the first pick to the last (the same
#: words each time: the list never moves). Rulebook: one ship of a type per player, a
#: second only when the pack held no other type.
ONE_OF_A_TYPE = ("Take a type you do not have yet. A type marked 'has one' only if "
                 "your pack has no other type.")
#: A type of the draft that the pack the app dealt does not hold: greyed in its place.
NONE_IN_THE_PACK = "None in the pack."


def pick_choice(state: XpState) -> Choice | None:
    """The draft's pick while it runs, the moment's main action: in one fixed place every
    pick. A pack the app dealt is seen by its drafter only, chosen on their own screen, and
    the screen passes from drafter to drafter by itself, naming the pack it hands on."""
    picker = drafter(state)
    if picker is None:
        return None
    if not state.draft.is_virtual:
        return Choice(f"{picker} takes a ship from the pack", DRAFT, partial="pick",
                      cost="free", main=True)
    return Choice(f"{picker} takes a ship from the pack", DRAFT, partial="pick", cost="free",
                  private_to=picker, main=True, hand_over=True, note=pack_note(state))


def pack_note(state: XpState) -> str:
    """Which pack the drafter is handed, and by whom: the first pick of a pack names the
    new pack, so a player who picks twice in a row (the pack's direction turns) sees the
    second hand-over is not the first one again (try 13, 9).

    >>> from companion.games.exploration.state import Draft
    >>> from companion.core.table import Table
    >>> table = Table("exploration", 1, players={"Xichang": "Dan", "Baikonur": "Finn"})
    >>> at = XpState(table, draft=Draft(2, ("Xichang", "Baikonur"), (), (("A",), ("B",)), 4))
    >>> pack_note(at)
    'Pack 2 of 4 starts with Finn'
    >>> pack_note(replace(at, draft=replace(at.draft, pack=1, picks=("Xichang",))))
    'Pack 1 of 4, passed on by Dan'
    """
    draft, players = state.draft, state.table.players
    pack = f"Pack {draft.pack} of {draft.pack_count}"
    if not draft.picks:
        seat = drafter(state) or ""
        return f"{pack} starts with {players.get(seat, seat)}"
    return f"{pack}, passed on by {players.get(draft.picks[-1], draft.picks[-1])}"


def expand_pick(state: XpState, catalog: Catalog, words: Sequence[str],
                seat: str | None) -> list[Choice]:
    """The ship types the drafter can pick from, one button each with its copies and the
    two numbers a drafter compares; a copy is the app's to choose (copies are alike). A
    virtual pack shows in its drafter's own prompt only. `pick TYPE`: that type's copies
    one by one (naming the very card in hand)."""
    picker = drafter(state)
    if picker is None or len(words) not in (1, 2):
        return []
    held = {s.ship_type for s in state.ships_of(picker)}
    by_type = picks_by_type(state, catalog, seat if state.draft.is_virtual else picker)
    if len(words) == 2:
        return [_pick(catalog, card_id, held, not state.draft.is_virtual)
                for card_id in by_type.get(words[1].upper(), [])]
    if not state.draft.is_virtual:
        return _table_types(catalog, by_type, held)
    if seat != picker:
        return []  # the pack is its drafter's alone to see
    return _pack_types(catalog, by_type, held, state.table.players.get(picker, picker))


def ship_codes(catalog: Catalog) -> list[str]:
    """Every ship type of the draft, in the catalog's order (the table's other keys are
    lists: which numbers are assumed)."""
    return [c for c, raw in catalog.rules["ship_types"].items() if isinstance(raw, Mapping)]


def _pack_types(catalog: Catalog, by_type: dict[str, list[str]], held: set[str],
                player: str) -> list[Choice]:
    """A pack the app dealt, on its drafter's screen: every ship type of the draft in the
    catalog's order, in the same place in every hand (try 13, 10: a type jumped columns as
    the pack shrank). A type the pack lacks stays greyed, "None in the pack."; one the
    drafter holds, while the pack has a type they lack, greyed with why (rulebook: one
    ship of a type per player)."""
    lacking = any(code not in held for code in by_type)
    choices = []
    for code in ship_codes(catalog):
        copies = len(by_type.get(code, []))
        kind = xc.ship_type(catalog, code)
        if not copies:
            choices.append(Choice(kind.name, DRAFT, command=f"pick {code}", cost="free",
                                  refused=NONE_IN_THE_PACK, in_place=True))
        elif code in held and lacking:
            choices.append(Choice(f"{kind.name} ({copies} in the pack)", DRAFT,
                                  command=f"pick {code}", cost="free",
                                  refused=f"{player} already has one.", in_place=True))
        else:
            choices.append(replace(_pick_type(catalog, code, copies, True), in_place=True))
    return choices


def _table_types(catalog: Catalog, by_type: dict[str, list[str]],
                 held: set[str]) -> list[Choice]:
    """A pack dealt at the table: every ship type in the catalog's order, in the same place
    for the whole draft (try 7): one that ran out stays, "none left" (its pick is refused,
    so it shows greyed), one the drafter has is marked "has one" and the rule said once
    over the list (their group's title) instead of on each button."""
    choices = []
    for code in ship_codes(catalog):
        kind, copies = xc.ship_type(catalog, code), len(by_type.get(code, []))
        if not copies:
            choices.append(Choice(f"{kind.name} (none left)", ONE_OF_A_TYPE,
                                  command=f"pick {code}", cost="free"))
        elif code in held:
            choices.append(Choice(f"{kind.name} ({copies} left, has one)", ONE_OF_A_TYPE,
                                  command=f"pick {code} anyway", cost="free"))
        else:
            choices.append(replace(_pick_type(catalog, code, copies, False),
                                   group=ONE_OF_A_TYPE))
    return choices


def _pick_type(catalog: Catalog, code: str, copies: int, virtual: bool) -> Choice:
    kind = xc.ship_type(catalog, code)
    left = f"{copies} in the pack" if virtual else f"{counted(copies, 'copy', 'copies')} left"
    label = f"{kind.name} ({left})"
    if virtual:  # its drafter's own screen: the type and its count first, then the numbers
        # (a number never alone on a line of a two-column button: no-break spaces)
        label = f"{kind.name} ({left}): velocity\u00a0{kind.velocity}, " \
                f"maneuverability\u00a0{kind.maneuverability}"
    return Choice(label, DRAFT, command=f"pick {code}", cost="free")


def _pick(catalog: Catalog, card_id: str, held: set[str], physical: bool) -> Choice:
    """A ship to pick, with the two numbers a drafter compares (the flight order's keys)."""
    card = catalog.card(card_id)
    kind = xc.ship_type(catalog, str(card.attrs["type"]))
    numbers = f"velocity {kind.velocity}, maneuverability {kind.maneuverability}"
    if physical and card.attrs["type"] in held:
        return Choice(f"{card.name} ({card_id}), the pack held no other type: {numbers}",
                      DRAFT, command=f"pick {card_id} anyway", cost="free")
    return Choice(f"{card.name} ({card_id}): {numbers}", DRAFT, command=f"pick {card_id}",
                  cost="free")
