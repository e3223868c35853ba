"""Spaceship fleet selection: packs, alternating directions, one ship per type."""

from __future__ import annotations

from companion.games.exploration.draft import current_pack, drafter
from tests.exploration.helpers import catalog, legal_pick, new_match, refused, run


def _drafting(virtual: bool = False):
    match = new_match(3)
    run(match, "join Kourou Cleo", "join Xichang Ana", "join Baikonur Ben",
        "draft virtual" if virtual else "draft")
    return match


def test_pack_one_goes_forwards_pack_two_backwards() -> None:
    match = _drafting()
    assert drafter(match.state) == "Xichang"
    run(match, "scan XP/SHLD1", "scan XP/LASR1", "scan XP/MONY1")
    assert match.state.draft.pack == 2
    assert drafter(match.state) == "Kourou"
    run(match, "scan XP/BOMB1")
    assert drafter(match.state) == "Baikonur"


def test_a_second_ship_of_a_type_is_refused() -> None:
    match = _drafting()
    run(match, "scan XP/SHLD1", "scan XP/LASR1", "scan XP/MONY1", "scan XP/BOMB1",
        "scan XP/TRNS1", "pick CONQ1")
    assert drafter(match.state) == "Xichang"
    assert "already has a Shield" in refused(match, "scan XP/SHLD2")
    run(match, "pick SHLD2 anyway")
    assert len(match.state.ships_of("Xichang")) == 3


def test_a_picked_card_cannot_be_picked_again() -> None:
    match = _drafting()
    run(match, "scan XP/SHLD1")
    assert "cannot be picked" in refused(match, "scan XP/SHLD1")


def test_physical_draft_boxes_unpicked_ships_at_the_end() -> None:
    match = _drafting()
    types = ["SHLD", "LASR", "MONY", "BOMB"]
    for pack in range(4):
        for seat in range(3):
            run(match, f"pick {types[pack]}{seat + 1}")
    assert match.state.draft.pack == 5
    assert match.state.table.count_in("box") == 40 - 12
    assert all(len(match.state.ships_of(s)) == 4 for s in match.state.table.seats)


def test_virtual_packs_hold_ten_and_the_rest_is_discarded() -> None:
    match = _drafting(virtual=True)
    packs = match.state.draft.packs
    assert [len(p) for p in packs] == [10, 10, 10, 10]
    outside = next(c for c in packs[1])
    assert "not in pack 1" in refused(match, f"pick {outside}")
    for _ in range(3):
        run(match, f"pick {legal_pick(match)}")
    assert match.state.table.count_in("box") == 7
    assert len(current_pack(match.state)) == 10


def test_virtual_deal_is_recorded_and_replays() -> None:
    match = _drafting(virtual=True)
    assert match.replay_from_start() == match.state


def test_drafted_ship_takes_its_type_attributes() -> None:
    match = _drafting()
    run(match, "pick TRNS2")
    ship = match.state.ships["TRNS2"]
    assert (ship.owner, ship.location, ship.cargo_slots) == (
        "Xichang", "hand", catalog().rules["ship_types"]["TRNS"]["cargo_slots"])
    assert match.state.table.zone_of("TRNS2") == "area:Xichang"


def test_no_pick_without_a_draft() -> None:
    match = new_match()
    run(match, "join Kourou Cleo")
    assert "no ship draft" in refused(match, "scan XP/SHLD1")
