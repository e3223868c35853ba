"""General and player setup: board length, spaceports, starting bonuses, missions,
maneuver row, start of the game (rulebook: General setup, Player set up)."""

from __future__ import annotations

import pytest

from tests.exploration.helpers import (
    catalog,
    draw_all_pending,
    new_match,
    refused,
    run,
    started_match,
)


def test_board_length_is_8_or_13() -> None:
    match = new_match()
    run(match, "length 13")
    assert match.state.rounds == 13
    assert "8, 13" in refused(match, "length 10")


@pytest.mark.parametrize(("port", "credits", "command", "draws"), [
    ("Kourou", 10, 0, ["primary", "primary", "primary", "secondary", "secondary",
                       "secondary"]),
    ("Baikonur", 10, 2, ["primary", "primary", "secondary", "secondary", "secondary"]),
    ("Cape Canaveral", 12, 0, ["development", "primary", "primary", "secondary", "secondary",
                               "secondary"]),
    ("Wostochny", 12, 0, ["module", "primary", "primary", "secondary", "secondary",
                          "secondary"]),
    ("Xichang", 12, 0, ["development", "primary", "primary", "secondary", "secondary",
                        "secondary"]),
])
def test_starting_bonus_per_spaceport(port: str, credits: int, command: int,
                                      draws: list[str]) -> None:
    match = new_match()
    run(match, f'join "{port}" Ana')
    table = match.state.table
    assert table.resource(port, "credits") == credits
    assert table.resource(port, "command") == command
    assert [p.deck for p in match.state.pending] == draws


def test_spaceport_by_prefix_and_refusals() -> None:
    match = new_match()
    run(match, "join cape Dana")
    assert match.state.table.seats == ("Cape Canaveral",)
    assert "already taken" in refused(match, "join Cape Eve")
    assert "not one spaceport" in refused(match, "join Houston Eve")


def test_wostochny_takes_a_module_of_choice() -> None:
    match = new_match()
    run(match, "join Wostochny Wu", "bonus Wostochny rover")
    assert match.state.seats["Wostochny"].spare_modules == ("rover",)
    assert "not a module" in refused(match, "bonus Wostochny laser")
    assert "no module" in refused(match, "bonus Wostochny gnss")


def test_scans_fill_the_first_waiting_seat_or_the_for_seat() -> None:
    match = new_match()
    run(match, "join Xichang Ana", "join Baikonur Ben", "scan XP/P01")
    assert match.state.table.zone_of("P01") == "hand:Xichang"
    run(match, "for Baikonur", "scan XP/P02")
    assert match.state.table.zone_of("P02") == "hand:Baikonur"
    run(match, "scan XP/D03")
    assert match.state.table.zone_of("D03") == "area:Xichang"


def test_a_scan_nobody_waits_for_is_refused() -> None:
    match = new_match()
    run(match, "join Baikonur Ben")
    assert "does nothing now" in refused(match, "scan XP/D01")
    run(match, "scan XP/P01")
    assert "cannot be drawn" in refused(match, "scan XP/P01")


def test_maneuver_row_takes_five_and_boxes_the_rest() -> None:
    match = new_match()
    run(match, *(f"scan XP/M0{i}" for i in range(1, 6)))
    assert match.state.maneuver_row() == ["M01", "M02", "M03", "M04", "M05"]
    assert match.state.table.count_in("box") == 6
    assert match.state.table.count_in("deck:maneuver") == 0


def test_start_needs_a_complete_setup() -> None:
    match = new_match()
    assert "length" in refused(match, "start")
    run(match, "length 8", "join Kourou Cleo")
    assert "at least 2" in refused(match, "start")
    run(match, "join Baikonur Ben")
    assert "still has to draw" in refused(match, "start")
    draw_all_pending(match)
    assert "maneuver row" in refused(match, "start")
    run(match, *(["draw maneuver"] * 5))
    assert "draft" in refused(match, "start")


def test_started_game_is_in_round_one_preparation_in_spaceport_order() -> None:
    match = started_match(("Kourou", "Xichang", "Baikonur"))
    table = match.state.table
    assert (table.round, table.phase, table.active) == (1, "preparation", "Xichang")
    assert all(len(match.state.ships_of(s)) == 4 for s in table.seats)
    assert "setup" in refused(match, "join Wostochny Wu")


def test_join_is_refused_once_the_draft_started() -> None:
    match = new_match()
    run(match, "join Kourou Cleo", "join Baikonur Ben", "draft")
    assert "draft has started" in refused(match, "join Xichang Ana")


def test_catalog_fixture_is_the_real_file() -> None:
    assert catalog().source == "exploration.toml"
